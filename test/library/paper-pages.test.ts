/**
 * The pages listed in a paper view (library/paper-pages.ts): every page once per role, its own
 * pages first; the one-pass listing a server holds lists every paper's pages exactly as they are
 * read on their own; a server's session sees another connection's commit, even one that changes
 * no citation, and a connection that writes sees its own writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { LineageDb } from "../../db/lineage-db.ts";
import { writePages } from "../../library/page-writes.ts";
import { GraphSession, MENTIONS_PER_VIEW } from "../../library/graph-session.ts";
import { PageListing, pagesOfPaper } from "../../library/paper-pages.ts";
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

function raw<T>(sql: string): T[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/**
 * The newest page about a paper: re-ingested, it is deleted and inserted again under the same row
 * id, so pages kept by id past the commit would still answer with the old content hash.
 */
function newestOwnPage(): { id: number; source: string; paper: string } {
  const [row] = raw<{ id: number; source: string; paper: string }>(
    `SELECT p.id, p.source, pm.paper_id AS paper FROM pages p
     JOIN mentions m ON m.page_id = p.id AND m.role = 'self' JOIN paper_mentions pm ON pm.mention_id = m.id
     ORDER BY p.id DESC LIMIT 1`,
  );
  if (!row) throw new Error("no page about a paper");
  return row;
}

/** Which pages name each paper and how, straight from the tables. */
function namedBy(): Map<string, Set<string>> {
  const named = raw<{ paper: string; entry: string }>(
    `SELECT pm.paper_id AS paper, p.source || ' ' || m.role AS entry
     FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id JOIN pages p ON p.id = m.page_id`,
  );
  const expected = new Map<string, Set<string>>();
  for (const { paper, entry } of named) expected.set(paper, (expected.get(paper) ?? new Set()).add(entry));
  return expected;
}

