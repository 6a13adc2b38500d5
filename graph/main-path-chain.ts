/**
 * The global main path's chain without an exact SPC on every link.
 *
 * The chain into step c with the largest SPC sum is the best over the steps d it builds on of
 * best(d) + N⁻(d)·N⁺(c). Done exactly that is one big-integer product and one big-integer sum
 * per link, and on a whole citation graph the values run to thousands of bits: most of the time
 * goes to allocating and collecting those numbers. Here the comparison is first made on base-2
 * logarithms in doubles; only candidates within a rounding margin of the best are compared
 * exactly, and exact values are computed only along the chains that need them. The answer is
 * the exact one: a candidate dropped by the approximate pass is worse than the best by more than
 * any accumulated rounding error.
 */
import type { SearchPathCounts } from "./spc.ts";

/** How a step's candidates are ordered: larger SPC sum, then better cited, then earlier. */
export type StepWeight = (step: number) => number;

export interface GlobalChain {
  /** Steps from a source to the best sink, in flow order (empty when no link is in scope). */
  chain: number[];
  /** Its SPC sum, exact. */
  weight: bigint;
}

/**
 * Whether a chain through step `c` worth `candidate` beats the best so far (`value`, through
 * `current`, -1 for none): the larger sum, then the better cited step, then the earlier one.
 */
export function betterChain(stepWeight: StepWeight) {
  return (candidate: bigint, c: number, value: bigint, current: number): boolean =>
    current < 0 || candidate > value || (candidate === value && (stepWeight(c) > stepWeight(current) || (stepWeight(c) === stepWeight(current) && c < current)));
}

/** log2(2^a + 2^b) for log-domain values (-Infinity stands for zero). */
function logAdd(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  const hi = a > b ? a : b;
  const lo = a > b ? b : a;
  // Past 64 binary orders the smaller term changes the sum by under 2^-64 of it: far inside the margin.
  return hi - lo > 64 ? hi : hi + Math.log2(1 + 2 ** (lo - hi));
}

/**
 * Rounding margin for values near `m` (log2 units) after at most `operations` roundings: each
 * costs at most a few units in the last place of the magnitude (2^-52·|m|), and no value here is
 * the result of more operations than there are steps and links.
 */
const marginFor = (operations: number) => (m: number) => 1e-9 + Math.abs(m) * 2 ** -50 * operations;

export function globalMainChain(counts: SearchPathCounts, stepWeight: StepWeight): GlobalChain {
  const { buildsOn, builtBy, components } = counts.condensation;
  const { fromSources, toSinks } = counts;
  const n = components.length;
  let links = 0;
  for (const succs of builtBy) links += succs.length;
  const margin = marginFor(n + links);
  // log2 N⁻ and log2 N⁺ by the same recurrences as the exact counts, in doubles.
  const logFrom = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    const preds = buildsOn[c] ?? [];
    let sum = preds.length === 0 ? 0 : -Infinity;
    for (const d of preds) sum = logAdd(sum, logFrom[d] as number);
    logFrom[c] = sum;
  }
  const logTo = new Float64Array(n);
  for (let c = n - 1; c >= 0; c--) {
    const succs = builtBy[c] ?? [];
    let sum = succs.length === 0 ? 0 : -Infinity;
    for (const e of succs) sum = logAdd(sum, logTo[e] as number);
    logTo[c] = sum;
  }

  const approx = new Float64Array(n).fill(-Infinity);
  const next = new Int32Array(n).fill(-1);
  const exact: (bigint | undefined)[] = new Array<bigint | undefined>(n);
  /** The exact SPC sum of the best chain into c, computed along the chain once and remembered. */
  const exactInto = (c: number): bigint => {
    const pending: number[] = [];
    let s = c;
    while (s >= 0 && exact[s] === undefined) {
      pending.push(s);
      s = next[s] as number;
    }
    for (let k = pending.length - 1; k >= 0; k--) {
      const step = pending[k] as number;
      const d = next[step] as number;
      exact[step] = d < 0 ? 0n : (exact[d] as bigint) + (fromSources[d] as bigint) * (toSinks[step] as bigint);
    }
    return exact[c] as bigint;
  };
  const better = betterChain(stepWeight);

  const candidates = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    const preds = buildsOn[c] ?? [];
    if (preds.length === 0) continue;
    let best = -Infinity;
    for (let k = 0; k < preds.length; k++) {
      const d = preds[k] as number;
      const v = logAdd(approx[d] as number, (logFrom[d] as number) + (logTo[c] as number));
      candidates[k] = v;
      if (v > best) best = v;
    }
    const floor = best - margin(best);
    let chosen = -1;
    let tied = false;
    for (let k = 0; k < preds.length; k++) {
      if ((candidates[k] as number) < floor) continue;
      if (chosen >= 0) tied = true;
      else chosen = preds[k] as number;
    }
    if (tied) {
      // Close enough that rounding could decide: compare exactly, in the order a pull over the
      // sorted predecessors would (the tie-break prefers the earlier step).
      let value = 0n;
      chosen = -1;
      for (let k = 0; k < preds.length; k++) {
        if ((candidates[k] as number) < floor) continue;
        const d = preds[k] as number;
        const candidate = exactInto(d) + (fromSources[d] as bigint) * (toSinks[c] as bigint);
        if (better(candidate, d, value, chosen)) {
          value = candidate;
          chosen = d;
        }
      }
      exact[c] = value;
    }
    next[c] = chosen;
    approx[c] = best;
  }

  // The chain ends at the sink with the best chain into it; isolated papers carry none.
  let best = -Infinity;
  for (let c = 0; c < n; c++) {
    if ((builtBy[c] ?? []).length === 0 && (buildsOn[c] ?? []).length > 0 && (approx[c] as number) > best) best = approx[c] as number;
  }
  let end = -1;
  let endValue = 0n;
  const floor = best - margin(best);
  for (let c = 0; c < n; c++) {
    if ((builtBy[c] ?? []).length > 0 || (buildsOn[c] ?? []).length === 0 || (approx[c] as number) < floor) continue;
    const value = exactInto(c);
    if (end < 0 || value > endValue || (value === endValue && stepWeight(c) > stepWeight(end))) {
      end = c;
      endValue = value;
    }
  }
  const chain: number[] = [];
  for (let s = end; s >= 0; s = next[s] as number) chain.push(s);
  return { chain: chain.reverse(), weight: endValue };
}
