/**
 * Two writers at once (issue 17, item 7): a second `lineage ingest` into a database another
 * ingest is writing failed at once with "database is locked" instead of waiting its busy_timeout.
 * Write transactions began DEFERRED, read first and then asked for the write lock, and SQLite does
 * not wait (it cannot: the reader's snapshot would go stale) when a transaction that has read
 * asks for a lock another connection holds. Here the first ingest (the real bin, a child process)
 * stops itself holding the write lock with its batch written, just before its commit
 * (test/helpers/paused-writer.ts); the second is started then, and the first goes on only once
 * the second says it is waiting for the lock; both must land. A second test stops two ingests
 * into a database that does not exist yet just before their first write, both having seen it
 * unmigrated, and lets them go at once, so that both migrate it at the same moment.
 *
 * No poll has to catch the lock in time, and the second waits only for the first's commit: a
 * wait for a whole batch could outlast the busy_timeout (5 s) on a loaded machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { LineageDb } from "../../db/lineage-db.ts";
import { spawnPausing, writeLockHeld, type PausingChild } from "../helpers/paused-writer.ts";
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

/** Kills what a failed test left stopped or running. */
function killAll(children: PausingChild[]): void {
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
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
  let third: string;
  beforeAll(() => {
    first = writePages("first", 0, 240);
    second = writePages("second", 1000, 20);
    third = writePages("third", 2000, 20);
  });

  it("a second ingest waits for the first one's write lock, and both land", async () => {
    const db = join(tmp.dir, "shared.db");
    LineageDb.open(db).close();
    const writer = spawnPausing(["ingest", first, "--db", db, "--json"], { pause: "before-commit" });
    const children = [writer];
    try {
      await writer.said(/^paused before-commit /);
      expect(writeLockHeld(db), "the first ingest holds the write lock").toBe(true);
      const waiting = spawnPausing(["ingest", second, "--db", db, "--json"], { announceLockWait: true });
      children.push(waiting);
      await waiting.said(/^waiting for the write lock$/);
      writer.resume();
      const [a, b] = await Promise.all([writer.exited, waiting.exited]);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      const report = JSON.parse(b.stdout) as { pages: { new: number } };
      expect(report.pages.new).toBe(20);
      expect(pageCount(db)).toBe(260);
    } finally {
      killAll(children);
    }
  });

  it("two ingests into a database that does not exist yet both create, migrate and land", async () => {
    const db = join(tmp.dir, "fresh", "new.db");
    const ingests = [second, third].map((folder) => spawnPausing(["ingest", folder, "--db", db, "--json"], { pause: "before-first-write" }));
    try {
      // Both opened the new file and found it unmigrated; both now ask for the lock to migrate it.
      await Promise.all(ingests.map((i) => i.said(/^paused before-first-write /)));
      for (const i of ingests) i.resume();
      const runs = await Promise.all(ingests.map((i) => i.exited));
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      expect(pageCount(db)).toBe(40);
      const conn = LineageDb.open(db);
      try {
        expect(conn.integrityCheck()).toBe("ok");
      } finally {
        conn.close();
      }
    } finally {
      killAll(ingests);
    }
  });
});
