/**
 * Reading lists: foundations first as a property (no item before a paper it builds on, directly
 * or through papers left off the list) over random citation graphs, seeded, and on the seeds graph.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { join } from "node:path";
import { CitationIndex } from "../../graph/citation-index.ts";
import { readingList, type ListPaper } from "../../graph/reading-list.ts";
import { short } from "../../graph/relevance-reasons.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { LineageAnalytics } from "../../library/lineage-analytics.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

/** Independent reachability: does `a` build on `b` through any chain of the graph? */
function buildsOn(graph: CitationIndex, a: number, b: number): boolean {
  const seen = new Set([a]);
  const stack = [a];
  while (stack.length > 0) {
    const n = stack.pop() as number;
    for (const m of graph.neighbours(n, "buildsOn")) {
      if (m === b) return true;
      if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
    }
  }
  return false;
}

/** The property: an item may precede a paper it builds on only when that paper also builds on it (a cycle). */
function violations(graph: CitationIndex, order: readonly number[]): string[] {
  const bad: string[] = [];
  order.forEach((early, p) => {
    for (const late of order.slice(p + 1)) {
      if (buildsOn(graph, early, late) && !buildsOn(graph, late, early)) bad.push(`${graph.id(early)} before ${graph.id(late)}, which it builds on`);
    }
  });
  return bad;
}

const arbitraryGraph = (acyclic: boolean) =>
  fc.integer({ min: 2, max: 36 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      // In a DAG a paper only cites papers numbered below it; otherwise anything goes (cycles).
      edges: fc.array(
        fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })).filter(([a, b]) => (acyclic ? a > b : a !== b)),
        { maxLength: n * 3 },
      ),
      years: fc.array(fc.option(fc.integer({ min: 2000, max: 2006 }), { nil: null }), { minLength: n, maxLength: n }),
      cites: fc.array(fc.nat({ max: 50 }), { minLength: n, maxLength: n }),
      directions: fc.array(fc.constantFrom("x", "y", "z"), { minLength: n, maxLength: n }),
      seeds: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 3 }),
      limit: fc.integer({ min: 1, max: 15 }),
      includeSeeds: fc.boolean(),
    }),
  );

function build(input: { n: number; edges: [number, number][] }): CitationIndex {
  const ids = Array.from({ length: input.n }, (_, i) => `p${String(i).padStart(2, "0")}`);
  const unique = [...new Set(input.edges.map(([a, b]) => `${a} ${b}`))].map((k) => k.split(" ").map(Number));
  return new CitationIndex(
    ids,
    unique.map(([a, b]) => ({ citing: ids[a ?? 0] as string, cited: ids[b ?? 0] as string })),
  );
}

describe("reading-list order, as a property", () => {
  for (const acyclic of [true, false]) {
    it(`never puts a paper before one it builds on (${acyclic ? "random DAGs" : "random graphs with citation cycles"})`, () => {
      fc.assert(
        fc.property(arbitraryGraph(acyclic), (input) => {
          const graph = build(input);
          const paper = (i: number): ListPaper => ({
            title: `p${i}`,
            year: input.years[i] ?? null,
            citedBy: input.cites[i] ?? 0,
            direction: input.directions[i] ?? "x",
          });
          const list = readingList(graph, paper, { seeds: input.seeds, limit: input.limit, includeSeeds: input.includeSeeds });
          const order = list.items.map((item) => item.index);
          expect(violations(graph, order)).toEqual([]);
          // No repeats; seeds only when asked; at most `limit` papers besides the seeds.
          expect(new Set(order).size).toBe(order.length);
          const seedsListed = order.filter((i) => input.seeds.includes(i));
          expect(seedsListed.length).toBe(input.includeSeeds ? input.seeds.length : 0);
          expect(order.length - seedsListed.length).toBeLessThanOrEqual(input.limit);
          // Every seed whose lineage has a candidate is represented, while the limit allows.
          if (input.limit >= input.seeds.length) {
            for (const s of input.seeds) {
              const lineage = list.items.filter((item) => !item.seed && (item.builtOnBySeeds.includes(s) || item.buildsOnSeeds.includes(s)));
              const hasCandidate = Array.from({ length: input.n }, (_, i) => i).some((i) => !input.seeds.includes(i) && (buildsOn(graph, s, i) || buildsOn(graph, i, s)));
              if (hasCandidate) expect(lineage.length).toBeGreaterThan(0);
            }
          }
          // Every item says why it is there.
          for (const item of list.items) expect(item.reason).not.toBe("");
        }),
        { seed: acyclic ? 20240501 : 20240502, numRuns: 150 },
      );
    });
  }

  it("puts older papers first when nothing else decides", () => {
    // s builds on a (2019), b (2017) and c (2018), which do not cite each other.
    const graph = new CitationIndex(
      ["a", "b", "c", "s"],
      ["a", "b", "c"].map((cited) => ({ citing: "s", cited })),
    );
    const years: Record<string, number> = { a: 2019, b: 2017, c: 2018, s: 2020 };
    const cites: Record<string, number> = { a: 9, b: 1, c: 0, s: 0 };
    const paper = (i: number): ListPaper => ({ title: graph.id(i), year: years[graph.id(i)] ?? null, citedBy: cites[graph.id(i)] ?? 0, direction: "x" });
    const list = readingList(graph, paper, { seeds: [3] });
    expect(list.items.map((i) => graph.id(i.index))).toEqual(["b", "c", "a"]);
    // Each is there because the seed builds on it, with its own citations; no main path pads the reasons.
    expect(list.items.map((i) => i.reason)).toEqual([
      "built on by your seed directly; cited by 1 in this map",
      "built on by your seed directly",
      "built on by your seed directly; cited by 9 in this map",
    ]);
  });
});

