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
