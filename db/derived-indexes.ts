/**
 * The secondary indexes of the derived tables, dropped while a rebuild refills the tables and
 * created again afterwards: building an index once over all its rows costs a fraction of updating
 * it row by row (issue 6). Their definitions are read from sqlite_master, so db/schema.ts stays
 * their one source. Run inside a transaction: a rebuild that fails rolls the drop back too.
 */
import type { Db } from "./connection.ts";

export function withoutIndexes<T>(db: Db, tables: readonly string[], refill: () => T): T {
  const placeholders = tables.map(() => "?").join(", ");
  const indexes = db
    .prepare<string[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${placeholders}) ORDER BY name`)
    .all(...tables);
  for (const { name } of indexes) db.exec(`DROP INDEX "${name.replace(/"/g, '""')}"`);
  const result = refill();
  for (const { sql } of indexes) db.exec(sql);
  return result;
}
