/**
 * Reading lists from seed papers (issue 15): the papers are chosen for relevance to the seeds by
 * the relevance engine (relevance.ts: direct citations, co-citation, bibliographic coupling,
 * personalized PageRank, title similarity and citation counts, fused by fitted weights), every
 * seed represented by a paper of its own lineage within three citation steps when it has one,
 * then ordered for reading foundations first (reading-order.ts: no paper before a paper it
 * builds on, directly or through others) and grouped as foundations, core and recent follow-ups.
 * Every item carries its evidence and a one-line reason built from it (relevance-reasons.ts).
 * The global main path no longer pads a list: it is its own view (main-path.ts).
 */
import type { CitationIndex } from "./citation-index.ts";
import { closure } from "./closure.ts";
import { citesDirectly } from "./direct-citations.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";
import { buildsOnWithin, foundationsFirst, readingGroup, type ReadingGroup } from "./reading-order.ts";
import { reasonText } from "./relevance-reasons.ts";
import { evidenceFor, rankCandidates, type RelevanceEvidence } from "./relevance.ts";
import type { SignalOptions } from "./relevance-signals.ts";
import type { TextIndex } from "./title-similarity.ts";
import type { AuthorIndex } from "./author-index.ts";

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
  /** Papers never listed (besides the seeds unless includeSeeds): a saved list's papers, a held-out paper. */
  exclude?: (index: number) => boolean;
  /** Titles and abstracts of the graph's papers, for the text signal (built once per graph). */
  text?: TextIndex;
  /** Authors and venues of the graph's papers, for the author signals (built once per graph). */
  people?: AuthorIndex;
  budget?: QueryBudget;
  signals?: SignalOptions;
}

export interface ReadingListItem {
  index: number;
  seed: boolean;
  score: number;
  reason: string;
  /** The checkable facts behind the reason (null for a seed). */
  evidence: RelevanceEvidence | null;
  group: ReadingGroup;
  /** Seeds that build on this paper, directly or through others. */
  builtOnBySeeds: number[];
  /** Seeds this paper builds on, directly or through others. */
  buildsOnSeeds: number[];
  /** Citation steps to the nearest seed it builds on or is built on by (0 for a seed; null if none). */
  depth: number | null;
  /** Always false since issue 15: the main path no longer takes part in a list. */
  onMainPath: boolean;
  direction: string;
}

export interface ReadingList {
  items: ReadingListItem[];
  /** Empty since issue 15 (the main path is its own view); kept so that callers compile. */
  mainPath: number[];
}

export const DEFAULT_LIMIT = 20;
/** How far (in citation steps, either way) a seed's representative may be. */
export const REPRESENTATIVE_STEPS = 3;
const LINEAGE_PAPERS_READ = 5000;

interface Chosen {
  index: number;
  score: number;
  /** The seed it was taken to represent, if it was. */
  represents?: number;
}

/** Top of the ranking, then each unrepresented seed's best lineage paper swapped in for the weakest. */
function choose(graph: CitationIndex, seeds: readonly number[], ranked: readonly { index: number; score: number }[], limit: number, allowed: (i: number) => boolean, budget: QueryBudget): Chosen[] {
  const chosen: Chosen[] = ranked.slice(0, limit).map((r) => ({ index: r.index, score: r.score }));
  const scoreOf = new Map(ranked.map((r, k) => [r.index, { score: r.score, rank: k }]));
  for (const s of seeds) {
    budget.tick();
    // Represented already by a direct link (the usual case): no closure needed.
    if (chosen.some((c) => citesDirectly(graph, s, c.index) || citesDirectly(graph, c.index, s))) continue;
    const near = [
      ...closure(graph, s, "buildsOn", REPRESENTATIVE_STEPS, { maxPapers: LINEAGE_PAPERS_READ, budget }),
      ...closure(graph, s, "builtBy", REPRESENTATIVE_STEPS, { maxPapers: LINEAGE_PAPERS_READ, budget }),
    ].filter((r) => allowed(r.index));
    if (near.length === 0) continue;
    const nearSet = new Set(near.map((r) => r.index));
    if (chosen.some((c) => nearSet.has(c.index))) continue;
    // The best ranked paper of its lineage, else the closest one.
    const best = [...near].sort((a, b) => (scoreOf.get(a.index)?.rank ?? Infinity) - (scoreOf.get(b.index)?.rank ?? Infinity) || a.depth - b.depth || a.index - b.index)[0];
    if (!best) continue;
    const pick: Chosen = { index: best.index, score: scoreOf.get(best.index)?.score ?? 0, represents: s };
    if (chosen.length < limit) chosen.push(pick);
    else {
      let weakest = -1;
      chosen.forEach((c, k) => {
        if (c.represents === undefined && (weakest < 0 || c.score <= (chosen[weakest]?.score ?? 0))) weakest = k;
      });
      if (weakest >= 0) chosen[weakest] = pick;
    }
  }
  return chosen;
}

