/**
 * Loaded with `--import` into a `lineage` child process (test/helpers/paused-writer.ts starts it):
 * the child stops at a chosen point of its SQLite writes, after writing one line on fd 3 that says
 * where, in a blocking read of its stdin (its whole thread waits there, mid-transaction), so that
 * the test acts at that very point however fast or slow the machine is (kills it there, reads the
 * database beside it, starts a second writer) instead of racing a running process with a poll; a
 * line on stdin lets it go on. (Not SIGSTOP: a SIGCONT sent between the line and the stop would be
 * lost, and the child stopped for good.) The point is named by LINEAGE_TEST_PAUSE:
 *
 * - `wal-over:N`: after the first page (or commit) that leaves the write-ahead log over N bytes;
 * - `before-commit`: before the COMMIT of the first transaction that wrote a page;
 * - `before-first-write`: before the first BEGIN IMMEDIATE (a migration or a batch).
 *
 * LINEAGE_TEST_CACHE_KIB gives each connection a page cache of that size, so that a transaction
 * larger than it spills pages into the log before its commit (SQLite's own behaviour for a large
 * batch; better-sqlite3's 16 MB default cache otherwise holds all of a test-sized one). With
 * LINEAGE_TEST_ANNOUNCE_LOCK_WAIT=1 the child says "waiting for the write lock" on fd 3, without
 * stopping, when it asks for the write lock while another connection holds it.
 */
import Database from "better-sqlite3";
import { readSync, statSync, writeSync } from "node:fs";

const SIGNAL_FD = 3;
const pause = process.env.LINEAGE_TEST_PAUSE ?? "";
const cacheKiB = Number(process.env.LINEAGE_TEST_CACHE_KIB ?? 0);
const announceLockWait = process.env.LINEAGE_TEST_ANNOUNCE_LOCK_WAIT === "1";
const walOver = /^wal-over:(\d+)$/.exec(pause);

type Statement = Database.Statement<unknown[], unknown>;
type Run = Statement["run"];

/** The prototype every prepared statement shares, transactions' own BEGIN and COMMIT included. */
const scratch = new Database(":memory:");
const proto = Object.getPrototypeOf(scratch.prepare("SELECT 1")) as { run: Run };
scratch.close();
const originalRun = proto.run;

let done = false;
let wrotePage = false;
let announced = false;
const tuned = new WeakSet<Database.Database>();

function walBytes(db: Database.Database): number {
  try {
    return statSync(`${db.name}-wal`).size;
  } catch {
    return 0;
  }
}

function say(line: string): void {
  writeSync(SIGNAL_FD, `${line}\n`);
}

/** Says where the process is and waits there for a line on stdin (or its end). */
function stopHere(where: string, db: Database.Database): void {
  done = true;
  say(`paused ${where} wal=${walBytes(db)}`);
  const byte = Buffer.alloc(1);
  for (;;) {
    try {
      readSync(0, byte, 0, 1, null);
      return;
    } catch (err) {
      // A non-blocking stdin: wait for the line all the same.
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN") throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/** Whether another connection holds the write lock now (a probe that never waits). */
function writeLockHeld(path: string): boolean {
  const probe = new Database(path, { timeout: 0 });
  try {
    originalRun.call(probe.prepare("BEGIN IMMEDIATE"));
    originalRun.call(probe.prepare("ROLLBACK"));
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === "SQLITE_BUSY") return true;
    throw err;
  } finally {
    probe.close();
  }
}

proto.run = function run(this: Statement, ...params: unknown[]) {
  const db = this.database;
  const sql = this.source;
  if (cacheKiB > 0 && !tuned.has(db)) {
    tuned.add(db);
    db.pragma(`cache_size = -${cacheKiB}`);
  }
  if (/^\s*INSERT INTO pages\b/i.test(sql)) wrotePage = true;
  const commit = sql === "COMMIT";
  if (sql === "BEGIN IMMEDIATE") {
    if (announceLockWait && !announced && writeLockHeld(db.name)) {
      announced = true;
      say("waiting for the write lock");
    }
    if (!done && pause === "before-first-write") stopHere("before-first-write", db);
  }
  if (!done && commit && wrotePage && pause === "before-commit") stopHere("before-commit", db);
  const result = originalRun.apply(this, params);
  if (!done && walOver && (commit || sql.startsWith("RELEASE")) && walBytes(db) > Number(walOver[1])) stopHere(pause, db);
  return result;
};
