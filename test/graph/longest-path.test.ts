/**
 * The longest influence chain FROM → … → TO (graph/longest-path.ts): each paper builds on the
 * next, as many steps as any chain between the two has, citation cycles collapsed into one step
 * headed by its most cited member. Small graphs worked out by hand, query budgets, and two
 * properties: on random DAGs against an exhaustive search over every chain, and on random graphs
 * with cycles against the same search over components found by reachability both ways.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { longestPath, type LongestPathStep } from "../../graph/longest-path.ts";
import { QueryBudgetExceeded } from "../../graph/query-budget.ts";
import type { CitationIndex } from "../../graph/citation-index.ts";
import { adjacencyLists, citationIndex, indexOfRandom, paper, randomDags, randomGraphs, reachability, TickBudget } from "./test-graphs.ts";

const unweighted = () => 0;

/** Steps as "head" or "head{member,member}" strings, members as the module orders them. */
function chainOf(graph: CitationIndex, from: string, to: string, weight: (i: number) => number = unweighted): string[] {
  return longestPath(graph, paper(graph, from), paper(graph, to), weight).map((step) => {
    const members = step.members.map((m) => graph.id(m));
    return members.length === 0 ? graph.id(step.index) : `${graph.id(step.index)}{${members.join(",")}}`;
  });
}

/** Citation counts by paper name, as the weight the module ranks a cycle's members by. */
const citedBy = (graph: CitationIndex, counts: Record<string, number>) => (i: number) => counts[graph.id(i)] ?? 0;

describe("longest path on hand-worked graphs", () => {
  it("walks a whole chain, and finds none against the direction of citation", () => {
    const chain = citationIndex(["a", "b", "c", "d"], "a>b b>c c>d");
    expect(chainOf(chain, "a", "d")).toEqual(["a", "b", "c", "d"]);
    expect(chainOf(chain, "b", "c")).toEqual(["b", "c"]);
    expect(chainOf(chain, "d", "a")).toEqual([]);
  });

  it("is a single step from a paper to itself", () => {
    expect(chainOf(citationIndex(["only"]), "only", "only")).toEqual(["only"]);
    expect(chainOf(citationIndex(["a", "b"], "a>b"), "a", "a")).toEqual(["a"]);
  });

  it("takes the long way round where shortcuts exist", () => {
    // a cites everything older directly; the longest chain still visits every paper.
    const shortcuts = citationIndex(["a", "b", "c", "d"], "a>b b>c c>d a>c a>d b>d");
    expect(chainOf(shortcuts, "a", "d")).toEqual(["a", "b", "c", "d"]);
  });

  it("takes the longer arm of an unequal diamond, whichever paper number it has", () => {
    // a builds on d through b (two steps) or through e and c (three steps).
    const diamond = citationIndex(["a", "b", "c", "d", "e"], "a>b b>d a>e e>c c>d");
    expect(chainOf(diamond, "a", "d")).toEqual(["a", "e", "c", "d"]);
  });

  it("takes one of the two arms of an even diamond, the same one every time", () => {
    const diamond = citationIndex(["a", "b", "c", "d"], "a>b a>c b>d c>d");
    const first = chainOf(diamond, "a", "d");
    expect([
      ["a", "b", "d"],
      ["a", "c", "d"],
    ]).toContainEqual(first);
    expect(chainOf(diamond, "a", "d")).toEqual(first);
  });

  it("keeps to papers between the two in a DAG with several sources and sinks", () => {
    // s1 and s2 build on m, which builds on t1 and t2; s2 also builds on t3 and on t1 directly.
    const dag = citationIndex(["s1", "s2", "m", "t1", "t2", "t3"], "s1>m s2>m m>t1 m>t2 s2>t3 s2>t1");
    expect(chainOf(dag, "s2", "t1")).toEqual(["s2", "m", "t1"]);
    expect(chainOf(dag, "s1", "t2")).toEqual(["s1", "m", "t2"]);
    expect(chainOf(dag, "s2", "t3")).toEqual(["s2", "t3"]);
    // Two sources do not build on each other, nor two sinks.
    expect(chainOf(dag, "s1", "s2")).toEqual([]);
    expect(chainOf(dag, "t1", "t2")).toEqual([]);
    expect(chainOf(dag, "s1", "t3")).toEqual([]);
  });

  it("finds nothing between disconnected parts", () => {
    const parts = citationIndex(["a", "b", "x", "y"], "a>b x>y");
    expect(chainOf(parts, "a", "y")).toEqual([]);
    expect(chainOf(parts, "x", "b")).toEqual([]);
  });
});

