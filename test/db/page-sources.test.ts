/**
 * The pages that name a paper (db/page-sources.ts): every page once per role, its own pages first;
 * a reader sees another connection's commit, and a connection that writes sees its own writes.
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
  it("lists its own pages first, each page once per role, and the same list twice", () => {
    const db = LineageDb.open(dbPath, { readonly: true });
    try {
      const first = db.read(() => db.queries.sourcesWithPages(PAPER).sources);
      expect(first.length).toBeGreaterThan(1);
      expect(first[0]?.role).toBe("self");
      const roles = first.map((s) => s.role);
      expect(roles.lastIndexOf("self")).toBeLessThan(roles.findIndex((r) => r !== "self"));
      expect(new Set(first.map((s) => `${s.source} ${s.role}`)).size).toBe(first.length);
      expect(db.read(() => db.queries.sourcesWithPages(PAPER).sources)).toEqual(first);
    } finally {
      db.close();
    }
  });

  it("lists, for every paper, each page that names it once per role", () => {
    const raw = new Database(dbPath, { readonly: true });
    const named = raw
      .prepare(
        `SELECT pm.paper_id AS paper, p.source || ' ' || m.role AS entry
         FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id JOIN pages p ON p.id = m.page_id`,
      )
      .all() as { paper: string; entry: string }[];
    raw.close();
    const expected = new Map<string, Set<string>>();
    for (const { paper, entry } of named) expected.set(paper, (expected.get(paper) ?? new Set()).add(entry));
    const reader = openDatabase(dbPath, { readonly: true });
    try {
      const sources = new PageSources(reader);
      expect(expected.size).toBeGreaterThan(100);
      for (const [paper, entries] of expected) {
        const listed = sources.ofPaper(paper).sources.map((s) => `${s.source} ${s.role}`);
        expect(listed.length, paper).toBe(entries.size);
        expect(new Set(listed), paper).toEqual(entries);
      }
    } finally {
      reader.close();
    }
  });

  it("sees what another connection commits", async () => {
    const newest = newestOwnPage();
    const reader = LineageDb.open(dbPath, { readonly: true });
    try {
      const own = () => reader.read(() => reader.queries.sourcesWithPages(newest.paper).sources).find((s) => s.role === "self" && s.source === newest.source);
      const before = own();
      expect(before).toBeDefined();
      appendFileSync(newest.source, "\n\nA line added later.\n");
      expect((await runCli(["ingest", pages, "--db", dbPath])).code).toBe(0);
      expect(newestOwnPage().id).toBe(newest.id);
      const after = own();
      expect(after?.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(after?.contentHash).not.toBe(before?.contentHash);
      // A fresh connection agrees with the one that read before the commit.
      const fresh = LineageDb.open(dbPath, { readonly: true });
      expect(fresh.read(() => fresh.queries.sourcesWithPages(newest.paper).sources)).toEqual(reader.read(() => reader.queries.sourcesWithPages(newest.paper).sources));
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
