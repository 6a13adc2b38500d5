/**
 * Reading lists from the relevance engine, ordered for reading: a seeded property over random
 * citation graphs (with and without cycles) that no paper comes before a paper it builds on,
 * directly or through papers left off the list; and the groups, by hand.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CitationIndex } from "../../graph/citation-index.ts";
import { readingList, type ListPaper } from "../../graph/reading-list.ts";
import { readingGroup } from "../../graph/reading-order.ts";
import { TextIndex } from "../../graph/title-similarity.ts";

/** Does a build on b through any chain? (plain depth-first search, independent of the code under test) */
function reaches(graph: CitationIndex, a: number, b: number): boolean {
  const seen = new Set([a]);
  const stack = [a];
  while (stack.length > 0) {
    for (const m of graph.neighbours(stack.pop() as number, "buildsOn")) {
      if (m === b) return true;
      if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
    }
  }
  return false;
}

const randomCase = (acyclic: boolean) =>
  fc.integer({ min: 2, max: 40 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      edges: fc.uniqueArray(
        fc.tuple(fc.nat(n - 1), fc.nat(n - 1)).filter(([a, b]) => (acyclic ? a > b : a !== b)),
        { maxLength: n * 3, selector: ([a, b]) => `${a} ${b}` },
      ),
      years: fc.array(fc.option(fc.integer({ min: 1990, max: 2012 }), { nil: null }), { minLength: n, maxLength: n }),
      seeds: fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: 5 }),
      limit: fc.integer({ min: 1, max: 20 }),
      includeSeeds: fc.boolean(),
    }),
  );

describe("reading order, as a property", () => {
  for (const acyclic of [true, false]) {
    it(`is foundations first (${acyclic ? "random DAGs" : "random graphs with citation cycles"})`, () => {
      fc.assert(
        fc.property(randomCase(acyclic), ({ n, edges, years, seeds, limit, includeSeeds }) => {
          const ids = Array.from({ length: n }, (_, i) => `r${i}`);
          const graph = new CitationIndex(
            ids,
            edges.map(([a, b]) => ({ citing: ids[a] as string, cited: ids[b] as string })),
          );
          const title = (i: number) => (i % 3 === 0 ? null : `Invented title ${i % 5}`);
          const paper = (i: number): ListPaper => ({ title: title(i), year: years[i] ?? null, citedBy: graph.degree(i, "builtBy"), direction: "x" });
          const list = readingList(graph, paper, { seeds, limit, includeSeeds, text: new TextIndex(n, (i) => ({ title: title(i) })) });
          const order = list.items.map((item) => item.index);
          order.forEach((early, p) => {
            for (const late of order.slice(p + 1)) {
              // Only a citation cycle may put a paper before one it builds on.
              if (reaches(graph, early, late)) expect(reaches(graph, late, early)).toBe(true);
            }
          });
          expect(new Set(order).size).toBe(order.length);
          expect(order.filter((i) => seeds.includes(i)).length).toBe(includeSeeds ? seeds.length : 0);
          expect(order.length - (includeSeeds ? seeds.length : 0)).toBeLessThanOrEqual(limit);
          for (const item of list.items) {
            // The closure fields agree with plain reachability.
            for (const s of item.builtOnBySeeds) expect(reaches(graph, s, item.index)).toBe(true);
            for (const s of item.buildsOnSeeds) expect(reaches(graph, item.index, s)).toBe(true);
          }
        }),
        { seed: acyclic ? 20261215 : 20261216, numRuns: 150 },
      );
    });
  }

  it("fills the list while the neighbourhood allows, and orders older papers first when nothing else decides", () => {
    // s builds on a (2019), b (2017) and c (2018), which do not cite each other.
    const graph = new CitationIndex(
      ["a", "b", "c", "s"],
      ["a", "b", "c"].map((cited) => ({ citing: "s", cited })),
    );
    const years: Record<string, number> = { a: 2019, b: 2017, c: 2018, s: 2020 };
    const paper = (i: number): ListPaper => ({ title: graph.id(i), year: years[graph.id(i)] ?? null, citedBy: 0, direction: "x" });
    const list = readingList(graph, paper, { seeds: [3] });
    expect(list.items.map((i) => graph.id(i.index))).toEqual(["b", "c", "a"]);
    expect(list.items.every((i) => i.reason === "built on by your seed directly" && i.group === "foundations" && i.depth === 1)).toBe(true);
    expect(list.mainPath).toEqual([]);
  });
});

describe("reading groups", () => {
  const seedYears = [2005, 2007];
  it("puts what the seeds build on, or older papers, in foundations and what builds on them in follow-ups", () => {
    expect(readingGroup({ builtOnBySeeds: true, buildsOnSeeds: false, year: 2006, seedYears })).toBe("foundations");
    expect(readingGroup({ builtOnBySeeds: false, buildsOnSeeds: false, year: 2001, seedYears })).toBe("foundations");
    expect(readingGroup({ builtOnBySeeds: false, buildsOnSeeds: true, year: 2006, seedYears })).toBe("follow-ups");
    expect(readingGroup({ builtOnBySeeds: false, buildsOnSeeds: false, year: 2010, seedYears })).toBe("follow-ups");
    expect(readingGroup({ builtOnBySeeds: false, buildsOnSeeds: false, year: 2006, seedYears })).toBe("core");
    expect(readingGroup({ builtOnBySeeds: true, buildsOnSeeds: true, year: 2006, seedYears })).toBe("core");
    expect(readingGroup({ builtOnBySeeds: false, buildsOnSeeds: false, year: null, seedYears })).toBe("core");
  });
});