describe("the pages listed in a paper view", () => {
  it("lists its own pages first, newest data first, each page once per role, and the same list twice", () => {
    const db = LineageDb.open(dbPath, { readonly: true });
    try {
      const first = db.read(() => pagesOfPaper(db, PAPER).sources);
      expect(first.length).toBeGreaterThan(1);
      expect(first[0]?.role).toBe("self");
      const roles = first.map((s) => s.role);
      expect(roles.lastIndexOf("self")).toBeLessThan(roles.findIndex((r) => r !== "self"));
      expect(new Set(first.map((s) => `${s.source} ${s.role}`)).size).toBe(first.length);
      const others = first.filter((s) => s.role !== "self").map((s) => s.dataThrough ?? "");
      // Dated pages newest first, undated ones ("") after them.
      const dated = others.filter((d) => d !== "");
      expect(dated).toEqual([...dated].sort().reverse());
      expect(others.slice(dated.length).every((d) => d === "")).toBe(true);
      expect(db.read(() => pagesOfPaper(db, PAPER).sources)).toEqual(first);
    } finally {
      db.close();
    }
  });

  it("lists, for every paper, each page that names it once per role, read alone or from the listing alike", () => {
    const expected = namedBy();
    expect(expected.size).toBeGreaterThan(100);
    const db = LineageDb.open(dbPath, { readonly: true });
    try {
      const listing = db.read(() => PageListing.read(db));
      expect(listing).not.toBeNull();
      for (const [paper, entries] of expected) {
        const alone = db.read(() => pagesOfPaper(db, paper).sources);
        expect(alone.length, paper).toBe(entries.size);
        expect(new Set(alone.map((s) => `${s.source} ${s.role}`)), paper).toEqual(entries);
        expect(listing?.pagesOf(paper).sources, paper).toEqual(alone);
      }
      expect(listing?.pagesOf("no:such-paper").sources).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("gives any page's source by id, and none for a page that does not exist", () => {
    const [page] = raw<{ id: number; source: string }>("SELECT id, source FROM pages ORDER BY id LIMIT 1");
    const db = LineageDb.open(dbPath, { readonly: true });
    try {
      const listing = db.read(() => PageListing.read(db));
      for (const view of [db.read(() => pagesOfPaper(db, PAPER)), listing?.pagesOf(PAPER)]) {
        expect(view?.sourceOf(page?.id ?? -1)).toBe(page?.source);
        expect(view?.sourceOf(10_000_000)).toBeNull();
      }
    } finally {
      db.close();
    }
  });

  it("is not read in one pass past the mentions a listing may hold", () => {
    const [{ mentions } = { mentions: 0 }] = raw<{ mentions: number }>("SELECT count(*) AS mentions FROM paper_mentions");
    const db = LineageDb.open(dbPath, { readonly: true });
    try {
      expect(db.read(() => PageListing.read(db, mentions - 1))).toBeNull();
      expect(db.read(() => PageListing.read(db, mentions))).not.toBeNull();
    } finally {
      db.close();
    }
  });

  it("in a server's session, sees what another connection commits, even when no citation changed", async () => {
    const newest = newestOwnPage();
    const session = new GraphSession(dbPath, { checkEveryMs: 0, mentionsPerView: Infinity });
    try {
      const own = () =>
        session
          .pageListing()
          ?.pagesOf(newest.paper)
          .sources.find((s) => s.role === "self" && s.source === newest.source);
      const before = own();
      const commits = session.commitsSeen();
      const version = session.graphVersion();
      expect(before).toBeDefined();
      appendFileSync(newest.source, "\n\nA line added later.\n");
      expect((await runCli(["ingest", pages, "--db", dbPath])).code).toBe(0);
      expect(newestOwnPage().id).toBe(newest.id);
      const after = own();
      expect(after?.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(after?.contentHash).not.toBe(before?.contentHash);
      // The same papers and citations: the graph stands, the commit is seen.
      expect(session.graphVersion()).toBe(version);
      expect(session.commitsSeen()).toBeGreaterThan(commits);
      // A fresh connection agrees with the session that read before the commit.
      const fresh = LineageDb.open(dbPath, { readonly: true });
      expect(fresh.read(() => pagesOfPaper(fresh, newest.paper).sources)).toEqual(session.pageListing()?.pagesOf(newest.paper).sources);
      fresh.close();
    } finally {
      session.close();
    }
  });

  it("in a server's session, lists pages from memory once enough views at one commit pay for the listing", async () => {
    const [{ mentions } = { mentions: 0 }] = raw<{ mentions: number }>("SELECT count(*) AS mentions FROM paper_mentions");
    const views = Math.ceil(mentions / MENTIONS_PER_VIEW);
    expect(views).toBeGreaterThan(1);
    const session = new GraphSession(dbPath, { checkEveryMs: 0 });
    try {
      for (let k = 1; k < views; k++) expect(session.pageListing(), `view ${k}`).toBeNull();
      const listing = session.pageListing();
      expect(listing).not.toBeNull();
      expect(session.pageListing()).toBe(listing);
      // Another process commits: the count starts again.
      const newest = newestOwnPage();
      appendFileSync(newest.source, "\nOne line more.\n");
      expect((await runCli(["ingest", pages, "--db", dbPath])).code).toBe(0);
      expect(session.pageListing()).toBeNull();
    } finally {
      session.close();
    }
  });

  it("on a connection that writes, sees its own writes at once", () => {
    const newest = newestOwnPage();
    const db = LineageDb.open(dbPath);
    try {
      const own = () => pagesOfPaper(db, newest.paper).sources.find((s) => s.role === "self" && s.source === newest.source);
      const before = own();
      appendFileSync(newest.source, "\nAnd one more.\n");
      const parsed = parsePage(readFileSync(newest.source), newest.source);
      if (!parsed.ok) throw new Error(parsed.reason);
      writePages(db, [{ source: newest.source, contentHash: parsed.contentHash, encoding: parsed.encoding, byteSize: parsed.byteSize, page: parsed.page }]);
      expect(newestOwnPage().id).toBe(newest.id);
      expect(own()?.contentHash).toBe(parsed.contentHash);
      expect(own()?.contentHash).not.toBe(before?.contentHash);
    } finally {
      db.close();
    }
  });
});
