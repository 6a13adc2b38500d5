/**
 * Two writers at once (issue 17, item 7): a second `lineage ingest` into a database another
 * ingest is writing failed at once with "database is locked" instead of waiting its busy_timeout.
 * Write transactions began DEFERRED, read first and then asked for the write lock, and SQLite does
 * not wait (it cannot: the reader's snapshot would go stale) when a transaction that has read
 * asks for a lock another connection holds. Here the first ingest (the real bin, a child process)
 * is seen holding the write lock, and only then is the second (a child process already loaded)
 * told to start; both must land. A second test starts two ingests into a database that does not
 * exist yet, so that both create and migrate it at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { once } from "node:events";
import Database from "better-sqlite3";
import { LineageDb } from "../../db/lineage-db.ts";
import { BIN, ROOT } from "../../bench/server-process.ts";
import { tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** `count` invented Markdown pages, each building on the one before it, in a new folder. */
function writePages(name: string, first: number, count: number): string {
  const dir = join(tmp.dir, name);
  mkdirSync(dir);
  for (let n = first; n < first + count; n++) {
    const id = `2409.9${String(n).padStart(4, "0")}`;
    const older = `2409.9${String(Math.max(0, n - 1)).padStart(4, "0")}`;
    const page = [
      `# Invented Concurrent Paper ${n}`,
      "",
      `arXiv: https://arxiv.org/abs/${id} · HTML: https://arxiv.org/html/${id}`,
      "",
      "## Builds on (1 of 1)",
      "",
      `- [Invented Concurrent Paper ${Math.max(0, n - 1)}](https://arxiv.org/abs/${older}) (2024)`,
      "",
      "## Abstract",
      "",
      `We invent paper ${n} so that two writers have something to write at once. `.repeat(20),
    ].join("\n");
    writeFileSync(join(dir, `${n}.md`), page);
  }
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<Run> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  return once(child, "exit").then(([code]) => ({ code: code as number | null, stdout, stderr }));
}

const ingest = (db: string, folder: string) => spawn(process.execPath, [BIN, "ingest", folder, "--db", db, "--json"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });

/** Whether another connection holds the database's write lock now (a probe that never waits). */
function writeLocked(probe: Database.Database): boolean {
  try {
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === "SQLITE_BUSY") return true;
    throw err;
  }
}

function pageCount(db: string): number {
  const conn = new Database(db, { readonly: true });
  try {
    return conn.prepare("SELECT count(*) FROM pages").pluck().get() as number;
  } finally {
    conn.close();
  }
}

describe("two ingests into one database at once", () => {
  let first: string;
  let second: string;
  beforeAll(() => {
    first = writePages("first", 0, 240);
    second = writePages("second", 1000, 20);
  });

  it("a second ingest waits for the first one's write lock, and both land", async () => {
    const db = join(tmp.dir, "shared.db");
    LineageDb.open(db).close();
    const waiting = spawn(process.execPath, ["--import", "tsx", join(ROOT, "test/db/ingest-when-told.ts"), "ingest", second, "--db", db, "--json"], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const secondRun = collect(waiting);
    // Loaded and ready: told to start, it reaches the database at once.
    await new Promise<void>((ready) => waiting.stdout?.on("data", (c: Buffer) => c.toString().includes("ready") && ready()));
    const writer = ingest(db, first);
    const firstRun = collect(writer);
    const probe = new Database(db, { timeout: 0 });
    let seen = false;
    try {
      while (writer.exitCode === null && !(seen = writeLocked(probe))) await new Promise((r) => setTimeout(r, 2));
    } finally {
      probe.close();
    }
    waiting.stdin?.end("go\n");
    const [a, b] = await Promise.all([firstRun, secondRun]);
    expect(seen, "the first ingest was seen holding the write lock before the second started").toBe(true);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const report = JSON.parse(b.stdout.replace(/^ready\n/, "")) as { pages: { new: number } };
    expect(report.pages.new).toBe(20);
    expect(pageCount(db)).toBe(260);
  });

  it("two ingests into a database that does not exist yet both create, migrate and land", async () => {
    const db = join(tmp.dir, "fresh", "new.db");
    const runs = await Promise.all([collect(ingest(db, first)), collect(ingest(db, second))]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(pageCount(db)).toBe(260);
    const conn = LineageDb.open(db);
    try {
      expect(conn.integrityCheck()).toBe("ok");
    } finally {
      conn.close();
    }
  });
});
