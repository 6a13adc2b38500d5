/**
 * The reading-list evaluation's parts on inputs written here: the ranking metrics on rankings
 * worked by hand, holding a paper out of a graph, the held-out queries, and reading an AAN-format
 * release (invented IDs, titles and citations in the real files' layout).
 */
import { afterAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ndcgAt, recallAt, reciprocalRank, summary } from "../../eval/ranking-metrics.ts";
import { withoutPaper } from "../../eval/held-out.ts";
import { heldOutQueries, seededRandom } from "../../eval/held-out-queries.ts";
import { loadAanCorpus, yearOfAclId } from "../../eval/aan-corpus.ts";
import { indexOf } from "./aan-graph.ts";
import { tempDir } from "../helpers/cli.ts";

describe("ranking metrics", () => {
  const relevant = new Set([1, 2, 3, 4]);

  it("recall@k is the share of relevant papers in the first k", () => {
    expect(recallAt([1, 9, 2, 8], relevant, 4)).toBe(0.5);
    expect(recallAt([1, 9, 2, 8], relevant, 1)).toBe(0.25);
    expect(recallAt([9, 8], relevant, 20)).toBe(0);
    // A paper listed twice counts once.
    expect(recallAt([1, 1, 1], relevant, 3)).toBe(0.25);
  });

  it("nDCG@k discounts by log2(rank + 1) against the ideal ranking", () => {
    // Hits at ranks 1 and 3: DCG = 1 + 1/2; ideal for 4 relevant within k = 4: 1 + 1/log2 3 + 1/2 + 1/log2 5.
    const ideal = 1 + 1 / Math.log2(3) + 1 / 2 + 1 / Math.log2(5);
    expect(ndcgAt([1, 9, 2, 8], relevant, 4)).toBeCloseTo(1.5 / ideal, 12);
    // With k = 2 the ideal holds two hits; one hit at rank 2.
    expect(ndcgAt([9, 3], relevant, 2)).toBeCloseTo(1 / Math.log2(3) / (1 + 1 / Math.log2(3)), 12);
    expect(ndcgAt([1, 2, 3, 4], relevant, 4)).toBeCloseTo(1, 12);
  });

  it("reciprocal rank is 1 / the first hit's rank, 0 without one", () => {
    expect(reciprocalRank([9, 8, 3], relevant)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank([2], relevant)).toBe(1);
    expect(reciprocalRank([9], relevant)).toBe(0);
  });

  it("refuses a query with nothing relevant, and summarises timings by nearest rank", () => {
    expect(() => recallAt([1], new Set(), 5)).toThrow(/at least one relevant/);
    expect(summary([5, 1, 4, 2, 3, 10, 9, 8, 7, 6])).toEqual({ mean: 5.5, median: 5, p90: 9 });
  });
});

describe("held-out queries", () => {
  // q builds on r1..r5; r1 is also cited by x; q is cited by z.
  const graph = indexOf([
    ["q", "r1"],
    ["q", "r2"],
    ["q", "r3"],
    ["q", "r4"],
    ["q", "r5"],
    ["x", "r1"],
    ["z", "q"],
  ]);
  const at = (id: string) => graph.index(id) ?? -1;

  it("removes the paper's citations both ways and keeps the numbering", () => {
    const h = withoutPaper(graph, at("q"));
    expect(h.ids).toEqual(graph.ids);
    expect(h.edgeCount).toBe(1);
    expect(h.degree(at("q"), "buildsOn") + h.degree(at("q"), "builtBy")).toBe(0);
    expect([...h.neighbours(at("r1"), "builtBy")]).toEqual([at("x")]);
    expect(h.degree(at("z"), "buildsOn")).toBe(0);
  });

  it("draws seeds from the references, the same for a paper in every sample, the rest relevant", () => {
    const selection = { years: null, sample: null, seed: 7, minReferences: 5, seedCount: 3 };
    const [query] = heldOutQueries(graph, () => 2000, selection);
    expect(query?.paper).toBe(at("q"));
    expect(query?.seeds).toHaveLength(3);
    const refs = new Set(["r1", "r2", "r3", "r4", "r5"].map(at));
    expect(query?.seeds.every((s) => refs.has(s))).toBe(true);
    expect([...(query?.relevant ?? [])].sort()).toEqual([...refs].filter((r) => !query?.seeds.includes(r)).sort());
    expect(heldOutQueries(graph, () => 2000, selection)).toEqual([query]);
    expect(heldOutQueries(graph, () => 2000, Object.assign({}, selection, { minReferences: 6 }))).toEqual([]);
    expect(heldOutQueries(graph, () => 2011, Object.assign({}, selection, { years: { from: 0, to: 2010 } }))).toEqual([]);
  });

  it("uses a seeded generator that repeats itself", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe("an AAN-format release", () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it("becomes a citation index with titles and years, duplicates and self-citations dropped", () => {
    const metadata = [
      "id = {Z05-1001}\nauthor = {Doe, Jane; Roe, Richard}\ntitle = {An Invented Parser &amp; Its Grammar}\nvenue = {Invented Workshop}\nyear = {2005}",
      "id = {Z07-2002}\nauthor = {Poe, Ann}\ntitle = {A Second Invented Paper}\nvenue = {Invented Conference}\nyear = {2007}",
      "id = {Z09-3003}\nauthor = {Moe, Max}\ntitle = {Never Cited, Never Citing}\nvenue = {Invented Conference}\nyear = {2009}",
    ].join("\n\n");
    writeFileSync(join(tmp.dir, "acl-metadata.txt"), `${metadata}\n`);
    writeFileSync(join(tmp.dir, "acl.txt"), "Z07-2002 , Z05-1001\nZ07-2002 , Z05-1001\nZ12-4004 , Z07-2002\nZ05-1001 , Z05-1001\nnot a line\n");
    const corpus = loadAanCorpus(tmp.dir);
    expect(corpus.graph.ids).toEqual(["Z05-1001", "Z07-2002", "Z09-3003", "Z12-4004"]);
    expect(corpus.graph.edgeCount).toBe(2);
    expect(corpus.titles).toEqual(["An Invented Parser & Its Grammar", "A Second Invented Paper", "Never Cited, Never Citing", null]);
    // Z12-4004 has no record: its year is read from its ID.
    expect(corpus.years).toEqual([2005, 2007, 2009, 2012]);
    expect(corpus.problems).toEqual({ citations: 1, metadata: 0 });
    expect(yearOfAclId("J79-1032")).toBe(1979);
    expect(() => loadAanCorpus(join(tmp.dir, "missing"))).toThrow(/cannot read the release/);
  });
});