describe("longest path through citation cycles", () => {
  // a builds on b; b and c cite each other; c builds on d.
  const ids = ["a", "b", "c", "d"];
  const looped = citationIndex(ids, "a>b b>c c>b c>d");

  it("collapses a cycle into one step headed by its most cited member", () => {
    expect(chainOf(looped, "a", "d", citedBy(looped, { b: 1, c: 10 }))).toEqual(["a", "c{b}", "d"]);
    expect(chainOf(looped, "a", "d", citedBy(looped, { b: 10, c: 1 }))).toEqual(["a", "b{c}", "d"]);
    // Equally cited: the lower-numbered paper heads the step.
    expect(chainOf(looped, "a", "d")).toEqual(["a", "b{c}", "d"]);
  });

  it("counts a cycle as one step when weighing it against a shortcut", () => {
    // a builds on d directly too: one step, against the two through the cycle.
    const withShortcut = citationIndex(ids, "a>b b>c c>b c>d a>d");
    expect(chainOf(withShortcut, "a", "d")).toEqual(["a", "b{c}", "d"]);
  });

  it("heads the first and last steps with FROM and TO, however cited the rest of their cycle", () => {
    // a and b cite each other; b builds on c; c and d cite each other.
    const ends = citationIndex(ids, "a>b b>a b>c c>d d>c");
    const weights = citedBy(ends, { a: 1, b: 50, c: 50, d: 1 });
    expect(chainOf(ends, "a", "d", weights)).toEqual(["a{b}", "d{c}"]);
    expect(chainOf(ends, "b", "c", weights)).toEqual(["b{a}", "c{d}"]);
  });

  it("is one step, headed by FROM, when FROM and TO are in the same cycle", () => {
    const cycle = citationIndex(["a", "b", "c"], "a>b b>c c>a");
    expect(chainOf(cycle, "a", "c", citedBy(cycle, { b: 5, c: 9 }))).toEqual(["a{c,b}"]);
    expect(chainOf(cycle, "c", "a")).toEqual(["c{a,b}"]);
  });

  it("lists only the cycle's papers between FROM and TO, not a cycle beside the chain", () => {
    // b and e cite each other on the way to d, so e is in b's step. x and y cite each other too,
    // and a builds on them, but they lead nowhere near d: they stay out.
    const beside = citationIndex(["a", "b", "d", "e", "x", "y"], "a>b b>e e>b b>d a>x x>y y>x");
    expect(chainOf(beside, "a", "d")).toEqual(["a", "b{e}", "d"]);
  });
});

describe("longest path under a query budget", () => {
  const looped = citationIndex(["a", "b", "c", "d", "e"], "a>b b>c c>b c>d a>d d>e a>e");

  it("throws QueryBudgetExceeded when the budget runs out, and answers in full when it does not", () => {
    const measured = new TickBudget();
    const full = longestPath(looped, 0, 4, unweighted, measured);
    expect(full.map((s) => s.index)).toEqual([0, 1, 3, 4]);
    expect(measured.ticks).toBeGreaterThan(0);
    expect(longestPath(looped, 0, 4, unweighted, new TickBudget(measured.ticks))).toEqual(full);
    expect(() => longestPath(looped, 0, 4, unweighted, new TickBudget(measured.ticks - 1))).toThrow(QueryBudgetExceeded);
    expect(() => longestPath(looped, 0, 4, unweighted, new TickBudget(0))).toThrow(QueryBudgetExceeded);
  });

  it("leaves the index usable after a query was stopped midway", () => {
    expect(() => longestPath(looped, 0, 4, unweighted, new TickBudget(3))).toThrow(QueryBudgetExceeded);
    expect(longestPath(looped, 0, 4, unweighted).map((s) => s.index)).toEqual([0, 1, 3, 4]);
  });
});