export function readingList(graph: CitationIndex, paper: (index: number) => ListPaper, options: ReadingListOptions): ReadingList {
  const seeds = [...new Set(options.seeds)];
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`reading list: limit must be a whole number from 1, got ${limit}`);
  if (seeds.length === 0) throw new Error("reading list: at least one seed paper is needed");
  const budget = options.budget ?? UNBOUNDED;
  const seedSet = new Set(seeds);
  const corpus = { graph, text: options.text, people: options.people, year: (i: number) => paper(i).year };
  const exclude = options.exclude ?? (() => false);
  const include = options.include ?? (() => true);
  const ranked = rankCandidates(corpus, seeds, { limit, exclude, include, budget, signals: options.signals });
  const allowed = (i: number) => !seedSet.has(i) && !exclude(i) && include(i);
  const chosen = choose(graph, seeds, ranked, limit, allowed, budget);

  const listed = [...(options.includeSeeds ? seeds : []), ...chosen.map((c) => c.index)];
  const closures = buildsOnWithin(graph, new Set([...listed, ...seeds]), budget);
  const scoreOf = new Map<number, number>(chosen.map((c) => [c.index, c.score]));
  const order = foundationsFirst(graph, listed, (i) => ({ year: paper(i).year, score: seedSet.has(i) ? Infinity : (scoreOf.get(i) ?? 0) }), budget, closures);
  const seedYears = seeds.map((s) => paper(s).year).filter((y): y is number => y !== null);
  const title = (i: number) => paper(i).title;
  return {
    items: order.map((index) => {
      const isSeed = seedSet.has(index);
      const builtOnBySeeds = seeds.filter((s) => s !== index && closures.get(s)?.has(index) === true);
      const buildsOnSeeds = seeds.filter((s) => s !== index && closures.get(index)?.has(s) === true);
      const depths = [...builtOnBySeeds.map((s) => closures.get(s)?.get(index) ?? Infinity), ...buildsOnSeeds.map((s) => closures.get(index)?.get(s) ?? Infinity)];
      const depth = isSeed ? 0 : depths.length > 0 ? Math.min(...depths) : null;
      const p = paper(index);
      const evidence = isSeed ? null : evidenceFor(corpus, seeds, index, budget);
      const score = isSeed ? 0 : (scoreOf.get(index) ?? 0);
      return {
        index,
        seed: isSeed,
        score: Math.round(score * 1000) / 1000,
        reason: evidence ? reasonText(evidence, { seedCount: seeds.length, title, citedBy: p.citedBy, citedByReported: p.citedByReported }) : "your seed",
        evidence,
        group: readingGroup({ buildsOnSeeds: buildsOnSeeds.length > 0, builtOnBySeeds: builtOnBySeeds.length > 0, year: p.year, seedYears }),
        builtOnBySeeds,
        buildsOnSeeds,
        depth,
        onMainPath: false,
        direction: p.direction,
      };
    }),
    mainPath: [],
  };
}
