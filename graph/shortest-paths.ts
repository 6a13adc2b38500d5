/**
 * All shortest influence chains from one paper to another, where each paper builds on the next:
 * a breadth-first search along "builds on" edges records every predecessor on a shortest layer,
 * then the chains are read back from the target. Bounded: at most `maxPaths` chains are listed.
 */
import type { CitationIndex } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";
import { buildsOnTransitively } from "./connected.ts";

export const DEFAULT_MAX_PATHS = 1000;

export interface PathResult {
  paths: number[][];
  /** True when more shortest chains exist than were listed. */
  truncated: boolean;
}

export function allShortestPaths(graph: CitationIndex, from: number, to: number, maxPaths = DEFAULT_MAX_PATHS, budget: QueryBudget = UNBOUNDED): PathResult {
  if (from === to) return { paths: [[from]], truncated: false };
  // Unconnected pairs are answered by a bidirectional search, without exploring all of FROM's lineage.
  if (!buildsOnTransitively(graph, from, to, budget)) return { paths: [], truncated: false };
  // Distances from FROM in the index's reusable arrays: dist[i] holds only where marks[i] === stamp.
  const { marks, stamp } = graph.visits();
  const dist = graph.scratchDepths();
  marks[from] = stamp;
  dist[from] = 0;
  let frontier = [from];
  for (let d = 1; frontier.length > 0 && marks[to] !== stamp; d++) {
    const next: number[] = [];
    for (const node of frontier) {
      for (const nb of graph.neighbours(node, "buildsOn")) {
        budget.tick();
        if (marks[nb] === stamp) continue;
        marks[nb] = stamp;
        dist[nb] = d;
        next.push(nb);
      }
    }
    frontier = next;
  }
  if (marks[to] !== stamp) return { paths: [], truncated: false };
  /** A node's predecessors on shortest chains: the papers one step nearer FROM that build on it. */
  const predecessors = (node: number): number[] => {
    const want = (dist[node] as number) - 1;
    const out: number[] = [];
    for (const p of graph.neighbours(node, "builtBy")) if (marks[p] === stamp && dist[p] === want) out.push(p);
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
