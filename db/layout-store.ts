/**
 * Stored drawing positions: computed once per graph version (see graph-builder's graphVersion)
 * and reused, so neither ingest nor the explorer waits for ForceAtlas2 more than once.
 */
import type { Db } from "./connection.ts";
import { computeLayout, type Placement } from "../graph/layout.ts";

function meta(db: Db, key: string): string | undefined {
  return db.prepare<[string], { value: string }>("SELECT value FROM graph_meta WHERE key = ?").get(key)?.value;
}

export function layoutIsCurrent(db: Db): boolean {
  const version = meta(db, "version");
  return version === undefined || meta(db, "layout_version") === version;
}

/** Computes the layout of the current graph (pure, in memory). */
export function layoutOf(db: Db): Placement[] {
  const ids = db.prepare<[], { id: string }>("SELECT id FROM papers ORDER BY id").all().map((r) => r.id);
  const edges = db.prepare<[], { citing: string; cited: string }>("SELECT citing, cited FROM edges ORDER BY citing, cited").all();
  return computeLayout(ids, edges);
}

/** Computes and stores the layout if the graph changed since it was last stored. */
export function ensureLayout(db: Db): { computed: boolean; papers: number } {
  if (layoutIsCurrent(db)) return { computed: false, papers: 0 };
  const placements = layoutOf(db);
  const insert = db.prepare("INSERT INTO layout (paper_id, x, y, community) VALUES (?, ?, ?, ?)");
  db.transaction(() => {
    db.exec("DELETE FROM layout");
    for (const p of placements) insert.run(p.id, p.x, p.y, p.community);
    db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('layout_version', ?)").run(meta(db, "version") ?? "");
  }).immediate();
  return { computed: true, papers: placements.length };
}
