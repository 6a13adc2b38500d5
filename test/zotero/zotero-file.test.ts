/**
 * Reading `zotero.sqlite` (db/zotero-file.ts) from databases built here with Zotero's table
 * layout: fields joined by name, creators in order, nested collections with their paths, tags,
 * the trash, notes, attachments, annotations, group and feed items passed over; items named only
 * by their URL or `Extra`; schema versions the reader does not know; and a library held by a
 * running "Zotero" (another process, under its exclusive lock, with a write-ahead log or a hot
 * rollback journal), which is read without blocking it and without its uncommitted work.
 */
import { afterAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import Database from "better-sqlite3";
import { readZoteroFile, multipartDate, ZOTERO_SCHEMA } from "../../db/zotero-file.ts";
import { zoteroRecords } from "../../ingest/sources/zotero-items.ts";
import { buildZoteroDb, sampleLibrary } from "../helpers/zotero-db.ts";
import { ROOT, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());
let n = 0;
const newDb = (library = sampleLibrary()) => {
  const path = join(tmp.dir, `zotero-${++n}.sqlite`);
  buildZoteroDb(path, library);
  return path;
};

describe("reading zotero.sqlite", () => {
  const path = newDb();
  const read = readZoteroFile(path);
  const byKey = new Map(read.library.items.map((i) => [i.key, i]));

  it("reads the personal library's works and counts what it passed over", () => {
    expect([...byKey.keys()].sort()).toEqual(["ACLURL01", "ARXIVID1", "AXDOI001", "DOIJRNL1", "EXTRAAX1", "EXTRADOI", "TITLEONL"]);
    expect(read.library.skipped).toEqual({ deleted: 1, notes: 2, attachments: 1, annotations: 1, otherLibraries: 2 });
    expect(read.readAs).toBe("copy");
    expect(read.schemaVersion).toBe(129);
    expect(Date.parse(read.modifiedAt)).toBeGreaterThan(0);
  });

  it("joins fields by name, whatever their numeric ids", () => {
    const j = byKey.get("DOIJRNL1");
    expect(j?.itemType).toBe("journalArticle");
    expect(j?.fields).toMatchObject({ title: "Calibrated Scoring of Open Answers", DOI: "10.5555/calib.2021.7", publicationTitle: "Journal of Invented Evaluation", date: "March 2021" });
    expect(j?.parsedDate).toBe("2021-03");
    // A second build with other ids reads the same.
    const other = sampleLibrary();
    other.seed = 99;
    const again = readZoteroFile(newDb(other)).library.items.find((i) => i.key === "DOIJRNL1");
    expect(again?.fields).toEqual(j?.fields);
  });

  it("reads creators in their order, with one-field names and their types", () => {
    expect(byKey.get("DOIJRNL1")?.creators.map((c) => [c.creatorType, c.firstName, c.lastName])).toEqual([
      ["author", "Ada", "Quill"],
      ["author", "Bram", "Okafor"],
      ["editor", "Edda", "Editor"],
      ["author", "Chen", "Morrow"],
    ]);
    expect(byKey.get("ARXIVID1")?.creators[1]).toEqual({ creatorType: "author", name: "The Invented Evaluation Consortium" });
  });

  it("maps nested collections with their paths, leaving out trashed and other libraries' collections", () => {
    const { collections, members } = zoteroRecords(read.library);
    expect(collections.map((c) => [c.key, c.path.join(" / ")]).sort()).toEqual([
      ["COLLBENC", "Evaluation / Benchmarks"],
      ["COLLEVAL", "Evaluation"],
      ["COLLMETR", "Evaluation / Metrics"],
      ["COLLREAS", "Evaluation / Benchmarks / Reasoning"],
    ]);
    const member = (key: string) => members.find((m) => m.key === key);
    expect(member("ARXIVID1")).toMatchObject({ source: "zotero:ARXIVID1", collections: ["COLLBENC", "COLLREAS"], tags: ["reasoning"] });
    expect(member("DOIJRNL1")?.tags).toEqual(["metrics", "to-read"]);
    // Filed only in a trashed collection: a member of none.
    expect(member("TITLEONL")?.collections).toEqual([]);
  });

  it("identifies each item by DOI, archiveID, URL or Extra", () => {
    const { result } = zoteroRecords(read.library);
    const ids = Object.fromEntries(result.records.map((r) => [r.source, r.page.paper.ids]));
    expect(ids["zotero:DOIJRNL1"]).toEqual({ doi: "10.5555/calib.2021.7" });
    expect(ids["zotero:ARXIVID1"]).toEqual({ arxiv: "2401.04321" });
    expect(ids["zotero:ACLURL01"]).toEqual({ acl: "2020.acl-main.917" });
    expect(ids["zotero:EXTRAAX1"]).toEqual({ arxiv: "2312.00457" });
    expect(ids["zotero:EXTRADOI"]).toEqual({ doi: "10.5555/chapter.88" });
    expect(ids["zotero:AXDOI001"]).toEqual({ arxiv: "2305.01234" });
    expect(ids["zotero:TITLEONL"]).toEqual({});
    const page = result.records.find((r) => r.source === "zotero:DOIJRNL1")?.page;
    expect(page?.paper).toMatchObject({
      title: "Calibrated Scoring of Open Answers",
      year: 2021,
      date: "2021-03",
      venue: "Journal of Invented Evaluation",
      authors: ["Ada Quill", "Bram Okafor", "Chen Morrow"],
    });
    expect(result.records.find((r) => r.source === "zotero:ACLURL01")?.page.paper.venue).toBe("Proceedings of an Invented Meeting");
    expect(result.problems).toEqual([]);
  });

  it("reads a library whose schema lacks later tables (no trash for collections)", () => {
    const old = sampleLibrary();
    old.withoutDeletedCollections = true;
    old.schemaVersion = 100;
    old.collections = old.collections?.filter((c) => !c.deleted);
    old.items = old.items.filter((i) => !i.collections?.includes("COLLOLD1"));
    const r = readZoteroFile(newDb(old));
    expect(r.schemaVersion).toBe(100);
    expect(r.library.collections.map((c) => c.key)).toContain("COLLREAS");
  });
});

describe("schema versions and files it does not know", () => {
  it.each([
    [ZOTERO_SCHEMA.max + 2, /userdata schema version 131 is newer than this reader knows \(80 to 129\)/],
    [79, /userdata schema version 79 is older than this reader knows/],
  ])("refuses userdata schema %i, naming it", (version, message) => {
    const library = sampleLibrary();
    library.schemaVersion = version;
    const path = newDb(library);
    expect(() => readZoteroFile(path)).toThrow(message);
    expect(() => readZoteroFile(path)).toThrow(path);
  });

  it("says when a file is not a Zotero database, or not there", () => {
    const lineageLike = join(tmp.dir, "other.sqlite");
    new Database(lineageLike).exec("CREATE TABLE pages (id INTEGER PRIMARY KEY)");
    expect(() => readZoteroFile(lineageLike)).toThrow(/not a Zotero database \(it has no `version` table\)/);
    expect(() => readZoteroFile(join(tmp.dir, "absent.sqlite"))).toThrow(/no such file/);
    const text = join(tmp.dir, "notes.sqlite");
    writeFileSync(text, "these are notes, not a database ".repeat(100));
    expect(() => readZoteroFile(text)).toThrow(/notes\.sqlite: not an SQLite database/);
  });
});

describe("dates as Zotero stores them", () => {
  it.each([
    ["2019-06-00 June 2019", { parsed: "2019-06", typed: "June 2019" }],
    ["2019-00-00 2019", { parsed: "2019", typed: "2019" }],
    ["2021-03-14 14 March 2021", { parsed: "2021-03-14", typed: "14 March 2021" }],
    ["0000-00-00 Spring term", { typed: "Spring term" }],
    ["forthcoming", { typed: "forthcoming" }],
  ])("%s", (value, expected) => expect(multipartDate(value)).toEqual(expected));
});

/** A "Zotero" in another process, holding the database under its exclusive lock. */
async function holdLock(path: string, mode: "wal" | "delete"): Promise<{ child: ChildProcessWithoutNullStreams; next: () => Promise<string> }> {
  const child = spawn(process.execPath, [join(ROOT, "test/helpers/zotero-lock-holder.mjs"), path, mode], { cwd: ROOT });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else lines.push(line);
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const line = lines.shift();
      if (line !== undefined) return resolve(line);
      waiting.push(resolve);
      child.once("exit", (code) => reject(new Error(`lock holder exited ${code}: ${stderr}`)));
    });
  expect(await next()).toBe("ready");
  return { child, next };
}

