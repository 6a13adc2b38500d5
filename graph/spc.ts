/**
 * Search path counts (SPC), the traversal weights of main path analysis: Hummon & Doreian,
 * "Connectivity in a citation network: The development of DNA theory", Social Networks 1989, as
 * defined and computed in linear time by Batagelj, "Efficient algorithms for citation network
 * analysis", arXiv:cs/0309023 (2003).
 *
 * Knowledge flows from a cited paper to the papers citing it, so the flow graph reverses our
 * "builds on" edges. Sources are papers that build on nothing in scope, sinks papers nothing in
 * scope builds on. With N⁻(v) the number of source-to-v paths (1 at a source) and N⁺(v) the number
 * of v-to-sink paths (1 at a sink), an edge u → v lies on SPC(u, v) = N⁻(u) · N⁺(v) of the
 * source-to-sink paths. Counts grow exponentially with depth, so they are BigInts.
 *
 * Citation cycles exist in real data, so each strongly connected component (Tarjan) is first
 * collapsed into one step; parallel links between two steps are merged into one, so a step is
 * counted once however many of its members cite the other step.
 */
import type { CitationIndex } from "./citation-index.ts";
import { stronglyConnectedDense } from "./strongly-connected.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

/** The citation graph of a scope with its cycles collapsed: an acyclic flow network. */
export interface Condensation {
  /** Papers of each step; steps are numbered in flow order (a cited step before its citers). */
  components: number[][];
  /** Each paper's step, -1 for papers out of scope. */
  componentIndex: Int32Array;
  /** Flow successors of each step: the steps that build on it. Sorted, no repeats. */
  builtBy: number[][];
  /** Flow predecessors of each step: the steps it builds on. Sorted, no repeats. */
  buildsOn: number[][];
}

export interface FlowLink {
  /** The step built on (cited). */
  from: number;
  /** The step building on it (citing). */
  to: number;
  spc: bigint;
}

export interface SearchPathCounts {
  condensation: Condensation;
  /** N⁻ per step: paths from any source to it. */
  fromSources: bigint[];
  /** N⁺ per step: paths from it to any sink. */
  toSinks: bigint[];
  /**
   * SPC of every flow link, flat in flow order of `from`, then `to`: link (c, builtBy[c][k]) is
   * at `linkStart[c] + k`. No object per link (a whole graph has millions of them).
   */
  readonly linkSpc: bigint[];
  linkStart: Int32Array;
  /** Every flow link with its SPC weight as objects, in the same order (made when first read). */
  readonly links: FlowLink[];
  /** Number of source-to-sink paths (the flow through the network), counting no isolated paper. */
  totalPaths: bigint;
}

/**
 * Collapse the citation cycles of `scope` (default: every paper). Only links with both ends in
 * scope count. Tarjan's algorithm over "builds on" emits a component after every component it
 * builds on, which is exactly the order knowledge flows in.
 */
export function condense(graph: CitationIndex, scope?: Iterable<number>, budget: QueryBudget = UNBOUNDED): Condensation {
  const nodes = scope ? Int32Array.from(new Set(scope)).sort() : Int32Array.from({ length: graph.size }, (_, i) => i);
  let inScope: Uint8Array | undefined;
  if (scope) {
    inScope = new Uint8Array(graph.size);
    for (const n of nodes) inScope[n] = 1;
  }
  const include = inScope ? (m: number) => inScope[m] === 1 : () => true;
  const { componentIndex, components } = stronglyConnectedDense(graph.size, nodes, (n) => graph.neighbours(n, "buildsOn"), include, budget);
  const buildsOn: number[][] = components.map(() => []);
  const builtBy: number[][] = components.map(() => []);
  // Each step's cited steps once: `seenBy[d] === c` marks d as already listed for step c.
  const seenBy = new Int32Array(components.length).fill(-1);
  components.forEach((members, c) => {
    const cited: number[] = [];
    for (const n of members) {
      for (const m of graph.neighbours(n, "buildsOn")) {
        budget.tick();
        if (!include(m)) continue;
        const d = componentIndex[m] ?? -1;
        if (d < 0 || d === c || seenBy[d] === c) continue;
        seenBy[d] = c;
        cited.push(d);
      }
    }
    buildsOn[c] = cited.sort((a, b) => a - b);
    // Steps are visited in increasing order, so every builtBy list is built sorted.
    for (const d of cited) builtBy[d]?.push(c);
  });
  return { components, componentIndex, buildsOn, builtBy };
}

/** SPC weights over a condensed (acyclic) citation network: two passes, O(steps + links). */
export function searchPathCounts(condensation: Condensation, budget: QueryBudget = UNBOUNDED): SearchPathCounts {
  const { components, buildsOn, builtBy } = condensation;
  const n = components.length;
  const fromSources = new Array<bigint>(n).fill(0n);
  const toSinks = new Array<bigint>(n).fill(0n);
  // Steps are in flow order, so one forward pass and one backward pass suffice.
  for (let c = 0; c < n; c++) {
    const preds = buildsOn[c] ?? [];
    budget.tick();
    for (const d of preds) {
      if (d >= c) throw new Error(`spc: steps are not in flow order (${d} -> ${c})`);
    }
    let sum = preds.length === 0 ? 1n : 0n;
    for (const d of preds) sum += fromSources[d] ?? 0n;
    fromSources[c] = sum;
  }
  for (let c = n - 1; c >= 0; c--) {
    const succs = builtBy[c] ?? [];
    budget.tick();
    let sum = succs.length === 0 ? 1n : 0n;
    for (const e of succs) sum += toSinks[e] ?? 0n;
    toSinks[c] = sum;
  }
  const linkStart = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) linkStart[c + 1] = (linkStart[c] as number) + (builtBy[c]?.length ?? 0);
  let totalPaths = 0n;
  for (let c = 0; c < n; c++) {
    if ((buildsOn[c] ?? []).length === 0 && (builtBy[c] ?? []).length > 0) totalPaths += toSinks[c] ?? 0n;
  }
  // Every link's SPC is a big-integer product: made only when asked for (key routes rank them;
  // the global main path alone does without, see main-path-chain.ts).
  let linkSpc: bigint[] | undefined;
  let links: FlowLink[] | undefined;
  const spcs = (): bigint[] => {
    if (!linkSpc) {
      const made = new Array<bigint>(linkStart[n] as number);
      let k = 0;
      for (let c = 0; c < n; c++) {
        const from = fromSources[c] ?? 0n;
        for (const e of builtBy[c] ?? []) made[k++] = from * (toSinks[e] ?? 0n);
      }
      linkSpc = made;
    }
    return linkSpc;
  };
  return {
    condensation,
    fromSources,
    toSinks,
    linkStart,
    get linkSpc(): bigint[] {
      return spcs();
    },
    get links(): FlowLink[] {
      if (!links) {
        const all = spcs();
        const made: FlowLink[] = [];
        for (let c = 0; c < n; c++) {
          const succs = builtBy[c] ?? [];
          for (let j = 0; j < succs.length; j++) made.push({ from: c, to: succs[j] as number, spc: all[(linkStart[c] as number) + j] as bigint });
        }
        links = made;
      }
      return links;
    },
    totalPaths,
  };
}
