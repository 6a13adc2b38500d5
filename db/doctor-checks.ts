/**
 * `lineage doctor`'s checks and repair (issue 6): the database's own integrity check and foreign
 * keys, rows that point at nothing (orphans), and whether the derived tables (papers, edges,
 * paper_mentions, merge_log) are what a rebuild from the stored pages would give, found by
 * deriving the graph from them in memory (db/graph-builder.ts). The repair re-indexes and deletes
 * what points at nothing (`repairStored`); the derived tables are then rebuilt from the pages as
 * a batch is written (library/page-writes.ts, with the layout and index in the same transaction),
 * and stale layout and index rows cleared (`tidyDerived`). Each step is one transaction, so a
 * step that fails changes nothing.
 */
import type { Db } from "./connection.ts";
import { graphFingerprint, storedGraph } from "./graph-builder.ts";
import { graphIndexState } from "./graph-index-store.ts";

export type CheckStatus = "ok" | "problem" | "note";

export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
  /** How many rows are affected, when that is a count. */
  count?: number;
  /** Whether `lineage doctor --repair` fixes it. */
  repairable: boolean;
}

/** Orphan rows: each query counts rows whose reference points at nothing (when both tables exist). */
const ORPHANS: { name: string; tables: string[]; sql: string; what: string }[] = [
  {
    name: "mentions without a page",
    tables: ["mentions", "pages"],
    sql: "SELECT count(*) FROM mentions m WHERE NOT EXISTS (SELECT 1 FROM pages p WHERE p.id = m.page_id)",
    what: "mentions name a page that is not stored",
  },
  {
    name: "paper_mentions orphans",
    tables: ["paper_mentions", "mentions", "papers"],
    sql: `SELECT count(*) FROM paper_mentions pm WHERE NOT EXISTS (SELECT 1 FROM mentions m WHERE m.id = pm.mention_id)
          OR NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = pm.paper_id)`,
    what: "paper_mentions rows name a mention or paper that does not exist",
  },
  {
    name: "edges orphans",
    tables: ["edges", "papers"],
    sql: `SELECT count(*) FROM edges e WHERE NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = e.citing)
          OR NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = e.cited)`,
    what: "citations name a paper that does not exist",
  },
  {
    name: "edge_sources orphans",
    tables: ["edge_sources", "edges", "pages"],
    sql: `SELECT count(*) FROM edge_sources s WHERE NOT EXISTS (SELECT 1 FROM edges e WHERE e.citing = s.citing AND e.cited = s.cited)
          OR NOT EXISTS (SELECT 1 FROM pages p WHERE p.id = s.page_id)`,
    what: "edge_sources rows name a citation or page that does not exist",
  },
  {
    name: "unresolved mentions",
    tables: ["mentions", "paper_mentions", "pages"],
    sql: `SELECT count(*) FROM mentions m WHERE NOT EXISTS (SELECT 1 FROM paper_mentions pm WHERE pm.mention_id = m.id)
          AND EXISTS (SELECT 1 FROM pages p WHERE p.id = m.page_id)`,
    what: "mentions of stored pages belong to no paper",
  },
  {
    name: "layout orphans",
    tables: ["layout", "papers"],
    sql: "SELECT count(*) FROM layout l WHERE NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = l.paper_id)",
    what: "stored positions belong to no paper",
  },
];

function tables(db: Db): Set<string> {
  return new Set(db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as unknown as string[]);
}

function meta(db: Db, key: string): string | undefined {
  return db.prepare<[string], { value: string }>("SELECT value FROM graph_meta WHERE key = ?").get(key)?.value;
}

function count(db: Db, sql: string): number {
  return (db.prepare(sql).pluck().get() as number | undefined) ?? 0;
}

/** What a rebuild from the stored pages would give, derived in memory from one snapshot. */
function rebuildDryRun(db: Db): { papers: number; edges: number; version: string; keys: number } {
  db.exec("BEGIN");
  try {
    const graph = storedGraph(db);
    let keys = 0;
    for (const its of graph.keys.values()) keys += its.length;
    return { papers: graph.summary.papers, edges: graph.summary.edges, version: graph.version, keys };
  } finally {
    if (db.inTransaction) db.exec("COMMIT");
  }
}

export function integrityCheck(db: Db, limit = 20): string[] {
  return (db.prepare(`PRAGMA integrity_check(${limit})`).pluck().all() as string[]).filter((m) => m !== "ok");
}

