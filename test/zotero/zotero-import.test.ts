/**
 * `lineage import zotero` through the CLI, on Zotero databases built by the tests, into a map of
 * invented pages: items merge with the map's papers by their identifiers (those named only by
 * URL or Extra too), `show --json` carries `library`, the same library again changes nothing, an
 * item deleted in Zotero is unmarked on the next import, an unknown schema is refused; then what
 * cites the library that it lacks, a collection as reading-list seeds, and the list back to
 * Zotero as BibTeX filed in a collection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";
import { buildZoteroDb, sampleLibrary } from "../helpers/zotero-db.ts";
import { writeMapPages } from "../helpers/zotero-map.ts";
import type { LibraryMissingResponse, LibraryResponse, PaperDetail } from "../../api/types.ts";
import type { ZoteroImportReport } from "../../library/zotero-import.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const db = join(tmp.dir, "map.db");
const zotero = join(tmp.dir, "zotero.sqlite");
const importZotero = async (...args: string[]) => {
  const r = await runCli(["import", "zotero", ...args, "--db", db, "--json"]);
  return { code: r.code, stderr: r.stderr, report: r.stdout ? (JSON.parse(r.stdout) as ZoteroImportReport) : undefined };
};
const show = (ref: string) => runJson<PaperDetail>(["show", ref, "--db", db]);
const tables = () => {
  const conn = new Database(db, { readonly: true });
  try {
    return ["pages", "mentions", "papers", "edges", "library_items", "library_collections", "library_collection_items"].map((t) => conn.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all());
  } finally {
    conn.close();
  }
};

beforeAll(async () => {
  expect((await runCli(["ingest", writeMapPages(join(tmp.dir, "pages")), "--db", db])).code).toBe(0);
  buildZoteroDb(zotero, sampleLibrary());
});

describe("lineage import zotero", () => {
  let first: ZoteroImportReport | undefined;

  it("imports the library, saying how the file was read and what it passed over", async () => {
    const { code, report } = await importZotero(zotero);
    first = report;
    expect(code).toBe(0);
    expect(report).toMatchObject({ library: "zotero", origin: zotero, readAs: "copy", schemaVersion: 129, collections: 4, membershipChanged: true });
    expect(report?.items).toEqual({ read: 7, new: 7, updated: 0, unchanged: 0, removed: 0, failed: 0 });
    expect(report?.skipped).toEqual({ deleted: 1, notes: 2, attachments: 1, annotations: 1, otherLibraries: 2 });
    // Three of its papers the pages already held (by archiveID, by Extra, by an arXiv DOI).
    expect(report?.papers).toEqual({ inLibrary: 7, alsoInMap: 3, onlyInLibrary: 4 });
    const text = await runCli(["import", "zotero", zotero, "--db", join(tmp.dir, "text.db")]);
    expect(text.stdout).toMatch(/^Read a copy of .*zotero\.sqlite \(modified \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; Zotero userdata schema 129\)\./m);
    expect(text.stdout).toMatch(/passed over 1 in the trash, 2 notes, 1 attachments, 1 annotations, 2 in group libraries or feeds/);
  });

  it("merges items with the map's papers, and show --json carries where the library holds them", async () => {
    const held = await show("2401.04321");
    expect(held.library).toEqual({
      source: "zotero",
      key: "ARXIVID1",
      keys: ["ARXIVID1"],
      collections: [
        { key: "COLLBENC", name: "Benchmarks", path: ["Evaluation", "Benchmarks"] },
        { key: "COLLREAS", name: "Reasoning", path: ["Evaluation", "Benchmarks", "Reasoning"] },
      ],
      tags: ["reasoning"],
    });
    expect(held.sources.map((s) => s.source)).toContain("zotero:ARXIVID1");
    // The title, authors and venue come from the Zotero record, a structured one.
    expect(held.authors).toEqual(["Dina Ferro", "The Invented Evaluation Consortium"]);
    expect((await show("2312.00457")).library?.key).toBe("EXTRAAX1");
    expect((await show("2020.acl-main.917")).library?.collections.map((c) => c.key)).toEqual(["COLLBENC"]);
    expect((await show("2402.00001")).library).toBeNull();
    // An item with no identifier is a paper of its own, provenance zotero:ITEMKEY.
    const thesis = await show("On Measuring What Models Know");
    expect(thesis.sources.map((s) => s.source)).toEqual(["zotero:TITLEONL"]);
    expect(thesis).toMatchObject({ venue: "Invented University", year: 2018, library: { key: "TITLEONL", collections: [] } });
  });

  it("changes nothing when the same library is imported again", async () => {
    const before = tables();
    const { report } = await importZotero(zotero);
    expect(report?.items).toEqual({ read: 7, new: 0, updated: 0, unchanged: 7, removed: 0, failed: 0 });
    expect(report?.membershipChanged).toBe(false);
    expect(tables()).toEqual(before);
    expect(report?.papers).toEqual(first?.papers);
  });

  it("unmarks an item deleted in Zotero, and forgets a paper only the library named", async () => {
    const z = new Database(zotero);
    const id = (key: string) => (z.prepare("SELECT itemID FROM items WHERE key = ?").get(key) as { itemID: number }).itemID;
    z.prepare("INSERT INTO deletedItems (itemID) VALUES (?)").run(id("ARXIVID1"));
    z.prepare("DELETE FROM items WHERE itemID = ?").run(id("TITLEONL"));
    z.prepare("DELETE FROM collectionItems WHERE itemID = ?").run(id("ACLURL01"));
    z.close();
    const { report } = await importZotero(zotero);
    expect(report?.items).toMatchObject({ read: 5, unchanged: 5, removed: 2 });
    expect(report?.membershipChanged).toBe(true);
    const unmarked = await show("2401.04321");
    expect(unmarked.library).toBeNull();
    expect(unmarked.sources.map((s) => s.source)).not.toContain("zotero:ARXIVID1");
    expect((await runCli(["show", "On Measuring What Models Know", "--db", db])).code).toBe(3);
    expect((await show("2020.acl-main.917")).library?.collections).toEqual([]);
    const library = await runJson<LibraryResponse>(["library", "--db", db]);
    expect(library).toMatchObject({ imported: true, readAs: "copy", items: 5 });
    expect(library.papers.map((p) => p.key).sort()).toEqual(["ACLURL01", "AXDOI001", "DOIJRNL1", "EXTRAAX1", "EXTRADOI"]);
    expect(library.collections.map((c) => [c.path.join(" / "), c.items])).toEqual([
      ["Evaluation", 1],
      ["Evaluation / Benchmarks", 0],
      ["Evaluation / Benchmarks / Reasoning", 0],
      ["Evaluation / Metrics", 1],
    ]);
    // Back in Zotero (restored from the trash), it is marked again.
    const back = new Database(zotero);
    back.prepare("DELETE FROM deletedItems WHERE itemID = (SELECT itemID FROM items WHERE key = 'ARXIVID1')").run();
    back.close();
    expect((await importZotero(zotero)).report?.items).toMatchObject({ read: 6, new: 1 });
    expect((await show("2401.04321")).library?.key).toBe("ARXIVID1");
  });

  it("finds the library where Zotero keeps it when no file is named", async () => {
    const home = join(tmp.dir, "home");
    mkdirSync(join(home, "Zotero"), { recursive: true });
    buildZoteroDb(join(home, "Zotero", "zotero.sqlite"), sampleLibrary());
    const before = process.env.HOME;
    process.env.HOME = home;
    try {
      const { code, report } = await importZotero();
      expect(code).toBe(0);
      expect(report?.origin).toBe(join(home, "Zotero", "zotero.sqlite"));
    } finally {
      process.env.HOME = before;
    }
    const text = await runCli(["library", "--db", db]);
    expect(text.stdout).toMatch(/^Zotero library, imported .* from a copy of .*home\/Zotero\/zotero\.sqlite/);
    expect(text.stdout).toMatch(/\n {4}Benchmarks {2}\(2 of 2 in the map\) {2}\[COLLBENC\]\n {6}Reasoning/);
    // Back to the library the other tests changed.
    expect((await importZotero(zotero)).code).toBe(0);
  });

  it("refuses a schema version it does not know, naming it, and leaves the map as it was", async () => {
    const newer = join(tmp.dir, "newer.sqlite");
    const library = sampleLibrary();
    library.schemaVersion = 140;
    buildZoteroDb(newer, library);
    const before = tables();
    const r = await runCli(["import", "zotero", newer, "--db", db]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/newer\.sqlite: Zotero userdata schema version 140 is newer than this reader knows \(80 to 129\)/);
    expect(r.stderr.split("\n")).toHaveLength(1);
    expect(tables()).toEqual(before);
  });
});

describe("what cites my library, and back to Zotero", () => {
  it("lists papers linked to at least two library papers that the library lacks, ranked by the relevance engine", async () => {
    const missing = await runJson<LibraryMissingResponse>(["library", "missing", "--db", db]);
    expect(missing.min).toBe(2);
    const ids = missing.items.map((i) => i.arxivId);
    expect(ids.sort()).toEqual(["2001.00009", "2402.00001", "2402.00003"]);
    const study = missing.items.find((i) => i.arxivId === "2402.00003");
    expect(study).toMatchObject({ buildsOnLibrary: 3, builtOnByLibrary: 0 });
    expect(study?.reason).toMatch(/^builds on 3 of your papers/);
    const foundation = missing.items.find((i) => i.arxivId === "2001.00009");
    expect(foundation).toMatchObject({ buildsOnLibrary: 0, builtOnByLibrary: 2 });
    // Every one scored by the engine (its evidence says so), best first.
    expect(missing.items.every((i) => i.evidence.builtOnBySeeds.length + i.evidence.buildsOnSeeds.length > 0)).toBe(true);
    expect(missing.items.map((i) => i.score)).toEqual([...missing.items.map((i) => i.score)].sort((a, b) => b - a));
    expect(foundation?.reason).toMatch(/^2 of your papers build on it; co-cited with "Leaderboards as Instruments" by 1 paper/);
    // A stricter bar, and one collection (with the collections under it).
    expect((await runJson<LibraryMissingResponse>(["library", "missing", "--min", "3", "--db", db])).items.map((i) => i.arxivId)).toEqual(["2402.00003"]);
    const benchmarks = await runJson<LibraryMissingResponse>(["library", "missing", "--collection", "Benchmarks", "--min", "1", "--db", db]);
    expect(benchmarks.collection?.path).toEqual(["Evaluation", "Benchmarks"]);
    expect(benchmarks.seeds).toBe(1);
    expect(benchmarks.items.map((i) => i.arxivId).sort()).toEqual(["2001.00009", "2402.00001", "2402.00002", "2402.00003"]);
    const unknown = await runCli(["library", "missing", "--collection", "Nope", "--db", db]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/no collection "Nope" in your library; it has "Evaluation" \(COLLEVAL\)/);
  });

  it("takes a collection as the seeds of a reading list, and exports it as BibTeX Zotero files in a collection", async () => {
    const out = join(tmp.dir, "list.bib");
    const r = await runCli(["reading-list", "--collection", "Evaluation / Benchmarks / Reasoning", "--format", "zotero", "--zotero-collection", "Lineage / From Reasoning", "--out", out, "--db", db]);
    expect(r.code).toBe(0);
    const bib = readFileSync(out, "utf8");
    expect(bib).toMatch(/^@comment\{jabref-meta: groupsversion:3;\}$/m);
    expect(bib).toMatch(/@comment\{jabref-meta: groupstree:\n0 AllEntriesGroup:;\n1 ExplicitGroup:Lineage\\;0\\;;\n2 ExplicitGroup:From Reasoning\\;0\\;(\w+\\;)+;\n\}/);
    const keys = [...bib.matchAll(/^@\w+\{(\w+),/gm)].map((m) => m[1]);
    const grouped = /2 ExplicitGroup:From Reasoning\\;0\\;((?:\w+\\;)+);/.exec(bib)?.[1]?.split("\\;").filter(Boolean);
    expect(grouped).toEqual(keys);
    expect(keys.length).toBeGreaterThan(0);
    expect(bib).toMatch(/eprinttype = \{arxiv\}/);
    const json = await runJson<{ seeds: { arxivId: string }[] }>(["reading-list", "--collection", "Reasoning", "--db", db]);
    expect(json.seeds.map((s) => s.arxivId)).toEqual(["2401.04321"]);
  });
});
