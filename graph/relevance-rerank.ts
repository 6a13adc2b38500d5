/**
 * Re-ranking the head of the fused ranking (relevance-fusion.ts) with boosted regression trees:
 * LambdaMART (Burges, "From RankNet to LambdaRank to LambdaMART: An Overview", Microsoft
 * Research MSR-TR-2010-82; Wu, Burges, Svore & Gao, "Adapting boosting for information
 * retrieval measures", Information Retrieval 13, 2010). The linear model weighs each feature the
 * same whatever the others say; the trees add what it cannot: a correction learnt from the
 * features together with the linear score (a share of co-citations that counts for more when no
 * seed cites the paper, a title match that counts for less far before the seeds...). Only the
 * `head` best candidates of the linear ranking are re-scored, as the model was fitted: each gets
 * its linear score plus the sum of the trees' outputs; the papers past the head keep their
 * linear order below it. The model (relevance-rerank-model.ts) was fitted by
 * eval/rerank-fit.ts; its header says on what and how well it does.
 * A tree is stored in heap order (the children of node i are 2i + 1 and 2i + 2): `split[i]` is
 * the feature a node tests (an index into FEATURES, or FEATURES.length for the linear score) and
 * `value[i]` its threshold (a paper goes left when its value is at most the threshold), or, when
 * `split[i]` is -1, the node is a leaf and `value[i]` is its output.
 */
import { FEATURES, type CandidateSignals } from "./relevance-signals.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export interface RegressionTree {
  split: number[];
  value: number[];
}

export interface RerankModel {
  /** How many of the linear ranking's best candidates are re-scored. */
  head: number;
  trees: RegressionTree[];
}

/** The tree inputs: the features, then the linear score. */
export const RERANK_WIDTH = FEATURES.length + 1;

export const LEAF = -1;

/** A tree's output for one candidate, given its inputs (feature f at `row(f)`). */
export function treeOutput(tree: RegressionTree, row: (input: number) => number): number {
  let node = 0;
  for (;;) {
    const split = tree.split[node];
    const value = tree.value[node];
    if (split === undefined || value === undefined) throw new Error(`relevance re-ranking: tree has no node ${node}`);
    if (split === LEAF) return value;
    node = row(split) <= value ? 2 * node + 1 : 2 * node + 2;
  }
}

/** The sum of the model's trees for one candidate. */
export function modelOutput(model: RerankModel, row: (input: number) => number): number {
  let sum = 0;
  for (const tree of model.trees) sum += treeOutput(tree, row);
  return sum;
}

/**
 * The final scores and order: the head of the linear ranking (`linearOrder`, positions into
 * `signals.candidates`) re-scored and re-sorted (ties to the lower paper index), then the rest
 * in their linear order, their scores shifted under the head's lowest so that scores fall along
 * the order.
 */
export function rerankHead(
  signals: CandidateSignals,
  linear: Float64Array,
  linearOrder: readonly number[],
  model: RerankModel,
  budget: QueryBudget = UNBOUNDED,
): { scores: Float64Array; positions: number[] } {
  const width = FEATURES.length;
  const scores = Float64Array.from(linear);
  const head = linearOrder.slice(0, model.head);
  if (head.length === 0 || model.trees.length === 0) return { scores, positions: [...linearOrder] };
  for (const c of head) {
    budget.tick();
    const row = (input: number) => (input === width ? (linear[c] ?? 0) : (signals.features[c * width + input] ?? 0));
    scores[c] = (linear[c] ?? 0) + modelOutput(model, row);
  }
  const paper = (c: number) => signals.candidates[c] ?? 0;
  head.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || paper(a) - paper(b));
  const rest = linearOrder.slice(model.head);
  const first = rest[0];
  const last = head[head.length - 1];
  if (first !== undefined && last !== undefined) {
    // Shift the rest so that the best of them sits 1 under the head's lowest.
    const shift = (scores[last] ?? 0) - 1 - (linear[first] ?? 0);
    for (const c of rest) scores[c] = (linear[c] ?? 0) + Math.min(0, shift);
  }
  return { scores, positions: [...head, ...rest] };
}
