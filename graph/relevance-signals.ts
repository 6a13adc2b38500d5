/**
 * The evidence that a paper belongs beside a set of seed papers, gathered as one feature vector
 * per candidate for the fused ranking (relevance-fusion.ts). Candidates come from the seeds'
 * neighbourhood, bounded: papers linked to a seed directly (direct-citations.ts), co-cited or
 * coupled with one (co-citation.ts, two citation steps), what the seeds' references build on,
 * the seeds' closest titles (title-similarity.ts), and, when the corpus knows authorship
 * (author-index.ts), the seeds' authors' other papers and what those papers cite
 * (author-signals.ts); when these are fewer than asked for, the papers the walk with restart
 * reached (personalized-pagerank.ts) fill in. Each feature is described where it is computed;
 * all are shares or logarithms, so that their scale does not depend on how many seeds were given
 * or how often they are cited, and one set of weights serves every query.
 */
import type { CitationIndex } from "./citation-index.ts";
import { bibliographicCoupling, coCitation } from "./co-citation.ts";
import { directCitations } from "./direct-citations.ts";
import { personalizedPageRank } from "./personalized-pagerank.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";
import type { TextIndex } from "./title-similarity.ts";
import type { AuthorIndex } from "./author-index.ts";
import { authorLinks } from "./author-signals.ts";

/** The features, in the order of a candidate's vector. */
export const FEATURES = [
  /** Mean over seeds of P(candidate | seed): the share of the seed's citing papers that also cite it. */
  "coCitedShare",
  /** Mean over seeds of co-citation's Salton cosine. */
  "coCitationCosine",
  /** Mean over seeds of log(1 + the papers citing both it and the seed). */
  "coCitationsLog",
  /** Share of the seeds it is co-cited with at least once. */
  "coCitedSeeds",
  /** log(1 + Σ over papers citing at least two seeds of the share of seed pairs they cite). */
  "closeCiters",
  /** Mean over seeds of bibliographic coupling's Salton cosine. */
  "couplingCosine",
  /** Share of the seeds that build on it directly. */
  "builtOnBySeeds",
  /** Share of the seeds it builds on directly. */
  "buildsOnSeeds",
  /** log(1 + the two-step chains from a seed back to it, seed → reference → it), over the seeds. */
  "foundationChains",
  /** log of its personalized PageRank from the seeds (log 1e-9 when the walk did not settle there). */
  "walk",
  /** Mean over seeds of its BM25 title (and abstract) similarity, as a share of the seed's best possible. */
  "textSimilarity",
  /** log(1 + the papers citing it in the graph): the weak prior of importance. */
  "citations",
  /** Years after the newest seed (0 if not after; capped at 10; 0 when a year is unknown). */
  "yearsAfterSeeds",
  /** Years before the newest seed (0 if not before; capped at 30; 0 when a year is unknown). */
  "yearsBeforeSeeds",
  /** Share of the seeds it shares an author with (author-index.ts). */
  "sharedAuthorSeeds",
  /** Share of the seeds it shares no author with but whose authors have written with one of its own. */
  "coauthorSeeds",
  /** log(1 + the other papers of the seeds' authors that cite it): what those authors cite. */
  "seedAuthorsCite",
  /** Share of the seeds that appeared in its venue. */
  "sameVenueSeeds",
] as const;

export type FeatureName = (typeof FEATURES)[number];

export interface RelevanceCorpus {
  graph: CitationIndex;
  /** Titles (and abstracts) of the graph's papers; without it the text signal is 0. */
  text?: TextIndex;
  /** Publication year of a paper, if known. */
  year?: (index: number) => number | null;
  /** Authors and venues of the graph's papers; without it the author and venue signals are 0. */
  people?: AuthorIndex;
}

export const SIGNAL_DEFAULTS = {
  /** Restart probability and push threshold of the walk (personalized-pagerank.ts). */
  walkRestart: 0.15,
  walkEpsilon: 1e-5,
  walkMaxPushes: 50_000,
  /** Citing papers (or references) read per seed at most (co-citation.ts). */
  maxCitersPerSeed: 5000,
  /** Papers most similar by title to each seed, added as candidates. */
  titleCandidatesPerSeed: 30,
  /** Papers read per seed author at most, for the author signals. */
  maxPapersPerAuthor: 300,
  /** Candidates scored at most: beyond it the ones with the most co-citations are kept. */
  maxCandidates: 20_000,
  budget: UNBOUNDED as QueryBudget,
};

export type SignalOptions = Partial<typeof SIGNAL_DEFAULTS>;

export interface CandidateSignals {
  /** Candidate paper indices (never a seed). */
  candidates: number[];
  /** Feature vectors, FEATURES.length numbers per candidate, candidate k at k · FEATURES.length. */
  features: Float64Array;
  /** Whether a hub seed was read through a sample of its citing papers. */
  sampled: boolean;
}

const NO_WALK = Math.log(1e-9);

