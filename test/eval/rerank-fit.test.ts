/** Fitting the re-ranking trees (LambdaMART): the lambdas of a hand-worked query, the measures, and a fit that must find the telling feature. */
import { describe, expect, it } from "vitest";
import { FEATURES, type CandidateSignals } from "../../graph/relevance-signals.ts";
import { RERANK_WIDTH, modelOutput } from "../../graph/relevance-rerank.ts";
import { fitRerank, lambdas, rerankSample, sampleMeasures, type RerankSample } from "../../eval/rerank-fit.ts";

/** A sample from rows of (feature values by index, linear score) and relevance. */
function sample(rows: { values?: Record<number, number>; linear: number; relevant: boolean }[], relevantCount = rows.filter((r) => r.relevant).length): RerankSample {
  const inputs = new Float64Array(rows.length * RERANK_WIDTH);
  rows.forEach((r, k) => {
    for (const [f, v] of Object.entries(r.values ?? {})) inputs[k * RERANK_WIDTH + Number(f)] = v;
    inputs[k * RERANK_WIDTH + FEATURES.length] = r.linear;
  });
  return { rows: rows.length, inputs, relevant: Uint8Array.from(rows, (r) => (r.relevant ? 1 : 0)), relevantCount };
}

describe("lambdas", () => {
  it("pull a relevant paper ranked second above the irrelevant first, by |ΔnDCG| · ρ", () => {
    const s = sample([
      { linear: 1, relevant: false },
      { linear: 0, relevant: true },
    ]);
    const { gradient, hessian } = lambdas(s, [1, 0], 20);
    // Swapping ranks 1 and 2 changes DCG by 1 - 1/log2(3); the ideal DCG is 1 (one relevant paper).
    const delta = 1 - 1 / Math.log2(3);
    const rho = 1 / (1 + Math.exp(0 - 1));
    expect(gradient[1]).toBeCloseTo(delta * rho, 12);
    expect(gradient[0]).toBeCloseTo(-delta * rho, 12);
    expect(hessian[0]).toBeCloseTo(delta * rho * (1 - rho), 12);
    expect(hessian[1]).toBeCloseTo(delta * rho * (1 - rho), 12);
  });

  it("are zero for a query with no relevant paper among the rows", () => {
    const s = sample([{ linear: 1, relevant: false }], 3);
    expect([...lambdas(s, [1], 20).gradient]).toEqual([0]);
  });
});

describe("sampleMeasures", () => {
  it("count the relevant rows in the first k against every relevant paper of the query", () => {
    const s = sample(
      [
        { linear: 3, relevant: true },
        { linear: 2, relevant: false },
        { linear: 1, relevant: true },
      ],
      4,
    );
    const m = sampleMeasures(s, [3, 2, 1], 2);
    expect(m.recall).toBe(1 / 4);
    expect(m.ndcg).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 12);
  });
});

describe("rerankSample", () => {
  it("keeps the head of the linear ranking with the linear score as the last input", () => {
    const width = FEATURES.length;
    const share = FEATURES.indexOf("coCitedShare");
    const features = new Float64Array(3 * width);
    [0.1, 0.5, 0.3].forEach((v, c) => (features[c * width + share] = v));
    const signals: CandidateSignals = { candidates: [5, 6, 7], features, sampled: false };
    const s = rerankSample(signals, new Set([7, 99]), 2);
    expect(s.rows).toBe(2);
    // The fitted linear score grows with the co-cited share: 6 (0.5) then 7 (0.3).
    expect(s.inputs[share]).toBe(0.5);
    expect(s.inputs[RERANK_WIDTH + share]).toBe(0.3);
    expect(s.inputs[FEATURES.length]).toBeGreaterThan(s.inputs[RERANK_WIDTH + FEATURES.length] ?? Infinity);
    expect([...s.relevant]).toEqual([0, 1]);
    expect(s.relevantCount).toBe(2);
  });
});

describe("fitRerank", () => {
  it("learns a feature the linear score misses: relevant papers, ranked last, come first", () => {
    // 12 queries of 8 papers; the 2 relevant ones have coCitedSeeds 1 (the others 1/3) and the lowest linear scores.
    const seeds = FEATURES.indexOf("coCitedSeeds");
    const samples = Array.from({ length: 12 }, (_, q) => sample(Array.from({ length: 8 }, (_, k) => ({ values: { [seeds]: k >= 6 ? 1 : 1 / 3 }, linear: 8 - k + q / 100, relevant: k >= 6 }))));
    const before = samples.reduce(
      (sum, s) =>
        sum +
        sampleMeasures(
          s,
          Array.from({ length: s.rows }, (_, k) => s.inputs[k * RERANK_WIDTH + FEATURES.length] ?? 0),
          2,
        ).recall,
      0,
    );
    expect(before).toBe(0);
    const model = fitRerank(samples, { trees: 30, depth: 2, minLeafRows: 4, learningRate: 0.5, head: 8, k: 2 });
    expect(model.trees[0]?.split[0]).toBe(seeds);
    const threshold = model.trees[0]?.value[0] ?? NaN;
    expect(threshold).toBeGreaterThanOrEqual(1 / 3);
    expect(threshold).toBeLessThan(1);
    const after = samples.map((s) => {
      const scores = Array.from({ length: s.rows }, (_, k) => (s.inputs[k * RERANK_WIDTH + FEATURES.length] ?? 0) + modelOutput(model, (f) => s.inputs[k * RERANK_WIDTH + f] ?? 0));
      return sampleMeasures(s, scores, 2).recall;
    });
    expect(after).toEqual(samples.map(() => 1));
  });
});
