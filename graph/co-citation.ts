/**
 * Co-citation and bibliographic coupling between a set of seed papers and the papers around them:
 * - co-citation (Small, "Co-citation in the scientific literature: A new measure of the
 *   relationship between two documents", JASIS 24, 1973): a and b are co-cited by every paper
 *   that builds on both;
 * - bibliographic coupling (Kessler, "Bibliographic coupling between scientific papers",
 *   American Documentation 14, 1963): a and b are coupled by every paper both build on.
 * Each is given several ways, summed over the seeds:
 * - the plain count, and how many seeds the paper is linked to at all;
 * - Salton's cosine, count / sqrt(degree(seed) · degree(candidate)) (Salton & McGill,
 *   "Introduction to Modern Information Retrieval", 1983), so that a hub does not win by size;
 * - a conditional share, count / degree(seed): of the papers citing the seed, the share that
 *   also cite the candidate (item-based top-N recommendation's conditional probability,
 *   Deshpande & Karypis, ACM TOIS 22, 2004), so a hub seed weighs no more than any other seed.
 * And for co-citation, the papers that cite several seeds at once, each weighted by the share of
 * seed pairs it cites: the user-based collaborative filtering of citations (McNee et al., "On
 * the recommending of citations for research papers", CSCW 2002), where a paper citing all three
 * seeds says far more about what belongs beside them than one citing a single seed among fifty.
 * Why not the cosine alone: on the AAN development split (eval/reading-lists.ts) it ranks worse
 * than the plain count (recall@20 0.237 vs 0.277 from three seeds) and the conditional share
 * ranks best (0.312): being cited often is itself evidence, and dividing by the seed's degree
 * alone keeps that while no seed drowns the others. The fused ranking
 * (relevance-fusion.ts) weighs them together. Work is bounded: a seed with more than
 * `maxCitersPerSeed` citing papers (or references) is read through an evenly spaced sample of
 * them, and every step ticks the query budget.
 */
import type { CitationIndex, Direction } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export interface LinkedScores {
  /** Papers linked to the seeds this way (never a seed), with the plain count summed over seeds. */
  count: Map<number, number>;
  /** Salton's cosine, summed over seeds. */
  cosine: Map<number, number>;
  /** count / degree(seed), summed over seeds. */
  conditional: Map<number, number>;
  /** Σ over seeds of log(1 + count): a paper linked to many seeds beats one linked often to one. */
  logCount: Map<number, number>;
  /** How many seeds each paper is linked to. */
  seedsLinked: Map<number, number>;
  /** Whether some seed was read through a sample of its citing papers or references. */
  sampled: boolean;
}

export interface CoCitationScores extends LinkedScores {
  /** Σ over papers citing at least two seeds of the share of seed pairs they cite (0 for one seed). */
  closeCiters: Map<number, number>;
}

export const CO_CITATION_DEFAULTS = {
  /** Citing papers (for co-citation) or references (for coupling) read per seed at most. */
  maxCitersPerSeed: 5000,
  budget: UNBOUNDED as QueryBudget,
};

export type CoCitationOptions = Partial<typeof CO_CITATION_DEFAULTS>;

/** The papers to read for one seed: all of them, or an evenly spaced sample of `max`. */
function sampleOf(list: Uint32Array, max: number): { papers: ArrayLike<number>; sampled: boolean } {
  if (list.length <= max) return { papers: list, sampled: false };
  const picked = new Uint32Array(max);
  for (let k = 0; k < max; k++) picked[k] = list[Math.floor((k * list.length) / max)] ?? 0;
  return { papers: picked, sampled: true };
}

/**
 * Shared machinery: from each seed go one step `first` (to the co-citing papers, or to the
 * references), then one step `second` (to what they build on, or to what builds on them).
 */
