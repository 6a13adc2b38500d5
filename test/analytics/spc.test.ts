/** Search path counts and main paths on graphs small enough to work by hand. */
import { describe, expect, it } from "vitest";
import { condense, searchPathCounts } from "../../graph/spc.ts";
import { mainPath } from "../../graph/main-path.ts";
import { indexOf } from "./aan-graph.ts";

/**
 * Knowledge flows from a cited paper to the papers citing it. The flow network, written cited → citing:
 *
 *   h → b,  a → c,  b → c,  b → d,  c → e,  d → e,  c → f,  e → g,  f → g
 *
 * Sources (build on nothing): a, h. Sink (nothing builds on it): g.
 * N⁻ (source-to-v paths, 1 at a source), in flow order:
 *   a 1, h 1, b = h = 1, c = a + b = 2, d = b = 1, e = c + d = 3, f = c = 2, g = e + f = 5
 * N⁺ (v-to-sink paths, 1 at a sink), backward:
 *   g 1, e 1, f 1, c = e + f = 2, d = e = 1, b = c + d = 3, a = c = 2, h = b = 3
 * SPC(u → v) = N⁻(u) · N⁺(v):
 *   h→b 1·3 = 3, a→c 1·2 = 2, b→c 1·2 = 2, b→d 1·1 = 1, c→e 2·1 = 2, d→e 1·1 = 1,
 *   c→f 2·1 = 2, e→g 3·1 = 3, f→g 2·1 = 2
 * Source-to-sink paths: N⁺(a) + N⁺(h) = 2 + 3 = 5 (= N⁻(g)). Flow is conserved at c: 2 + 2 in, 2 + 2 out.
 * Global main path (largest SPC sum): h-b-c-e-g = 3 + 2 + 2 + 3 = 10; the runners-up are
 * h-b-c-f-g = 9, a-c-e-g = 7, h-b-d-e-g = 8.
 */
const FLOW: [string, string][] = [
  ["h", "b"],
  ["a", "c"],
  ["b", "c"],
  ["b", "d"],
  ["c", "e"],
  ["d", "e"],
  ["c", "f"],
  ["e", "g"],
  ["f", "g"],
];
// Our edges are citing → cited ("builds on"), the reverse of the flow.
const handGraph = () => indexOf(FLOW.map(([cited, citing]) => [citing, cited] as const));

function spcByName(graph: ReturnType<typeof handGraph>) {
  const counts = searchPathCounts(condense(graph));
  const name = (c: number) => graph.id(counts.condensation.components[c]?.[0] ?? -1);
  return {
    counts,
    links: Object.fromEntries(counts.links.map((l) => [`${name(l.from)}→${name(l.to)}`, l.spc])),
    fromSources: Object.fromEntries(counts.fromSources.map((v, c) => [name(c), v])),
    toSinks: Object.fromEntries(counts.toSinks.map((v, c) => [name(c), v])),
  };
}

