/**
 * What every command gets: parsed options, where to print, and the database it works on
 * (`--db PATH`, default data/lineage.db), with paths taken relative to where the user ran npm.
 */
import { isAbsolute, resolve } from "node:path";
import { existsSync } from "node:fs";
import type { LineageDb } from "../../db/lineage-db.ts";
import { openReader } from "../../db/store.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import type { Paper } from "../../db/paper-queries.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { oneLine } from "./terminal-text.ts";

export const DEFAULT_DB = "data/lineage.db";

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

export interface CommandContext extends Output {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  json: boolean;
  verbose: boolean;
}

/** Paths the user typed are relative to where they ran the command, even under `npm run`. */
export function userPath(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function dbPath(ctx: CommandContext): string {
  const [first] = dbPaths(ctx);
  return first ?? userPath(DEFAULT_DB);
}

/** Every `--db PATH` given (`lineage serve` takes several), else the default database. */
export function dbPaths(ctx: CommandContext): string[] {
  const value = ctx.values.db;
  const given = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return (given.length > 0 ? given : [DEFAULT_DB]).map(userPath);
}

export function openForRead(ctx: CommandContext): LineageDb {
  const path = dbPath(ctx);
  if (!existsSync(path)) throw new CliError(`${oneLine(path)}: no database here; run \`lineage ingest PATH... --db ${oneLine(path)}\` first`, EXIT.usage);
  return openReader(path);
}

export function withGraph<T>(ctx: CommandContext, run: (db: LineageDb, graph: LineageGraph) => T): T {
  const db = openForRead(ctx);
  try {
    return run(db, new LineageGraph(db));
  } finally {
    db.close();
  }
}

/** Resolve a REF or fail with exit 3, listing candidates when the title is ambiguous. */
export function requirePaper(graph: LineageGraph, ref: string | undefined): Paper {
  if (!ref) throw new CliError("missing paper reference (an arXiv ID, DOI, ACL ID, internal id or title)", EXIT.usage);
  const result = graph.resolveRef(ref);
  if (result.kind === "found") return result.paper;
  if (result.kind === "ambiguous") {
    const list = result.candidates.map((c) => `  ${c.id}  ${c.title ?? "(untitled)"}${c.year ? ` (${c.year})` : ""}`).join("\n");
    throw new CliError(`"${ref}" is ambiguous; candidates:\n${list}`, EXIT.notFound, { error: "ambiguous", ref, candidates: result.candidates });
  }
  throw new CliError(`"${ref}": no such paper in the graph`, EXIT.notFound, { error: "unknown", ref });
}

export function intOption(ctx: CommandContext, name: string, fallback: number, min: number, max: number): number {
  const raw = ctx.values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== "string" || !Number.isInteger(n) || n < min || n > max) {
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}, got ${String(raw)}`, EXIT.usage);
  }
  return n;
}

export function printJson(ctx: Output, value: unknown): void {
  ctx.out(JSON.stringify(value, null, 2));
}
