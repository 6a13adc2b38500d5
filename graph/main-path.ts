/**
 * Main path analysis over SPC weights (see spc.ts):
 * - the global main path: the source-to-sink chain with the largest total SPC (Liu & Lu, "An
 *   integrated approach for main path analysis: Development of the Hirsch index as an example",
 *   JASIST 63(3), 2012), by dynamic programming over the steps in flow order;
 * - key-route main paths (Liu & Lu 2012): the k links of largest SPC, each extended backward to a
 *   source and forward to a sink along the chains of largest total SPC (the global search), and
 *   the union of those chains.
 * A collapsed citation cycle is one step, listed once as its most cited member with the others
 * under `members`. Ties go to the better cited step, then to the earlier one, so results are
 * reproducible.
 */
import type { CitationIndex } from "./citation-index.ts";
import { condense, searchPathCounts, type FlowLink, type SearchPathCounts } from "./spc.ts";
import { betterChain, globalMainChain } from "./main-path-chain.ts";
import type { QueryBudget } from "./query-budget.ts";

export interface MainPathStep {
  index: number;
  /** Other papers of a citation cycle collapsed into this step, most cited first. */
  members: number[];
  /** SPC of the link from the previous step into this one (0 for the first step). */
  spc: bigint;
}

export interface KeyRoute {
  /** The key-route link: `to` builds on `from`. */
  from: number;
  to: number;
  spc: bigint;
  path: MainPathStep[];
  weight: bigint;
}

export interface MainPathResult {
  path: MainPathStep[];
  /** Total SPC along the path. */
  weight: bigint;
  /** Source-to-sink paths in the scope. */
  totalPaths: bigint;
  keyRoutes: KeyRoute[];
  /** The key-route network: every link of every key-route path, once. */
  keyRouteLinks: { from: number; to: number; spc: bigint }[];
  method: "SPC";
}

export interface MainPathOptions {
  /** Papers to analyse (default: all). */
  scope?: Iterable<number>;
  /** How many key routes to trace (0: none). */
  keyRoutes?: number;
  /** Importance of a paper, to name a collapsed step and to break ties (e.g. citations). */
  weight?: (index: number) => number;
  /** Stops the analysis (QueryBudgetExceeded) when it runs too long. */
  budget?: QueryBudget;
}

export function mainPath(graph: CitationIndex, options: MainPathOptions = {}): MainPathResult {
  const weight = options.weight ?? ((i: number) => graph.degree(i, "builtBy"));
  const counts = searchPathCounts(condense(graph, options.scope, options.budget), options.budget);
  return mainPathOf(counts, weight, options.keyRoutes ?? 0);
}