describe("reading lists on the seeds graph", () => {
  const tmp = tempDir();
  const dbFile = join(tmp.dir, "seeds.db");
  let db: LineageDb;
  let graph: LineageGraph;
  let analytics: LineageAnalytics;

  beforeAll(async () => {
    expect((await runCli(["ingest", SEEDS, "--db", dbFile])).code).toBe(0);
    db = LineageDb.open(dbFile, { readonly: true });
    graph = new LineageGraph(db);
    analytics = new LineageAnalytics(graph);
  });
  afterAll(() => {
    db.close();
    tmp.cleanup();
  });

  const SEED_SETS = [["arxiv:2306.03100"], ["arxiv:2306.03100", "arxiv:2407.16711"], ["arxiv:2306.03100", "arxiv:2407.16711", "arxiv:2310.11986"]];

  it("orders every list foundations first", () => {
    for (const seeds of SEED_SETS) {
      for (const limit of [5, 20, 60]) {
        const list = analytics.readingList({ seeds, limit, includeSeeds: true });
        const order = list.items.map((item) => graph.index.index(item.id) as number);
        expect(violations(graph.index, order)).toEqual([]);
        expect(list.items.filter((i) => i.seed)).toHaveLength(seeds.length);
      }
    }
  });

  it("grounds each reason in the graph", () => {
    const list = analytics.readingList({ seeds: SEED_SETS[1] ?? [], limit: 20 });
    const byId = new Map(list.items.map((i) => [i.id, i]));
    // Both seeds build on InstructGPT (2203.02155), one of them directly: the reason names that one.
    expect(byId.get("arxiv:2203.02155")?.reason).toMatch(/^built on by "Rethinking Model Evaluation as Narrowing the So…" directly/);
    expect(byId.get("arxiv:2203.02155")?.evidence?.builtOnBySeeds).toEqual(["arxiv:2306.03100"]);
    expect(byId.get("arxiv:2203.02155")?.builtOnBySeeds.sort()).toEqual(["arxiv:2306.03100", "arxiv:2407.16711"]);
    // GPT-4's page figure, not the graph's.
    expect(byId.get("arxiv:2303.08774")?.reason).toContain("18,132 citations reported");
    // Reasons quote only the seeds, by their titles; the main path is its own view.
    const seedTitles = new Set(list.seeds.map((s) => `"${short(s.title)}"`));
    for (const item of list.items) {
      for (const quoted of item.reason.match(/"[^"]+"/g) ?? []) expect(seedTitles.has(quoted), item.reason).toBe(true);
      expect(item.reason).not.toMatch(/main path|untitled/);
    }
    expect(list.items.some((i) => i.id === "arxiv:2306.03100")).toBe(false);
  });

  it("represents every seed's lineage and spreads over directions", () => {
    const seeds = SEED_SETS[2] ?? [];
    const list = analytics.readingList({ seeds, limit: 3 });
    for (const s of seeds) expect(list.items.some((i) => i.builtOnBySeeds.includes(s) || i.buildsOnSeeds.includes(s))).toBe(true);
    const wide = analytics.readingList({ seeds, limit: 12 });
    expect(new Set(wide.items.map((i) => i.direction)).size).toBeGreaterThan(1);
  });

  it("keeps to a direction when asked, stated or inferred", () => {
    const list = analytics.readingList({ seeds: ["arxiv:2306.03100"], direction: "reasoning benchmarks and evaluation", limit: 50 });
    expect(list.direction).toBe("Reasoning benchmarks and evaluation");
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.direction === "Reasoning benchmarks and evaluation")).toBe(true);
    expect(() => analytics.readingList({ seeds: ["arxiv:2306.03100"], direction: "Astrology" })).toThrow(/no direction "Astrology"/);
  });
});
