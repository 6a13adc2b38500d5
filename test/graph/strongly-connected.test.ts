/**
 * Strongly connected components (graph/strongly-connected.ts), in both forms: over a node list
 * and maps (the longest path's), and over numbered papers and typed arrays (the SPC
 * condensation's). Components are the sets of papers that reach each other, and come out in
 * reverse topological order: a component after every component it reaches. Hand-worked graphs
 * with the exact order Tarjan's depth-first search gives, a chain deep enough to overflow a
 * recursive version, query budgets, and a property against reachability computed both ways.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { stronglyConnectedComponents, stronglyConnectedDense } from "../../graph/strongly-connected.ts";
import { QueryBudgetExceeded } from "../../graph/query-budget.ts";
import { adjacencyLists, randomGraphs, reachability, TickBudget, type RandomGraph } from "./test-graphs.ts";

/** Neighbour lists from "0>1 1>2" text over papers 0..n-1. */
function lists(n: number, citations: string): number[][] {
  const out: number[][] = Array.from({ length: n }, () => []);
  for (const pair of citations.split(/\s+/).filter((p) => p.length > 0)) {
    const [from, to] = pair.split(">").map(Number);
    out[from as number]?.push(to as number);
  }
  return out;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** Members in ascending order: the order within a component is the stack's, which no caller relies on. */
const sorted = (components: number[][]) => components.map((c) => [...c].sort((a, b) => a - b));

/** Both forms over the same graph and roots, their components with members sorted. */
function both(graph: number[][], nodes: number[] = range(graph.length)): { components: number[][]; dense: number[][] } {
  const mapped = stronglyConnectedComponents(nodes, (n) => graph[n] ?? []);
  const dense = stronglyConnectedDense(graph.length, nodes, (n) => graph[n] ?? []);
  // Each form's paper-to-component lookup agrees with its list.
  mapped.components.forEach((members, c) => members.forEach((m) => expect(mapped.componentOf.get(m)).toBe(c)));
  dense.components.forEach((members, c) => members.forEach((m) => expect(dense.componentIndex[m]).toBe(c)));
  return { components: sorted(mapped.components), dense: sorted(dense.components) };
}

describe("strongly connected components on hand-worked graphs", () => {
  it("puts each paper of a chain in its own component, the oldest first", () => {
    // 0 builds on 1, 1 on 2, 2 on 3: a component is emitted after what it builds on.
    const expected = [[3], [2], [1], [0]];
    expect(both(lists(4, "0>1 1>2 2>3"))).toEqual({ components: expected, dense: expected });
    // The same from the other end: roots in another order, the same topological answer.
    expect(both(lists(4, "0>1 1>2 2>3"), [3, 2, 1, 0])).toEqual({ components: expected, dense: expected });
  });

  it("orders a diamond's arms as the search meets them", () => {
    // 0 builds on 1 and 2, both on 3. Depth first from 0: 1, then 3 (done first), then 2.
    const expected = [[3], [1], [2], [0]];
    expect(both(lists(4, "0>1 0>2 1>3 2>3"))).toEqual({ components: expected, dense: expected });
  });

  it("makes one component of a cycle, after what the cycle builds on", () => {
    // 0 > 1 > 2 > 0, and 2 builds on 3.
    const expected = [[3], [0, 1, 2]];
    expect(both(lists(4, "0>1 1>2 2>0 2>3"))).toEqual({ components: expected, dense: expected });
  });

  it("keeps two linked cycles apart", () => {
    // 0 and 1 cite each other, 2 and 3 too; 1 builds on 2. A paper 4 builds on 0.
    const expected = [[2, 3], [0, 1], [4]];
    expect(both(lists(5, "0>1 1>0 2>3 3>2 1>2 4>0"))).toEqual({ components: expected, dense: expected });
  });

  it("nests cycles that share a paper into one component", () => {
    // 0 > 1 > 0 and 1 > 2 > 3 > 1: one component of four.
    const expected = [[0, 1, 2, 3]];
    expect(both(lists(4, "0>1 1>0 1>2 2>3 3>1"))).toEqual({ components: expected, dense: expected });
  });

  it("takes the parts of a disconnected graph in the order of the roots given", () => {
    // 0 > 1 and 2 > 3, two parts; 4 alone.
    const graph = lists(5, "0>1 2>3");
    const inOrder = [[1], [0], [3], [2], [4]];
    expect(both(graph)).toEqual({ components: inOrder, dense: inOrder });
    const fromFour = [[4], [3], [2], [1], [0]];
    expect(both(graph, [4, 2, 0, 1, 3])).toEqual({ components: fromFour, dense: fromFour });
  });

  it("has nothing in an empty graph and one component for a single paper", () => {
    expect(both([])).toEqual({ components: [], dense: [] });
    expect(stronglyConnectedComponents([], () => []).componentOf.size).toBe(0);
    expect(both([[]])).toEqual({ components: [[0]], dense: [[0]] });
  });

  it("visits the papers the roots lead to, and no others", () => {
    // Only 1 is a root: it leads to 2, not back to 0.
    const graph = lists(3, "0>1 1>2");
    expect(both(graph, [1])).toEqual({ components: [[2], [1]], dense: [[2], [1]] });
    const dense = stronglyConnectedDense(3, [1], (n) => graph[n] ?? []);
    expect([...dense.componentIndex]).toEqual([-1, 1, 0]);
    expect(stronglyConnectedComponents([1], (n) => graph[n] ?? []).componentOf.has(0)).toBe(false);
  });

  it("follows no neighbour the dense form's filter leaves out", () => {
    // The cycle 0 > 1 > 2 > 0 with 2 left out is a chain 0 > 1; 3 is built on by 1 only.
    const graph = lists(4, "0>1 1>2 2>0 1>3");
    const dense = stronglyConnectedDense(
      4,
      [0, 1],
      (n) => graph[n] ?? [],
      (m) => m !== 2,
    );
    expect(sorted(dense.components)).toEqual([[3], [1], [0]]);
    expect([...dense.componentIndex]).toEqual([2, 1, -1, 0]);
  });
});

describe("strongly connected components of a long chain", () => {
  it("follows 100,000 citations in a row without running out of stack", () => {
    const n = 100_000;
    const next = (i: number) => (i + 1 < n ? [i + 1] : []);
    const mapped = stronglyConnectedComponents([0], next);
    const dense = stronglyConnectedDense(n, [0], next);
    expect(mapped.components).toHaveLength(n);
    expect(dense.components).toHaveLength(n);
    expect(mapped.components[0]).toEqual([n - 1]);
    expect(dense.components[n - 1]).toEqual([0]);
    // Closed into a cycle, the chain is a single component.
    const cycle = (i: number) => [(i + 1) % n];
    expect(stronglyConnectedDense(n, [0], cycle).components.map((c) => c.length)).toEqual([n]);
    expect(stronglyConnectedComponents([0], cycle).components.map((c) => c.length)).toEqual([n]);
  });
});

describe("strongly connected components under a query budget", () => {
  const graph = lists(5, "0>1 1>0 2>3 3>2 1>2 4>0");
  const neighbours = (n: number) => graph[n] ?? [];

  it("throws QueryBudgetExceeded when the budget runs out, and answers in full when it does not", () => {
    const forms = [
      (budget: TickBudget) => stronglyConnectedComponents(range(5), neighbours, budget).components,
      (budget: TickBudget) => stronglyConnectedDense(5, range(5), neighbours, () => true, budget).components,
    ];
    for (const run of forms) {
      const measured = new TickBudget();
      const full = run(measured);
      expect(sorted(full)).toEqual([[2, 3], [0, 1], [4]]);
      expect(run(new TickBudget(measured.ticks))).toEqual(full);
      expect(() => run(new TickBudget(measured.ticks - 1))).toThrow(QueryBudgetExceeded);
      expect(() => run(new TickBudget(0))).toThrow(QueryBudgetExceeded);
    }
  });
});

/** Papers the roots reach along the lists (through papers `include` lets in). */
function visited(lists: readonly (readonly number[])[], roots: readonly number[], include: (n: number) => boolean): Set<number> {
  const seen = new Set(roots);
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop() as number;
    for (const next of lists[node] ?? []) {
      if (include(next) && !seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

/** Checks one answer against reachability both ways over the papers the search should visit. */
function checkAgainstReachability(random: RandomGraph, roots: readonly number[], include: (n: number) => boolean, components: number[][], componentOfPaper: (n: number) => number | undefined): void {
  const all = adjacencyLists(random, "buildsOn");
  // Left-out papers are cut from the graph the search walks (roots are taken as given).
  const walked = all.map((list) => list.filter(include));
  const reaches = reachability(walked);
  const expectedPapers = visited(walked, roots, () => true);
  // Every visited paper in exactly one component, and no other paper in any.
  expect(components.flat().sort((a, b) => a - b)).toEqual([...expectedPapers].sort((a, b) => a - b));
  const papers = [...expectedPapers];
  const together = papers.map((x) => papers.map((y) => componentOfPaper(x) === componentOfPaper(y)));
  expect(together).toEqual(papers.map((x) => papers.map((y) => Boolean(reaches[x]?.[y] && reaches[y]?.[x]))));
  // Reverse topological order: whatever a paper builds on sits in an earlier (or its own) component.
  const backwards = papers.flatMap((x) => (walked[x] ?? []).filter((y) => (componentOfPaper(y) as number) > (componentOfPaper(x) as number)).map((y) => [x, y]));
  expect(backwards).toEqual([]);
  expect(range(random.n).filter((p) => !expectedPapers.has(p) && componentOfPaper(p) !== undefined)).toEqual([]);
}

describe("strongly connected components against reachability both ways", () => {
  it("agree on random graphs with cycles, from any roots, with and without a filter", () => {
    const roots = fc.uniqueArray(fc.nat(15), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(randomGraphs(16, 2), roots, fc.uniqueArray(fc.nat(15), { maxLength: 5 }), (random, someRoots, leftOut) => {
        const all = adjacencyLists(random, "buildsOn");
        const neighbours = (n: number) => all[n] ?? [];
        const nodes = [...new Set(someRoots.map((r) => r % random.n))];
        const everyPaper = range(random.n);

        // The map form, from every paper and from a few roots.
        for (const from of [everyPaper, nodes]) {
          const mapped = stronglyConnectedComponents(from, neighbours);
          checkAgainstReachability(
            random,
            from,
            () => true,
            mapped.components,
            (n) => mapped.componentOf.get(n),
          );
          // The dense form walks in the same order, so it gives the very same components.
          const dense = stronglyConnectedDense(random.n, from, neighbours);
          expect(dense.components).toEqual(mapped.components);
        }

        // The dense form's filter, as the SPC condensation of a scope uses it: roots let in.
        const out = new Set(leftOut.map((x) => x % random.n));
        const include = (n: number) => !out.has(n);
        const scope = everyPaper.filter(include);
        const dense = stronglyConnectedDense(random.n, scope, neighbours, include);
        const lookup = (n: number) => ((dense.componentIndex[n] ?? -1) < 0 ? undefined : dense.componentIndex[n]);
        checkAgainstReachability(random, scope, include, dense.components, lookup);
        // Filtering neighbours in the map form's callback is the same thing.
        const mapped = stronglyConnectedComponents(scope, (n) => neighbours(n).filter(include));
        expect(mapped.components).toEqual(dense.components);
      }),
      { seed: 20260217, numRuns: 1500 },
    );
  });
});
