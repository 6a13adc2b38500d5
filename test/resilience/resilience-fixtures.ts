/**
 * What the resilience tests share: a folder of rendered AAN pages (from the copy of the release
 * in data/aan, seeded), an ingest in a child process that can be killed, and a summary of
 * a database's graph to compare two runs by.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { renderAanPages } from "../../scripts/render-aan-pages.ts";
import { BIN, ROOT } from "../../bench/server-process.ts";

export function renderPages(dir: string, count: number, seed = 5): string {
  const out = join(dir, "pages");
  const r = renderAanPages({ aanDir: join(ROOT, "data/aan"), outDir: out, count, seed });
  if (r.written !== count) throw new Error(`rendered ${r.written} pages, wanted ${count}`);
  return out;
}

/** `lineage ingest PATHS --db DB` in a child process (the real bin). */
export function spawnIngest(db: string, paths: string[]): ChildProcess {
  return spawn(process.execPath, [BIN, "ingest", ...paths, "--db", db], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
}

export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export interface GraphSummary {
  pages: number;
  mentions: number;
  papers: number;
  edges: number;
  version: string | null;
}

/** Counts and the graph's fingerprint (graph_meta 'version': every paper id and citation). */
export function summarize(path: string): GraphSummary {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const one = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      pages: one("SELECT count(*) FROM pages"),
      mentions: one("SELECT count(*) FROM mentions"),
      papers: one("SELECT count(*) FROM papers"),
      edges: one("SELECT count(*) FROM edges"),
      version: (db.prepare("SELECT value FROM graph_meta WHERE key = 'version'").pluck().get() as string | undefined) ?? null,
    };
  } finally {
    db.close();
  }
}

/** Mentions per page source: a page is whole when its count matches an uninterrupted run's. */
export function mentionsPerPage(path: string): Map<string, number> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT p.source, count(m.id) AS n FROM pages p LEFT JOIN mentions m ON m.page_id = p.id GROUP BY p.id").all() as { source: string; n: number }[];
    return new Map(rows.map((r) => [r.source, r.n]));
  } finally {
    db.close();
  }
}
