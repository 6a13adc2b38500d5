/**
 * The main path of the real AAN graph (about 95k citations, with citation cycles) against an
 * independent computation written here: Kosaraju's strongly connected components over the raw
 * edge list, Kahn's topological order, path counts and the heaviest chain by plain dynamic
 * programming. Only the answer is shared with graph/spc.ts and graph/main-path.ts, no code.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { aanGraph } from "./aan-graph.ts";
import { condense, searchPathCounts } from "../../graph/spc.ts";
import { mainPath, type MainPathResult } from "../../graph/main-path.ts";

interface Reference {
  componentOf: Map<string, number>;
  components: number;
  /** Flow links between components (cited → citing), deduplicated, with SPC. */
  spc: Map<string, bigint>;
  totalPaths: bigint;
  best: bigint;
  bestThrough: (from: number, to: number) => bigint;
}

/** Kosaraju (two DFS passes, iterative), then Kahn, then counting — all over string ids. */
function reference(edges: { citing: string; cited: string }[]): Reference {
  const ids = [...new Set(edges.flatMap((e) => [e.citing, e.cited]))];
  const flowOut = new Map<string, string[]>(ids.map((id) => [id, []]));
  const flowIn = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const e of edges) {
    flowOut.get(e.cited)?.push(e.citing);
    flowIn.get(e.citing)?.push(e.cited);
  }
  const finished: string[] = [];
  const visited = new Set<string>();
  for (const root of ids) {
    if (visited.has(root)) continue;
    visited.add(root);
    const stack: [string, number][] = [[root, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [string, number];
      const out = flowOut.get(top[0]) ?? [];
      if (top[1] < out.length) {
        const next = out[top[1]++] as string;
        if (!visited.has(next)) {
          visited.add(next);
          stack.push([next, 0]);
        }
      } else {
        finished.push(top[0]);
        stack.pop();
      }
    }
  }
  const componentOf = new Map<string, number>();
  let components = 0;
  for (let k = finished.length - 1; k >= 0; k--) {
    const root = finished[k] as string;
    if (componentOf.has(root)) continue;
    const stack = [root];
    componentOf.set(root, components);
    while (stack.length > 0) {
      const n = stack.pop() as string;
      for (const m of flowIn.get(n) ?? []) {
        if (!componentOf.has(m)) {
          componentOf.set(m, components);
          stack.push(m);
        }
      }
    }
    components++;
  }
  const succ = Array.from({ length: components }, () => new Set<number>());
  const pred = Array.from({ length: components }, () => new Set<number>());
  for (const e of edges) {
    const a = componentOf.get(e.cited) as number;
    const b = componentOf.get(e.citing) as number;
    if (a !== b) {
      succ[a]?.add(b);
      pred[b]?.add(a);
    }
  }
  const indegree = pred.map((p) => p.size);
  const order: number[] = [];
  const queue = indegree.flatMap((d, c) => (d === 0 ? [c] : []));
  while (queue.length > 0) {
    const c = queue.shift() as number;
    order.push(c);
    for (const s of succ[c] ?? []) if (--indegree[s]! === 0) queue.push(s);
  }
  if (order.length !== components) throw new Error("reference: condensation is not acyclic");
  const nMinus = new Array<bigint>(components).fill(0n);
  const nPlus = new Array<bigint>(components).fill(0n);
  for (const c of order) nMinus[c] = pred[c]!.size === 0 ? 1n : [...pred[c]!].reduce((s, p) => s + nMinus[p]!, 0n);
  for (const c of [...order].reverse()) nPlus[c] = succ[c]!.size === 0 ? 1n : [...succ[c]!].reduce((s, x) => s + nPlus[x]!, 0n);
  const spc = new Map<string, bigint>();
  for (let a = 0; a < components; a++) for (const b of succ[a]!) spc.set(`${a} ${b}`, nMinus[a]! * nPlus[b]!);
  let totalPaths = 0n;
  for (let c = 0; c < components; c++) if (pred[c]!.size === 0 && succ[c]!.size > 0) totalPaths += nPlus[c]!;
  // Heaviest chain into each component (from a source) and out of it (to a sink).
  const into = new Array<bigint>(components).fill(0n);
  for (const c of order) for (const p of pred[c]!) if (into[p]! + spc.get(`${p} ${c}`)! > into[c]!) into[c] = into[p]! + spc.get(`${p} ${c}`)!;
  const out = new Array<bigint>(components).fill(0n);
  for (const c of [...order].reverse()) for (const s of succ[c]!) if (out[s]! + spc.get(`${c} ${s}`)! > out[c]!) out[c] = out[s]! + spc.get(`${c} ${s}`)!;
  let best = 0n;
  for (let c = 0; c < components; c++) if (succ[c]!.size === 0 && pred[c]!.size > 0 && into[c]! > best) best = into[c]!;
  return { componentOf, components, spc, totalPaths, best, bestThrough: (a, b) => into[a]! + spc.get(`${a} ${b}`)! + out[b]! };
}

