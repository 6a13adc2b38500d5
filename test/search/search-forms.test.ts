/**
 * The forms a query may take besides the words a title writes (library/paper-search.ts), on a
 * hand-made map: a British or an American spelling, two words typed as one, a name typed in
 * capitals that a commoner word is one edit from, a name with its version number left off, a
 * coined or clipped name, a title's whole leading part, a name spelt out by its initials, and a
 * task a paper is only cited for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { searchPapers } from "../../library/paper-search.ts";
import { americanSpelling, versionlessNames } from "../../vocabulary/search-text.ts";
import { tempDir } from "../helpers/cli.ts";
import { idOf, inventedMap, type InventedPaper } from "./invented-map.ts";

const tmp = tempDir();
let db: LineageDb;
let graph: LineageGraph;
const task = (name: string) => [{ kind: "source-comment" as const, text: `source: harness/tasks/${name}/README.md` }];

const PAPERS: InventedPaper[] = [
  /* 0 */ { title: "A Phrase-Based Model For Tidal Text Normalization", citedBy: 19 },
  /* 1 */ { title: "Lexical Normalisation Of Short Tidal Messages", citedBy: 10 },
  /* 2 */ { title: "Unsupervised Tide Sense Grading Rivalling Supervised Ledgers", citedBy: 40 },
  /* 3 */ { title: "Tide-Sense Grading Using Harbour Categories", citedBy: 20 },
  /* 4 */ { title: "Tide Sense Grading With Quills", citedBy: 5 },
  /* 5 */ { title: "BARGE4: The Tagging Of The Harbour Corpus", citedBy: 3 },
  /* 6 */ { title: "Large Harbours", citedBy: 30 },
  /* 7 */ { title: "Large Ledgers", citedBy: 25 },
  /* 8 */ { title: "QUILLNET: A Ledger Database For English", citedBy: 4 },
  /* 9 */ { title: "Grading Tides With QuillNet", citedBy: 9 },
  /* 10 */ { title: "The Proposition Ledger: An Annotated Corpus Of Tides", citedBy: 20 },
  /* 11 */ { title: "Grading Harbours With PropLedger", citedBy: 6 },
  /* 12 */ { title: "Know What You Don't Ledger: Unanswerable Tides", citedBy: 1 },
  /* 13 */ { title: "Ledgers Don't Know What You Want", citedBy: 8 },
  /* 14 */ { title: "Challenging Harbour-Bench Tasks And Whether Quills Solve Them", citedBy: 0, recordNames: task("hbh") },
  /* 15 */ { title: "Judging Harbours With Harbour-Bench", citedBy: 3, reported: 900 },
  /* 16 */ { title: "Solving Tidal Problems With Ledgers", recordNames: task("quillmath"), source: "bibtex:invented/citations.bib#solving" },
  /* 17 */ { title: "Fixing The Harbour Board", recordNames: task("quillmath"), source: "bibtex:invented/citations.bib#fixing" },
  /* 18 */ { title: "Training Quills To Solve Harbour Problems", citedBy: 50, recordNames: [{ kind: "citation-key", text: "ja_scoreboard_quill_1" }] },
  /* 19 */ { title: "Revealing Scoreboards Of Harbours", citedBy: 2 },
  /* 20 */ { title: "The Harbour QuayNet Project", citedBy: 30 },
  /* 21 */ { title: "QuayNet Senses For Tides", citedBy: 2 },
  /* 22 */ { title: "Ledger Arena: An Open Platform For Grading Tides", citedBy: 1, reported: 1000 },
  /* 23 */ { title: "Judging Ledgers With Ledger Arena", citedBy: 1, reported: 8000 },
];

beforeAll(() => {
  db = inventedMap(tmp.dir, "forms", PAPERS);
  graph = new LineageGraph(db);
});
afterAll(() => {
  db.close();
  tmp.cleanup();
});

const ids = (q: string, limit = 3) => searchPapers(db, graph, q, limit).map((h) => h.id);
const first = (q: string) => ids(q, 1)[0];

describe("spelling", () => {
  it("reads a British word in American spelling, and the index holds a British title's words in both", () => {
    expect(americanSpelling("normalisation")).toBe("normalization");
    expect(americanSpelling("modelling")).toBe("modeling");
    expect(americanSpelling("dialogue")).toBe("dialog");
    expect(americanSpelling("harbour")).toBe("harbor");
    expect(americanSpelling("grading")).toBe("grading");
    // Either spelling finds both papers, the more cited first: a rarer spelling is not a better match.
    expect(ids("tidal normalisation", 2)).toEqual([idOf(0), idOf(1)]);
    expect(ids("tidal normalization", 2)).toEqual([idOf(0), idOf(1)]);
  });

  it("reads a word joining two words that titles write apart as those two words, and two words as the one titles write", () => {
    expect(ids("tidesense grading", 3)).toEqual([idOf(2), idOf(3), idOf(4)]);
    expect(ids("Quay Net", 2)).toEqual([idOf(20), idOf(21)]);
  });
});

describe("names", () => {
  it("never corrects a word typed in capitals that a title holds, and finds a name without its version number", () => {
    expect(versionlessNames("CLAWS4 and Llama2 and GSM8K")).toEqual(["claws", "llama"]);
    // "large" is one edit from "barge" and far more cited.
    expect(first("BARGE")).toBe(idOf(5));
  });

  it("puts the paper a coined name names before more cited papers that use the word", () => {
    expect(first("QuillNet")).toBe(idOf(8));
  });

  it("finds a paper by the clipped name of its title's name, before papers that write the clipped name", () => {
    const hit = searchPapers(db, graph, "propledger", 1)[0];
    expect(hit?.id).toBe(idOf(10));
    expect(hit?.match).toMatchObject({ how: "alias", alias: { alias: "PropLedger", kind: "clipped-name" } });
  });

  it("reads a name typed with a typo as the name", () => {
    const hit = searchPapers(db, graph, "ledger arean", 1)[0];
    expect(hit?.id).toBe(idOf(22));
    expect(hit?.match).toMatchObject({ how: "alias", alias: { alias: "Ledger Arena" }, corrected: [{ typed: "arean" }] });
  });

  it("matches a BibTeX key whole, never its words as the paper's", () => {
    expect(first("scoreboards")).toBe(idOf(19));
    expect(first("ja_scoreboard_quill_1")).toBe(idOf(18));
  });

  it("takes a query that is a title's whole leading part as naming it", () => {
    expect(first("know what you don't ledger")).toBe(idOf(12));
  });

  it("takes a query spelling out a name the data gave by its initials as naming the paper", () => {
    const hit = searchPapers(db, graph, "harbour bench hard", 1)[0];
    expect(hit?.id).toBe(idOf(14));
    expect(hit?.match).toMatchObject({ how: "alias", alias: { alias: "hbh", kind: "task-name" } });
  });

  it("finds the papers a task is only cited for, as a weak match", () => {
    const hits = searchPapers(db, graph, "quillmath", 3);
    expect(hits.map((h) => h.id).sort()).toEqual([idOf(16), idOf(17)]);
    expect(hits.every((h) => h.match.how === "some words")).toBe(true);
  });
});
