/**
 * Whether one paper builds on another at any distance, by bidirectional breadth-first search
 * (Pohl, "Bi-directional search", Machine Intelligence 6, 1971): the two searches, along
 * "builds on" from FROM and along "built by" from TO, take turns expanding whichever frontier is
 * cheaper (has fewer citations to scan), and stop when they meet or either runs out. An
 * unconnected pair costs about the smaller of FROM's descendants and TO's ancestors instead of
 * all of FROM's descendants, which is what made path queries between unrelated papers the
 * slowest requests (issue 6). The layer step is shared with the shortest chains' search.
 */
import type { CitationIndex, Direction } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export function buildsOnTransitively(graph: CitationIndex, from: number, to: number, budget: QueryBudget = UNBOUNDED): boolean {
  if (from === to) return true;
  // Marks in the index's reusable array: no per-query allocation of a byte per paper.
  const { marks, first: FORWARD } = graph.freshStamps(2);
  const BACKWARD = FORWARD + 1;
  marks[from] = FORWARD;
  marks[to] = BACKWARD;
  const forward = searchEnd(graph, from, "buildsOn", FORWARD);
  const backward = searchEnd(graph, to, "builtBy", BACKWARD);
  const stop = () => true;
  while (forward.frontier.length > 0 && backward.frontier.length > 0) {
    const [end, other] = forward.cost <= backward.cost ? [forward, backward] : [backward, forward];
    if (growLayer(graph, end, other.mark, marks, budget, stop)) return true;
  }
  return false;
}

/** One end of a bidirectional search: the papers it reached last, at what distance, and what expanding them costs. */
export interface SearchEnd {
  readonly direction: Direction;
  /** The stamp in the marks array of the papers this end has reached. */
  readonly mark: number;
  frontier: number[];
  depth: number;
  /** The citations the next expansion scans: the frontier's degrees in `direction`. */
  cost: number;
}

export function searchEnd(graph: CitationIndex, start: number, direction: Direction, mark: number): SearchEnd {
  return { direction, mark, frontier: [start], depth: 0, cost: graph.degree(start, direction) };
}

/**
 * Grows `end` by one layer. A paper it had not reached gets its mark (and its distance in
 * `depths`, when given); a paper the other end has reached (`otherMark`) is handed to `met`, and
 * keeps its mark. Stops at once, returning true, when `met` returns true.
 */
export function growLayer(graph: CitationIndex, end: SearchEnd, otherMark: number, marks: Uint32Array, budget: QueryBudget, met: (paper: number) => boolean, depths?: Int32Array): boolean {
  const { direction, mark: mine } = end;
  const depth = end.depth + 1;
  const next: number[] = [];
  let cost = 0;
  const { offsets, targets } = graph.rows(direction);
  for (const node of end.frontier) {
    for (let k = offsets[node] ?? 0, stop = offsets[node + 1] ?? 0; k < stop; k++) {
      const nb = targets[k] ?? 0;
      budget.tick();
      const mark = marks[nb];
      if (mark === mine) continue;
      if (mark === otherMark) {
        if (met(nb)) return true;
        continue;
      }
      marks[nb] = mine;
      if (depths) depths[nb] = depth;
      next.push(nb);
      cost += (offsets[nb + 1] ?? 0) - (offsets[nb] ?? 0);
    }
  }
  end.frontier = next;
  end.depth = depth;
  end.cost = cost;
  return false;
}
