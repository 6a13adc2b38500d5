/**
 * `lineage doctor [--repair] [--db PATH] [--json]`: checks a database's integrity, orphan rows
 * and whether its derived tables match a rebuild from its pages (db/doctor-checks.ts), and says
 * how to repair what it finds. Exit 0 when healthy (or repaired), 1 when problems remain.
 */
import { existsSync } from "node:fs";
import type { LineageDb } from "../../db/lineage-db.ts";
import { openWriter } from "../../db/store.ts";
import { repairDatabase } from "../../library/page-writes.ts";
import type { Check } from "../../db/doctor-checks.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, printJson, type CommandContext } from "./context.ts";
import { oneLine } from "./terminal-text.ts";

function advice(raw: string, checks: Check[]): string[] {
  const path = oneLine(raw);
  const problems = checks.filter((c) => c.status === "problem");
  if (problems.length === 0) return [];
  if (problems.every((c) => c.repairable)) {
    return [`To repair: lineage doctor --repair --db ${path}  (rebuilds papers, citations and merge decisions from the stored pages in one transaction)`];
  }
  return [
    `The file is damaged beyond its indexes. Restore a backup, or recover what SQLite can read: sqlite3 ${path} .recover | sqlite3 RECOVERED.db`,
    "then run `lineage doctor --repair --db RECOVERED.db`; or rebuild from your page files: lineage ingest PAGES... --db NEW.db",
  ];
}

function show(ctx: CommandContext, checks: Check[]): void {
  for (const c of checks) ctx.out(`${c.status === "ok" ? "ok     " : c.status === "note" ? "note   " : "PROBLEM"}  ${c.name}: ${c.detail}`);
}

export function doctorCommand(ctx: CommandContext): number {
  const path = dbPath(ctx);
  if (!existsSync(path)) throw new CliError(`${path}: no database here`, EXIT.usage);
  let db: LineageDb;
  try {
    db = openWriter(path);
  } catch (err) {
    const message = (err as Error).message;
    throw new CliError(`${message.startsWith(path) ? message : `${path}: ${message}`}. If the file is damaged: sqlite3 ${path} .recover | sqlite3 RECOVERED.db`, EXIT.failed);
  }
  try {
    const before = db.checkHealth();
    const repairRequested = ctx.values.repair === true;
    const repaired = repairRequested && before.some((c) => c.status === "problem" || (c.status === "note" && c.repairable)) ? repairDatabase(db) : undefined;
    const after = repaired ? db.checkHealth() : before;
    const healthy = after.every((c) => c.status !== "problem");
    if (ctx.json) {
      printJson(ctx, { database: path, healthy, checks: before, ...(repaired ? { repaired: repaired.actions, after } : {}), advice: advice(path, after) });
    } else {
      show(ctx, before);
      if (repaired) {
        ctx.out("");
        for (const a of repaired.actions) ctx.out(`repaired: ${a}`);
        ctx.out("");
        show(ctx, after);
      }
      ctx.out(healthy ? `${oneLine(path)}: healthy.` : `${oneLine(path)}: ${after.filter((c) => c.status === "problem").length} problem(s).`);
      for (const line of advice(path, after)) ctx.out(line);
    }
    return healthy ? EXIT.ok : EXIT.failed;
  } finally {
    db.close();
  }
}
