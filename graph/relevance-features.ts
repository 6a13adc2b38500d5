/**
 * The features of the fused relevance ranking, in one typed table: each feature's name, how it is
 * computed from the evidence gathered for one query (relevance-signals.ts) and its weight in the
 * linear model (relevance-fusion.ts), fitted on the AAN development split (`npm run eval --
 * reading-lists --split dev --fit`, eval/fusion-fit.ts; how, and what else was tried, in
 * eval/NOTES.md). A candidate's feature vector holds the features in the table's order. All are
 * shares or logarithms, so that their scale does not depend on how many seeds were given or how
 * often they are cited, and one set of weights serves every query.
 */
import type { AuthorLinks } from "./author-signals.ts";
import type { CitationIndex } from "./citation-index.ts";
import type { CoCitationScores, LinkedScores } from "./co-citation.ts";
import type { DirectLinks } from "./direct-citations.ts";
import type { PersonalizedPageRank } from "./personalized-pagerank.ts";
import type { TextIndex } from "./title-similarity.ts";

/** What one query's candidates are scored from: the seeds' neighbourhood, as relevance-signals.ts gathers it. */
export interface Evidence {
  graph: CitationIndex;
  /** How many (distinct) seeds the query has. */
  seeds: number;
  coCitation: CoCitationScores;
  coupling: LinkedScores;
  direct: DirectLinks;
  /** Two-step chains from a seed back to a paper: seed → reference → it. */
  chains: ReadonlyMap<number, number>;
  walk: PersonalizedPageRank;
  /** BM25 over titles and abstracts, and the seeds' words weighted for one pass per candidate; without it the text feature is 0. */
  text?: { index: TextIndex; wordWeights: Map<number, number> };
  year: (index: number) => number | null;
  /** The newest seed's year, when any is known. */
  newestSeed: number | null;
  /** Without an author index, the author and venue features are 0. */
  authors: AuthorLinks | null;
}

interface Feature<N extends string> {
  name: N;
  /** Its weight in the fused score. */
  weight: number;
  compute: (e: Evidence, candidate: number) => number;
}

const feature = <N extends string>(name: N, weight: number, compute: (e: Evidence, candidate: number) => number): Feature<N> => ({ name, weight, compute });

const NO_WALK = Math.log(1e-9);

/** Years between a candidate and the newest seed (0 when either year is unknown). */
function gap(e: Evidence, m: number): number {
  const year = e.year(m);
  return year !== null && e.newestSeed !== null ? year - e.newestSeed : 0;
}

export const FEATURE_TABLE = [
  /** Mean over seeds of P(candidate | seed): the share of the seed's citing papers that also cite it. */
  feature("coCitedShare", 1.39, (e, m) => (e.coCitation.conditional.get(m) ?? 0) / e.seeds),
  /** Mean over seeds of co-citation's Salton cosine. */
  feature("coCitationCosine", 0.5, (e, m) => (e.coCitation.cosine.get(m) ?? 0) / e.seeds),
  /** Mean over seeds of log(1 + the papers citing both it and the seed). */
  feature("coCitationsLog", 0.16, (e, m) => (e.coCitation.logCount.get(m) ?? 0) / e.seeds),
  /** Share of the seeds it is co-cited with at least once. */
  feature("coCitedSeeds", 0.4, (e, m) => (e.coCitation.seedsLinked.get(m) ?? 0) / e.seeds),
  /** log(1 + Σ over papers citing at least two seeds of the share of seed pairs they cite). */
  feature("closeCiters", 0.56, (e, m) => Math.log1p(e.coCitation.closeCiters.get(m) ?? 0)),
  /** Mean over seeds of bibliographic coupling's Salton cosine. */
  feature("couplingCosine", 1.1, (e, m) => (e.coupling.cosine.get(m) ?? 0) / e.seeds),
  /** Share of the seeds that build on it directly. */
  feature("builtOnBySeeds", 0.07, (e, m) => (e.direct.builtOnBySeeds.get(m) ?? 0) / e.seeds),
  /** Share of the seeds it builds on directly. */
  feature("buildsOnSeeds", 0.07, (e, m) => (e.direct.buildsOnSeeds.get(m) ?? 0) / e.seeds),
  /** log(1 + the two-step chains from a seed back to it, seed → reference → it), over the seeds. */
  feature("foundationChains", 0.2, (e, m) => Math.log1p(e.chains.get(m) ?? 0) / e.seeds),
  /** log of its personalized PageRank from the seeds (log 1e-9 when the walk did not settle there). */
  feature("walk", 0.1, (e, m) => {
    const w = e.walk.scores.get(m);
    return w !== undefined && w > 1e-9 ? Math.log(w) : NO_WALK;
  }),
  /** Mean over seeds of its BM25 title (and abstract) similarity, as a share of the seed's best possible. */
  feature("textSimilarity", 1.13, (e, m) => (e.text ? e.text.index.weightedScore(e.text.wordWeights, m) : 0)),
  /** log(1 + the papers citing it in the graph): the weak prior of importance (being co-cited needs being cited, so it came out small). */
  feature("citations", 0.07, (e, m) => Math.log1p(e.graph.degree(m, "builtBy"))),
  /** Years after the newest seed (0 if not after; capped at 10; 0 when a year is unknown). */
  feature("yearsAfterSeeds", -0.1, (e, m) => Math.min(10, Math.max(0, gap(e, m)))),
  /** Years before the newest seed (0 if not before; capped at 30; 0 when a year is unknown). */
  feature("yearsBeforeSeeds", -0.03, (e, m) => Math.min(30, Math.max(0, -gap(e, m)))),
  // The author and venue features (author-signals.ts) came out at 0: evidence and reasons ("by the
  // authors of "Moses""), and their papers candidates, but no step on them raises the objective.
  /** Share of the seeds it shares an author with (author-index.ts). */
  feature("sharedAuthorSeeds", 0, (e, m) => (e.authors ? (e.authors.sharedAuthorSeeds.get(m) ?? 0) / e.seeds : 0)),
  /** Share of the seeds it shares no author with but whose authors have written with one of its own. */
  feature("coauthorSeeds", 0, (e, m) => (e.authors ? e.authors.coauthorSeeds(m) / e.seeds : 0)),
  /** log(1 + the other papers of the seeds' authors that cite it): what those authors cite. */
  feature("seedAuthorsCite", 0, (e, m) => (e.authors ? Math.log1p(e.authors.seedAuthorsCite.get(m) ?? 0) : 0)),
  /** Share of the seeds that appeared in its venue. */
  feature("sameVenueSeeds", 0, (e, m) => (e.authors ? e.authors.sameVenueSeeds(m) / e.seeds : 0)),
] as const;

export type FeatureName = (typeof FEATURE_TABLE)[number]["name"];

/** The features' names, in the order of a candidate's vector. */
export const FEATURES: readonly FeatureName[] = FEATURE_TABLE.map((f) => f.name);
