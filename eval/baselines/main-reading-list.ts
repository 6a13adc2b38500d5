/**
 * FROZEN BASELINE: graph/reading-list.ts as it was on main at commit 05738c4, before the relevance
 * engine (issue 15), kept only so that eval/reading-lists.ts can measure the old lists beside
 * the new ones in the same run. Not used by the application; do not mend it.
 *
 * Reading lists from seed papers: candidates are the seeds' lineages (what they build on and
 * what builds on them); each is scored by how many seeds it feeds and how closely, its
 * importance (PageRank and citations, as percentiles among the candidates) and whether it is on
 * the main path of the seeds' lineage (main-path.ts). The list is picked greedily, first the best
 * candidate of every seed's lineage, then by score discounted for each paper already picked from
 * the same direction (a maximal-marginal-relevance style diversification: Carbonell & Goldstein,
 * SIGIR 1998). It is ordered foundations first: no paper before a paper it builds on, directly or
 * through others (papers of one citation cycle come together, by year); ties go to the older paper.
 * Every item carries a one-line reason built from these graph facts.
 */
import type { CitationIndex } from "../../graph/citation-index.ts";
import { depthsFrom, lineageOf } from "../../graph/lineage-scope.ts";
import { mainPath } from "../../graph/main-path.ts";
import { stronglyConnectedComponents } from "../../graph/strongly-connected.ts";

export interface ListPaper {
  title: string | null;
  year: number | null;
  /** Best known citation count (a page's reported figure, else the graph's). */
  citedBy: number;
  /** Whether `citedBy` is a figure a page reported, rather than a count of the graph's links. */
  citedByReported?: boolean;
  /** Stated direction, else the inferred one. */
  direction: string;
}

export interface ReadingListOptions {
  seeds: readonly number[];
  limit?: number;
  includeSeeds?: boolean;
  /** Only candidates passing this (a direction filter); seeds always pass. */
  include?: (index: number) => boolean;
  /** PageRank or another importance per paper. */
  importance?: ArrayLike<number>;
}

export interface ReadingListItem {
  index: number;
  seed: boolean;
  score: number;
  reason: string;
  /** Seeds that build on this paper, directly or through others. */
  builtOnBySeeds: number[];
  /** Seeds this paper builds on, directly or through others. */
  buildsOnSeeds: number[];
  /** Citation steps to the nearest seed (0 for a seed). */
  depth: number;
  onMainPath: boolean;
  direction: string;
}

export interface ReadingList {
  items: ReadingListItem[];
  /** The main path of the seeds' lineage, oldest first (step heads). */
  mainPath: number[];
}

export const DEFAULT_LIMIT = 20;
export const WEIGHTS = { feeds: 3, follows: 1.5, proximity: 1, importance: 2, mainPath: 1.5 };
/** Each paper already picked from a direction divides the next one's score by (1 + this). */
export const DIVERSITY = 0.5;

interface Candidate {
  index: number;
  feeds: number[];
  follows: number[];
  depth: number;
  onMainPath: boolean;
  score: number;
}

export function readingList(graph: CitationIndex, paper: (index: number) => ListPaper, options: ReadingListOptions): ReadingList {
  const seeds = [...new Set(options.seeds)];
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`reading list: limit must be a whole number from 1, got ${limit}`);
  const seedSet = new Set(seeds);
  const ancestors = seeds.map((s) => depthsFrom(graph, s, "buildsOn"));
  const descendants = seeds.map((s) => depthsFrom(graph, s, "builtBy"));
  const main = mainPath(graph, { scope: lineageOf(graph, seeds), weight: (i) => paper(i).citedBy });
  const onMain = new Set(main.path.flatMap((s) => [s.index, ...s.members]));

  const byIndex = new Map<number, Candidate>();
  const candidate = (index: number): Candidate => {
    let c = byIndex.get(index);
    if (!c) {
      c = { index, feeds: [], follows: [], depth: Infinity, onMainPath: onMain.has(index), score: 0 };
      byIndex.set(index, c);
    }
    return c;
  };
  seeds.forEach((s, k) => {
    for (const [m, d] of ancestors[k] ?? []) {
      const c = candidate(m);
      c.feeds.push(s);
      c.depth = Math.min(c.depth, d);
    }
    for (const [m, d] of descendants[k] ?? []) {
      const c = candidate(m);
      c.follows.push(s);
      c.depth = Math.min(c.depth, d);
    }
  });
  const candidates = [...byIndex.values()].filter((c) => !seedSet.has(c.index) && (options.include?.(c.index) ?? true));
  const rankPagerank = percentiles(candidates.map((c) => options.importance?.[c.index] ?? 0));
  const rankCitations = percentiles(candidates.map((c) => paper(c.index).citedBy));
  candidates.forEach((c, k) => {
    const importance = ((rankPagerank[k] ?? 0) + (rankCitations[k] ?? 0)) / 2;
    c.score =
      WEIGHTS.feeds * (c.feeds.length / seeds.length) +
      WEIGHTS.follows * (c.follows.length / seeds.length) +
      WEIGHTS.proximity / c.depth +
      WEIGHTS.importance * importance +
      (c.onMainPath ? WEIGHTS.mainPath : 0);
  });

  const picked = pick(candidates, seeds, ancestors, descendants, limit, (i) => paper(i).direction);
  const seedItems: Candidate[] = options.includeSeeds ? seeds.map((s) => ({ index: s, feeds: [], follows: [], depth: 0, onMainPath: onMain.has(s), score: Infinity })) : [];
  const chosen = new Map([...seedItems, ...picked].map((c) => [c.index, c]));
  const order = foundationsFirst(graph, [...chosen.keys()], (i) => ({ year: paper(i).year, score: chosen.get(i)?.score ?? 0 }));
  const first = main.path[0]?.index;
  const last = main.path.at(-1)?.index;
  const pathName = first !== undefined && last !== undefined ? `on the main path from "${short(paper(first).title)}" to "${short(paper(last).title)}"` : "";
  return {
    items: order.map((index) => {
      const c = chosen.get(index) as Candidate;
      return {
        index,
        seed: seedSet.has(index),
        score: Number.isFinite(c.score) ? Math.round(c.score * 1000) / 1000 : 0,
        reason: reasonFor(c, seedSet.has(index), seeds.length, pathName, paper(index)),
        builtOnBySeeds: c.feeds,
        buildsOnSeeds: c.follows,
        depth: c.depth,
        onMainPath: c.onMainPath,
        direction: paper(index).direction,
      };
    }),
    mainPath: main.path.map((s) => s.index),
  };
}

