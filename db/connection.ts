/**
 * Opening a Lineage database: WAL, foreign keys, a busy timeout, and the migrations in
 * db/schema.ts. Readers (the web server, queries) open read-only and never migrate.
 */
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./schema.ts";

export type Db = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
  /** Keep each read snapshot open this long for the reads that follow (a server; see db/read-snapshot.ts). */
  holdSnapshotMs?: number;
}

export class DbError extends Error {}

export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const readonly = options.readonly ?? false;
  if (!readonly && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  let db: Db;
  try {
    db = new Database(path, { readonly, fileMustExist: readonly });
  } catch (err) {
    throw new DbError(`${path}: cannot open database (${(err as Error).message})`);
  }
  db.pragma("busy_timeout = 5000");
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

function migrate(db: Db, path: string): void {
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new DbError(`${path}: database schema ${version} is newer than this Lineage (${MIGRATIONS.length})`);
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    const sql = MIGRATIONS[v] ?? "";
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
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