describe("search path counts (Batagelj 2003)", () => {
  it("match the counts worked by hand", () => {
    const { counts, links, fromSources, toSinks } = spcByName(handGraph());
    expect(fromSources).toEqual({ a: 1n, h: 1n, b: 1n, c: 2n, d: 1n, e: 3n, f: 2n, g: 5n });
    expect(toSinks).toEqual({ g: 1n, e: 1n, f: 1n, c: 2n, d: 1n, b: 3n, a: 2n, h: 3n });
    expect(links).toEqual({ "h→b": 3n, "a→c": 2n, "b→c": 2n, "b→d": 1n, "c→e": 2n, "d→e": 1n, "c→f": 2n, "e→g": 3n, "f→g": 2n });
    expect(counts.totalPaths).toBe(5n);
  });

  it("conserve flow: at every inner paper, SPC in equals SPC out", () => {
    const { counts } = spcByName(handGraph());
    const n = counts.condensation.components.length;
    for (let c = 0; c < n; c++) {
      const into = counts.links.filter((l) => l.to === c).reduce((s, l) => s + l.spc, 0n);
      const out = counts.links.filter((l) => l.from === c).reduce((s, l) => s + l.spc, 0n);
      if (into > 0n && out > 0n) expect(into).toBe(out);
    }
  });

  it("collapse a citation cycle into one step, merging parallel links (the cyclic case)", () => {
    // Flow a → b, a → c, b → c, c → b, c → d: b and c cite each other, a strongly connected step.
    // Condensed: a → {b,c} → d. The two links a→b and a→c become one step link, so
    // N⁻: a 1, {b,c} 1, d 1; N⁺: d 1, {b,c} 1, a 1; SPC(a→{b,c}) = 1, SPC({b,c}→d) = 1; one path.
    const graph = indexOf([
      ["b", "a"],
      ["c", "a"],
      ["c", "b"],
      ["b", "c"],
      ["d", "c"],
      ["d", "d"], // a self-citation is no link
    ]);
    const counts = searchPathCounts(condense(graph));
    expect(counts.condensation.components.map((m) => m.map((i) => graph.id(i)).sort())).toEqual([["a"], ["b", "c"], ["d"]]);
    expect(counts.links.map((l) => l.spc)).toEqual([1n, 1n]);
    expect(counts.totalPaths).toBe(1n);
    // The collapsed step is listed once, as its most cited member (c here), the other under members.
    const cites: Record<string, number> = { a: 10, b: 3, c: 7, d: 1 };
    const result = mainPath(graph, { weight: (i) => cites[graph.id(i)] ?? 0 });
    expect(result.path.map((s) => [graph.id(s.index), s.members.map((m) => graph.id(m))])).toEqual([
      ["a", []],
      ["c", ["b"]],
      ["d", []],
    ]);
    expect(result.weight).toBe(2n);
  });

  it("count beyond 2^53 exactly (BigInt)", () => {
    // 60 diamonds in a row: x0 → {u0, v0} → x1 → ... → x60, so 2^60 source-to-sink paths.
    const pairs: [string, string][] = [];
    const x = (i: number) => `x${String(i).padStart(2, "0")}`;
    for (let i = 0; i < 60; i++) {
      for (const mid of [`u${i}`, `v${i}`]) pairs.push([mid, x(i)], [x(i + 1), mid]);
    }
    const counts = searchPathCounts(condense(indexOf(pairs)));
    expect(counts.totalPaths).toBe(2n ** 60n);
    expect(counts.totalPaths > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it("analyse only the papers in scope", () => {
    const graph = handGraph();
    const scope = ["a", "c", "e", "g"].map((id) => graph.index(id) ?? -1);
    const counts = searchPathCounts(condense(graph, scope));
    expect(counts.totalPaths).toBe(1n);
    expect(counts.links.map((l) => l.spc)).toEqual([1n, 1n, 1n]);
  });
});

describe("main paths (Liu & Lu 2012)", () => {
  it("find the global main path worked by hand, oldest first", () => {
    const graph = handGraph();
    const result = mainPath(graph);
    expect(result.path.map((s) => graph.id(s.index))).toEqual(["h", "b", "c", "e", "g"]);
    expect(result.path.map((s) => s.spc)).toEqual([0n, 3n, 2n, 2n, 3n]);
    expect(result.weight).toBe(10n);
    expect(result.method).toBe("SPC");
  });

  it("trace key routes from the top links, each extended by the best chains both ways", () => {
    const graph = handGraph();
    const all = mainPath(graph, { keyRoutes: 9 });
    // Every link is a key route when k covers them all, so the key-route network is the whole graph.
    expect(all.keyRouteLinks).toHaveLength(9);
    // The route through c → f: best into c is h-b-c (3 + 2 = 5), then c→f (2), then f→g (2): 9.
    const cf = all.keyRoutes.find((r) => graph.id(r.from) === "c" && graph.id(r.to) === "f");
    expect(cf?.path.map((s) => graph.id(s.index))).toEqual(["h", "b", "c", "f", "g"]);
    expect(cf?.weight).toBe(9n);
    // The top link (SPC 3, h→b or e→g) lies on the global main path.
    const top = mainPath(graph, { keyRoutes: 1 });
    expect(top.keyRoutes[0]?.spc).toBe(3n);
    expect(top.keyRoutes[0]?.path.map((s) => graph.id(s.index))).toEqual(["h", "b", "c", "e", "g"]);
  });

  it("break ties by citations, so results are reproducible", () => {
    // a → c, b → c: both chains weigh 1; the better cited source wins.
    const graph = indexOf([
      ["c", "a"],
      ["c", "b"],
    ]);
    const favour = (winner: string) => mainPath(graph, { weight: (i) => (graph.id(i) === winner ? 5 : 1) }).path.map((s) => graph.id(s.index));
    expect(favour("a")).toEqual(["a", "c"]);
    expect(favour("b")).toEqual(["b", "c"]);
  });

  it("is empty when nothing builds on anything", () => {
    const result = mainPath(indexOf([], ["a", "b"]));
    expect(result.path).toEqual([]);
    expect(result.weight).toBe(0n);
  });
});