function pick(candidates: Candidate[], seeds: number[], ancestors: Map<number, number>[], descendants: Map<number, number>[], limit: number, directionOf: (index: number) => string): Candidate[] {
  const picked: Candidate[] = [];
  const taken = new Set<number>();
  const perDirection = new Map<string, number>();
  const take = (c: Candidate) => {
    picked.push(c);
    taken.add(c.index);
    const d = directionOf(c.index);
    perDirection.set(d, (perDirection.get(d) ?? 0) + 1);
  };
  const better = (a: Candidate, sa: number, b: Candidate | undefined, sb: number) => !b || sa > sb || (sa === sb && a.index < b.index);
  // Every seed's lineage is represented by its best candidate.
  seeds.forEach((_, k) => {
    if (picked.length >= limit) return;
    const inLineage = (i: number) => ancestors[k]?.has(i) === true || descendants[k]?.has(i) === true;
    if (picked.some((c) => inLineage(c.index))) return;
    let best: Candidate | undefined;
    for (const c of candidates) if (!taken.has(c.index) && inLineage(c.index) && better(c, c.score, best, best?.score ?? 0)) best = c;
    if (best) take(best);
  });
  while (picked.length < limit) {
    let best: Candidate | undefined;
    let bestValue = 0;
    for (const c of candidates) {
      if (taken.has(c.index)) continue;
      const value = c.score / (1 + DIVERSITY * (perDirection.get(directionOf(c.index)) ?? 0));
      if (better(c, value, best, bestValue)) {
        best = c;
        bestValue = value;
      }
    }
    if (!best) break;
    take(best);
  }
  return picked;
}

/**
 * Orders papers so that none comes before a paper it builds on through the whole graph;
 * a citation cycle's papers come together. Among papers free to come next, the oldest goes first
 * (unknown years last), then the higher score, then the lower index.
 */
export function foundationsFirst(graph: CitationIndex, items: readonly number[], rank: (index: number) => { year: number | null; score: number }): number[] {
  const set = new Set(items);
  const buildsOn = new Map<number, number[]>();
  for (const i of set)
    buildsOn.set(
      i,
      [...depthsFrom(graph, i, "buildsOn").keys()].filter((m) => set.has(m) && m !== i).sort((a, b) => a - b),
    );
  const nodes = [...set].sort((a, b) => a - b);
  const { componentOf, components } = stronglyConnectedComponents(nodes, (n) => buildsOn.get(n) ?? []);
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

function reasonFor(c: Candidate, isSeed: boolean, seedCount: number, mainPathName: string, paper: ListPaper): string {
  const parts: string[] = [];
  if (isSeed) parts.push("your seed");
  else if (c.feeds.length > 0) {
    const who = seedCount === 1 ? "your seed" : `${c.feeds.length} of your ${seedCount} seeds`;
    parts.push(`built on by ${who}${c.depth === 1 ? " directly" : ` (${c.depth} steps back)`}`);
  } else if (c.follows.length > 0) {
    const who = seedCount === 1 ? "your seed" : `${c.follows.length} of your ${seedCount} seeds`;
    parts.push(`builds on ${who}${c.depth === 1 ? " directly" : ` (${c.depth} steps on)`}`);
  }
  if (c.onMainPath && mainPathName) parts.push(mainPathName);
  else if (paper.citedBy > 0) {
    const n = paper.citedBy;
    parts.push(`cited by ${n.toLocaleString("en-US")} paper${n === 1 ? "" : "s"}${paper.citedByReported ? "" : " in the graph"}`);
  }
  return parts.join("; ");
}

/** Each value's percentile among all (0 lowest, 1 highest; ties share the mean rank). */
function percentiles(values: number[]): number[] {
  if (values.length <= 1) return values.map(() => 1);
  const sorted = [...values].sort((a, b) => a - b);
  const lower = (v: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] ?? 0) < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const upper = (v: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] ?? 0) <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return values.map((v) => (lower(v) + upper(v) - 1) / 2 / (values.length - 1));
}

export function short(title: string | null, max = 48): string {
  const t = (title ?? "untitled").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}
