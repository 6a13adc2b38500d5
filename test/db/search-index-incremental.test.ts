/**
 * A batch of pages changes only the search index's rows that differ (db/search-index.ts
 * `searchChanges`), and what it leaves must be what a rebuild from the same papers writes: after
 * each step of a sequence over a hand-made map (pages ingested, a record file imported, a page
 * renamed, papers merged so that one leaves the map, a page removed, an alias lost by a paper the
 * batch never touched), the index is compared with a whole rebuild of a copy of the database,
 * row by row keyed by paper (text, figures, aliases in order), word counts, the trigram words,
 * FTS5's own term statistics, and the answers and scores of searches.
 */
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { join } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import type { PageRecord } from "../../db/page-writer.ts";
import { writePages } from "../../library/page-writes.ts";
import { NO_PROGRESS } from "../../library/progress.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { searchPapers } from "../../library/paper-search.ts";
import { importRecordFiles } from "../../ingest/sources/import-sources.ts";
import { emptyPage, type PaperRef, type RecordName } from "../../vocabulary/paper-page.ts";
import { tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

interface Invented {
  title: string;
  arxiv?: string;
  doi?: string;
  authors?: string[];
  year?: number;
  abstract?: string;
  reported?: number;
  names?: RecordName[];
  cites?: PaperRef[];
}

let version = 0;
function page(source: string, p: Invented): PageRecord {
  const page = emptyPage("markdown-page");
  page.paper.title = p.title;
  page.paper.ids = { ...(p.arxiv ? { arxiv: p.arxiv } : {}), ...(p.doi ? { doi: p.doi } : {}) };
  page.paper.authors = p.authors ?? [];
  if (p.year !== undefined) page.paper.year = p.year;
  if (p.abstract !== undefined) page.paper.abstract = p.abstract;
  if (p.names) page.paper.recordNames = p.names;
  if (p.reported !== undefined) page.facts.citedByCount = p.reported;
  page.buildsOn = p.cites ?? [];
  return { source, contentHash: `v${++version}-${source}`.padEnd(64, "0"), encoding: "utf-8", byteSize: 1, page };
}

const QUERIES = ["squibs", "tidal ledgers", "TLG", "kelp benchmark", "harbour", "Quenby", "morwen", "ledgr", "2403.20001", "brightwater", "hendrycks2021kelp", "Orchard Glossing"];

/** Everything the index holds that does not depend on row numbers. */
function contents(path: string) {
  const raw = new Database(path);
  try {
    raw.exec("CREATE VIRTUAL TABLE temp.text_terms USING fts5vocab(main, search_text, 'row'); CREATE VIRTUAL TABLE temp.gram_terms USING fts5vocab(main, search_word_grams, 'row')");
    raw.exec("INSERT INTO search_text (search_text) VALUES ('integrity-check'); INSERT INTO search_word_grams (search_word_grams) VALUES ('integrity-check')");
    return {
      docs: raw
        .prepare(
          "SELECT d.paper_id, d.year, d.cited_in_map, d.reported, d.prior, t.title, t.names, t.terms, t.authors, t.venue, t.ids FROM search_docs d JOIN search_text t ON t.rowid = d.rowid ORDER BY d.paper_id",
        )
        .raw()
        .all(),
      rows: raw.prepare("SELECT (SELECT count(*) FROM search_text), (SELECT count(*) FROM search_docs), (SELECT count(*) FROM search_word_grams)").raw().get(),
      aliases: raw.prepare("SELECT paper_id, alias, key, kind, exact, titles, source FROM search_aliases ORDER BY paper_id, rowid").raw().all(),
      words: raw.prepare("SELECT word, docs FROM search_words ORDER BY word").raw().all(),
      grams: raw.prepare("SELECT word FROM search_word_grams ORDER BY word").pluck().all(),
      textTerms: raw.prepare("SELECT term, doc, cnt FROM temp.text_terms ORDER BY term").raw().all(),
      gramTerms: raw.prepare("SELECT term, doc, cnt FROM temp.gram_terms ORDER BY term").raw().all(),
      version: raw.prepare("SELECT value FROM graph_meta WHERE key = 'search_version'").pluck().get(),
    };
  } finally {
    raw.close();
  }
}

const answers = (db: LineageDb) => QUERIES.map((q) => [q, searchPapers(db, new LineageGraph(db), q, 10).map((h) => [h.id, h.score, h.match])]);

let copies = 0;
/** The index as it is, against a copy of the same database whose index is rebuilt whole. */
function expectAsRebuilt(db: LineageDb, path: string) {
  const copy = join(tmp.dir, `rebuilt-${++copies}.db`);
  const raw = new Database(path);
  raw.exec(`VACUUM INTO '${copy}'`);
  raw.close();
  const rebuilt = LineageDb.open(copy);
  try {
    rebuilt.rebuildSearchIndex();
    expect(db.searchIndexIsCurrent()).toBe(true);
    expect(contents(path)).toEqual(contents(copy));
    expect(answers(db)).toEqual(answers(rebuilt));
  } finally {
    rebuilt.close();
  }
}

const paperIds = (path: string) => {
  const raw = new Database(path, { readonly: true });
  try {
    return raw.prepare("SELECT id FROM papers ORDER BY id").pluck().all() as string[];
  } finally {
    raw.close();
  }
};
const aliasesOf = (path: string, paper: string) => {
  const raw = new Database(path, { readonly: true });
  try {
    return raw.prepare("SELECT alias FROM search_aliases WHERE paper_id = ? ORDER BY rowid").pluck().all(paper) as string[];
  } finally {
    raw.close();
  }
};

describe("the search index a batch changes in place", () => {
  it("holds what a whole rebuild holds after ingests, an import, a rename, a merge, a removal and alias changes", () => {
    const path = join(tmp.dir, "steps.db");
    const db = LineageDb.open(path);
    try {
      writePages(db, [
        page("m/1.md", { title: "Squibs: Grading Tidal Ledgers", arxiv: "2403.10001", authors: ["Ines Morwen"], year: 2019, reported: 12 }),
        page("m/2.md", { title: "Squibs: Harbour Models Revisited", arxiv: "2403.10002", authors: ["Tomas Brightwater"], year: 2020 }),
        page("m/3.md", {
          title: "Tidal Ledger Grading For Coastal Archives",
          arxiv: "2403.10003",
          abstract: "We introduce the Tidal Ledger Grader (TLG), a benchmark of harbour records.",
          year: 2021,
          cites: [
            { ids: { arxiv: "2403.10001" }, title: "Squibs: Grading Tidal Ledgers" },
            { ids: {}, title: "An Unseen Benchmark Of Kelp Forests" },
          ],
        }),
        page("m/4.md", { title: "Orchard Glossing With Quenby Lattices", doi: "10.5555/orchard.4", authors: ["Ines Morwen", "Ada Quenby"], year: 2022 }),
      ]);
      expectAsRebuilt(db, path);
      expect(aliasesOf(path, "arxiv:2403.10001")).toContain("Squibs");

      // Ingest: citations change figures of papers the batch did not write; a third "Squibs:" title
      // makes it a series label, so the first two papers lose it as a name.
      writePages(db, [
        page("m/5.md", { title: "Squibs: Kelp Forest Surveys", arxiv: "2403.10005", cites: [{ ids: { arxiv: "2403.10002" }, title: "Squibs: Harbour Models Revisited" }] }),
        page("m/6.md", { title: "Harbour Ledgers At Scale", arxiv: "2403.10006", cites: [{ ids: { arxiv: "2403.10001" } }, { ids: { arxiv: "2403.10003" } }] }),
      ]);
      expect(aliasesOf(path, "arxiv:2403.10001")).not.toContain("Squibs");
      expectAsRebuilt(db, path);

      // Import: a BibTeX file, its keys becoming names of the papers it describes.
      const bib = [
        "@article{hendrycks2021kelp, title = {An Unseen Benchmark Of Kelp Forests}, author = {Hendrycks, Dan and Quenby, Ada}, year = 2021, eprint = {2403.20001}, archivePrefix = {arXiv}}",
        "@inproceedings{morwen2019ledgers, title = {Squibs: Grading Tidal Ledgers}, author = {Morwen, Ines}, year = 2019, shorttitle = {Tidal Ledgers}}",
      ].join("\n");
      const imported = importRecordFiles("bibtex", [{ path: "lib.bib", bytes: Buffer.from(bib) }]);
      expect(imported.records).toHaveLength(2);
      const before = paperIds(path);
      writePages(db, imported.records);
      // The cited paper known only by its title is merged with the record that gives its arXiv ID: it leaves the map under its old id.
      const after = paperIds(path);
      expect(before.filter((id) => !after.includes(id))).toHaveLength(1);
      expect(after).toContain("arxiv:2403.20001");
      expect(aliasesOf(path, "arxiv:2403.20001")).toContain("hendrycks2021kelp");
      expectAsRebuilt(db, path);

      // Rename: a page read again with another title; and a merge: a page giving a DOI paper its arXiv ID.
      writePages(db, [
        page("m/4.md", { title: "Orchard Glossing With Quenby Trellises", doi: "10.5555/orchard.4", authors: ["Ines Morwen", "Ada Quenby"], year: 2022 }),
        page("m/7.md", { title: "Orchard Glossing With Quenby Trellises", doi: "10.5555/orchard.4", arxiv: "2403.10007", year: 2022 }),
      ]);
      expectAsRebuilt(db, path);

      // Removal: the page of a cited paper and the file's records go; the series label comes back.
      writePages(db, [], NO_PROGRESS, { remove: ["m/5.md", ...imported.records.map((r) => r.source)] });
      expect(aliasesOf(path, "arxiv:2403.10002")).toContain("Squibs");
      expectAsRebuilt(db, path);

      // An index of another format (or none) is replaced whole by the next batch.
      const raw = new Database(path);
      raw.exec("DELETE FROM search_aliases; UPDATE graph_meta SET value = 'old' WHERE key = 'search_version'");
      raw.close();
      writePages(db, [page("m/8.md", { title: "Brightwater Harbour Tables", arxiv: "2403.10008" })]);
      expectAsRebuilt(db, path);
    } finally {
      db.close();
    }
  });

  it("writes only the rows of the papers that changed", () => {
    const path = join(tmp.dir, "few.db");
    const db = LineageDb.open(path);
    try {
      const many = Array.from({ length: 40 }, (_, i) => page(`f/${i}.md`, { title: `Ledger Study Number ${i} Of Tidal Harbours`, arxiv: `2404.${10000 + i}` }));
      writePages(db, many);
      const plan = db.planPages([page("f/new.md", { title: "A Quite Different Orchard Paper", arxiv: "2404.20000", cites: [{ ids: { arxiv: "2404.10003" } }] })]);
      const search = plan.write?.search;
      // The new paper, and the paper it cites (its count in the map changed); nothing else.
      expect(search?.clear).toBe(false);
      expect(search?.put.map((p) => p.doc.paperId).sort()).toEqual(["arxiv:2404.10003", "arxiv:2404.20000"]);
      expect(search?.gone).toEqual([]);
    } finally {
      db.close();
    }
  });
});
