/**
 * The lineage of seed papers: everything they build on and everything that builds on them, at
 * any depth (unlike closure.ts, which answers one bounded question for one paper), by
 * breadth-first search over the citation index.
 */
import type { CitationIndex, Direction } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

/** Every paper reachable from `seed` in one direction, with its distance (the seed is not listed). */
export function depthsFrom(graph: CitationIndex, seed: number, direction: Direction, budget: QueryBudget = UNBOUNDED): Map<number, number> {
  const depth = new Map<number, number>();
  let frontier = [seed];
  const { marks, stamp } = graph.visits();
  marks[seed] = stamp;
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[] = [];
    for (const n of frontier) {
      for (const m of graph.neighbours(n, direction)) {
        budget.tick();
        if (marks[m] === stamp) continue;
        marks[m] = stamp;
        depth.set(m, d);
        next.push(m);
      }
    }
    frontier = next;
  }
  return depth;
}

/** The seeds with their ancestors and descendants. */
export function lineageOf(graph: CitationIndex, seeds: readonly number[], budget: QueryBudget = UNBOUNDED): Set<number> {
  const scope = new Set(seeds);
  for (const s of seeds) {
    for (const m of depthsFrom(graph, s, "buildsOn", budget).keys()) scope.add(m);
    for (const m of depthsFrom(graph, s, "builtBy", budget).keys()) scope.add(m);
  }
  return scope;
}