/** The most papers on any chain FROM → … → TO along `lists`, by trying every chain (0: none). */
function exhaustiveLongest(lists: readonly (readonly number[])[], from: number, to: number): number {
  let best = 0;
  const onChain = new Set<number>();
  const walk = (node: number) => {
    if (node === to) best = Math.max(best, onChain.size + 1);
    onChain.add(node);
    for (const next of lists[node] ?? []) if (!onChain.has(next)) walk(next);
    onChain.delete(node);
  };
  walk(from);
  return best;
}

/** FROM and TO from two random numbers: TO any paper, or (when `connected`) one FROM builds on at some distance. */
function pair(lists: readonly (readonly number[])[], a: number, b: number, connected: boolean): [number, number] {
  const from = a % lists.length;
  const reached = (reachability(lists)[from] ?? []).flatMap((yes, i) => (yes && i !== from ? [i] : []));
  return [from, connected && reached.length > 0 ? (reached[b % reached.length] as number) : b % lists.length];
}

const builds = (lists: readonly (readonly number[])[], x: number, y: number) => (lists[x] ?? []).includes(y);

describe("longest path against exhaustive search", () => {
  it("on random DAGs: as many papers as the longest chain, each building on the next", () => {
    fc.assert(
      fc.property(randomDags(11, 5, 3), fc.nat(), fc.nat(), fc.boolean(), (random, a, b, connected) => {
        const graph = indexOfRandom(random);
        const lists = adjacencyLists(random, "buildsOn");
        const [from, to] = pair(lists, a, b, connected);
        const steps = longestPath(graph, from, to, unweighted);
        expect(steps.length).toBe(exhaustiveLongest(lists, from, to));
        if (steps.length === 0) return;
        expect(steps[0]?.index).toBe(from);
        expect(steps.at(-1)?.index).toBe(to);
        steps.forEach((step, k) => {
          // No cycles in a DAG, so nothing is collapsed.
          expect(step.members).toEqual([]);
          const next = steps[k + 1];
          if (next) expect(builds(lists, step.index, next.index)).toBe(true);
        });
      }),
      { seed: 20260215, numRuns: 3000 },
    );
  });

  it("on random graphs with cycles: one step per cycle, as many as the longest chain of cycles", () => {
    fc.assert(
      fc.property(randomGraphs(9, 2, 3), fc.nat(), fc.nat(), fc.boolean(), fc.array(fc.nat(3), { minLength: 9, maxLength: 9 }), (random, a, b, connected, counts) => {
        const graph = indexOfRandom(random);
        const lists = adjacencyLists(random, "buildsOn");
        const reaches = reachability(lists);
        const [from, to] = pair(lists, a, b, connected);
        const weight = (i: number) => counts[i] ?? 0;
        // Components by reachability both ways; the condensed graph's links between them.
        const papers = Array.from({ length: random.n }, (_, i) => i);
        const componentOf = papers.map((x) => papers.find((y) => reaches[x]?.[y] && reaches[y]?.[x]) as number);
        const members = (c: number) => papers.filter((x) => componentOf[x] === c);
        const condensed = papers.map((c) => [...new Set(members(c).flatMap((x) => (lists[x] ?? []).map((y) => componentOf[y] as number)))].filter((d) => d !== c));
        const steps = longestPath(graph, from, to, weight);
        expect(steps.length).toBe(exhaustiveLongest(condensed, componentOf[from] as number, componentOf[to] as number));
        if (steps.length === 0) return;
        const stepComponent = (step: LongestPathStep) => componentOf[step.index] as number;
        steps.forEach((step, k) => {
          // Each step is one whole cycle (or a lone paper), its head not repeated among its members.
          expect([step.index, ...step.members].sort((x, y) => x - y)).toEqual(members(stepComponent(step)));
          const next = steps[k + 1];
          if (next) expect(condensed[stepComponent(step)]).toContain(stepComponent(next));
          // Heads: FROM first, TO last (unless FROM's step is the only one), else the most cited,
          // the lower paper number among equals.
          const head = k === 0 ? from : k === steps.length - 1 ? to : [...step.members, step.index].sort((x, y) => weight(y) - weight(x) || x - y)[0];
          expect(step.index).toBe(head);
        });
      }),
      { seed: 20260216, numRuns: 3000 },
    );
  });
});
