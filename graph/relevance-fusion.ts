/**
 * Fusing the relevance signals (relevance-signals.ts) into one score per candidate: a weighted
 * sum of the features, a linear ranking model in the sense of Metzler & Croft ("Linear
 * feature-based models for information retrieval", Information Retrieval 10, 2007), with weights
 * fitted by their coordinate ascent directly on the evaluation measure; each feature's weight
 * stands beside its definition in relevance-features.ts's table (how they were fitted, and what
 * was measured and not kept: eval/NOTES.md). Reciprocal rank fusion (Cormack, Clarke & Büttcher,
 * SIGIR 2009) of the same signals is here too, as the weight-free alternative the evaluation
 * reports beside the fitted model.
 */
import type { CandidateSignals } from "./relevance-signals.ts";
import { FEATURE_TABLE, FEATURES, type FeatureName } from "./relevance-features.ts";

export type FusionWeights = Record<FeatureName, number>;

/** The table's weights, fitted on the AAN development split; figures in eval/reading-lists.ts's report. */
export const FITTED_WEIGHTS: FusionWeights = Object.fromEntries(FEATURE_TABLE.map((f) => [f.name, f.weight])) as FusionWeights;

export function weightVector(weights: FusionWeights): Float64Array {
  return Float64Array.from(FEATURES.map((f) => weights[f]));
}

/** The fused score of every candidate, in the order of `signals.candidates`. */
export function fusedScores(signals: CandidateSignals, weights: FusionWeights | Float64Array = FITTED_WEIGHTS): Float64Array {
  const w = weights instanceof Float64Array ? weights : weightVector(weights);
  const width = FEATURES.length;
  const scores = new Float64Array(signals.candidates.length);
  for (let k = 0; k < scores.length; k++) {
    let s = 0;
    for (let f = 0; f < width; f++) s += (w[f] ?? 0) * (signals.features[k * width + f] ?? 0);
    scores[k] = s;
  }
  return scores;
}

/**
 * Reciprocal rank fusion: each signal ranks the candidates (higher feature first, ties by paper
 * index; candidates scoring 0 on a signal are not ranked by it) and a candidate scores
 * Σ 1 / (k + rank) over the signals. `k` = 60 as in the paper. `signs` flips a feature whose
 * lower values are better (-1), or leaves it out (0).
 */
export function reciprocalRankFusion(signals: CandidateSignals, signs: Partial<Record<FeatureName, number>>, k = 60): Float64Array {
  const width = FEATURES.length;
  const n = signals.candidates.length;
  const scores = new Float64Array(n);
  FEATURES.forEach((name, f) => {
    const sign = signs[name] ?? 0;
    if (sign === 0) return;
    const value = (c: number) => sign * (signals.features[c * width + f] ?? 0);
    const order = Array.from({ length: n }, (_, c) => c)
      .filter((c) => (signals.features[c * width + f] ?? 0) !== 0)
      .sort((a, b) => value(b) - value(a) || (signals.candidates[a] ?? 0) - (signals.candidates[b] ?? 0));
    order.forEach((c, rank) => {
      scores[c] = (scores[c] ?? 0) + 1 / (k + rank + 1);
    });
  });
  return scores;
}

/** Candidate positions (into signals.candidates) by descending score, ties to the lower paper index. */
export function rankByScore(signals: CandidateSignals, scores: Float64Array): number[] {
  return Array.from({ length: scores.length }, (_, c) => c).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || (signals.candidates[a] ?? 0) - (signals.candidates[b] ?? 0));
}