export function mainPathOf(counts: SearchPathCounts, weight: (index: number) => number, keyRouteCount = 0): MainPathResult {
  const { components, buildsOn, builtBy } = counts.condensation;
  const n = components.length;
  const heads = components.map((members) => [...members].sort((a, b) => weight(b) - weight(a) || a - b));
  const stepWeights = Float64Array.from(heads, (members) => weight(members[0] ?? 0));
  const stepWeight = (c: number) => stepWeights[c] ?? 0;
  const { fromSources, toSinks } = counts;
  /** SPC of the link from step `from` into step `to` (which builds on it). */
  const spc = (from: number, to: number): bigint => (fromSources[from] ?? 0n) * (toSinks[to] ?? 0n);
  const steps = (chain: number[]): MainPathStep[] =>
    chain.map((c, k) => {
      const [head = 0, ...members] = heads[c] ?? [];
      return { index: head, members, spc: k === 0 ? 0n : spc(chain[k - 1] ?? 0, c) };
    });
  if (keyRouteCount <= 0) {
    // The global main path alone needs no SPC per link (main-path-chain.ts).
    const { chain, weight } = globalMainChain(counts, stepWeight);
    return { path: steps(chain), weight, totalPaths: counts.totalPaths, keyRoutes: [], keyRouteLinks: [], method: "SPC" };
  }
  // Key routes rank every link by its SPC, so here every link's SPC is computed, exactly.
  // Link (c, builtBy[c][k]) has its SPC at counts.linkStart[c] + k: no keyed map over a million links.
  const { linkSpc: spcs, linkStart } = counts;
  if ((linkStart[n] ?? 0) !== spcs.length) throw new Error("main path: search path counts do not match their condensation");
  const better = betterChain(stepWeight);

  // Best chain from a source into each step (continuing backward through intoNext). Pushed along
  // each step's links in flow order: a step's value is final before it is pushed, and every step
  // sees its candidates in increasing order, as a pull over its sorted buildsOn list would.
  const intoValue = new Array<bigint>(n).fill(0n);
  const intoNext = new Int32Array(n).fill(-1);
  for (let d = 0; d < n; d++) {
    const successors = builtBy[d] ?? [];
    const base = intoValue[d] as bigint;
    const start = linkStart[d] as number;
    for (let k = 0; k < successors.length; k++) {
      const c = successors[k] as number;
      const candidate = base + (spcs[start + k] as bigint);
      if (better(candidate, d, intoValue[c] as bigint, intoNext[c] as number)) {
        intoValue[c] = candidate;
        intoNext[c] = d;
      }
    }
  }
  // Chains out of each step, from each link's citing end on to a sink.
  const outValue = new Array<bigint>(n).fill(0n);
  const outNext = new Int32Array(n).fill(-1);
  for (let c = n - 1; c >= 0; c--) {
    const successors = builtBy[c] ?? [];
    const start = linkStart[c] as number;
    for (let k = 0; k < successors.length; k++) {
      const e = successors[k] as number;
      const candidate = (outValue[e] as bigint) + (spcs[start + k] as bigint);
      if (better(candidate, e, outValue[c] as bigint, outNext[c] as number)) {
        outValue[c] = candidate;
        outNext[c] = e;
      }
    }
  }

  const chainInto = (c: number): number[] => {
    const chain: number[] = [];
    for (let s = c; s >= 0; s = intoNext[s] ?? -1) chain.push(s);
    return chain.reverse();
  };
  const chainOutOf = (c: number): number[] => {
    const chain: number[] = [];
    for (let s = c; s >= 0; s = outNext[s] ?? -1) chain.push(s);
    return chain;
  };
  // The global main path ends at the sink with the best chain into it; isolated papers carry none.
  let end = -1;
  for (let c = 0; c < n; c++) {
    if ((builtBy[c] ?? []).length > 0 || (buildsOn[c] ?? []).length === 0) continue;
    const value = intoValue[c] ?? 0n;
    if (end < 0 || value > (intoValue[end] ?? 0n) || (value === (intoValue[end] ?? 0n) && stepWeight(c) > stepWeight(end))) end = c;
  }
  const chain = end < 0 ? [] : chainInto(end);

  const keyRoutes: KeyRoute[] = [];
  const union = new Map<string, { from: number; to: number; spc: bigint }>();
  const ranked = [...counts.links].sort(byLinkWeight(stepWeight)).slice(0, keyRouteCount);
  for (const link of ranked) {
    const route = [...chainInto(link.from), ...chainOutOf(link.to)];
    const routeSteps = steps(route);
    keyRoutes.push({
      from: routeSteps.find((_, k) => route[k] === link.from)?.index ?? 0,
      to: routeSteps.find((_, k) => route[k] === link.to)?.index ?? 0,
      spc: link.spc,
      path: routeSteps,
      weight: (intoValue[link.from] ?? 0n) + link.spc + (outValue[link.to] ?? 0n),
    });
    for (let k = 1; k < route.length; k++) {
      const from = route[k - 1] ?? 0;
      const to = route[k] ?? 0;
      const a = heads[from]?.[0] ?? 0;
      const b = heads[to]?.[0] ?? 0;
      union.set(`${a} ${b}`, { from: a, to: b, spc: spc(from, to) });
    }
  }
  return {
    path: steps(chain),
    weight: end < 0 ? 0n : (intoValue[end] ?? 0n),
    totalPaths: counts.totalPaths,
    keyRoutes,
    keyRouteLinks: [...union.values()],
    method: "SPC",
  };
}

/** Largest SPC first; ties by the better cited steps, then flow order. */
function byLinkWeight(stepWeight: (c: number) => number) {
  return (a: FlowLink, b: FlowLink): number =>
    a.spc !== b.spc ? (a.spc > b.spc ? -1 : 1) : stepWeight(b.from) + stepWeight(b.to) - (stepWeight(a.from) + stepWeight(a.to)) || a.from - b.from || a.to - b.to;
}
