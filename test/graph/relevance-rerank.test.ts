/** The re-ranking trees (LambdaMART's model): a tree's walk, the head re-sorted, the rest kept below, the bundled model's shape. */
import { describe, expect, it } from "vitest";
import { FEATURES, type CandidateSignals, type FeatureName } from "../../graph/relevance-signals.ts";
import { fusedScores, rankByScore } from "../../graph/relevance-fusion.ts";
import { LEAF, RERANK_WIDTH, modelOutput, rerankHead, treeOutput, type RegressionTree, type RerankModel } from "../../graph/relevance-rerank.ts";
import { RERANK_MODEL } from "../../graph/relevance-rerank-model.ts";
import { relevantPapers } from "../../graph/relevance.ts";
import { TickBudget, citationIndex, paper } from "./test-graphs.ts";

const share = FEATURES.indexOf("coCitedShare");
const linearInput = FEATURES.length;

/** Root: coCitedShare ≤ 0.5 → leaf -1; else linear score ≤ 2 → leaf 3, else leaf 5. Heap order, 7 slots. */
const tree: RegressionTree = {
  split: [share, LEAF, linearInput, LEAF, LEAF, LEAF, LEAF],
  value: [0.5, -1, 2, 0, 0, 3, 5],
};

const inputs = (values: Partial<Record<FeatureName, number>>, linear: number) => (i: number) => (i === linearInput ? linear : (values[FEATURES[i] as FeatureName] ?? 0));

describe("a regression tree in heap order", () => {
  it("goes left at or under a threshold and returns the leaf it reaches", () => {
    expect(treeOutput(tree, inputs({ coCitedShare: 0.2 }, 9))).toBe(-1);
    expect(treeOutput(tree, inputs({ coCitedShare: 0.5 }, 9))).toBe(-1);
    expect(treeOutput(tree, inputs({ coCitedShare: 0.7 }, 1))).toBe(3);
    expect(treeOutput(tree, inputs({ coCitedShare: 0.7 }, 2))).toBe(3);
    expect(treeOutput(tree, inputs({ coCitedShare: 0.7 }, 2.5))).toBe(5);
  });

  it("sums the trees of a model, and names a missing node", () => {
    expect(modelOutput({ head: 1, trees: [tree, tree] }, inputs({ coCitedShare: 0.7 }, 3))).toBe(10);
    expect(() => treeOutput({ split: [share], value: [0.5] }, inputs({ coCitedShare: 1 }, 0))).toThrow(/no node 2/);
  });
});

/** Candidates (papers 40, 10, 30, 20) with a co-cited share and a text similarity each. */
function signals(coCitedShare: number[], textSimilarity: number[]): CandidateSignals {
  const candidates = [40, 10, 30, 20];
  const features = new Float64Array(candidates.length * FEATURES.length);
  candidates.forEach((_, c) => {
    features[c * FEATURES.length + share] = coCitedShare[c] ?? 0;
    features[c * FEATURES.length + FEATURES.indexOf("textSimilarity")] = textSimilarity[c] ?? 0;
  });
  return { candidates, features, sampled: false };
}

