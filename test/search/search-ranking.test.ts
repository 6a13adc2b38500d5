/**
 * Search's ranking (library/search-ranking.ts, over db/search-index.ts) on hand-made maps: an
 * identifier first, then an exact title or a name the data gave, then the papers holding every
 * word by relevance and importance (the famous paper before one that mentions it, an author's
 * papers by importance), then papers holding some words; typos, prefixes, a typed year, acronyms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { parseQuery, searchPapers } from "../../library/paper-search.ts";
import { rankCandidates, TIER, type RankedCandidate } from "../../library/search-ranking.ts";
import { tempDir } from "../helpers/cli.ts";
import { idOf, inventedMap, type InventedPaper } from "./invented-map.ts";

const tmp = tempDir();
let db: LineageDb;
let graph: LineageGraph;

const PAPERS: InventedPaper[] = [
  /* 0 */ { title: "Quill: A Method For Grading Ledger Summaries", authors: ["Orla Quenby", "Piet Varga"], year: 2002, citedBy: 30 },
  /* 1 */ { title: "The Complexity Of Finding The Quill-Optimal Ledger", authors: ["Ines Morrow"], year: 2008, citedBy: 1 },
  /* 2 */ { title: "Re-Grading The Role Of Quill In Ledger Research", authors: ["Ines Morrow"], year: 2006, citedBy: 4 },
  /* 3 */ { title: "Building A Large Annotated Ledger Of Tides: The Harbour Treebank", authors: ["Mitchell Harrow"], year: 1993, citedBy: 40 },
  /* 4 */ { title: "The Harbour Treebank: Annotating Tidal Structure", authors: ["Mitchell Harrow"], year: 1994, citedBy: 8 },
  /* 5 */ { title: "Parsing The Harbour Treebank Fully", authors: ["Ada Korr"], year: 2006, citedBy: 12 },
  /* 6 */ { title: "Minimum Ledger Rate Grading In Tidal Harbours", authors: ["Franz Josef Ochre"], year: 2003, citedBy: 25 },
  /* 7 */ { title: "A Systematic Comparison Of Tidal Alignment Models", authors: ["Franz Josef Ochre", "Hermann Nye"], year: 2003, citedBy: 24 },
  /* 8 */ { title: "Improved Tidal Alignment Models", authors: ["Franz Josef Ochre", "Hermann Nye"], year: 2000, citedBy: 10 },
  /* 9 */ { title: "Unsupervised Tidal Sense Grading Rivalling Supervised Ledgers", authors: ["David Yarrow"], year: 1995, citedBy: 20 },
  /* 10 */ { title: "Fast TSG For Small Harbours", authors: ["Lena Brook"], year: 2004, citedBy: 3 },
  /* 11 */ { title: "Ledger Generation For Harbour Reports", authors: ["Ana Vos"], year: 2000, citedBy: 5 },
  /* 12 */ { title: "Generalized Ledgers Of The Harbour", authors: ["Ana Vos"], year: 1998, citedBy: 7 },
  /* 13 */ { title: "Grading Ledgers", authors: ["Tom Ward"], year: 1990, citedBy: 0 },
  /* 14 */ { title: "Grading Ledgers With Tides And Harbours", authors: ["Tom Ward"], year: 2010, citedBy: 35 },
  /* 15 */ {
    title: "Measuring Massive Multitask Harbour Understanding",
    authors: ["Dana Hendry"],
    year: 2021,
    citedBy: 1,
    reported: 7000,
    recordNames: [{ kind: "source-comment", text: "source: harness/tasks/mmhu/README.md" }],
  },
  /* 16 */ { title: "Are We Done With MMHU?", authors: ["Lee Gemm"], year: 2024, citedBy: 2 },
  /* 17 */ { title: "A Harbour Study Of Tides", authors: ["Mitch Marcus"], year: 2001, citedBy: 6 },
  /* 18 */ { title: "Phrase Models Of Harbours", authors: ["Daniel Marcu"], year: 2003, citedBy: 2 },
];

beforeAll(() => {
  db = inventedMap(tmp.dir, "ranking", PAPERS);
  graph = new LineageGraph(db);
});
afterAll(() => {
  db.close();
  tmp.cleanup();
});

const ids = (q: string, limit = 5) => searchPapers(db, graph, q, limit).map((h) => h.id);
const first = (q: string) => ids(q, 1)[0];

describe("tiers", () => {
  it("puts the paper an identifier names first, in any form", () => {
    for (const q of ["2401.10013", "arXiv:2401.10013", "https://arxiv.org/abs/2401.10013v2", idOf(13)]) expect(first(q)).toBe(idOf(13));
  });

  it("puts an exact title first, before a more cited paper holding its words", () => {
    expect(ids("Grading Ledgers", 2)).toEqual([idOf(13), idOf(14)]);
    expect(ids("grading ledgers", 1)).toEqual([idOf(13)]);
  });

  it("puts a name a record gives first, before famous papers that use it", () => {
    // The task comment of a citation file names paper 15; paper 16 has the word in its title.
    const hits = searchPapers(db, graph, "MMHU", 3);
    expect(hits[0]?.id).toBe(idOf(15));
    expect(hits[0]?.match).toMatchObject({ how: "alias", alias: { alias: "mmhu", kind: "task-name" } });
  });

  it("answers papers holding some of the words only when none holds all, and says so", () => {
    const hits = searchPapers(db, graph, "quill harbour zebra", 5);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.match.how === "some words")).toBe(true);
    expect(searchPapers(db, graph, "quill ledger", 5).every((h) => h.match.how === "words" || h.match.how === "alias")).toBe(true);
  });
});