export function gatherSignals(corpus: RelevanceCorpus, seedList: readonly number[], exclude: (index: number) => boolean, wanted: number, options: SignalOptions = {}): CandidateSignals {
  const o = Object.assign({}, SIGNAL_DEFAULTS, options);
  const { graph, text, people } = corpus;
  const seeds = [...new Set(seedList)];
  const seedSet = new Set(seeds);
  const n = seeds.length;
  const budget = o.budget;
  const co = coCitation(graph, seeds, { maxCitersPerSeed: o.maxCitersPerSeed, budget });
  const coupling = bibliographicCoupling(graph, seeds, { maxCitersPerSeed: o.maxCitersPerSeed, budget });
  const direct = directCitations(graph, seeds, budget);
  const walk = personalizedPageRank(graph, seeds, { restart: o.walkRestart, epsilon: o.walkEpsilon, maxPushes: o.walkMaxPushes, budget });
  const byAuthors = people ? authorLinks(graph, people, seeds, { maxPapersPerAuthor: o.maxPapersPerAuthor, budget }) : null;

  // What the seeds' references build on: the foundations two steps back.
  const chains = new Map<number, number>();
  for (const s of seeds) {
    for (const r of graph.neighbours(s, "buildsOn")) {
      for (const m of graph.neighbours(r, "buildsOn")) {
        budget.tick();
        if (!seedSet.has(m)) chains.set(m, (chains.get(m) ?? 0) + 1);
      }
    }
  }

  const candidateSet = new Set<number>();
  const add = (m: number) => {
    if (!seedSet.has(m) && !exclude(m)) candidateSet.add(m);
  };
  // The most co-cited first, so that a cap keeps the strongest.
  const byCoCitation = [...co.count].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (const [m] of byCoCitation) if (candidateSet.size < o.maxCandidates) add(m);
  const byAuthorKeys = byAuthors ? [...byAuthors.sharedAuthorSeeds.keys(), ...byAuthors.seedAuthorsCite.keys()] : [];
  for (const m of [...direct.builtOnBySeeds.keys(), ...direct.buildsOnSeeds.keys(), ...coupling.count.keys(), ...chains.keys(), ...byAuthorKeys]) {
    if (candidateSet.size < o.maxCandidates) add(m);
  }
  const seedQueries = text ? seeds.map((s) => text.queryOf(s)) : [];
  if (text) {
    for (const query of seedQueries) {
      if (query.length === 0) continue;
      for (const hit of text.search(query, o.titleCandidatesPerSeed, budget)) if (hit.score > 0 && candidateSet.size < o.maxCandidates) add(hit.index);
    }
  }
  if (candidateSet.size < wanted) {
    const walked = [...walk.scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const [m] of walked) {
      if (candidateSet.size >= Math.min(o.maxCandidates, wanted)) break;
      add(m);
    }
  }

  const candidates = [...candidateSet].sort((a, b) => a - b);
  const width = FEATURES.length;
  const features = new Float64Array(candidates.length * width);
  const years = seeds.map((s) => corpus.year?.(s) ?? null).filter((y): y is number => y !== null);
  const newestSeed = years.length > 0 ? Math.max(...years) : null;
  // Mean over seeds of BM25 / the seed's ceiling, as one weighted pass per candidate.
  const wordWeights = text ? text.wordWeightsOf(seedQueries.map((query) => ({ query, weight: text.ceiling(query) > 0 ? 1 / (text.ceiling(query) * n) : 0 }))) : new Map<number, number>();
  candidates.forEach((m, k) => {
    budget.tick();
    const at = k * width;
    features[at] = (co.conditional.get(m) ?? 0) / n;
    features[at + 1] = (co.cosine.get(m) ?? 0) / n;
    features[at + 2] = (co.logCount.get(m) ?? 0) / n;
    features[at + 3] = (co.seedsLinked.get(m) ?? 0) / n;
    features[at + 4] = Math.log1p(co.closeCiters.get(m) ?? 0);
    features[at + 5] = (coupling.cosine.get(m) ?? 0) / n;
    features[at + 6] = (direct.builtOnBySeeds.get(m) ?? 0) / n;
    features[at + 7] = (direct.buildsOnSeeds.get(m) ?? 0) / n;
    features[at + 8] = Math.log1p(chains.get(m) ?? 0) / n;
    const w = walk.scores.get(m);
    features[at + 9] = w !== undefined && w > 1e-9 ? Math.log(w) : NO_WALK;
    features[at + 10] = text ? text.weightedScore(wordWeights, m) : 0;
    features[at + 11] = Math.log1p(graph.degree(m, "builtBy"));
    const year = corpus.year?.(m) ?? null;
    const gap = year !== null && newestSeed !== null ? year - newestSeed : 0;
    features[at + 12] = Math.min(10, Math.max(0, gap));
    features[at + 13] = Math.min(30, Math.max(0, -gap));
    if (byAuthors) {
      features[at + 14] = (byAuthors.sharedAuthorSeeds.get(m) ?? 0) / n;
      features[at + 15] = byAuthors.coauthorSeeds(m) / n;
      features[at + 16] = Math.log1p(byAuthors.seedAuthorsCite.get(m) ?? 0);
      features[at + 17] = byAuthors.sameVenueSeeds(m) / n;
    }
  });
  return { candidates, features, sampled: co.sampled || coupling.sampled };
}