describe("rerankHead", () => {
  // Linear scores: only text counts (weights 1 on text similarity), so the linear order is 40, 10, 30, 20.
  const weights = Object.fromEntries(FEATURES.map((f) => [f, f === "textSimilarity" ? 1 : 0])) as Record<FeatureName, number>;
  const s = signals([0.1, 0.9, 0.8, 0.95], [4, 3, 2, 1]);
  const linear = fusedScores(s, weights);
  const order = rankByScore(s, linear);

  it("re-scores the head only: linear score plus the trees, re-sorted; the rest below in linear order", () => {
    // The tree adds 5 to 10 (share 0.9, linear 3 > 2), 3 to 30 (share 0.8, linear 2 ≤ 2) and -1 to 40 (share 0.1).
    const model: RerankModel = { head: 3, trees: [tree] };
    const { scores, positions } = rerankHead(s, linear, order, model);
    expect(positions.map((c) => s.candidates[c])).toEqual([10, 30, 40, 20]);
    expect(scores[1]).toBe(3 + 5);
    expect(scores[2]).toBe(2 + 3);
    expect(scores[0]).toBe(4 - 1);
    // Paper 20 would gain from the tree (share 0.95) but is past the head: it stays last, at its
    // linear score, already under the head's lowest (40 at 3).
    expect(scores[3]).toBe(1);
    for (let k = 1; k < positions.length; k++) expect(scores[positions[k] ?? 0] ?? 0).toBeLessThanOrEqual(scores[positions[k - 1] ?? 0] ?? 0);
  });

  it("leaves the rest's scores alone when they are under the head already, and ticks the budget per head paper", () => {
    const budget = new TickBudget();
    const lifting: RerankModel = { head: 2, trees: [{ split: [LEAF], value: [100] }] };
    const { scores, positions } = rerankHead(s, linear, order, lifting, budget);
    expect(positions.map((c) => s.candidates[c])).toEqual([40, 10, 30, 20]);
    expect([...scores]).toEqual([104, 103, 2, 1]);
    expect(budget.ticks).toBe(2);
  });

  it("shifts the rest under the head when the trees lower the head below them", () => {
    const lowering: RerankModel = { head: 2, trees: [{ split: [LEAF], value: [-10] }] };
    const { scores, positions } = rerankHead(s, linear, order, lowering);
    expect(positions.map((c) => s.candidates[c])).toEqual([40, 10, 30, 20]);
    // Head: 4 - 10 and 3 - 10; the best of the rest (30, linear 2) goes 1 under -7, and 20 keeps its gap of 1 to it.
    expect([...scores]).toEqual([-6, -7, -8, -9]);
  });

  it("is the linear ranking when the model has no trees", () => {
    const { scores, positions } = rerankHead(s, linear, order, { head: 150, trees: [] });
    expect(positions).toEqual(order);
    expect([...scores]).toEqual([...linear]);
  });
});

describe("the bundled model", () => {
  it("is whole trees in heap order over the engine's inputs", () => {
    expect(RERANK_MODEL.head).toBeGreaterThan(0);
    expect(RERANK_MODEL.trees.length).toBeGreaterThan(0);
    for (const t of RERANK_MODEL.trees) {
      expect(t.value).toHaveLength(t.split.length);
      t.split.forEach((f, node) => {
        expect(Number.isInteger(f) && f >= LEAF && f < RERANK_WIDTH).toBe(true);
        expect(Number.isFinite(t.value[node])).toBe(true);
        // An inner node's children exist.
        if (f !== LEAF) expect(2 * node + 2).toBeLessThan(t.split.length);
      });
    }
  });
});

describe("the engine with a re-ranking model", () => {
  // P1..P3 cite the seed A and X (X is co-cited with A three times); Y cites A alone.
  const graph = citationIndex(["A", "X", "P1", "P2", "P3", "Y"], "P1>A P1>X P2>A P2>X P3>A P3>X Y>A");
  const at = (id: string) => paper(graph, id);
  const buildsOnSeeds = FEATURES.indexOf("buildsOnSeeds");
  // One tree: +100 to every paper that builds on a seed.
  const favourCiters: RerankModel = { head: 150, trees: [{ split: [buildsOnSeeds, LEAF, LEAF], value: [0, 0, 100] }] };

  it("ranks by the fused score with rerank null, and by the trees' correction with a model", () => {
    const fused = relevantPapers({ graph }, [at("A")], { rerank: null });
    expect(fused[0]?.index).toBe(at("X"));
    const reranked = relevantPapers({ graph }, [at("A")], { rerank: favourCiters });
    expect(
      reranked
        .slice(0, 4)
        .map((p) => p.index)
        .sort(),
    ).toEqual([at("P1"), at("P2"), at("P3"), at("Y")].sort());
    expect(reranked[4]?.index).toBe(at("X"));
    // The evidence is the same whatever the order: X's co-citations with A are still counted exactly.
    expect(reranked[4]?.evidence.coCitedWith).toEqual([{ seed: at("A"), papers: 3 }]);
  });
});
