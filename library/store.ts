/**
 * The database as the library hands it to those above it (the CLI, the server, the crawler):
 * db/lineage-db.ts's `LineageDb`, the one owner of a connection, under the name callers hold it
 * by. Callers pass it back to library functions; they never run its statements themselves.
 */
export type { LineageDb as Store } from "../db/lineage-db.ts";
