/**
 * The global main path found through log-domain comparisons (graph/main-path-chain.ts) is the one
 * exact arithmetic on every link finds (the key-route computation, which ranks every link's SPC,
 * finds the global main path on the way): same chain, same weight, on graphs with exact ties and
 * on graphs whose path counts run to hundreds of bits.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mainPath } from "../../graph/main-path.ts";
import { indexOf } from "./aan-graph.ts";

const name = (i: number) => `p${String(i).padStart(3, "0")}`;

/** Citations mostly to older papers (a lower number), one in `backOdds` to a newer one, so cycles appear. */
const graphs = (minPapers: number, maxPapers: number, maxRefs: number, minRefs: number, backOdds: number) =>
  fc
    .integer({ min: minPapers, max: maxPapers })
    .chain((n) =>
      fc.array(
        fc.tuple(fc.integer({ min: 1, max: n - 1 }), fc.nat(1_000_000), fc.nat(backOdds - 1)).map(([citing, pick, back]) => {
          const cited = pick % citing;
          return back === 0 ? ([cited, citing] as const) : ([citing, cited] as const);
        }),
        { minLength: Math.max(1, n * minRefs), maxLength: n * maxRefs },
      ),
    )
    .map((pairs) =>
      indexOf(
        pairs.map(([a, b]) => [name(a), name(b)] as const),
        [name(0), name(1)],
      ),
    );

function agree(graph: ReturnType<typeof indexOf>, weight?: (i: number) => number) {
  const fast = mainPath(graph, { weight });
  const exact = mainPath(graph, { weight, keyRoutes: 1 });
  expect(fast.weight).toBe(exact.weight);
  expect(fast.totalPaths).toBe(exact.totalPaths);
  expect(fast.path.map((s) => [graph.id(s.index), s.spc, s.members.map((m) => graph.id(m))])).toEqual(exact.path.map((s) => [graph.id(s.index), s.spc, s.members.map((m) => graph.id(m))]));
  return fast;
}

describe("global main path without an SPC per link", () => {
  it("matches exact arithmetic on small graphs full of ties", () => {
    fc.assert(
      fc.property(graphs(2, 12, 3, 0, 8), fc.boolean(), (graph, flatWeights) => {
        agree(graph, flatWeights ? () => 1 : undefined);
      }),
      { seed: 61, numRuns: 400 },
    );
  });

  it("matches exact arithmetic where path counts exceed a double's range", () => {
    let widest = 0;
    fc.assert(
      fc.property(graphs(150, 250, 16, 10, 2000), (graph) => {
        widest = Math.max(widest, agree(graph).weight.toString(2).length);
      }),
      { seed: 62, numRuns: 40 },
    );
    // The property ran where doubles alone could not be exact.
    expect(widest).toBeGreaterThan(53);
  });

  it("finds the chain of a layered graph whose weights pass 2^1024", () => {
    // 320 layers of 10 papers, each citing every paper of the layer before: 10^319 source-to-sink
    // paths, and every chain tied on SPC, so the tie-break alone decides.
    const pairs: [string, string][] = [];
    for (let layer = 1; layer < 320; layer++) {
      for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) pairs.push([`l${layer}-${a}`, `l${layer - 1}-${b}`]);
    }
    const graph = indexOf(pairs);
    const result = agree(graph);
    expect(result.weight.toString(2).length).toBeGreaterThan(1024);
    expect(result.path).toHaveLength(320);
  });
});