export function runChecks(db: Db): Check[] {
  const checks: Check[] = [];
  const integrity = integrityCheck(db);
  checks.push(
    integrity.length === 0
      ? { name: "integrity", status: "ok", detail: "PRAGMA integrity_check: ok", repairable: false }
      : {
          name: "integrity",
          status: "problem",
          detail: `PRAGMA integrity_check: ${integrity.slice(0, 5).join("; ")}${integrity.length > 5 ? ` (and ${integrity.length - 5} more)` : ""}`,
          count: integrity.length,
          // Index entries can be rebuilt; damaged table pages cannot (see the repair advice).
          repairable: integrity.every((m) => /index|wrong # of entries/i.test(m)),
        },
  );
  if (integrity.length > 0 && !checks[0]?.repairable) return checks;

  const fk = db.prepare("PRAGMA foreign_key_check").all() as { table: string }[];
  const byTable = new Map<string, number>();
  for (const r of fk) byTable.set(r.table, (byTable.get(r.table) ?? 0) + 1);
  checks.push(
    fk.length === 0
      ? { name: "foreign keys", status: "ok", detail: "PRAGMA foreign_key_check: no violations", repairable: false }
      : {
          name: "foreign keys",
          status: "problem",
          detail: `PRAGMA foreign_key_check: ${[...byTable].map(([t, n]) => `${n} in ${t}`).join(", ")}`,
          count: fk.length,
          repairable: true,
        },
  );

  const present = tables(db);
  for (const o of ORPHANS) {
    if (!o.tables.every((t) => present.has(t))) continue;
    const n = count(db, o.sql);
    checks.push({ name: o.name, status: n === 0 ? "ok" : "problem", detail: n === 0 ? `no ${o.name}` : `${n} ${o.what}`, count: n, repairable: true });
  }

  const origin = meta(db, "origin");
  const pages = count(db, "SELECT count(*) FROM pages");
  const papers = count(db, "SELECT count(*) FROM papers");
  const edges = count(db, "SELECT count(*) FROM edges");
  if (origin && pages === 0) {
    checks.push({ name: "derived tables", status: "note", detail: `papers and citations were bulk-loaded (${origin}); there are no pages to rebuild them from`, repairable: false });
  } else {
    const dry = rebuildDryRun(db);
    const stored = meta(db, "version");
    // A database that never finished an ingest has no version yet: then only empty tables match.
    const same = dry.papers === papers && dry.edges === edges && (stored === undefined ? papers === 0 : dry.version === stored);
    checks.push({
      name: "derived tables",
      status: same ? "ok" : "problem",
      detail: same
        ? `${papers} papers and ${edges} citations, as a rebuild from the ${pages} stored pages gives`
        : `${papers} papers and ${edges} citations stored, but a rebuild from the ${pages} stored pages gives ${dry.papers} and ${dry.edges}` +
          (dry.papers === papers && dry.edges === edges ? " with different members or links" : ""),
      repairable: true,
    });
    if (stored !== undefined && same && stored !== graphFingerprint(db)) {
      checks.push({ name: "graph version", status: "problem", detail: "graph_meta 'version' does not fingerprint the stored papers and citations", repairable: true });
    }
    // The keys a batch finds its reach by (db/graph-increment.ts), once a batch has kept them.
    const keys = count(db, "SELECT count(*) FROM paper_keys");
    if (meta(db, "derivation") !== undefined && keys !== dry.keys) {
      checks.push({ name: "identity keys", status: "problem", detail: `${keys} identity keys stored, but the stored pages give ${dry.keys}`, count: Math.abs(keys - dry.keys), repairable: true });
    }
  }

  if (present.has("graph_index")) {
    const state = graphIndexState(db);
    checks.push({
      name: "traversal index",
      status: state === "stale" ? "note" : "ok",
      detail: state === "current" ? "stored for the current graph" : state === "absent" ? "not stored (`lineage serve` stores it)" : "stored for an older graph (`lineage serve` replaces it)",
      repairable: state === "stale",
    });
  }
  return checks;
}

export interface RepairReport {
  actions: string[];
}

/**
 * The first step of a repair, in one transaction (after a REINDEX when the integrity check asks
 * for it): mentions of pages that are not stored deleted, and for a bulk-loaded graph (nothing to
 * rebuild from) citations of papers that do not exist. `rebuildFrom` is the number of stored pages
 * the derived tables are to be rebuilt from next; undefined for a bulk-loaded graph.
 */
export function repairStored(db: Db): RepairReport & { rebuildFrom?: number } {
  const actions: string[] = [];
  const integrity = integrityCheck(db);
  if (integrity.length > 0) {
    db.exec("REINDEX");
    actions.push("rebuilt every index (REINDEX)");
  }
  const origin = meta(db, "origin");
  const pages = count(db, "SELECT count(*) FROM pages");
  const bulk = origin !== undefined && pages === 0;
  db.transaction(() => {
    const orphanMentions = db.prepare("DELETE FROM mentions WHERE NOT EXISTS (SELECT 1 FROM pages p WHERE p.id = mentions.page_id)").run().changes;
    if (orphanMentions > 0) actions.push(`deleted ${orphanMentions} mentions of pages that are not stored`);
    if (bulk) {
      const e = db.prepare("DELETE FROM edges WHERE NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = edges.citing) OR NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = edges.cited)").run().changes;
      if (e > 0) actions.push(`deleted ${e} citations of papers that do not exist (bulk-loaded graph: nothing to rebuild from)`);
    } else if (tables(db).has("edge_sources")) db.exec("DELETE FROM edge_sources");
  }).immediate();
  return bulk ? { actions } : { actions, rebuildFrom: pages };
}

/** The last step of a repair, in one transaction: positions of papers that no longer exist, and a traversal index of another graph, deleted. */
export function tidyDerived(db: Db): string[] {
  const actions: string[] = [];
  const present = tables(db);
  db.transaction(() => {
    if (present.has("layout")) {
      const l = db.prepare("DELETE FROM layout WHERE NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = layout.paper_id)").run().changes;
      if (l > 0) actions.push(`deleted ${l} stored positions of papers that no longer exist`);
    }
    if (present.has("graph_index") && graphIndexState(db) === "stale") {
      db.exec("DELETE FROM graph_index");
      actions.push("dropped the stale traversal index (`lineage serve` stores a new one)");
    }
  }).immediate();
  return actions;
}
