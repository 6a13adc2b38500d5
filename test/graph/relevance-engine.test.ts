/**
 * The relevance engine on a graph worked by hand, its four entry points, and its reasons: a
 * seeded property that a reason names only seeds, and only by the title they have.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CitationIndex } from "../../graph/citation-index.ts";
import { moreLikeList, relevantNeighbours, relevantPapers, similarTo } from "../../graph/relevance.ts";
import { reasonText } from "../../graph/relevance-reasons.ts";
import { readingList, type ListPaper } from "../../graph/reading-list.ts";
import { TextIndex } from "../../graph/title-similarity.ts";
import { indexOf } from "../analytics/aan-graph.ts";

// Seeds A and B. X is co-cited with both (by p1, p2); Y with B only (p3); R1 is built on by both
// seeds; far is one step further from everything (it builds on Y).
const graph = indexOf([
  ["p1", "A"],
  ["p1", "B"],
  ["p1", "X"],
  ["p2", "A"],
  ["p2", "X"],
  ["p3", "B"],
  ["p3", "Y"],
  ["A", "R1"],
  ["B", "R1"],
  ["B", "R2"],
  ["c1", "R1"],
  ["c1", "R2"],
  ["far", "Y"],
]);
const at = (id: string) => graph.index(id) ?? -1;
const TITLES: Record<string, string | null> = {
  A: "Alignment models for translation",
  B: null,
  X: "Translation models revisited",
  Y: "Parsing with grammars",
  R1: "Word alignment",
  R2: "Grammars of language",
  c1: "Alignment and grammars",
  p1: "Citing paper one",
  p2: "Citing paper two",
  p3: "Citing paper three",
  far: "A far paper",
};
const YEARS: Record<string, number> = { R1: 1990, R2: 1991, A: 2000, B: 2001, X: 1999, Y: 1998, c1: 2003, p1: 2005, p2: 2006, p3: 2007, far: 2008 };
const titleOf = (i: number) => TITLES[graph.id(i)] ?? null;
const corpus = { graph, text: new TextIndex(graph.size, (i) => ({ title: titleOf(i) })), year: (i: number) => YEARS[graph.id(i)] ?? null };
const ids = (list: { index: number }[]) => list.map((p) => graph.id(p.index));

describe("relevantPapers", () => {
  const ranked = relevantPapers(corpus, [at("A"), at("B")], { limit: 20 });

  it("ranks what is co-cited with both seeds first, and any evidence above none, never a seed", () => {
    expect(ids(ranked)[0]).toBe("X");
    // far has no link to a seed at all (it builds on Y): only the walk reaches it, to fill the
    // list when the neighbourhood holds fewer papers than asked for, and it comes last.
    const far = ids(ranked).indexOf("far");
    expect(far).toBeGreaterThan(0);
    for (const linked of ["X", "Y", "R1", "R2", "c1", "p1", "p2", "p3"]) expect(ids(ranked).indexOf(linked)).toBeLessThan(far);
    expect(ids(ranked)).not.toContain("A");
    expect(ids(ranked)).not.toContain("B");
    expect(ranked.indexOf(ranked.find((p) => graph.id(p.index) === "X") ?? ranked[0]!)).toBeLessThan(ids(ranked).indexOf("Y"));
    for (let k = 1; k < ranked.length; k++) expect(ranked[k - 1]!.score).toBeGreaterThanOrEqual(ranked[k]!.score);
  });

  it("gives the exact evidence behind each paper", () => {
    const x = ranked.find((p) => graph.id(p.index) === "X");
    expect(x?.evidence.coCitedWith).toEqual([
      { seed: at("A"), papers: 2 },
      { seed: at("B"), papers: 1 },
    ]);
    const r1 = ranked.find((p) => graph.id(p.index) === "R1");
    expect(r1?.evidence.builtOnBySeeds.sort()).toEqual([at("A"), at("B")].sort());
    const c1 = ranked.find((p) => graph.id(p.index) === "c1");
    expect(c1?.evidence.sharedReferencesWith).toEqual([
      { seed: at("B"), papers: 2 },
      { seed: at("A"), papers: 1 },
    ]);
  });

  it("keeps to the limit, the filters and the exclusions", () => {
    expect(relevantPapers(corpus, [at("A"), at("B")], { limit: 2 })).toHaveLength(2);
    const noX = relevantPapers(corpus, [at("A"), at("B")], { exclude: (i) => i === at("X") });
    expect(ids(noX)).not.toContain("X");
    const onlyOld = relevantPapers(corpus, [at("A"), at("B")], { include: (i) => (corpus.year(i) ?? 0) < 2000 });
    expect(onlyOld.length).toBeGreaterThan(0);
    expect(onlyOld.every((p) => (corpus.year(p.index) ?? 0) < 2000)).toBe(true);
    expect(() => relevantPapers(corpus, [])).toThrow(/at least one seed/);
    expect(() => relevantPapers(corpus, [at("A")], { limit: 0 })).toThrow(/limit must be/);
  });
});

describe("the other entry points", () => {
  it("similarTo splits one paper's similar papers into prior and derivative works", () => {
    const works = similarTo(corpus, at("B"));
    expect(works.papers.length).toBeGreaterThan(0);
    // B builds on R1 and R2 (prior); p1 and p3 build on B (derivative).
    expect(works.prior.map((i) => graph.id(i))).toEqual(expect.arrayContaining(["R1", "R2"]));
    expect(works.derivative.map((i) => graph.id(i))).toEqual(expect.arrayContaining(["p1", "p3"]));
    for (const i of works.prior) expect(works.derivative).not.toContain(i);
  });

  it("moreLikeList never returns the list's own papers", () => {
    const list = [at("A"), at("X")];
    const more = moreLikeList(corpus, list);
    expect(more.length).toBeGreaterThan(0);
    expect(more.some((p) => list.includes(p.index))).toBe(false);
  });

  it("relevantNeighbours keeps to papers one citation away from the set", () => {
    const set = [at("A"), at("B")];
    const near = relevantNeighbours(corpus, set);
    const adjacent = new Set(set.flatMap((s) => [...graph.neighbours(s, "buildsOn"), ...graph.neighbours(s, "builtBy")]));
    expect(near.length).toBe(adjacent.size);
    expect(near.every((p) => adjacent.has(p.index))).toBe(true);
  });
});

describe("reasons", () => {
  it("says what the evidence says, naming a titled seed and falling back for an untitled one", () => {
    const ctx = { seedCount: 2, title: titleOf };
    const evidence = { coCitedWith: [{ seed: at("A"), papers: 41 }], sharedReferencesWith: [], builtOnBySeeds: [], buildsOnSeeds: [], similarText: null, citedBy: 3 };
    expect(reasonText(evidence, ctx)).toBe('co-cited with "Alignment models for translation" by 41 papers; cited by 3 in this map');
    const untitled = Object.assign({}, evidence, { coCitedWith: [{ seed: at("B"), papers: 2 }], builtOnBySeeds: [at("A"), at("B")] });
    expect(reasonText(untitled, ctx)).toBe("built on by 2 of your 2 seeds directly; co-cited with one of your seeds by 2 papers; cited by 3 in this map");
    const text = Object.assign({}, evidence, { coCitedWith: [], similarText: { seed: at("B"), similarity: 0.5 }, citedBy: 0 });
    expect(reasonText(text, ctx)).toBe("similar title to one of your seeds");
    expect(reasonText(Object.assign({}, text, { similarText: null }), { seedCount: 1, title: titleOf })).toBe("close to your seed in the citation graph");
  });

  const randomGraph = fc.integer({ min: 3, max: 30 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      edges: fc.uniqueArray(
        fc.tuple(fc.nat(n - 1), fc.nat(n - 1)).filter(([a, b]) => a !== b),
        { maxLength: n * 3, selector: ([a, b]) => `${a} ${b}` },
      ),
      titles: fc.array(fc.option(fc.constantFrom("Machine translation", "Parsing", "Alignment models", "  ", "Translation evaluation"), { nil: null }), { minLength: n, maxLength: n }),
      seeds: fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: 4 }),
    }),
  );

  it("name only seeds, and only by their own title (a property, seeded)", () => {
    fc.assert(
      fc.property(randomGraph, ({ n, edges, titles, seeds }) => {
        const ids = Array.from({ length: n }, (_, i) => `q${i}`);
        const g = new CitationIndex(
          ids,
          edges.map(([a, b]) => ({ citing: ids[a] as string, cited: ids[b] as string })),
        );
        const title = (i: number) => titles[i] ?? null;
        const paper = (i: number): ListPaper => ({ title: title(i), year: 2000 + (i % 7), citedBy: g.degree(i, "builtBy"), direction: "x" });
        const list = readingList(g, paper, { seeds, limit: 10, includeSeeds: true, text: new TextIndex(n, (i) => ({ title: title(i) })) });
        const seedTitles = new Set(seeds.map((s) => title(s)?.trim()).filter((t): t is string => Boolean(t)));
        for (const item of list.items) {
          expect(item.reason).not.toBe("");
          expect(item.reason).not.toContain("untitled");
          for (const quoted of item.reason.match(/"[^"]*"/g) ?? []) expect(seedTitles.has(quoted.slice(1, -1))).toBe(true);
          // Every seed the evidence names is a seed.
          const named = [...(item.evidence?.coCitedWith ?? []).map((c) => c.seed), ...(item.evidence?.builtOnBySeeds ?? []), ...(item.evidence?.buildsOnSeeds ?? [])];
          for (const s of named) expect(seeds).toContain(s);
        }
      }),
      { seed: 20261201, numRuns: 150 },
    );
  });
});
