/** The fusion of relevance signals: the fitted weighted sum and reciprocal rank fusion, by hand. */
import { describe, expect, it } from "vitest";
import { FEATURES, type CandidateSignals, type FeatureName } from "../../graph/relevance-signals.ts";
import { FITTED_WEIGHTS, fusedScores, rankByScore, reciprocalRankFusion } from "../../graph/relevance-fusion.ts";

/** Three candidates (papers 7, 3, 5) with two non-zero features each. */
function signals(values: Partial<Record<FeatureName, number[]>>): CandidateSignals {
  const candidates = [7, 3, 5];
  const features = new Float64Array(candidates.length * FEATURES.length);
  FEATURES.forEach((f, k) => (values[f] ?? []).forEach((v, c) => (features[c * FEATURES.length + k] = v)));
  return { candidates, features, sampled: false };
}

const s = signals({ coCitedShare: [0.5, 0.2, 0.2], textSimilarity: [0, 1, 0.5] });

describe("weighted fusion", () => {
  it("adds the weighted features", () => {
    const weights = Object.assign({}, FITTED_WEIGHTS, Object.fromEntries(FEATURES.map((f) => [f, 0])), { coCitedShare: 2, textSimilarity: 0.5 });
    const scores = fusedScores(s, weights);
    expect([...scores]).toEqual([1, 0.9, 0.65]);
    expect(rankByScore(s, scores).map((c) => s.candidates[c])).toEqual([7, 3, 5]);
  });

  it("breaks ties by the lower paper index", () => {
    const tied = signals({ coCitedShare: [1, 1, 1] });
    expect(rankByScore(tied, fusedScores(tied)).map((c) => tied.candidates[c])).toEqual([3, 5, 7]);
  });

  it("has a weight for every feature, and the fitted model prefers co-citation to its absence", () => {
    expect(Object.keys(FITTED_WEIGHTS).sort()).toEqual([...FEATURES].sort());
    const one = signals({ coCitedShare: [0.3, 0, 0] });
    const scores = fusedScores(one);
    expect(scores[0] ?? 0).toBeGreaterThan(scores[1] ?? 0);
  });
});

describe("reciprocal rank fusion (Cormack, Clarke & Büttcher 2009)", () => {
  it("sums 1 / (60 + rank) over the signals that rank a candidate", () => {
    const scores = reciprocalRankFusion(s, { coCitedShare: 1, textSimilarity: 1 });
    // coCitedShare ranks 7, then 3 and 5 tied (lower index first): 7 → 1, 3 → 2, 5 → 3.
    // textSimilarity ranks 3, 5; 7 scores 0 there and is not ranked.
    expect(scores[0]).toBeCloseTo(1 / 61, 12);
    expect(scores[1]).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(scores[2]).toBeCloseTo(1 / 63 + 1 / 62, 12);
    // A sign of -1 ranks low values first; 0 leaves the signal out.
    const flipped = reciprocalRankFusion(s, { textSimilarity: -1, coCitedShare: 0 });
    expect(flipped[2]).toBeCloseTo(1 / 61, 12);
    expect(flipped[0]).toBe(0);
  });
});
