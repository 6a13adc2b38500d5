/**
 * Stored drawing positions and communities, one set per graph version (graph_meta
 * 'layout_version' against 'version'), read back whole when the graph changes so that the next
 * layout is refined from this one. Storing and loading only: the layout is computed by
 * library/prepare.ts when the graph is written.
 */
import type { Db } from "./connection.ts";
import { graphVersion } from "./graph-index-store.ts";

export interface StoredPlacement {
  id: string;
  x: number;
  y: number;
  community: number;
}

function layoutVersion(db: Db): string | undefined {
  return db.prepare<[], { value: string }>("SELECT value FROM graph_meta WHERE key = 'layout_version'").get()?.value;
}

/** True when the stored layout was computed for the current graph (or there is no graph yet). */
export function layoutIsCurrent(db: Db): boolean {
  const version = graphVersion(db);
  return version === undefined || layoutVersion(db) === version;
}

/** Replaces the stored layout with `placements`, computed for the current graph version. */
export function writeLayout(db: Db, placements: readonly StoredPlacement[]): void {
  const insert = db.prepare("INSERT INTO layout (paper_id, x, y, community) VALUES (?, ?, ?, ?)");
  db.transaction(() => {
    db.exec("DELETE FROM layout");
    for (const p of placements) insert.run(p.id, p.x, p.y, p.community);
    db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('layout_version', ?)").run(graphVersion(db) ?? "");
  }).immediate();
}

/** Every stored position by paper id, whatever graph version it was computed for. */
export function readPlacements(db: Db): Map<string, StoredPlacement> {
  const rows = db.prepare<[], StoredPlacement>("SELECT paper_id AS id, x, y, community FROM layout").all();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each paper's community as the stored layout numbers it, when that layout is of the current graph. */
export function readCommunities(db: Db): Map<string, number> | undefined {
  if (graphVersion(db) === undefined || !layoutIsCurrent(db)) return undefined;
  const rows = db.prepare<[], { id: string; community: number }>("SELECT paper_id AS id, community FROM layout").all();
  return rows.length === 0 ? undefined : new Map(rows.map((r) => [r.id, r.community]));
}
