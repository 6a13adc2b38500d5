/**
 * Fitting the re-ranking trees (graph/relevance-rerank.ts) by LambdaMART (Burges, "From RankNet
 * to LambdaRank to LambdaMART: An Overview", MSR-TR-2010-82, 2010): gradient boosting of
 * regression trees where each candidate's gradient (its "lambda") is the pull of every pair it
 * forms with a candidate of the other relevance, ρ = 1 / (1 + e^(s_i - s_j)) for the pair's
 * scores, weighted by |ΔnDCG|, the change of nDCG were the two swapped in the current ranking.
 * Each tree is grown greedily to `depth` on the features binned at their quantiles, splits
 * chosen by the Newton gain G_L²/(H_L + 1) + G_R²/(H_R + 1) - G²/(H + 1) (the lambdas' sums G and
 * their second derivatives' sums H), leaves at learningRate · G / (H + 1), as in LightGBM and
 * XGBoost; a split keeps at least `minLeafRows` candidates on each side. The trees start from the
 * fitted linear score (relevance-fusion.ts), one of their inputs, and see only the `head` best
 * candidates of each query, as the engine re-ranks them. Pure: the samples come in, a model goes out.
 */
import { FEATURES, type CandidateSignals } from "../graph/relevance-signals.ts";
import { fusedScores, rankByScore } from "../graph/relevance-fusion.ts";
import { LEAF, RERANK_WIDTH, modelOutput, type RegressionTree, type RerankModel } from "../graph/relevance-rerank.ts";

export const RERANK_FIT_DEFAULTS = { trees: 120, depth: 3, learningRate: 0.1, head: 150, minLeafRows: 20, bins: 64, k: 20 };
export type RerankFitOptions = typeof RERANK_FIT_DEFAULTS;

/** One query's head: the tree inputs of its `head` best candidates by the linear score, and which are relevant. */
export interface RerankSample {
  rows: number;
  /** RERANK_WIDTH numbers per candidate. */
  inputs: Float64Array;
  relevant: Uint8Array;
  /** The query's relevant papers, found or not (recall's denominator). */
  relevantCount: number;
}

export function rerankSample(signals: CandidateSignals, relevant: ReadonlySet<number>, head: number): RerankSample {
  const linear = fusedScores(signals);
  const order = rankByScore(signals, linear).slice(0, head);
  const width = FEATURES.length;
  const inputs = new Float64Array(order.length * RERANK_WIDTH);
  const isRelevant = new Uint8Array(order.length);
  order.forEach((c, r) => {
    for (let f = 0; f < width; f++) inputs[r * RERANK_WIDTH + f] = signals.features[c * width + f] ?? 0;
    inputs[r * RERANK_WIDTH + width] = linear[c] ?? 0;
    isRelevant[r] = relevant.has(signals.candidates[c] ?? -1) ? 1 : 0;
  });
  return { rows: order.length, inputs, relevant: isRelevant, relevantCount: relevant.size };
}

/** Rows of a sample by descending score, ties to the earlier row (the better linear rank). */
function orderOf(scores: ArrayLike<number>, rows: number): number[] {
  return Array.from({ length: rows }, (_, r) => r).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
}

function idealDcg(sample: RerankSample, k: number): number {
  let ideal = 0;
  for (let p = 0; p < Math.min(k, sample.relevantCount); p++) ideal += 1 / Math.log2(p + 2);
  return ideal;
}

/** Recall@k and nDCG@k of one sample's rows ranked by `scores`. */
export function sampleMeasures(sample: RerankSample, scores: ArrayLike<number>, k: number): { recall: number; ndcg: number } {
  let hits = 0;
  let dcg = 0;
  orderOf(scores, sample.rows)
    .slice(0, k)
    .forEach((r, p) => {
      if (sample.relevant[r]) {
        hits++;
        dcg += 1 / Math.log2(p + 2);
      }
    });
  const ideal = idealDcg(sample, k);
  return { recall: sample.relevantCount > 0 ? hits / sample.relevantCount : 0, ndcg: ideal > 0 ? dcg / ideal : 0 };
}

