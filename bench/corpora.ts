/**
 * The graphs the benchmarks run on, built once into a work folder and reused while their recipe
 * holds: the AAN release imported with `lineage import aan` (real: 18k papers with metadata,
 * 95k citations), the seed pages (the explorer's small case), and seeded synthetic graphs of
 * 10^4/10^5, 10^5/10^6 and 10^6/10^7 (scripts/gen-synthetic-graph.ts). Each database is left
 * ready to serve, with its layout and traversal index, as ingest and import leave it.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openReader } from "../db/store.ts";
import { MIGRATIONS } from "../db/schema.ts";
import { importPaths } from "../library/import-files.ts";
import { generateCitationGraph, syntheticRows } from "../scripts/gen-synthetic-graph.ts";
import { importBulkGraph } from "../library/bulk-graph.ts";
import { ROOT } from "./server-process.ts";

export interface Corpus {
  name: string;
  label: string;
  db: string;
  papers: number;
  citations: number;
  synthetic: boolean;
}

export const SYNTHETIC = [
  { name: "syn-1e4", papers: 10_000, citations: 100_000 },
  { name: "syn-1e5", papers: 100_000, citations: 1_000_000 },
  { name: "syn-1e6", papers: 1_000_000, citations: 10_000_000 },
] as const;

/** A database is reusable when it is at the current schema and records the same recipe. */
function recipeOf(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const db = new Database(path, { readonly: true });
    try {
      if (db.pragma("user_version", { simple: true }) !== MIGRATIONS.length) return undefined;
      return (db.prepare("SELECT value FROM graph_meta WHERE key = 'recipe'").pluck().get() as string | undefined) ?? undefined;
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

function setRecipe(path: string, recipe: string): void {
  const db = new Database(path);
  try {
    db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('recipe', ?)").run(recipe);
  } finally {
    db.close();
  }
}

function counts(path: string): { papers: number; citations: number } {
  const db = openReader(path);
  try {
    const c = db.queries.counts();
    return { papers: c.papers, citations: c.edges };
  } finally {
    db.close();
  }
}

function hashOf(file: string): string {
  const text = readFileSync(file, "utf8");
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}

export function aanCorpus(workDir: string, aanDir: string, log: (s: string) => void): Corpus {
  const db = join(workDir, "aan.db");
  const recipe = `aan:${hashOf(join(aanDir, "acl.txt"))}:${hashOf(join(ROOT, "ingest/sources/aan-import.ts"))}`;
  if (recipeOf(db) !== recipe) {
    log(`bench: importing AAN from ${aanDir}`);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(db + suffix, { force: true });
    importPaths(db, "aan", [aanDir]);
    setRecipe(db, recipe);
  }
  return { name: "aan", label: "AAN", db, ...counts(db), synthetic: false };
}

export function seedsCorpus(workDir: string, ingest: (db: string, paths: string[]) => unknown | Promise<unknown>): Promise<Corpus> {
  const db = join(workDir, "seeds.db");
  // Rebuilt when the schema moved on (recipeOf checks it) or the pages changed.
  const recipe = `seeds:${readdirSync(join(ROOT, "data/pages")).sort().join(",")}`;
  const stale = recipeOf(db) !== recipe;
  if (stale) for (const suffix of ["", "-wal", "-shm"]) rmSync(db + suffix, { force: true });
  return Promise.resolve(stale ? ingest(db, [join(ROOT, "data/pages")]) : undefined).then(() => {
    if (stale) setRecipe(db, recipe);
    return { name: "seeds", label: "seed pages", db, ...counts(db), synthetic: false };
  });
}

export function syntheticCorpus(workDir: string, spec: (typeof SYNTHETIC)[number], log: (s: string) => void): Corpus {
  const db = join(workDir, `${spec.name}.db`);
  const recipe = `synthetic:${spec.papers}:${spec.citations}:42:${hashOf(join(ROOT, "scripts/gen-synthetic-graph.ts"))}`;
  if (recipeOf(db) !== recipe) {
    log(`bench: generating ${spec.papers} papers / ${spec.citations} citations`);
    const graph = generateCitationGraph({ papers: spec.papers, citations: spec.citations, seed: 42 });
    importBulkGraph(db, syntheticRows(graph));
    setRecipe(db, recipe);
  }
  return { name: spec.name, label: `synthetic ${spec.papers.toExponential().replace("e+", "e")}`, db, ...counts(db), synthetic: true };
}
