/**
 * All shortest influence chains from one paper to another, where each paper builds on the next.
 *
 * A bidirectional breadth-first search (as in connected.ts) grows whole layers from FROM along
 * "builds on" and from TO along "built by", the cheaper frontier first (fewer citations to scan:
 * a much-cited TO is approached from FROM's side), until the two meet. The chains' length is
 * then known, and the papers where they met are exactly the papers at that distance from both
 * ends. The papers on TO's side that lie on a shortest chain are found by walking from the
 * meeting papers toward TO; the chains are then read back from TO, each step to a paper one
 * nearer FROM. Between two papers a few steps apart this visits the two ends' neighbourhoods
 * instead of everything within that distance of FROM. Bounded: at most `maxPaths` chains are
 * listed, in the same order as a one-sided search lists them.
 */
import type { CitationIndex } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";
import { growLayer, searchEnd } from "./connected.ts";

export const DEFAULT_MAX_PATHS = 1000;

export interface PathResult {
  paths: number[][];
  /** True when more shortest chains exist than were listed. */
  truncated: boolean;
}

export function allShortestPaths(graph: CitationIndex, from: number, to: number, maxPaths = DEFAULT_MAX_PATHS, budget: QueryBudget = UNBOUNDED): PathResult {
  if (from === to) return { paths: [[from]], truncated: false };
  // Reusable arrays: marks[i] says which search reached paper i (a stamp of this query, else
  // nothing), depth[i] its distance from that search's start. ON_PATH marks the papers of TO's
  // side found to lie on a shortest chain, and then depth[i] is their distance from FROM.
  const { marks, first } = graph.freshStamps(3);
  const FROM_SIDE = first;
  const TO_SIDE = first + 1;
  const ON_PATH = first + 2;
  const depth = graph.scratchDepths();
  marks[from] = FROM_SIDE;
  depth[from] = 0;
  marks[to] = TO_SIDE;
  depth[to] = 0;

  const forward = searchEnd(graph, from, "buildsOn", FROM_SIDE);
  const backward = searchEnd(graph, to, "builtBy", TO_SIDE);
  // Papers where the searches met keep the other search's mark and distance (listed again if
  // reached again). Whole layers are grown, so that every such paper is found.
  const met: number[] = [];
  const meet = (paper: number) => {
    met.push(paper);
    return false;
  };
  while (met.length === 0) {
    if (forward.frontier.length === 0 || backward.frontier.length === 0) return { paths: [], truncated: false };
    const [end, other] = forward.cost <= backward.cost ? [forward, backward] : [backward, forward];
    growLayer(graph, end, other.mark, marks, budget, meet, depth);
  }
  const length = forward.depth + backward.depth;
  /** A paper's distance from FROM: exact on FROM's side and for papers marked on a chain. */
  const level = (node: number): number => (marks[node] === TO_SIDE ? length - (depth[node] as number) : (depth[node] as number));

  // Papers of TO's side on a shortest chain: from the meeting papers, each step to a paper one
  // nearer TO. They are marked ON_PATH with their distance from FROM.
  let layer = [...new Set(met)];
  for (const m of layer) {
    if (marks[m] !== TO_SIDE) continue;
    depth[m] = level(m);
    marks[m] = ON_PATH;
  }
  const buildsOn = graph.rows("buildsOn");
  while (layer.length > 0) {
    const next: number[] = [];
    for (const node of layer) {
      const want = length - (depth[node] as number) - 1;
      for (let k = buildsOn.offsets[node] ?? 0, stop = buildsOn.offsets[node + 1] ?? 0; k < stop; k++) {
        const nb = buildsOn.targets[k] ?? 0;
        budget.tick();
        if (marks[nb] !== TO_SIDE || depth[nb] !== want) continue;
        depth[nb] = length - want;
        marks[nb] = ON_PATH;
        next.push(nb);
      }
    }
    layer = next;
  }

  const builtBy = graph.rows("builtBy");
  /** A paper's predecessors on shortest chains: the papers one step nearer FROM that build on it. */
  const predecessors = (node: number): number[] => {
    const want = level(node) - 1;
    const out: number[] = [];
    for (let k = builtBy.offsets[node] ?? 0, stop = builtBy.offsets[node + 1] ?? 0; k < stop; k++) {
      const p = builtBy.targets[k] ?? 0;
      const mark = marks[p];
      if ((mark === FROM_SIDE || mark === ON_PATH) && depth[p] === want) out.push(p);
    }
    return out;
  };
  const paths: number[][] = [];
  let truncated = false;
  // Walk predecessors back from the target; chains come out FROM first.
  const stack: { node: number; suffix: number[] }[] = [{ node: to, suffix: [to] }];
  while (stack.length > 0) {
    const { node, suffix } = stack.pop() as { node: number; suffix: number[] };
    budget.tick();
    if (node === from) {
      if (paths.length >= maxPaths) {
        truncated = true;
        break;
      }
      paths.push(suffix);
      continue;
    }
    const ps = predecessors(node).sort((a, b) => b - a);
    for (const p of ps) stack.push({ node: p, suffix: [p, ...suffix] });
  }
  return { paths, truncated };
}
