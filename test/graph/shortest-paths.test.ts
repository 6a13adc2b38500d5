/**
 * All shortest chains (graph/shortest-paths.ts, a bidirectional search) against a plain one-sided
 * computation written here from the edge list: distances from FROM and to TO by breadth-first
 * search, every chain whose papers' two distances add up to the shortest length, listed in the
 * order the API promises (read back from TO, lower-numbered papers first) and cut at `maxPaths`.
 * On random graphs with citation cycles and on the real AAN graph; and graph/connected.ts's
 * yes-or-no answer beside it.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allShortestPaths } from "../../graph/shortest-paths.ts";
import { buildsOnTransitively } from "../../graph/connected.ts";
import { aanGraph, indexOf } from "../analytics/aan-graph.ts";
import type { CitationIndex } from "../../graph/citation-index.ts";

function distances(adjacency: Map<number, number[]>, start: number): Map<number, number> {
  const dist = new Map([[start, 0]]);
  const queue = [start];
  for (let k = 0; k < queue.length; k++) {
    const node = queue[k]!;
    for (const nb of adjacency.get(node) ?? []) {
      if (dist.has(nb)) continue;
      dist.set(nb, dist.get(node)! + 1);
      queue.push(nb);
    }
  }
  return dist;
}

interface Adjacency {
  buildsOn: Map<number, number[]>;
  builtBy: Map<number, number[]>;
}

function adjacencyOf(edges: readonly (readonly [number, number])[]): Adjacency {
  const buildsOn = new Map<number, number[]>();
  const builtBy = new Map<number, number[]>();
  for (const [citing, cited] of edges) {
    if (!buildsOn.has(citing)) buildsOn.set(citing, []);
    if (!builtBy.has(cited)) builtBy.set(cited, []);
    buildsOn.get(citing)!.push(cited);
    builtBy.get(cited)!.push(citing);
  }
  return { buildsOn, builtBy };
}

function reference({ buildsOn, builtBy }: Adjacency, from: number, to: number, maxPaths: number) {
  const fromFrom = distances(buildsOn, from);
  const toTo = distances(builtBy, to);
  const length = fromFrom.get(to);
  if (length === undefined) return { paths: [], truncated: false };
  const paths: number[][] = [];
  const extend = (chain: number[]) => {
    const last = chain.at(-1)!;
    if (last === to) return void paths.push(chain);
    for (const nb of new Set(buildsOn.get(last) ?? [])) {
      if (fromFrom.get(nb) === chain.length && fromFrom.get(nb)! + (toTo.get(nb) ?? Infinity) === length) extend([...chain, nb]);
    }
  };
  extend([from]);
  // Read back from TO: compare chains from their last paper to their first.
  const key = (chain: number[]) => [...chain].reverse();
  paths.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  });
  return { paths: paths.slice(0, maxPaths), truncated: paths.length > maxPaths };
}

const edgesOf = (graph: CitationIndex): [number, number][] => Array.from({ length: graph.size }, (_, i) => [...graph.neighbours(i, "buildsOn")].map((j) => [i, j] as [number, number])).flat();

describe("all shortest chains", () => {
  it("agree with a one-sided computation on random graphs with cycles", () => {
    // Each citation once, as in the store (citations are unique by citing and cited paper).
    const graphs = fc
      .integer({ min: 2, max: 14 })
      .chain((n) => fc.tuple(fc.constant(n), fc.uniqueArray(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 4, selector: ([x, y]) => `${x} ${y}` })));
    fc.assert(
      fc.property(graphs, fc.nat(13), fc.nat(13), fc.integer({ min: 1, max: 6 }), ([n, pairs], a, b, maxPaths) => {
        const graph = indexOf(
          pairs.map(([x, y]) => [`p${String(x).padStart(2, "0")}`, `p${String(y).padStart(2, "0")}`] as const),
          Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, "0")}`),
        );
        const [from, to] = [a % n, b % n];
        const expected = from === to ? { paths: [[from]], truncated: false } : reference(adjacencyOf(edgesOf(graph)), from, to, maxPaths);
        expect(allShortestPaths(graph, from, to, maxPaths)).toEqual(expected);
        // The connectedness check (graph/connected.ts, the same kind of search) agrees.
        expect(buildsOnTransitively(graph, from, to)).toBe(expected.paths.length > 0);
      }),
      { seed: 20261130, numRuns: 3000 },
    );
  });

  it("agree with a one-sided computation between papers of the AAN graph", () => {
    const { index } = aanGraph();
    const adjacency = adjacencyOf(edgesOf(index));
    const rng = fc.sample(fc.tuple(fc.nat(index.size - 1), fc.nat(index.size - 1)), { seed: 7, numRuns: 150 });
    // Pairs where the first builds on the second at some distance, and as many at random.
    const connected = rng.map(([a]) => {
      const reach = distances(adjacency.buildsOn, a);
      const far = [...reach].filter(([, d]) => d >= 2).map(([n]) => n);
      return [a, far[(a * 7919) % Math.max(1, far.length)] ?? a] as const;
    });
    let chains = 0;
    for (const [from, to] of [...connected, ...rng]) {
      const got = allShortestPaths(index, from, to, 50);
      expect(got).toEqual(reference(adjacency, from, to, 50));
      chains += got.paths.length;
    }
    // The sample must exercise long chains, not only unconnected pairs.
    expect(chains).toBeGreaterThan(150);
  });
});