/** LambdaMART's first and second derivatives for one sample at the current scores (untruncated nDCG). */
export function lambdas(sample: RerankSample, scores: ArrayLike<number>, k: number): { gradient: Float64Array; hessian: Float64Array } {
  const gradient = new Float64Array(sample.rows);
  const hessian = new Float64Array(sample.rows);
  const ideal = idealDcg(sample, k);
  if (ideal === 0) return { gradient, hessian };
  const position = new Int32Array(sample.rows);
  orderOf(scores, sample.rows).forEach((r, p) => (position[r] = p));
  const discount = (r: number) => 1 / Math.log2((position[r] ?? 0) + 2);
  for (let a = 0; a < sample.rows; a++) {
    if (!sample.relevant[a]) continue;
    for (let b = 0; b < sample.rows; b++) {
      if (sample.relevant[b]) continue;
      const delta = Math.abs(discount(a) - discount(b)) / ideal;
      const rho = 1 / (1 + Math.exp((scores[a] ?? 0) - (scores[b] ?? 0)));
      gradient[a] = (gradient[a] ?? 0) + delta * rho;
      gradient[b] = (gradient[b] ?? 0) - delta * rho;
      const h = delta * rho * (1 - rho);
      hessian[a] = (hessian[a] ?? 0) + h;
      hessian[b] = (hessian[b] ?? 0) + h;
    }
  }
  return { gradient, hessian };
}

interface Binned {
  /** Per input: the bin edges (ascending, distinct), and for each bin the smallest value in the bin above it. */
  edges: Float64Array[];
  nextAbove: Float64Array[];
  /** Per input: each row's bin. */
  bin: Uint8Array[];
}

function binInputs(values: (input: number, row: number) => number, rows: number, bins: number): Binned {
  const edges: Float64Array[] = [];
  const nextAbove: Float64Array[] = [];
  const bin: Uint8Array[] = [];
  for (let f = 0; f < RERANK_WIDTH; f++) {
    const sorted = Float64Array.from({ length: rows }, (_, r) => values(f, r)).sort();
    const e: number[] = [];
    for (let b = 1; b < bins; b++) {
      const v = sorted[Math.floor((b * sorted.length) / bins)] ?? 0;
      if (e.length === 0 || v > (e[e.length - 1] ?? 0)) e.push(v);
    }
    const fe = Float64Array.from(e);
    const fb = new Uint8Array(rows);
    const above = new Float64Array(fe.length + 1).fill(Infinity);
    for (let r = 0; r < rows; r++) {
      const v = values(f, r);
      let lo = 0;
      let hi = fe.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= (fe[mid] ?? 0)) hi = mid;
        else lo = mid + 1;
      }
      fb[r] = lo;
      if (lo > 0 && v < (above[lo - 1] ?? Infinity)) above[lo - 1] = v;
    }
    edges.push(fe);
    nextAbove.push(above);
    bin.push(fb);
  }
  return { edges, nextAbove, bin };
}

/** A threshold between an edge and the next value above it, as short as stays between them. */
function threshold(edge: number, above: number): number {
  if (!Number.isFinite(above)) return edge;
  const middle = (edge + above) / 2;
  for (let digits = 3; digits <= 17; digits++) {
    const t = Number(middle.toPrecision(digits));
    if (t >= edge && t < above) return t;
  }
  return edge;
}

function growTree(rows: Int32Array, depth: number, gradient: Float64Array, hessian: Float64Array, binned: Binned, options: RerankFitOptions): RegressionTree {
  const size = 2 ** (depth + 1) - 1;
  const split = new Array<number>(size).fill(LEAF);
  const value = new Array<number>(size).fill(0);
  const grow = (node: number, members: Int32Array, left: number) => {
    let g = 0;
    let h = 0;
    for (const r of members) {
      g += gradient[r] ?? 0;
      h += hessian[r] ?? 0;
    }
    value[node] = Number(((options.learningRate * g) / (h + 1)).toPrecision(6));
    if (left === 0 || members.length < 2 * options.minLeafRows) return;
    const parent = (g * g) / (h + 1);
    let best = { gain: 1e-12, input: -1, bin: -1 };
    for (let f = 0; f < RERANK_WIDTH; f++) {
      const edges = binned.edges[f] ?? new Float64Array(0);
      const rowBin = binned.bin[f] ?? new Uint8Array(0);
      const gh = new Float64Array(edges.length + 1);
      const hh = new Float64Array(edges.length + 1);
      const ch = new Int32Array(edges.length + 1);
      for (const r of members) {
        const b = rowBin[r] ?? 0;
        gh[b] = (gh[b] ?? 0) + (gradient[r] ?? 0);
        hh[b] = (hh[b] ?? 0) + (hessian[r] ?? 0);
        ch[b] = (ch[b] ?? 0) + 1;
      }
      let gl = 0;
      let hl = 0;
      let cl = 0;
      for (let b = 0; b < edges.length; b++) {
        gl += gh[b] ?? 0;
        hl += hh[b] ?? 0;
        cl += ch[b] ?? 0;
        if (cl < options.minLeafRows || members.length - cl < options.minLeafRows) continue;
        const gain = (gl * gl) / (hl + 1) + ((g - gl) * (g - gl)) / (h - hl + 1) - parent;
        if (gain > best.gain) best = { gain, input: f, bin: b };
      }
    }
    if (best.input < 0) return;
    const rowBin = binned.bin[best.input] ?? new Uint8Array(0);
    split[node] = best.input;
    value[node] = threshold(binned.edges[best.input]?.[best.bin] ?? 0, binned.nextAbove[best.input]?.[best.bin] ?? Infinity);
    grow(
      2 * node + 1,
      members.filter((r) => (rowBin[r] ?? 0) <= best.bin),
      left - 1,
    );
    grow(
      2 * node + 2,
      members.filter((r) => (rowBin[r] ?? 0) > best.bin),
      left - 1,
    );
  };
  grow(0, rows, depth);
  return { split, value };
}

