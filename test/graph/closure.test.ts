/**
 * Builds-on and built-by closures (graph/closure.ts): every paper within a depth of a seed, each
 * once at its shortest distance, in breadth-first order (nearer papers first, then by paper
 * number). Small graphs worked out by hand, the depth cap, the maxPapers rule (one paper more
 * than asked when there are more), query budgets, and a property against a breadth-first search
 * written here over plain adjacency lists.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { closure, MAX_DEPTH, type Reached } from "../../graph/closure.ts";
import { buildsOnTransitively } from "../../graph/connected.ts";
import { QueryBudgetExceeded, timeBudget } from "../../graph/query-budget.ts";
import type { CitationIndex, Direction } from "../../graph/citation-index.ts";
import { adjacencyLists, citationIndex, indexOfRandom, paper, randomGraphs, TickBudget } from "./test-graphs.ts";

/** A closure read back as "id@depth" strings, in the order listed. */
function named(graph: CitationIndex, reached: Reached[]): string[] {
  return reached.map((r) => `${graph.id(r.index)}@${r.depth}`);
}

function closureOf(graph: CitationIndex, seed: string, direction: Direction, depth?: number, maxPapers?: number): string[] {
  return named(graph, closure(graph, paper(graph, seed), direction, depth, maxPapers === undefined ? {} : { maxPapers }));
}

describe("closure on hand-worked graphs", () => {
  // a builds on b, b on c, c on d.
  const chain = citationIndex(["a", "b", "c", "d"], "a>b b>c c>d");

  it("follows a chain one step per depth, either way", () => {
    expect(closureOf(chain, "a", "buildsOn")).toEqual(["b@1"]);
    expect(closureOf(chain, "a", "buildsOn", 2)).toEqual(["b@1", "c@2"]);
    expect(closureOf(chain, "a", "buildsOn", 3)).toEqual(["b@1", "c@2", "d@3"]);
    expect(closureOf(chain, "a", "buildsOn", 9)).toEqual(["b@1", "c@2", "d@3"]);
    expect(closureOf(chain, "d", "builtBy", 2)).toEqual(["c@1", "b@2"]);
    // The ends: nothing before the oldest paper, nothing builds on the newest.
    expect(closureOf(chain, "d", "buildsOn", 5)).toEqual([]);
    expect(closureOf(chain, "a", "builtBy", 5)).toEqual([]);
  });

  it("lists a paper reached twice in a diamond once, at its shorter distance", () => {
    // a builds on b and c, which both build on d; e builds on d directly and on a.
    const diamond = citationIndex(["a", "b", "c", "d", "e"], "a>b a>c b>d c>d e>a e>d");
    expect(closureOf(diamond, "a", "buildsOn", 3)).toEqual(["b@1", "c@1", "d@2"]);
    expect(closureOf(diamond, "e", "buildsOn", 3)).toEqual(["a@1", "d@1", "b@2", "c@2"]);
    expect(closureOf(diamond, "d", "builtBy", 3)).toEqual(["b@1", "c@1", "e@1", "a@2"]);
  });

  it("stops at a citation cycle and never lists the seed", () => {
    const cycle = citationIndex(["a", "b", "c"], "a>b b>c c>a");
    expect(closureOf(cycle, "a", "buildsOn", MAX_DEPTH)).toEqual(["b@1", "c@2"]);
    expect(closureOf(cycle, "a", "builtBy", MAX_DEPTH)).toEqual(["c@1", "b@2"]);
  });

  it("reaches only its own sources or sinks in a DAG with several of each", () => {
    // Sources s1, s2 (nothing builds on them); sinks t1, t2, t3 (build on nothing).
    const dag = citationIndex(["s1", "s2", "m", "t1", "t2", "t3"], "s1>m s2>m m>t1 m>t2 s2>t3");
    expect(closureOf(dag, "s2", "buildsOn", 2)).toEqual(["m@1", "t3@1", "t1@2", "t2@2"]);
    expect(closureOf(dag, "s1", "buildsOn", 2)).toEqual(["m@1", "t1@2", "t2@2"]);
    expect(closureOf(dag, "t1", "builtBy", 2)).toEqual(["m@1", "s1@2", "s2@2"]);
    expect(closureOf(dag, "t3", "builtBy", 2)).toEqual(["s2@1"]);
  });

  it("stays inside its part of a disconnected graph", () => {
    const parts = citationIndex(["a", "b", "x", "y", "lone"], "a>b x>y");
    expect(closureOf(parts, "a", "buildsOn", 5)).toEqual(["b@1"]);
    expect(closureOf(parts, "y", "builtBy", 5)).toEqual(["x@1"]);
    expect(closureOf(parts, "lone", "buildsOn", 5)).toEqual([]);
    expect(closureOf(parts, "lone", "builtBy", 5)).toEqual([]);
  });

  it("finds nothing around a single paper", () => {
    const single = citationIndex(["only"]);
    expect(closureOf(single, "only", "buildsOn", 3)).toEqual([]);
    expect(closureOf(single, "only", "builtBy", 3)).toEqual([]);
  });

  it("takes only whole depths from 1", () => {
    for (const depth of [0, -1, 1.5, Number.NaN, Infinity]) {
      expect(() => closure(chain, 0, "buildsOn", depth)).toThrow(/closure: depth must be a whole number from 1/);
    }
  });

  it(`caps the depth at MAX_DEPTH (${MAX_DEPTH})`, () => {
    // q0 builds on q1, q1 on q2, ..., q59 on q60.
    const ids = Array.from({ length: 61 }, (_, i) => `q${i}`);
    const long = citationIndex(
      ids,
      ids
        .slice(1)
        .map((id, i) => `q${i}>${id}`)
        .join(" "),
    );
    const reached = closure(long, 0, "buildsOn", 100);
    expect(reached).toHaveLength(MAX_DEPTH);
    expect(reached.at(-1)).toEqual({ index: MAX_DEPTH, depth: MAX_DEPTH });
    expect(closure(long, 0, "buildsOn", MAX_DEPTH)).toEqual(reached);
    expect(closure(long, 0, "buildsOn", MAX_DEPTH - 1)).toHaveLength(MAX_DEPTH - 1);
  });
});

