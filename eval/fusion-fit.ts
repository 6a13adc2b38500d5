/**
 * Fitting the fusion weights (graph/relevance-fusion.ts) by coordinate ascent on the evaluation
 * measure (Metzler & Croft, "Linear feature-based models for information retrieval",
 * Information Retrieval 10, 2007): each weight in turn tries a set of steps and keeps one that
 * raises mean recall@k + 0.5 · nDCG@k over the queries; rounds repeat until none does. Started
 * from several points, the best end kept.
 * Also a two-fold estimate of how the fit does on queries it was not fitted on.
 */
import { FEATURES, type CandidateSignals, type FeatureName } from "../graph/relevance-signals.ts";
import { fusedScores, type FusionWeights } from "../graph/relevance-fusion.ts";
import { ndcgAt, recallAt } from "./ranking-metrics.ts";

export interface FitSample {
  signals: CandidateSignals;
  relevant: ReadonlySet<number>;
}

export const STEPS = [-1, -0.3, -0.1, -0.03, 0.03, 0.1, 0.3, 1];

/** The k best candidates by score (ties to the lower paper index), as rankByScore's head, without a full sort. */
function topK(signals: CandidateSignals, scores: Float64Array, k: number): number[] {
  const best: number[] = [];
  const before = (a: number, b: number) => (scores[a] ?? 0) > (scores[b] ?? 0) || ((scores[a] ?? 0) === (scores[b] ?? 0) && (signals.candidates[a] ?? 0) < (signals.candidates[b] ?? 0));
  for (let c = 0; c < scores.length; c++) {
    if (best.length === k && !before(c, best[k - 1] ?? 0)) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && before(c, best[at - 1] ?? 0)) {
      best[at] = best[at - 1] ?? 0;
      at--;
    }
    best[at] = c;
    if (best.length > k) best.length = k;
  }
  return best.map((c) => signals.candidates[c] ?? -1);
}

export function measure(samples: readonly FitSample[], weights: Float64Array, k: number): { recall: number; ndcg: number } {
  let recall = 0;
  let ndcg = 0;
  for (const s of samples) {
    const ranking = topK(s.signals, fusedScores(s.signals, weights), k);
    recall += recallAt(ranking, s.relevant, k);
    ndcg += ndcgAt(ranking, s.relevant, k);
  }
  return { recall: recall / Math.max(1, samples.length), ndcg: ndcg / Math.max(1, samples.length) };
}

/** Coordinate ascent from each start, the best end kept. */
export function fitWeights(samples: readonly FitSample[], starts: readonly FusionWeights[], k: number, rounds = 8): { weights: FusionWeights; recall: number; ndcg: number } {
  let best: { weights: FusionWeights; recall: number; ndcg: number } | undefined;
  for (const start of starts) {
    const fit = ascend(samples, start, k, rounds);
    if (!best || fit.recall + 0.5 * fit.ndcg > best.recall + 0.5 * best.ndcg) best = fit;
  }
  if (!best) throw new Error("fusion fit: no start given");
  return best;
}

function ascend(samples: readonly FitSample[], start: FusionWeights, k: number, rounds: number): { weights: FusionWeights; recall: number; ndcg: number } {
  let w = Float64Array.from(FEATURES.map((f) => start[f]));
  let best = measure(samples, w, k);
  const objective = (m: { recall: number; ndcg: number }) => m.recall + 0.5 * m.ndcg;
  for (let round = 0; round < rounds; round++) {
    let improved = false;
    for (let f = 0; f < FEATURES.length; f++) {
      for (const step of STEPS) {
        const trial = Float64Array.from(w);
        trial[f] = Math.round(((trial[f] ?? 0) + step) * 1000) / 1000;
        const m = measure(samples, trial, k);
        if (objective(m) > objective(best) + 1e-9) {
          best = m;
          w = trial;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  const weights = Object.fromEntries(FEATURES.map((f, i) => [f, w[i] ?? 0])) as Record<FeatureName, number>;
  return { weights, recall: best.recall, ndcg: best.ndcg };
}

/** Fit on the even-numbered queries and measure on the odd, and the other way round. */
export function twoFold(samples: readonly FitSample[], starts: readonly FusionWeights[], k: number): { fitted: number; unseen: number }[] {
  const even = samples.filter((_, i) => i % 2 === 0);
  const odd = samples.filter((_, i) => i % 2 === 1);
  return [
    [even, odd],
    [odd, even],
  ].map(([train, test]) => {
    const fit = fitWeights(train ?? [], starts, k);
    const unseen = measure(test ?? [], Float64Array.from(FEATURES.map((f) => fit.weights[f])), k).recall;
    return { fitted: fit.recall, unseen };
  });
}