let ref: Reference;
let result: MainPathResult;

beforeAll(() => {
  const { index, edges } = aanGraph();
  ref = reference(edges);
  result = mainPath(index, { keyRoutes: 10 });
});

/** Checks a chain step by step against the reference and returns its SPC sum. */
function checkChain(path: MainPathResult["path"]): bigint {
  const { index } = aanGraph();
  const comp = (i: number) => ref.componentOf.get(index.id(i)) as number;
  let sum = 0n;
  path.forEach((step, k) => {
    // Every member of a collapsed step belongs to the same citation cycle.
    for (const m of step.members) expect(comp(m)).toBe(comp(step.index));
    if (k === 0) return;
    const link = ref.spc.get(`${comp(path[k - 1]!.index)} ${comp(step.index)}`);
    expect(link, `step ${k} must build on step ${k - 1}`).toBeDefined();
    expect(step.spc).toBe(link);
    sum += link ?? 0n;
  });
  return sum;
}

describe("main path of the AAN graph against an independent computation", () => {
  it("collapses the same citation cycles", () => {
    const { index } = aanGraph();
    const counts = searchPathCounts(condense(index));
    expect(counts.condensation.components.length).toBe(ref.components);
    const cycles = counts.condensation.components.filter((c) => c.length > 1);
    // The figure: the AAN graph has 252 citation cycles.
    expect(cycles.length).toBe(252);
    for (const members of cycles) {
      const c = ref.componentOf.get(index.id(members[0]!));
      expect(members.every((m) => ref.componentOf.get(index.id(m)) === c)).toBe(true);
    }
    expect(counts.links.length).toBe(ref.spc.size);
    expect(counts.totalPaths).toBe(ref.totalPaths);
    // The counts do overflow doubles here: BigInt is needed.
    expect(counts.totalPaths > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it("finds a source-to-sink chain of the largest total SPC", () => {
    const { index } = aanGraph();
    expect(result.weight).toBe(ref.best);
    expect(result.path.length).toBeGreaterThan(3);
    expect(checkChain(result.path)).toBe(result.weight);
    const first = result.path[0]!;
    const last = result.path.at(-1)!;
    // Starts at a paper building on nothing outside its step, ends where nothing builds on it.
    for (const m of [first.index, ...first.members]) {
      for (const cited of index.neighbours(m, "buildsOn")) expect([first.index, ...first.members]).toContain(cited);
    }
    for (const m of [last.index, ...last.members]) {
      for (const citing of index.neighbours(m, "builtBy")) expect([last.index, ...last.members]).toContain(citing);
    }
  });

  it("traces key routes through the top-SPC links, each the heaviest chain through its link", () => {
    const { index } = aanGraph();
    const comp = (i: number) => ref.componentOf.get(index.id(i)) as number;
    const top = [...ref.spc.values()].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)).slice(0, 10);
    expect(result.keyRoutes.map((r) => r.spc)).toEqual(top);
    for (const route of result.keyRoutes) {
      expect(checkChain(route.path)).toBe(route.weight);
      expect(route.weight).toBe(ref.bestThrough(comp(route.from), comp(route.to)));
    }
    expect(result.keyRoutes[0]?.weight).toBeLessThanOrEqual(result.weight);
  });
});