describe("closure with maxPapers", () => {
  // a builds on five papers; b builds on f.
  const star = citationIndex(["a", "b", "c", "d", "e", "f"], "a>b a>c a>d a>e a>f b>f");

  it("lists one paper more than asked when there are more, so the caller can tell", () => {
    expect(closureOf(star, "a", "buildsOn", 1, 2)).toEqual(["b@1", "c@1", "d@1"]);
    expect(closureOf(star, "a", "buildsOn", 1, 0)).toEqual(["b@1"]);
    // Four asked, five there: the fifth is the "one more".
    expect(closureOf(star, "a", "buildsOn", 1, 4)).toEqual(["b@1", "c@1", "d@1", "e@1", "f@1"]);
  });

  it("lists everything, and no more, when the limit is not passed", () => {
    expect(closureOf(star, "a", "buildsOn", 1, 5)).toEqual(["b@1", "c@1", "d@1", "e@1", "f@1"]);
    expect(closureOf(star, "a", "buildsOn", 1, 50)).toEqual(["b@1", "c@1", "d@1", "e@1", "f@1"]);
    expect(closureOf(star, "f", "builtBy", 2, 2)).toEqual(["a@1", "b@1"]);
  });

  it("counts papers, not the citations that lead to them again", () => {
    // b builds on d twice over (through a diamond): d counts once.
    const diamond = citationIndex(["a", "b", "c", "d"], "a>b a>c b>d c>d");
    expect(closureOf(diamond, "a", "buildsOn", 2, 2)).toEqual(["b@1", "c@1", "d@2"]);
    expect(closureOf(diamond, "a", "buildsOn", 2, 1)).toEqual(["b@1", "c@1"]);
  });

  it("cuts across depths in breadth-first order", () => {
    const chain = citationIndex(["a", "b", "c", "d"], "a>b b>c c>d");
    expect(closureOf(chain, "a", "buildsOn", 3, 1)).toEqual(["b@1", "c@2"]);
  });
});

