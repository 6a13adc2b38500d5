/**
 * Opening a Lineage database: WAL, foreign keys, a busy timeout, and the migrations in
 * db/schema.ts. Readers (the web server, queries) open read-only and never migrate.
 *
 * Every write transaction in db/ begins IMMEDIATE (better-sqlite3's `.immediate()`), taking the
 * write lock first, so a second writer waits its busy_timeout for the first. A DEFERRED one reads
 * first and asks for the lock later, and SQLite answers SQLITE_BUSY at once, without waiting, when
 * a transaction that has read asks for a lock another connection holds: a second `lineage ingest`
 * failed after half a second with "database is locked" (issue 17, item 7).
 */
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./schema.ts";

export type Db = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
  /** How long to wait for another connection's lock (BUSY_TIMEOUT_MS when not given). */
  busyTimeoutMs?: number;
}

export class DbError extends Error {}

/** How long a connection waits for another's lock before "database is locked". */
export const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const readonly = options.readonly ?? false;
  const busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  if (!readonly && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  let db: Db;
  try {
    db = new Database(path, { readonly, fileMustExist: readonly, timeout: busyTimeoutMs });
  } catch (err) {
    throw new DbError(`${path}: cannot open database (${(err as Error).message})`);
  }
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma("foreign_keys = ON");
  if (readonly) {
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version !== MIGRATIONS.length) {
      db.close();
      throw new DbError(`${path}: not a Lineage database at schema ${MIGRATIONS.length} (found ${version}); run \`lineage ingest\` on it first`);
    }
    return db;
  }
  if (path !== ":memory:") db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // Sorts for CREATE INDEX (the derived tables' indexes are built after each rebuild) in memory.
  db.pragma("temp_store = MEMORY");
  migrate(db, path);
  return db;
}

function sqliteCode(err: unknown): string {
  const code = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : "";
}

/** Whether `err` is SQLite saying another connection holds the lock it waited for (worth trying again). */
export function isBusy(err: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test(sqliteCode(err));
}

/** Whether `err` is SQLite saying the file cannot be written (read-only, not openable, no permission). */
export function isUnwritable(err: unknown): boolean {
  return /^SQLITE_(READONLY|CANTOPEN|PERM)/.test(sqliteCode(err));
}

function migrate(db: Db, path: string): void {
  const version = () => db.pragma("user_version", { simple: true }) as number;
  const newer = (v: number) => new DbError(`${path}: database schema ${v} is newer than this Lineage (${MIGRATIONS.length})`);
  if (version() > MIGRATIONS.length) throw newer(version());
  if (version() === MIGRATIONS.length) return;
  // Under the write lock, the version is read again: two processes creating one database at once
  // both saw 0, and the second ran the first migration again ("table pages already exists").
  db.transaction(() => {
    const from = version();
    if (from > MIGRATIONS.length) throw newer(from);
    for (let v = from; v < MIGRATIONS.length; v++) {
      db.exec(MIGRATIONS[v] ?? "");
      db.pragma(`user_version = ${v + 1}`);
    }
  }).immediate();
}

/**
 * Runs `write` (which opens its own transaction) with foreign keys unenforced: checking every
 * derived row against its parents doubled the cost of a rebuild (issue 6), and the rows the
 * writers produce are consistent by construction (`lineage doctor` checks for orphans). Inside an
 * enclosing transaction SQLite ignores the pragma, and the checks stay on.
 */
export function withoutForeignKeys<T>(db: Db, write: () => T): T {
  if (db.inTransaction) return write();
  db.pragma("foreign_keys = OFF");
  try {
    return write();
  } finally {
    db.pragma("foreign_keys = ON");
  }
}
