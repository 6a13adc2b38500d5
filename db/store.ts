/**
 * A process's stores of its databases: at most one connection per file for reading (read-only,
 * never migrating) and one for writing (migrating the file to this schema when it opens), shared
 * by everything in the process that asks, so that a command that reads, caches, expands and
 * stores pages does it over one writer instead of opening a connection per task. Each `open…`
 * is a hold on the shared connection; `close()` lets go, and the last to let go closes it. A
 * thread is a process here: the server's worker threads each hold their own.
 */
import { resolve } from "node:path";
import { LineageDb } from "./lineage-db.ts";

const stores = new Map<string, LineageDb>();

function shared(path: string, mode: string, open: () => LineageDb): LineageDb {
  if (path === ":memory:") return open();
  const key = `${mode}\n${resolve(path)}`;
  const held = stores.get(key);
  if (held?.isOpen) return held.hold();
  const db = open();
  stores.set(key, db);
  return db;
}

/** The process's reader of `path` (read-only; a file not at this schema is refused). */
export function openReader(path: string): LineageDb {
  return shared(path, "read", () => LineageDb.open(path, { readonly: true }));
}

/**
 * The process's writer of `path` (created and migrated as needed), waiting for another's lock up
 * to `busyTimeoutMs` (db/connection.ts BUSY_TIMEOUT_MS when not given; a writer with another
 * timeout is a connection of its own).
 */
export function openWriter(path: string, options: { busyTimeoutMs?: number } = {}): LineageDb {
  const { busyTimeoutMs } = options;
  return shared(path, busyTimeoutMs === undefined ? "write" : `write ${busyTimeoutMs}`, () => LineageDb.open(path, options));
}