describe("relevance with importance", () => {
  it("puts the famous paper before those that merely mention its name", () => {
    expect(first("Quill")).toBe(idOf(0));
    expect(searchPapers(db, graph, "Quill", 1)[0]?.match).toMatchObject({ how: "alias", alias: { alias: "Quill", kind: "title-name" } });
    // Two papers are called the Harbour Treebank (one by its closing part): the more cited leads,
    // and the other comes before a paper that only mentions it, though that one is cited a little more.
    expect(ids("Harbour Treebank", 3)).toEqual([idOf(3), idOf(4), idOf(5)]);
  });

  it("ranks an author's papers by importance", () => {
    expect(ids("Ochre", 3)).toEqual([idOf(6), idOf(7), idOf(8)]);
    expect(ids("Franz Ochre", 3)).toEqual([idOf(6), idOf(7), idOf(8)]);
    expect(first("F. J. Ochre")).toBe(idOf(6));
    expect(ids("Hermann Nye", 2)).toEqual([idOf(7), idOf(8)]);
    // "Marcu" is Daniel Marcu: Mitch Marcus, cited more, only by prefix.
    expect(first("Marcu")).toBe(idOf(18));
  });

  it("takes a year typed beside an author as the paper's year", () => {
    expect(first("Ochre 2000")).toBe(idOf(8));
    expect(first("Ochre 2003")).toBe(idOf(6));
  });

  it("reads a typo as the word of the collection it is one edit from, and says so", () => {
    const hit = searchPapers(db, graph, "Harbuor Treebank", 1)[0];
    expect(hit?.id).toBe(idOf(3));
    expect(hit?.match.corrected).toEqual([{ typed: "harbuor", as: ["harbour"] }]);
    expect(first("Yarrwo")).toBe(idOf(9));
  });

  it("matches the last word as a prefix while it is typed", () => {
    expect(first("Minimum Ledger Rate Gra")).toBe(idOf(6));
  });

  it("ranks a word as typed above another word of its stem", () => {
    // Porter joins "generation" and "generalized"; the paper that says "generation" leads though cited less.
    expect(first("ledger generation")).toBe(idOf(11));
  });

  it("finds an acronym the title spells out, and the most cited paper it names", () => {
    expect(first("MLRG")).toBe(idOf(6));
    // TSG: spelt out by the most cited paper (confirmed by a title that writes TSG), before the literal one.
    expect(ids("TSG", 2)).toEqual([idOf(9), idOf(10)]);
  });
});

describe("rankCandidates", () => {
  const candidate = (paperId: string, over: Partial<RankedCandidate> = {}): RankedCandidate => ({
    paperId,
    tier: TIER.words,
    text: 1,
    citedInMap: 0,
    reported: null,
    inTitle: true,
    byAuthor: false,
    inTitleOrAuthors: true,
    named: 0,
    phrase: false,
    inexact: false,
    stemmed: false,
    year: null,
    ...over,
  });

  it("orders by tier first, whatever the score", () => {
    const ranked = rankCandidates([
      candidate("some", { tier: TIER.someWords, citedInMap: 10_000 }),
      candidate("famous", { citedInMap: 10_000 }),
      candidate("named", { tier: TIER.name, text: 0, citedInMap: 5_000 }),
      candidate("exact", { tier: TIER.title, text: 0 }),
      candidate("id", { tier: TIER.identifier, text: 0 }),
    ]);
    expect(ranked.map((r) => r.paperId)).toEqual(["id", "exact", "named", "famous", "some"]);
  });

  it("weighs a reported count below citations in the map, and an unknown count as none", () => {
    const ranked = rankCandidates([candidate("reported", { reported: 100 }), candidate("cited", { citedInMap: 100 }), candidate("unknown")]);
    expect(ranked.map((r) => r.paperId)).toEqual(["cited", "reported", "unknown"]);
  });

  it("breaks ties by id, so the order never depends on the index's", () => {
    expect(rankCandidates([candidate("b"), candidate("a")]).map((r) => r.paperId)).toEqual(["a", "b"]);
  });
});

describe("reading a query", () => {
  it("sets stopwords and a typed year aside, and takes the last word as a prefix until a space follows", () => {
    expect(parseQuery("the Ochre of 2003")).toEqual({ text: "the Ochre of 2003", words: ["ochre"], years: [2003], prefixLast: false });
    expect(parseQuery("Harbour Treeb")).toMatchObject({ words: ["harbour", "treeb"], prefixLast: true });
    expect(parseQuery("Harbour Treeb ")).toMatchObject({ prefixLast: false });
    expect(parseQuery("2003")).toMatchObject({ words: ["2003"], years: [] });
    expect(parseQuery("of the")).toMatchObject({ words: ["of", "the"] });
  });
});