function linkedThrough(graph: CitationIndex, seeds: readonly number[], first: Direction, second: Direction, options: CoCitationOptions) {
  const { maxCitersPerSeed, budget } = Object.assign({}, CO_CITATION_DEFAULTS, options);
  const seedSet = new Set(seeds);
  const count = new Map<number, number>();
  const cosine = new Map<number, number>();
  const conditional = new Map<number, number>();
  const logCount = new Map<number, number>();
  const seedsLinked = new Map<number, number>();
  let sampled = false;
  for (const s of seedSet) {
    const perSeed = new Map<number, number>();
    const { papers: middle, sampled: cut } = sampleOf(graph.neighbours(s, first), maxCitersPerSeed);
    sampled ||= cut;
    for (let k = 0; k < middle.length; k++) {
      for (const m of graph.neighbours(middle[k] ?? 0, second)) {
        budget.tick();
        if (!seedSet.has(m)) perSeed.set(m, (perSeed.get(m) ?? 0) + 1);
      }
    }
    const seedDegree = graph.degree(s, first);
    for (const [m, c] of perSeed) {
      budget.tick();
      count.set(m, (count.get(m) ?? 0) + c);
      cosine.set(m, (cosine.get(m) ?? 0) + c / Math.sqrt(seedDegree * graph.degree(m, first)));
      conditional.set(m, (conditional.get(m) ?? 0) + c / middle.length);
      logCount.set(m, (logCount.get(m) ?? 0) + Math.log1p(c));
      seedsLinked.set(m, (seedsLinked.get(m) ?? 0) + 1);
    }
  }
  return { count, cosine, conditional, logCount, seedsLinked, sampled, seedSet };
}

/** Co-citation of every paper with the seeds. */
export function coCitation(graph: CitationIndex, seeds: readonly number[], options: CoCitationOptions = {}): CoCitationScores {
  const { count, cosine, conditional, logCount, seedsLinked, sampled, seedSet } = linkedThrough(graph, seeds, "builtBy", "buildsOn", options);
  const { maxCitersPerSeed, budget } = Object.assign({}, CO_CITATION_DEFAULTS, options);
  // How many seeds each citing paper builds on, over the same sample as above.
  const seedsCited = new Map<number, number>();
  for (const s of seedSet) {
    const { papers } = sampleOf(graph.neighbours(s, "builtBy"), maxCitersPerSeed);
    for (let k = 0; k < papers.length; k++) {
      budget.tick();
      const p = papers[k] ?? 0;
      seedsCited.set(p, (seedsCited.get(p) ?? 0) + 1);
    }
  }
  const closeCiters = new Map<number, number>();
  const pairs = (seedSet.size * (seedSet.size - 1)) / 2;
  for (const [p, k] of seedsCited) {
    if (k < 2) continue;
    const share = (k * (k - 1)) / 2 / pairs;
    for (const m of graph.neighbours(p, "buildsOn")) {
      budget.tick();
      if (!seedSet.has(m)) closeCiters.set(m, (closeCiters.get(m) ?? 0) + share);
    }
  }
  return { count, cosine, conditional, logCount, seedsLinked, closeCiters, sampled };
}

/** Bibliographic coupling of every paper with the seeds. */
export function bibliographicCoupling(graph: CitationIndex, seeds: readonly number[], options: CoCitationOptions = {}): LinkedScores {
  const { count, cosine, conditional, logCount, seedsLinked, sampled } = linkedThrough(graph, seeds, "buildsOn", "builtBy", options);
  return { count, cosine, conditional, logCount, seedsLinked, sampled };
}

/** Size of the intersection of two sorted neighbour lists. */
function sharedCount(a: Uint32Array, b: Uint32Array, budget: QueryBudget): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    budget.tick();
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
}

/** Papers that build on both a and b (exact, from the sorted rows). */
export function coCitationCount(graph: CitationIndex, a: number, b: number, budget: QueryBudget = UNBOUNDED): number {
  return sharedCount(graph.neighbours(a, "builtBy"), graph.neighbours(b, "builtBy"), budget);
}

/** Papers both a and b build on (exact, from the sorted rows). */
export function sharedReferenceCount(graph: CitationIndex, a: number, b: number, budget: QueryBudget = UNBOUNDED): number {
  return sharedCount(graph.neighbours(a, "buildsOn"), graph.neighbours(b, "buildsOn"), budget);
}
