/**
 * The relevance engine: papers ranked by how well they belong beside a set of seed papers, with
 * the evidence that put each there. The signals are relevance-signals.ts's (direct citations,
 * co-citation, bibliographic coupling, personalized PageRank, title similarity, authorship and
 * venues, citation counts as a prior), fused by relevance-fusion.ts's fitted weights. One
 * engine, four entry points:
 * - `relevantPapers`: the ranking itself (reading-list.ts orders it for reading);
 * - `similarTo`: the papers like one paper, split the way Connected Papers shows prior and
 *   derivative works;
 * - `moreLikeList`: more papers like a saved list (the list's papers are the seeds, never returned);
 * - `relevantNeighbours`: the most relevant papers one citation away from a set of papers.
 * Pure: no database, no I/O. Every loop ticks the query budget (query-budget.ts).
 */
import { coCitationCount, sharedReferenceCount } from "./co-citation.ts";
import { citesDirectly } from "./direct-citations.ts";
import { fusedScores, rankByScore, FITTED_WEIGHTS, type FusionWeights } from "./relevance-fusion.ts";
import { FEATURES, gatherSignals, type FeatureName, type RelevanceCorpus, type SignalOptions } from "./relevance-signals.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export type { RelevanceCorpus } from "./relevance-signals.ts";

/** The checkable facts behind a paper's place, all exact counts in the graph. */
export interface RelevanceEvidence {
  /** Seeds it is co-cited with, and by how many papers, most first. */
  coCitedWith: { seed: number; papers: number }[];
  /** Seeds it shares references with, and how many, most first. */
  sharedReferencesWith: { seed: number; papers: number }[];
  /** Seeds that build on it directly. */
  builtOnBySeeds: number[];
  /** Seeds it builds on directly. */
  buildsOnSeeds: number[];
  /** The seed whose title (and abstract) is closest to its own, when they share telling words. */
  similarText: { seed: number; similarity: number } | null;
  /** Papers citing it in the graph. */
  citedBy: number;
  /** Seeds it shares an author with (empty without authorship). */
  sameAuthorsAs?: number[];
  /** Papers by the seeds' authors, the seeds aside, that cite it (0 without authorship). */
  citedBySeedAuthors?: number;
}

export interface RelevantPaper {
  index: number;
  score: number;
  evidence: RelevanceEvidence;
  features: Record<FeatureName, number>;
}

export interface RelevanceOptions {
  /** How many papers (default 20). */
  limit?: number;
  /** Papers never returned besides the seeds (a held-out paper, a saved list's papers...). */
  exclude?: (index: number) => boolean;
  /** Only papers passing this are returned (a direction filter). */
  include?: (index: number) => boolean;
  weights?: FusionWeights;
  budget?: QueryBudget;
  signals?: SignalOptions;
}

export const DEFAULT_RELEVANT = 20;
/** A title similarity (share of the seed's best possible BM25) worth saying in a reason. */
export const TELLING_TEXT_SIMILARITY = 0.25;
/** Seeds given at most: a longer list is read through its first this many. */
export const MAX_SEEDS = 200;

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`relevance: limit must be a whole number from 1, got ${limit}`);
}

function checkSeeds(corpus: RelevanceCorpus, seeds: readonly number[]): number[] {
  const unique = [...new Set(seeds)];
  if (unique.length === 0) throw new Error("relevance: at least one seed paper is needed");
  for (const s of unique) {
    if (!Number.isInteger(s) || s < 0 || s >= corpus.graph.size) throw new Error(`relevance: no paper at index ${s}`);
  }
  return unique.slice(0, MAX_SEEDS);
}

/** The evidence for one paper against the seeds, exact, from the sorted citation rows. */
export function evidenceFor(corpus: RelevanceCorpus, seeds: readonly number[], paper: number, budget: QueryBudget = UNBOUNDED): RelevanceEvidence {
  const { graph, text, people } = corpus;
  const coCitedWith: { seed: number; papers: number }[] = [];
  const sharedReferencesWith: { seed: number; papers: number }[] = [];
  const builtOnBySeeds: number[] = [];
  const buildsOnSeeds: number[] = [];
  let similarText: RelevanceEvidence["similarText"] = null;
  const sameAuthorsAs: number[] = [];
  for (const s of seeds) {
    budget.tick();
    const co = coCitationCount(graph, s, paper, budget);
    if (co > 0) coCitedWith.push({ seed: s, papers: co });
    const shared = sharedReferenceCount(graph, s, paper, budget);
    if (shared > 0) sharedReferencesWith.push({ seed: s, papers: shared });
    if (citesDirectly(graph, s, paper)) builtOnBySeeds.push(s);
    if (citesDirectly(graph, paper, s)) buildsOnSeeds.push(s);
    if (people?.shareAuthor(s, paper)) sameAuthorsAs.push(s);
    if (text) {
      const query = text.queryOf(s);
      const ceiling = text.ceiling(query);
      const similarity = ceiling > 0 ? text.score(query, paper) / ceiling : 0;
      if (similarity >= TELLING_TEXT_SIMILARITY && (!similarText || similarity > similarText.similarity)) similarText = { seed: s, similarity };
    }
  }
  const most = (a: { seed: number; papers: number }, b: { seed: number; papers: number }) => b.papers - a.papers || a.seed - b.seed;
  let citedBySeedAuthors = 0;
  if (people) {
    const seedSet = new Set(seeds);
    const seedAuthors = new Set<number>();
    for (const s of seeds) for (const a of people.authorsOf(s)) seedAuthors.add(a);
    for (const citer of graph.neighbours(paper, "builtBy")) {
      budget.tick();
      if (seedSet.has(citer)) continue;
      if (people.authorsOf(citer).some((a) => seedAuthors.has(a))) citedBySeedAuthors++;
    }
  }
  return {
    coCitedWith: coCitedWith.sort(most),
    sharedReferencesWith: sharedReferencesWith.sort(most),
    builtOnBySeeds,
    buildsOnSeeds,
    similarText,
    citedBy: graph.degree(paper, "builtBy"),
    sameAuthorsAs,
    citedBySeedAuthors,
  };
}

