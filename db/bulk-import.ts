/**
 * Bulk loading of a whole citation graph into a new Lineage database, for scale tests and
 * benchmarks (scripts/gen-synthetic-graph.ts): papers and edges go straight into the derived
 * tables, with no pages behind them, so `graph_meta` records where they came from ('origin') and
 * `lineage doctor` does not offer to rebuild them from pages (which would empty them).
 *
 * The traversal index arrays given with the graph (library/bulk-graph.ts builds them) are stored
 * too, so servers start without building them, and the search index is built from the papers.
 * Fast because the database is new: no journal while loading (a crash leaves a file to delete,
 * never a half-loaded graph passed off as whole: 'origin' is written last), secondary indexes
 * dropped and rebuilt once at the end, rows sent many to a statement, in key order.
 */
import { existsSync, rmSync } from "node:fs";
import { openDatabase, DbError, type Db } from "./connection.ts";
import { writeIndexArrays, type IndexArrays } from "./graph-index-store.ts";
import { rebuildSearchIndex } from "./search-index.ts";

export interface BulkGraph {
  papers: number;
  id: (index: number) => string;
  title: (index: number) => string;
  year: (index: number) => number;
  /** Edge k: paper citing[k] builds on paper cited[k]; best sorted by the ids of (citing, cited). */
  citing: Uint32Array;
  cited: Uint32Array;
  /** Recorded in graph_meta 'origin' (what made the graph, with its parameters). */
  origin: Record<string, unknown>;
}

export interface BulkResult {
  papers: number;
  edges: number;
  seconds: number;
}

const PAPER_ROWS = 200;
const EDGE_ROWS = 400;

function multiInsert(db: Db, table: string, columns: string, placeholders: string, rows: number) {
  return db.prepare(`INSERT INTO ${table} (${columns}) VALUES ${Array.from({ length: rows }, () => placeholders).join(", ")}`);
}

/** Writes the graph and its index arrays into a new database at `path` (any file there is replaced). */
export function bulkImportGraph(path: string, graph: BulkGraph, index: IndexArrays): BulkResult {
  const t0 = performance.now();
  for (const suffix of ["", "-wal", "-shm", "-journal"]) if (existsSync(path + suffix)) rmSync(path + suffix);
  const db = openDatabase(path);
  try {
    const papers = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM papers").get()?.n ?? 0;
    if (papers > 0) throw new DbError(`${path}: bulk import needs a new database`);
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.pragma("cache_size = -262144");
    db.pragma("foreign_keys = OFF");
    const indexes = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('papers', 'edges') AND sql IS NOT NULL").all();
    for (const ix of indexes) db.exec(`DROP INDEX ${ix.name}`);

    const paperColumns = "id, title, norm_title, year, stub";
    const paperOne = multiInsert(db, "papers", paperColumns, "(?, ?, ?, ?, 0)", 1);
    const paperMany = multiInsert(db, "papers", paperColumns, "(?, ?, ?, ?, 0)", PAPER_ROWS);
    const ids = Array.from({ length: graph.papers }, (_, i) => graph.id(i));
    const paperArgs = (i: number): (string | number)[] => {
      const title = graph.title(i);
      return [ids[i] ?? "", title, title.toLowerCase(), graph.year(i)];
    };
    const edgeOne = multiInsert(db, "edges", "citing, cited", "(?, ?)", 1);
    const edgeMany = multiInsert(db, "edges", "citing, cited", "(?, ?)", EDGE_ROWS);
    const m = graph.citing.length;
    db.transaction(() => {
      const batch: (string | number)[] = [];
      let i = 0;
      for (; i + PAPER_ROWS <= graph.papers; i += PAPER_ROWS) {
        batch.length = 0;
        for (let j = i; j < i + PAPER_ROWS; j++) batch.push(...paperArgs(j));
        paperMany.run(batch);
      }
      for (; i < graph.papers; i++) paperOne.run(paperArgs(i));
      const pair: string[] = new Array<string>(EDGE_ROWS * 2);
      let k = 0;
      for (; k + EDGE_ROWS <= m; k += EDGE_ROWS) {
        for (let j = 0; j < EDGE_ROWS; j++) {
          pair[2 * j] = ids[graph.citing[k + j] ?? 0] ?? "";
          pair[2 * j + 1] = ids[graph.cited[k + j] ?? 0] ?? "";
        }
        edgeMany.run(pair);
      }
      for (; k < m; k++) edgeOne.run(ids[graph.citing[k] ?? 0] ?? "", ids[graph.cited[k] ?? 0] ?? "");
    }).immediate();
    for (const ix of indexes) db.exec(ix.sql);
    const edges = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM edges").get()?.n ?? 0;
    const setMeta = db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES (?, ?)");
    // No layout is stored: the graph is far beyond what the explorer draws (sigma's advice is
    // about 10^4 papers), and `version` equal to `layout_version` keeps servers from computing one.
    const version = `bulk:${JSON.stringify(graph.origin)}`;
    writeIndexArrays(db, index, version);
    db.transaction(() => {
      setMeta.run("built", JSON.stringify({ papers: graph.papers, edges, selfCitationsDropped: 0 }));
      setMeta.run("version", version);
      setMeta.run("layout_version", version);
      rebuildSearchIndex(db);
      setMeta.run("origin", JSON.stringify(graph.origin));
    }).immediate();
    db.pragma("foreign_keys = ON");
    db.pragma("journal_mode = WAL");
    return { papers: graph.papers, edges, seconds: (performance.now() - t0) / 1000 };
  } finally {
    db.close();
  }
}
