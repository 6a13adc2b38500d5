/**
 * Ingest benchmark: the AAN papers rendered as pages in the three page formats (seeded), ingested
 * by `lineage ingest`'s code path, against the floor measured in the same run: reading the same
 * files and inserting the same final rows (papers, edges) with one prepared statement each in one
 * transaction.
 */
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ingestPaths } from "../scripts/cli/ingest-command.ts";
import { renderAanPages } from "../scripts/render-aan-pages.ts";

export interface IngestBench {
  pages: number;
  papers: number;
  edges: number;
  ingestSeconds: number;
  pagesPerSecond: number;
  floorSeconds: number;
  ratioToFloor: number;
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
  source.close();

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
  const floorSeconds = (performance.now() - t1) / 1000;
  if (bytes === 0) throw new Error("bench: no pages read");
  return {
    pages: report.pages.ingested,
    papers: report.papers,
    edges: report.edges,
    ingestSeconds,
    pagesPerSecond: report.pages.ingested / ingestSeconds,
    floorSeconds,
    ratioToFloor: ingestSeconds / floorSeconds,
  };
}
