/**
 * Direct citation links between the seeds and other papers: what the seeds build on and what
 * builds on them, the relation citation indexing rests on (Garfield, "Citation indexes for
 * science", Science 122, 1955) and the strongest single link in comparisons of citation-based
 * relatedness (Boyack & Klavans, "Co-citation analysis, bibliographic coupling, and direct
 * citation: Which citation approach represents the research front most accurately?", JASIST
 * 61, 2010). For each linked paper: how many seeds build on it and how many it builds on.
 * One step from each seed; every step ticks the query budget.
 */
import type { CitationIndex } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export interface DirectLinks {
  /** Papers the seeds build on (never a seed): how many seeds build on each. */
  builtOnBySeeds: Map<number, number>;
  /** Papers that build on the seeds (never a seed): how many seeds each builds on. */
  buildsOnSeeds: Map<number, number>;
}

export function directCitations(graph: CitationIndex, seeds: readonly number[], budget: QueryBudget = UNBOUNDED): DirectLinks {
  const seedSet = new Set(seeds);
  const builtOnBySeeds = new Map<number, number>();
  const buildsOnSeeds = new Map<number, number>();
  for (const s of seedSet) {
    for (const m of graph.neighbours(s, "buildsOn")) {
      budget.tick();
      if (!seedSet.has(m)) builtOnBySeeds.set(m, (builtOnBySeeds.get(m) ?? 0) + 1);
    }
    for (const m of graph.neighbours(s, "builtBy")) {
      budget.tick();
      if (!seedSet.has(m)) buildsOnSeeds.set(m, (buildsOnSeeds.get(m) ?? 0) + 1);
    }
  }
  return { builtOnBySeeds, buildsOnSeeds };
}

/** Whether paper a builds on paper b directly (binary search in a's sorted references). */
export function citesDirectly(graph: CitationIndex, a: number, b: number): boolean {
  const refs = graph.neighbours(a, "buildsOn");
  let lo = 0;
  let hi = refs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = refs[mid] ?? 0;
    if (v === b) return true;
    if (v < b) lo = mid + 1;
    else hi = mid;
  }
  return false;
}