/** Boosted trees fitted on the samples; `log` hears the training recall@k every 10 trees. */
export function fitRerank(samples: readonly RerankSample[], options: Partial<RerankFitOptions> = {}, log: (line: string) => void = () => {}): RerankModel {
  const o = Object.assign({}, RERANK_FIT_DEFAULTS, options);
  const starts: number[] = [];
  let total = 0;
  for (const s of samples) {
    starts.push(total);
    total += s.rows;
  }
  const sampleOfRow = new Int32Array(total);
  samples.forEach((s, q) => sampleOfRow.fill(q, starts[q] ?? 0, (starts[q] ?? 0) + s.rows));
  const input = (f: number, r: number) => {
    const q = sampleOfRow[r] ?? 0;
    return samples[q]?.inputs[(r - (starts[q] ?? 0)) * RERANK_WIDTH + f] ?? 0;
  };
  const binned = binInputs(input, total, o.bins);
  // Scores start at the linear score, the last input.
  const scores = Float64Array.from({ length: total }, (_, r) => input(RERANK_WIDTH - 1, r));
  const gradient = new Float64Array(total);
  const hessian = new Float64Array(total);
  const everyRow = Int32Array.from({ length: total }, (_, r) => r);
  const trees: RegressionTree[] = [];
  const recall = () => samples.reduce((sum, s, q) => sum + sampleMeasures(s, scores.subarray(starts[q] ?? 0, (starts[q] ?? 0) + s.rows), o.k).recall, 0) / Math.max(1, samples.length);
  log(`re-ranking fit: ${samples.length} queries, ${total} candidates; recall@${o.k} by the linear score ${recall().toFixed(4)}`);
  for (let t = 0; t < o.trees; t++) {
    samples.forEach((s, q) => {
      const at = starts[q] ?? 0;
      const l = lambdas(s, scores.subarray(at, at + s.rows), o.k);
      gradient.set(l.gradient, at);
      hessian.set(l.hessian, at);
    });
    const tree = growTree(everyRow, o.depth, gradient, hessian, binned, o);
    trees.push(tree);
    const model: RerankModel = { head: o.head, trees: [tree] };
    for (let r = 0; r < total; r++) scores[r] = (scores[r] ?? 0) + modelOutput(model, (f) => input(f, r));
    if ((t + 1) % 10 === 0) log(`re-ranking fit: ${t + 1} trees, training recall@${o.k} ${recall().toFixed(4)}`);
  }
  return { head: o.head, trees };
}

/** The model as the source of graph/relevance-rerank-model.ts, with a header saying how it was fitted. */
export function rerankModelModule(model: RerankModel, how: readonly string[]): string {
  const trees = model.trees.map((t) => `    { split: [${t.split.join(", ")}], value: [${t.value.join(", ")}] },`);
  return [
    "/**",
    " * The re-ranking trees of the relevance engine (graph/relevance-rerank.ts), written by",
    " * `npx tsx eval/run.ts reading-lists --fit-rerank > new-model.ts` (eval/rerank-fit.ts, LambdaMART; not",
    " * straight into this file, which the run imports), then moved here and formatted with prettier; do not",
    " * edit by hand. Inputs: FEATURES of relevance-signals.ts in order, then the linear",
    " * score of relevance-fusion.ts's FITTED_WEIGHTS (refit these trees whenever those weights change).",
    ...how.map((line) => ` * ${line}`),
    " */",
    'import type { RerankModel } from "./relevance-rerank.ts";',
    "",
    "export const RERANK_MODEL: RerankModel = {",
    `  head: ${model.head},`,
    "  trees: [",
    ...trees,
    "  ],",
    "};",
    "",
  ].join("\n");
}