describe("closure under a query budget", () => {
  const diamond = citationIndex(["a", "b", "c", "d"], "a>b a>c b>d c>d");

  it("spends one tick per citation it scans", () => {
    // Depth 1 scans a's two citations; depth 2 scans b's and c's one each; d's (none) end it.
    const budget = new TickBudget();
    closure(diamond, 0, "buildsOn", 3, { budget });
    expect(budget.ticks).toBe(4);
  });

  it("throws QueryBudgetExceeded when the budget runs out, and answers in full when it does not", () => {
    expect(() => closure(diamond, 0, "buildsOn", 3, { budget: new TickBudget(3) })).toThrow(QueryBudgetExceeded);
    expect(() => closure(diamond, 0, "buildsOn", 3, { budget: new TickBudget(0) })).toThrow(QueryBudgetExceeded);
    expect(named(diamond, closure(diamond, 0, "buildsOn", 3, { budget: new TickBudget(4) }))).toEqual(["b@1", "c@1", "d@2"]);
  });

  it("stops on an exhausted time budget whose clock is a counter, not the machine's", () => {
    // timeBudget reads its clock when made and every 1024 ticks. This clock says 0, 1, 2, ...: a
    // budget of 2 "ms" runs out at the third reading after the start, on tick 3072.
    const hub = (citers: number) => {
      const ids = Array.from({ length: citers }, (_, i) => `q${i}`);
      return citationIndex(["hub", ...ids], ids.map((id) => `${id}>hub`).join(" "));
    };
    const counter = () => {
      let now = 0;
      return () => now++;
    };
    expect(closure(hub(3071), 0, "builtBy", 1, { budget: timeBudget(2, counter()) })).toHaveLength(3071);
    expect(() => closure(hub(3072), 0, "builtBy", 1, { budget: timeBudget(2, counter()) })).toThrow(QueryBudgetExceeded);
  });

  it("leaves the index usable after a query was stopped midway", () => {
    expect(() => closure(diamond, 0, "buildsOn", 3, { budget: new TickBudget(2) })).toThrow(QueryBudgetExceeded);
    expect(closureOf(diamond, "a", "buildsOn", 3)).toEqual(["b@1", "c@1", "d@2"]);
    expect(closureOf(diamond, "d", "builtBy", 3)).toEqual(["b@1", "c@1", "a@2"]);
  });
});

/** The closure as a plain breadth-first search over adjacency lists: a queue, a depth per paper seen. */
function referenceClosure(lists: readonly (readonly number[])[], seed: number, maxDepth: number): Reached[] {
  const depthOf = new Map([[seed, 0]]);
  const queue = [seed];
  const reached: Reached[] = [];
  for (let k = 0; k < queue.length; k++) {
    const node = queue[k] as number;
    const depth = depthOf.get(node) as number;
    if (depth === Math.min(maxDepth, MAX_DEPTH)) continue;
    for (const next of lists[node] ?? []) {
      if (depthOf.has(next)) continue;
      depthOf.set(next, depth + 1);
      queue.push(next);
      reached.push({ index: next, depth: depth + 1 });
    }
  }
  return reached;
}

describe("closure against a plain breadth-first search", () => {
  it("agrees on random graphs with cycles, in both directions, with and without maxPapers", () => {
    const query = fc.record({
      seed: fc.nat(),
      direction: fc.constantFrom<Direction>("buildsOn", "builtBy"),
      depth: fc.integer({ min: 1, max: 7 }),
      maxPapers: fc.option(fc.nat(10), { nil: undefined }),
    });
    fc.assert(
      fc.property(randomGraphs(16), fc.array(query, { minLength: 1, maxLength: 4 }), (random, queries) => {
        const graph = indexOfRandom(random);
        const lists = { buildsOn: adjacencyLists(random, "buildsOn"), builtBy: adjacencyLists(random, "builtBy") };
        // Several queries on one index, interleaved with another search that uses its visit
        // marks: no query may see marks another left behind.
        for (const { seed, direction, depth, maxPapers } of queries) {
          const start = seed % random.n;
          const full = referenceClosure(lists[direction], start, depth);
          const expected = maxPapers === undefined ? full : full.slice(0, maxPapers + 1);
          expect(closure(graph, start, direction, depth, maxPapers === undefined ? {} : { maxPapers })).toEqual(expected);
          buildsOnTransitively(graph, start, (start + 1) % random.n);
        }
      }),
      { seed: 20260214, numRuns: 1500 },
    );
  });
});