function rankWithSignals(corpus: RelevanceCorpus, seeds: readonly number[], options: RelevanceOptions) {
  const unique = checkSeeds(corpus, seeds);
  const limit = options.limit ?? DEFAULT_RELEVANT;
  checkLimit(limit);
  const exclude = options.exclude ?? (() => false);
  const include = options.include;
  const skip = (i: number) => exclude(i) || (include !== undefined && !include(i));
  const signals = gatherSignals(corpus, unique, skip, limit, Object.assign({}, options.signals, { budget: options.budget ?? UNBOUNDED }));
  const scores = fusedScores(signals, options.weights ?? FITTED_WEIGHTS);
  const positions = rankByScore(signals, scores);
  const featuresAt = (c: number) => Object.fromEntries(FEATURES.map((f, k) => [f, signals.features[c * FEATURES.length + k] ?? 0])) as Record<FeatureName, number>;
  return { unique, limit, signals, scores, positions, featuresAt };
}

/**
 * Every candidate with its fused score, best first: the engine's whole ranking before the limit
 * (reading-list.ts picks from it). No evidence or feature record is made here.
 */
export function rankCandidates(corpus: RelevanceCorpus, seeds: readonly number[], options: RelevanceOptions = {}): { index: number; score: number }[] {
  const { signals, scores, positions } = rankWithSignals(corpus, seeds, options);
  return positions.map((c) => ({ index: signals.candidates[c] ?? 0, score: scores[c] ?? 0 }));
}

/** The `limit` papers most relevant to the seeds, best first, each with its evidence and features. */
export function relevantPapers(corpus: RelevanceCorpus, seeds: readonly number[], options: RelevanceOptions = {}): RelevantPaper[] {
  const { unique, limit, signals, scores, positions, featuresAt } = rankWithSignals(corpus, seeds, options);
  const budget = options.budget ?? UNBOUNDED;
  return positions.slice(0, limit).map((c) => {
    const index = signals.candidates[c] ?? 0;
    return { index, score: scores[c] ?? 0, features: featuresAt(c), evidence: evidenceFor(corpus, unique, index, budget) };
  });
}

export interface SimilarWorks {
  /** The papers most like this one, best first. */
  papers: RelevantPaper[];
  /** Among them, those it came after: older, or built on by it (Connected Papers' prior works). */
  prior: number[];
  /** Among them, those that came after it: newer, or building on it (derivative works). */
  derivative: number[];
}

/** The papers like one paper: co-citation, coupling, direct links and title similarity for it alone. */
export function similarTo(corpus: RelevanceCorpus, paper: number, options: RelevanceOptions = {}): SimilarWorks {
  const papers = relevantPapers(corpus, [paper], options);
  const own = corpus.year?.(paper) ?? null;
  const prior: number[] = [];
  const derivative: number[] = [];
  for (const p of papers) {
    const year = corpus.year?.(p.index) ?? null;
    const before = p.evidence.builtOnBySeeds.length > 0 || (p.evidence.buildsOnSeeds.length === 0 && year !== null && own !== null && year < own);
    const after = p.evidence.buildsOnSeeds.length > 0 || (p.evidence.builtOnBySeeds.length === 0 && year !== null && own !== null && year > own);
    if (before && !after) prior.push(p.index);
    else if (after && !before) derivative.push(p.index);
  }
  return { papers, prior, derivative };
}

/** More papers like a list: the list's papers are the seeds and never come back. */
export function moreLikeList(corpus: RelevanceCorpus, list: readonly number[], options: RelevanceOptions = {}): RelevantPaper[] {
  return relevantPapers(corpus, list, options);
}

/** The most relevant papers one citation away (either way) from a set of papers, the set left out. */
export function relevantNeighbours(corpus: RelevanceCorpus, papers: readonly number[], options: RelevanceOptions = {}): RelevantPaper[] {
  const { graph } = corpus;
  const budget = options.budget ?? UNBOUNDED;
  const set = new Set(papers);
  const adjacent = new Set<number>();
  for (const p of set) {
    for (const m of graph.neighbours(p, "buildsOn")) {
      budget.tick();
      if (!set.has(m)) adjacent.add(m);
    }
    for (const m of graph.neighbours(p, "builtBy")) {
      budget.tick();
      if (!set.has(m)) adjacent.add(m);
    }
  }
  const include = options.include;
  return relevantPapers(corpus, papers, Object.assign({}, options, { include: (i: number) => adjacent.has(i) && (include?.(i) ?? true) }));
}
