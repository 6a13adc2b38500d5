/**
 * The search index lives in the database and is kept with the graph (db/search-index.ts): every
 * write that rebuilds the graph rebuilds it in the same transaction (a new page is found, a removed
 * one is not, a failed write leaves the old index), a database whose index is missing or stale gets
 * one from prepareGraph (as `lineage serve` does for a database an older Lineage wrote), and a
 * typed word the index lacks is read through its trigram index of the collection's words.
 */
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { join } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import { writePages } from "../../library/page-writes.ts";
import { NO_PROGRESS } from "../../library/progress.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { searchPapers } from "../../library/paper-search.ts";
import { prepareGraph } from "../../library/prepare.ts";
import { emptyPage } from "../../vocabulary/paper-page.ts";
import { typoBudget, withinEdits } from "../../vocabulary/search-text.ts";
import { tempDir } from "../helpers/cli.ts";
import { idOf, inventedMap } from "./invented-map.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

function pageOf(n: number, title: string) {
  const page = emptyPage("markdown-page");
  page.paper.title = title;
  page.paper.ids = { arxiv: `2405.${String(10000 + n)}` };
  return { source: `invented/extra-${n}.md`, contentHash: `extra-${n}-${title}`.padEnd(64, "0"), encoding: "utf-8", byteSize: 1, page };
}

const titles = (db: LineageDb, q: string) => searchPapers(db, new LineageGraph(db), q, 5).map((h) => h.title);

describe("the index and the graph", () => {
  it("are rebuilt in one transaction by every write", () => {
    const db = inventedMap(tmp.dir, "writes", [{ title: "Grading Tidal Ledgers" }, { title: "Harbour Models" }]);
    try {
      expect(db.searchIndexIsCurrent()).toBe(true);
      expect(titles(db, "Quenby")).toEqual([]);
      writePages(db, [pageOf(1, "The Quenby Lattice Of Harbours")]);
      expect(db.searchIndexIsCurrent()).toBe(true);
      expect(titles(db, "Quenby Lattice")).toEqual(["The Quenby Lattice Of Harbours"]);
      writePages(db, [pageOf(1, "The Varga Lattice Of Harbours")]);
      expect(titles(db, "Quenby")).toEqual([]);
      expect(titles(db, "Varga Lattice")).toEqual(["The Varga Lattice Of Harbours"]);
      writePages(db, [], NO_PROGRESS, { remove: ["invented/extra-1.md"] });
      expect(titles(db, "Varga")).toEqual([]);
      expect(db.searchIndexIsCurrent()).toBe(true);
    } finally {
      db.close();
    }
  });

  it("never shows a reader an index of another graph, even while a write is under way", () => {
    const db = inventedMap(tmp.dir, "reader", [{ title: "Grading Tidal Ledgers" }]);
    const reader = LineageDb.open(join(tmp.dir, "reader.db"), { readonly: true });
    try {
      // The reader's snapshot is taken in a read transaction while the writer's is open.
      const raw = new Database(join(tmp.dir, "reader.db"));
      raw.exec("BEGIN IMMEDIATE");
      raw.exec("DELETE FROM search_text");
      expect(titles(reader, "Tidal Ledgers")).toEqual(["Grading Tidal Ledgers"]);
      raw.exec("ROLLBACK");
      raw.close();
      writePages(db, [pageOf(2, "Quenby Lattice Models")]);
      // A reader opened before the write sees it once committed, index and graph together.
      expect(titles(reader, "Quenby Lattice")).toEqual(["Quenby Lattice Models"]);
      expect(reader.searchIndexIsCurrent()).toBe(true);
    } finally {
      reader.close();
      db.close();
    }
  });

  it("is built once for a database whose index is missing or stale", () => {
    const db = inventedMap(tmp.dir, "older", [{ title: "Grading Tidal Ledgers" }, { title: "Harbour Models", citedBy: 2 }]);
    db.close();
    // As an older Lineage left it: no index, no record of one.
    const raw = new Database(join(tmp.dir, "older.db"));
    raw.exec("DELETE FROM search_text; DELETE FROM search_docs; DELETE FROM search_aliases; DELETE FROM graph_meta WHERE key = 'search_version'");
    raw.close();
    const reopened = LineageDb.open(join(tmp.dir, "older.db"));
    try {
      expect(reopened.searchIndexIsCurrent()).toBe(false);
      expect(titles(reopened, "Harbour Models")).toEqual(["Harbour Models"]); // the exact title needs no index
      expect(titles(reopened, "Harbour")).toEqual([]);
      prepareGraph(reopened);
      expect(reopened.searchIndexIsCurrent()).toBe(true);
      expect(searchPapers(reopened, new LineageGraph(reopened), "Harbour", 1)[0]?.id).toBe(idOf(1));
    } finally {
      reopened.close();
    }
  });
});

