/**
 * Rows looked up by many keys at once: a statement whose `?` is a JSON array of keys, read with
 * `... IN (SELECT value FROM json_each(?))`, run once per few hundred keys. Each call into
 * better-sqlite3 costs more than the index lookup it runs, so a batch that looks up thousands of
 * papers, pages or words (db/graph-increment.ts, db/search-increment.ts) asks in chunks.
 */
import type { Statement } from "better-sqlite3";

/** Keys per statement run. */
const CHUNK = 500;

/** Every row `statement` (raw, its one parameter a JSON array) gives for `keys`, chunk after chunk. */
export function lookUp<K, R>(statement: Statement<[string], R>, keys: Iterable<K>): R[] {
  const all = [...keys];
  const out: R[] = [];
  for (let i = 0; i < all.length; i += CHUNK) for (const row of statement.all(JSON.stringify(all.slice(i, i + CHUNK)))) out.push(row);
  return out;
}
