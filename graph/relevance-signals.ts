/**
 * The evidence that a paper belongs beside a set of seed papers, gathered as one feature vector
 * per candidate for the fused ranking (relevance-fusion.ts). Candidates come from the seeds'
 * neighbourhood, bounded: papers linked to a seed directly (direct-citations.ts), co-cited or
 * coupled with one (co-citation.ts, two citation steps), what the seeds' references build on,
 * the seeds' closest titles (title-similarity.ts), and, when the corpus knows authorship
 * (author-index.ts), the seeds' authors' other papers and what those papers cite
 * (author-signals.ts); when these are fewer than asked for, the papers the walk with restart
 * reached (personalized-pagerank.ts) fill in. Each candidate's vector holds the features of
 * relevance-features.ts's table, computed from this evidence, in the table's order.
 */
import type { CitationIndex } from "./citation-index.ts";
import { bibliographicCoupling, coCitation } from "./co-citation.ts";
import { directCitations } from "./direct-citations.ts";
import { personalizedPageRank } from "./personalized-pagerank.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";
import type { TextIndex } from "./title-similarity.ts";
import type { AuthorIndex } from "./author-index.ts";
import { authorLinks } from "./author-signals.ts";
import { FEATURE_TABLE, type Evidence } from "./relevance-features.ts";

export { FEATURES, type FeatureName } from "./relevance-features.ts";

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
  /** Feature vectors, FEATURE_TABLE.length numbers per candidate in the table's order, candidate k at k · FEATURE_TABLE.length. */
  features: Float64Array;
  /** Whether a hub seed was read through a sample of its citing papers. */
  sampled: boolean;
}

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
  const width = FEATURE_TABLE.length;
  const features = new Float64Array(candidates.length * width);
  const years = seeds.map((s) => corpus.year?.(s) ?? null).filter((y): y is number => y !== null);
  const evidence: Evidence = {
    graph,
    seeds: n,
    coCitation: co,
    coupling,
    direct,
    chains,
    walk,
    year: (m) => corpus.year?.(m) ?? null,
    newestSeed: years.length > 0 ? Math.max(...years) : null,
    authors: byAuthors,
  };
  // Mean over seeds of BM25 / the seed's ceiling, as one weighted pass per candidate.
  if (text) evidence.text = { index: text, wordWeights: text.wordWeightsOf(seedQueries.map((query) => ({ query, weight: text.ceiling(query) > 0 ? 1 / (text.ceiling(query) * n) : 0 }))) };
  candidates.forEach((m, k) => {
    budget.tick();
    FEATURE_TABLE.forEach((f, at) => (features[k * width + at] = f.compute(evidence, m)));
  });
  return { candidates, features, sampled: co.sampled || coupling.sampled };
}