describe("an index rebuilt whole", () => {
  it("is merged into as few segments as one built once, however often it is rebuilt", () => {
    const titlesOf = Array.from({ length: 40 }, (_, i) => ({ title: `Grading Tidal Ledger ${i} Of Harbours` }));
    const db = inventedMap(tmp.dir, "rebuilt", titlesOf);
    db.close();
    const raw = new Database(join(tmp.dir, "rebuilt.db"));
    const segments = () => raw.prepare("SELECT count(*) FROM search_text_data").pluck().get() as number;
    try {
      const lineage = LineageDb.open(join(tmp.dir, "rebuilt.db"));
      lineage.rebuildSearchIndex();
      const once = segments();
      for (let i = 0; i < 5; i++) lineage.rebuildSearchIndex();
      expect(segments()).toBe(once);
      expect(titles(lineage, "ledger 7")[0]).toBe("Grading Tidal Ledger 7 Of Harbours");
      lineage.close();
    } finally {
      raw.close();
    }
  });
});

describe("typos", () => {
  it("allow no edit below five letters, one up to eight, two from nine", () => {
    expect([typoBudget("mert"), typoBudget("ledgr"), typoBudget("treebnak"), typoBudget("ratnaparki")]).toEqual([0, 1, 1, 2]);
  });

  it("count a swap of two neighbouring letters as one edit", () => {
    expect(withinEdits("treebnak", "treebank", 1)).toBe(true);
    expect(withinEdits("yarowksy", "yarowsky", 1)).toBe(true);
    expect(withinEdits("minimun", "minimum", 1)).toBe(true);
    expect(withinEdits("aligment", "alignment", 1)).toBe(true);
    expect(withinEdits("ledger", "harbour", 2)).toBe(false);
    expect(withinEdits("ratnaparki", "ratnaparkhi", 1)).toBe(true);
    expect(withinEdits("abcdef", "badcfe", 2)).toBe(false);
    expect(withinEdits("abcdef", "badcfe", 3)).toBe(true);
  });

  it("are read as the words of the collection that are that close, the commonest first", () => {
    const db = inventedMap(tmp.dir, "typos", [{ title: "Grading The Harbour Treebank", citedBy: 3 }, { title: "Treebank Harbours Of Tides" }, { title: "Threebank Ledgers" }]);
    try {
      const hits = searchPapers(db, new LineageGraph(db), "Harbour Treebnak", 3);
      expect(hits[0]?.title).toBe("Grading The Harbour Treebank");
      expect(hits[0]?.match.corrected).toEqual([{ typed: "treebnak", as: ["treebank"] }]);
      expect(db.search.wordsLike("treebnak", 10).map((w) => w.word)).toContain("treebank");
      // A word the collection holds is searched as typed.
      expect(searchPapers(db, new LineageGraph(db), "Threebank", 1)[0]?.match.corrected).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it("find a short name whose swapped letters break most of its trigrams, and an author's two names near each other", () => {
    const db = inventedMap(tmp.dir, "swaps", [
      { title: "Ledgers Of Polarity", authors: ["Piet Turnley"], citedBy: 4 },
      { title: "Tidal Harbour Reviews", authors: ["Piet Turnley"], citedBy: 1 },
      { title: "Turning Tides", authors: ["Orla Quist"], citedBy: 2 },
      { title: "Merging Ledger Outputs", authors: ["Bonnie Dorn"], citedBy: 6 },
      { title: "Ledger Divergences", authors: ["Bonnie Dorn", "Lee Gemm"], citedBy: 5 },
      { title: "Ledger Outputs Of Bonnie Harbour", authors: ["Ana Dorn"], citedBy: 7 },
    ]);
    try {
      // "turnely" shares two trigrams of five with "turnley", and its first two letters.
      expect(db.search.wordsBeginningLike("turnely", 1, 50).map((w) => w.word)).toContain("turnley");
      expect(titles(db, "Turnely")[0]).toBe("Ledgers Of Polarity");
      // "Bonine" is read as "bonnie", and ranks as the name spelt right does: the two names near
      // each other in one author's name, before a title that holds one of them.
      expect(titles(db, "Bonnie Dorn").slice(0, 3)).toEqual(["Merging Ledger Outputs", "Ledger Divergences", "Ledger Outputs Of Bonnie Harbour"]);
      expect(titles(db, "Bonine Dorn").slice(0, 3)).toEqual(titles(db, "Bonnie Dorn").slice(0, 3));
    } finally {
      db.close();
    }
  });
});

describe("one-letter words", () => {
  it("are an author's initial when typed on their own, part of the word when joined to it by a hyphen", () => {
    const db = inventedMap(tmp.dir, "initials", [
      { title: "Ledger-X Shared Task On Harbours", authors: ["Orla Quill"], citedBy: 3 },
      { title: "Introduction To The Ledger-2005 Shared Task", authors: ["Xavier Quill"], citedBy: 9 },
    ]);
    try {
      expect(titles(db, "Ledger-X")[0]).toBe("Ledger-X Shared Task On Harbours");
      expect(titles(db, "X Quill")[0]).toBe("Introduction To The Ledger-2005 Shared Task");
      expect(titles(db, "O. Quill")[0]).toBe("Ledger-X Shared Task On Harbours");
    } finally {
      db.close();
    }
  });
});
