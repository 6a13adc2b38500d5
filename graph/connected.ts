/**
 * Whether one paper builds on another at any distance, by bidirectional breadth-first search
 * (Pohl, "Bi-directional search", Machine Intelligence 6, 1971): the two searches, along
 * "builds on" from FROM and along "built by" from TO, take turns expanding whichever frontier is
 * cheaper (has fewer citations to scan), and stop when they meet or either runs out. An
 * unconnected pair costs about the smaller of FROM's descendants and TO's ancestors instead of
 * all of FROM's descendants, which is what made path queries between unrelated papers the
 * slowest requests (issue 6).
 */
import type { CitationIndex } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export function buildsOnTransitively(graph: CitationIndex, from: number, to: number, budget: QueryBudget = UNBOUNDED): boolean {
  if (from === to) return true;
  // Marks in the index's reusable array: no per-query allocation of a byte per paper.
  const { marks, forward: FORWARD, backward: BACKWARD } = graph.visitPair();
  marks[from] = FORWARD;
  marks[to] = BACKWARD;
  let forward = [from];
  let backward = [to];
  // What expanding each frontier costs: the citations it would scan.
  let forwardCost = graph.degree(from, "buildsOn");
  let backwardCost = graph.degree(to, "builtBy");
  while (forward.length > 0 && backward.length > 0) {
    const expandForward = forwardCost <= backwardCost;
    const direction = expandForward ? "buildsOn" : "builtBy";
    const frontier = expandForward ? forward : backward;
    const mine = expandForward ? FORWARD : BACKWARD;
    const theirs = expandForward ? BACKWARD : FORWARD;
    const next: number[] = [];
    let cost = 0;
    for (const n of frontier) {
      for (const m of graph.neighbours(n, direction)) {
        budget.tick();
        const s = marks[m];
        if (s === mine) continue;
        if (s === theirs) return true;
        marks[m] = mine;
        next.push(m);
        cost += graph.degree(m, direction);
      }
    }
    if (expandForward) {
      forward = next;
      forwardCost = cost;
    } else {
      backward = next;
      backwardCost = cost;
    }
  }
  return false;
}
