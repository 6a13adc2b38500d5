/**
 * The pages that name a paper (db/page-sources.ts). A read-only connection keeps the pages it has
 * read; the keep must never outlive a commit by another connection, and a connection that writes
 * must see its own writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { LineageDb } from "../../db/lineage-db.ts";
import { openDatabase } from "../../db/connection.ts";
import { PageSources } from "../../db/page-sources.ts";
import { parsePage } from "../../ingest/parse-page.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const pages = join(tmp.dir, "pages");
const dbPath = join(tmp.dir, "lineage.db");
const PAPER = "arxiv:2407.16711";

beforeAll(async () => {
  cpSync(SEEDS, pages, { recursive: true });
  expect((await runCli(["ingest", pages, "--db", dbPath])).code).toBe(0);
});
afterAll(() => tmp.cleanup());


/**
 * The newest page about a paper: re-ingested, it is deleted and inserted again under the same row
 * id, so pages kept by id past the commit would still answer with the old content hash.
 */
function newestOwnPage(): { id: number; source: string; paper: string } {
  const raw = new Database(dbPath, { readonly: true });
  try {
    return raw
      .prepare(
        `SELECT p.id, p.source, pm.paper_id AS paper FROM pages p
         JOIN mentions m ON m.page_id = p.id AND m.role = 'self' JOIN paper_mentions pm ON pm.mention_id = m.id
         ORDER BY p.id DESC LIMIT 1`,
      )
      .get() as { id: number; source: string; paper: string };
  } finally {
    raw.close();
  }
}

describe("the pages that name a paper", () => {
  it("lists its own pages first, each page once per role, and gives the same list from the keep", () => {
    const db = LineageDb.open(dbPath, { readonly: true });
    try {
      const first = db.reads.run(() => db.queries.sourcesWithPages(PAPER).sources);
      expect(first.length).toBeGreaterThan(1);
      expect(first[0]?.role).toBe("self");
      const roles = first.map((s) => s.role);
      expect(roles.lastIndexOf("self")).toBeLessThan(roles.findIndex((r) => r !== "self"));
      expect(new Set(first.map((s) => `${s.source} ${s.role}`)).size).toBe(first.length);
      expect(db.reads.run(() => db.queries.sourcesWithPages(PAPER).sources)).toEqual(first);
    } finally {
      db.close();
    }
  });

  it("lists the same pages for every paper whether it read them all in one pass or paper by paper", () => {
    const raw = new Database(dbPath, { readonly: true });
    const papers = raw.prepare("SELECT id FROM papers ORDER BY id").pluck().all() as string[];
    raw.close();
    const reader = openDatabase(dbPath, { readonly: true });
    const writer = openDatabase(dbPath);
    try {
      const onePass = new PageSources(reader);
      const perPaper = new PageSources(reader, 10); // fewer mentions allowed than the seeds have
      const writing = new PageSources(writer); // a writer keeps nothing and reads per paper
      expect(papers.length).toBeGreaterThan(100);
      let named = 0;
      for (const id of papers) {
        const expected = writing.ofPaper(id);
        named += expected.sources.length > 0 ? 1 : 0;
        expect(onePass.ofPaper(id), id).toEqual(expected);
        expect(perPaper.ofPaper(id), id).toEqual(expected);
      }
      expect(named).toBe(papers.length);
    } finally {
      reader.close();
      writer.close();
    }
  });

  it("drops what it kept once another connection commits", async () => {
    const newest = newestOwnPage();
    const reader = LineageDb.open(dbPath, { readonly: true });
    try {
      const own = () => reader.reads.run(() => reader.queries.sourcesWithPages(newest.paper).sources).find((s) => s.role === "self" && s.source === newest.source);
      const before = own();
      expect(before).toBeDefined();
      appendFileSync(newest.source, "\n\nA line added later.\n");
      expect((await runCli(["ingest", pages, "--db", dbPath])).code).toBe(0);
      expect(newestOwnPage().id).toBe(newest.id);
      const after = own();
      expect(after?.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(after?.contentHash).not.toBe(before?.contentHash);
      // A fresh connection agrees with the one that kept pages across the commit.
      const fresh = LineageDb.open(dbPath, { readonly: true });
      expect(fresh.reads.run(() => fresh.queries.sourcesWithPages(newest.paper).sources)).toEqual(reader.reads.run(() => reader.queries.sourcesWithPages(newest.paper).sources));
      fresh.close();
    } finally {
      reader.close();
    }
  });

  it("on a connection that writes, sees its own writes at once", () => {
    const newest = newestOwnPage();
    const db = LineageDb.open(dbPath);
    try {
      const own = () => db.queries.sourcesWithPages(newest.paper).sources.find((s) => s.role === "self" && s.source === newest.source);
      const before = own();
      appendFileSync(newest.source, "\nAnd one more.\n");
      const parsed = parsePage(readFileSync(newest.source), newest.source);
      if (!parsed.ok) throw new Error(parsed.reason);
      db.writePages([{ source: newest.source, contentHash: parsed.contentHash, encoding: parsed.encoding, byteSize: parsed.byteSize, page: parsed.page }]);
      expect(newestOwnPage().id).toBe(newest.id);
      expect(own()?.contentHash).toBe(parsed.contentHash);
      expect(own()?.contentHash).not.toBe(before?.contentHash);
    } finally {
      db.close();
    }
  });
});
