/**
 * Ingest benchmark: the AAN papers rendered as pages in the three page formats (seeded), ingested
 * by `lineage ingest`'s code path, against the floor measured in the same run: reading the same
 * files and inserting the same final rows, every row of every table the ingest filled (pages and
 * their mentions, papers, mention-to-paper links, edges, the merge log, identity keys), into a database of the
 * same schema, with one prepared statement per table in one transaction.
 * The narrow floor of earlier runs (papers' id, title and year, and edges, in a two-table schema)
 * is still measured and reported beside it, so the two can be compared.
 */
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "../db/connection.ts";
import { ingestPaths } from "../library/ingest-files.ts";
import { renderAanPages } from "../scripts/render-aan-pages.ts";

export interface IngestBench {
  pages: number;
  papers: number;
  edges: number;
  ingestSeconds: number;
  pagesPerSecond: number;
  floorSeconds: number;
  ratioToFloor: number;
  /** Rows the floor inserted (all tables). */
  floorRows?: number;
  narrowFloorSeconds?: number;
  ratioToNarrowFloor?: number;
}

/** The tables an ingest fills, in an order their foreign keys allow. */
const FILLED_TABLES = ["pages", "mentions", "papers", "paper_mentions", "edges", "merge_log", "paper_keys", "graph_meta"] as const;

/** Reads every page file and inserts `rows` (table → rows) into a fresh database of the project's schema. */
function fullFloor(pagesDir: string, floorDb: string, rows: Map<string, { columns: string[]; values: unknown[][] }>): { seconds: number; rows: number } {
  rmSync(floorDb, { force: true });
  for (const suffix of ["-wal", "-shm"]) rmSync(floorDb + suffix, { force: true });
  const floor = openDatabase(floorDb);
  // The migrations' own bookkeeping rows are not the ingest's: start the tables empty.
  for (const table of FILLED_TABLES) floor.prepare(`DELETE FROM ${table}`).run();
  // The least work that leaves the same rows: no foreign-key checks (the ingest skips them too).
  floor.pragma("foreign_keys = OFF");
  const t0 = performance.now();
  let bytes = 0;
  for (const f of readdirSync(pagesDir)) bytes += readFileSync(join(pagesDir, f)).length;
  if (bytes === 0) throw new Error("bench: no pages read");
  let count = 0;
  floor.transaction(() => {
    for (const table of FILLED_TABLES) {
      const r = rows.get(table);
      if (!r || r.values.length === 0) continue;
      const insert = floor.prepare(`INSERT OR REPLACE INTO ${table} (${r.columns.join(", ")}) VALUES (${r.columns.map(() => "?").join(", ")})`);
      for (const row of r.values) insert.run(...row);
      count += r.values.length;
    }
  })();
  floor.close();
  return { seconds: (performance.now() - t0) / 1000, rows: count };
}

export function benchIngest(aanDir: string, workDir: string, count?: number): IngestBench {
  const pagesDir = join(workDir, "pages");
  rmSync(pagesDir, { recursive: true, force: true });
  renderAanPages({ aanDir, outDir: pagesDir, seed: 42, ...(count ? { count } : {}) });
  const db = join(workDir, "ingest.db");
  rmSync(db, { force: true });
  const t0 = performance.now();
  const report = ingestPaths(db, [pagesDir]);
  const ingestSeconds = (performance.now() - t0) / 1000;

  const source = new Database(db, { readonly: true });
  const papers = source.prepare("SELECT id, title, year FROM papers").all() as { id: string; title: string | null; year: number | null }[];
  const edges = source.prepare("SELECT citing, cited FROM edges").all() as { citing: string; cited: string }[];
  const rows = new Map<string, { columns: string[]; values: unknown[][] }>();
  for (const table of FILLED_TABLES) {
    const statement = source.prepare(`SELECT * FROM ${table}`).raw();
    rows.set(table, { columns: statement.columns().map((c) => c.name), values: statement.all() as unknown[][] });
  }
  source.close();

  const full = fullFloor(pagesDir, join(workDir, "floor-full.db"), rows);

  const floorDb = join(workDir, "floor.db");
  rmSync(floorDb, { force: true });
  const t1 = performance.now();
  let bytes = 0;
  for (const f of readdirSync(pagesDir)) bytes += readFileSync(join(pagesDir, f)).length;
  const floor = new Database(floorDb);
  floor.pragma("journal_mode = WAL");
  floor.exec("CREATE TABLE papers (id TEXT PRIMARY KEY, title TEXT, year INTEGER); CREATE TABLE edges (citing TEXT, cited TEXT, PRIMARY KEY (citing, cited)) WITHOUT ROWID;");
  const insertPaper = floor.prepare("INSERT INTO papers (id, title, year) VALUES (?, ?, ?)");
  const insertEdge = floor.prepare("INSERT INTO edges (citing, cited) VALUES (?, ?)");
  floor.transaction(() => {
    for (const p of papers) insertPaper.run(p.id, p.title, p.year);
    for (const e of edges) insertEdge.run(e.citing, e.cited);
  })();
  floor.close();
  const narrowFloorSeconds = (performance.now() - t1) / 1000;
  if (bytes === 0) throw new Error("bench: no pages read");
  return {
    pages: report.pages.ingested,
    papers: report.papers,
    edges: report.edges,
    ingestSeconds,
    pagesPerSecond: report.pages.ingested / ingestSeconds,
    floorSeconds: full.seconds,
    ratioToFloor: ingestSeconds / full.seconds,
    floorRows: full.rows,
    narrowFloorSeconds,
    ratioToNarrowFloor: ingestSeconds / narrowFloorSeconds,
  };
}
