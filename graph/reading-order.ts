/**
 * The order to read chosen papers in: foundations first, no paper before a paper it builds on,
 * directly or through papers left off the list (a topological order of the papers' builds-on
 * closures; the papers of one citation cycle come together, found with Tarjan's strongly
 * connected components, strongly-connected.ts). Among papers free to come next, the oldest goes
 * first (unknown years last), then the higher score, then the lower index. And the groups a list
 * is shown in: foundations (what the seeds build on, or older than every seed), recent follow-ups
 * (what builds on a seed, or newer than every seed) and the core between them.
 * Moved here from reading-list.ts (issue 15), unchanged in what it returns.
 */
import type { CitationIndex } from "./citation-index.ts";
import { depthsFrom } from "./lineage-scope.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";
import { stronglyConnectedComponents } from "./strongly-connected.ts";

/** Each paper's builds-on closure restricted to `papers`, one breadth-first search per paper. */
export function buildsOnWithin(graph: CitationIndex, papers: Iterable<number>, budget: QueryBudget = UNBOUNDED): Map<number, Map<number, number>> {
  const set = new Set(papers);
  const within = new Map<number, Map<number, number>>();
  for (const i of set) {
    const depths = new Map<number, number>();
    for (const [m, d] of depthsFrom(graph, i, "buildsOn", budget)) if (set.has(m) && m !== i) depths.set(m, d);
    within.set(i, depths);
  }
  return within;
}

export function foundationsFirst(
  graph: CitationIndex,
  items: readonly number[],
  rank: (index: number) => { year: number | null; score: number },
  budget: QueryBudget = UNBOUNDED,
  closures?: Map<number, Map<number, number>>,
): number[] {
  const set = new Set(items);
  const within = closures ?? buildsOnWithin(graph, set, budget);
  const buildsOn = new Map<number, number[]>();
  for (const i of set)
    buildsOn.set(
      i,
      [...(within.get(i)?.keys() ?? [])].filter((m) => set.has(m) && m !== i).sort((a, b) => a - b),
    );
  const nodes = [...set].sort((a, b) => a - b);
  const { componentOf, components } = stronglyConnectedComponents(nodes, (n) => buildsOn.get(n) ?? [], budget);
  const year = (i: number) => rank(i).year ?? Infinity;
  const compare = (a: number, b: number) => year(a) - year(b) || rank(b).score - rank(a).score || a - b;
  const sortedComponents = components.map((members) => [...members].sort(compare));
  const waitingFor = components.map(() => new Set<number>());
  const unblocks = components.map(() => [] as number[]);
  components.forEach((members, c) => {
    for (const m of members) {
      for (const p of buildsOn.get(m) ?? []) {
        const d = componentOf.get(p) ?? c;
        if (d !== c && !waitingFor[c]?.has(d)) {
          waitingFor[c]?.add(d);
          unblocks[d]?.push(c);
        }
      }
    }
  });
  const ready = new Set(components.map((_, c) => c).filter((c) => waitingFor[c]?.size === 0));
  const order: number[] = [];
  while (ready.size > 0) {
    let next = -1;
    for (const c of ready) if (next < 0 || compare(sortedComponents[c]?.[0] ?? 0, sortedComponents[next]?.[0] ?? 0) < 0) next = c;
    ready.delete(next);
    order.push(...(sortedComponents[next] ?? []));
    for (const c of unblocks[next] ?? []) {
      waitingFor[c]?.delete(next);
      if (waitingFor[c]?.size === 0) ready.add(c);
    }
  }
  return order;
}

export type ReadingGroup = "foundations" | "core" | "follow-ups";

/**
 * A chosen paper's group: a foundation if a seed builds on it or it is older than every seed; a
 * follow-up if it builds on a seed or is newer than every seed; else (or if both hold) core.
 */
export function readingGroup(opts: { buildsOnSeeds: boolean; builtOnBySeeds: boolean; year: number | null; seedYears: readonly number[] }): ReadingGroup {
  const { year, seedYears } = opts;
  const older = year !== null && seedYears.length > 0 && year < Math.min(...seedYears);
  const newer = year !== null && seedYears.length > 0 && year > Math.max(...seedYears);
  const foundation = opts.builtOnBySeeds || (older && !opts.buildsOnSeeds);
  const followUp = opts.buildsOnSeeds || (newer && !opts.builtOnBySeeds);
  if (foundation && !followUp) return "foundations";
  if (followUp && !foundation) return "follow-ups";
  return "core";
}