const digest = (path: string) => (existsSync(path) ? createHash("sha256").update(readFileSync(path)).digest("hex") : null);

describe.each(["wal", "delete"] as const)("a library held by a running Zotero (%s journal)", (mode) => {
  it("is read from a copy: committed items only, the lock never taken, the files never changed", async () => {
    const path = newDb();
    const { child, next } = await holdLock(path, mode);
    try {
      // The lock is real: an ordinary reader cannot read the database while "Zotero" holds it.
      const plain = new Database(path, { readonly: true, timeout: 0 });
      expect(() => plain.prepare("SELECT count(*) FROM items").get()).toThrow(/locked|busy/i);
      plain.close();
      const before = [path, `${path}-wal`, `${path}-journal`].map(digest);
      expect(before[mode === "wal" ? 1 : 2]).not.toBeNull();

      const read = readZoteroFile(path);
      const keys = read.library.items.map((i) => i.key);
      expect(keys).toContain("COMMITED");
      expect(keys).not.toContain("PENDING1");
      expect(keys).toContain("DOIJRNL1");
      expect(read.sidecars).toEqual([mode === "wal" ? "-wal" : "-journal"]);
      expect([path, `${path}-wal`, `${path}-journal`].map(digest)).toEqual(before);
      // What the file alone holds, all an immutable open of it would see: without its log, not
      // Zotero's last commit; without its journal, the half of a transaction Zotero had begun.
      const alone = join(tmp.dir, `alone-${mode}.sqlite`);
      copyFileSync(path, alone);
      const db = new Database(alone, { readonly: true });
      const count = (key: string) => db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM items WHERE key = ?").get(key)?.n;
      if (mode === "wal") expect(count("COMMITED")).toBe(0);
      else expect(count("PENDING1")).toBe(1);
      db.close();

      // "Zotero" was never blocked: it commits its open transaction, and the next read sees it.
      child.stdin.write("commit\n");
      expect(await next()).toBe("committed");
      expect(readZoteroFile(path).library.items.map((i) => i.key)).toContain("PENDING1");
    } finally {
      child.stdin.write("exit\n");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    }
  });
});
