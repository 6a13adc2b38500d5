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

interface Best {
  value: bigint;
  /** The neighbouring step the best chain continues to, or -1 at its end. */
  next: number;
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
  // counts.links lists each step's flow links in builtBy order, so link (from, to) sits at
  // linkStart[from] + (position of `to` in builtBy[from]): no keyed map over a million links.
  const linkStart = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) linkStart[c + 1] = (linkStart[c] ?? 0) + (builtBy[c]?.length ?? 0);
  if (linkStart[n] !== counts.links.length) throw new Error("main path: search path counts do not match their condensation");
  const linkSpc = (from: number, position: number) => counts.links[(linkStart[from] ?? 0) + position]?.spc ?? 0n;
  const spc = (from: number, to: number): bigint => {
    const list = builtBy[from] ?? [];
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = list[mid] ?? 0;
      if (v === to) return linkSpc(from, mid);
      if (v < to) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0n;
  };
  const better = (candidate: bigint, c: number, best: Best) =>
    best.next < 0 ||
    candidate > best.value ||
    (candidate === best.value && (stepWeight(c) > stepWeight(best.next) || (stepWeight(c) === stepWeight(best.next) && c < best.next)));

  // Best chain from a source into each step (continuing backward) and from each step to a sink.
  const intoStep: Best[] = new Array<Best>(n);
  for (let c = 0; c < n; c++) {
    let best: Best = { value: 0n, next: -1 };
    for (const d of buildsOn[c] ?? []) {
      const candidate = (intoStep[d]?.value ?? 0n) + spc(d, c);
      if (better(candidate, d, best)) best = { value: candidate, next: d };
    }
    intoStep[c] = best;
  }
  // Chains out of each step are needed for key routes only.
  const outOfStep: Best[] = new Array<Best>(n);
  for (let c = keyRouteCount > 0 ? n - 1 : -1; c >= 0; c--) {
    let best: Best = { value: 0n, next: -1 };
    const successors = builtBy[c] ?? [];
    for (let k = 0; k < successors.length; k++) {
      const e = successors[k] ?? 0;
      const candidate = (outOfStep[e]?.value ?? 0n) + linkSpc(c, k);
      if (better(candidate, e, best)) best = { value: candidate, next: e };
    }
    outOfStep[c] = best;
  }

  const chainInto = (c: number): number[] => {
    const chain: number[] = [];
    for (let s = c; s >= 0; s = intoStep[s]?.next ?? -1) chain.push(s);
    return chain.reverse();
  };
  const chainOutOf = (c: number): number[] => {
    const chain: number[] = [];
    for (let s = c; s >= 0; s = outOfStep[s]?.next ?? -1) chain.push(s);
    return chain;
  };
  const steps = (chain: number[]): MainPathStep[] =>
    chain.map((c, k) => {
      const [head = 0, ...members] = heads[c] ?? [];
      return { index: head, members, spc: k === 0 ? 0n : spc(chain[k - 1] ?? 0, c) };
    });

  // The global main path ends at the sink with the best chain into it; isolated papers carry none.
  let end = -1;
  for (let c = 0; c < n; c++) {
    if ((builtBy[c] ?? []).length > 0 || (buildsOn[c] ?? []).length === 0) continue;
    const value = intoStep[c]?.value ?? 0n;
    if (end < 0 || value > (intoStep[end]?.value ?? 0n) || (value === (intoStep[end]?.value ?? 0n) && stepWeight(c) > stepWeight(end))) end = c;
  }
  const chain = end < 0 ? [] : chainInto(end);

  const keyRoutes: KeyRoute[] = [];
  const union = new Map<string, { from: number; to: number; spc: bigint }>();
  if (keyRouteCount > 0) {
    const ranked = [...counts.links].sort(byLinkWeight(stepWeight)).slice(0, keyRouteCount);
    for (const link of ranked) {
      const route = [...chainInto(link.from), ...chainOutOf(link.to)];
      const routeSteps = steps(route);
      keyRoutes.push({
        from: routeSteps.find((_, k) => route[k] === link.from)?.index ?? 0,
        to: routeSteps.find((_, k) => route[k] === link.to)?.index ?? 0,
        spc: link.spc,
        path: routeSteps,
        weight: (intoStep[link.from]?.value ?? 0n) + link.spc + (outOfStep[link.to]?.value ?? 0n),
      });
      for (let k = 1; k < route.length; k++) {
        const from = route[k - 1] ?? 0;
        const to = route[k] ?? 0;
        const a = heads[from]?.[0] ?? 0;
        const b = heads[to]?.[0] ?? 0;
        union.set(`${a} ${b}`, { from: a, to: b, spc: spc(from, to) });
      }
    }
  }
  return {
    path: steps(chain),
    weight: end < 0 ? 0n : (intoStep[end]?.value ?? 0n),
    totalPaths: counts.totalPaths,
    keyRoutes,
    keyRouteLinks: [...union.values()],
    method: "SPC",
  };
}

/** Largest SPC first; ties by the better cited steps, then flow order. */
function byLinkWeight(stepWeight: (c: number) => number) {
  return (a: FlowLink, b: FlowLink): number =>
    a.spc !== b.spc
      ? a.spc > b.spc
        ? -1
        : 1
      : stepWeight(b.from) + stepWeight(b.to) - (stepWeight(a.from) + stepWeight(a.to)) || a.from - b.from || a.to - b.to;
}
