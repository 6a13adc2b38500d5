/**
 * `lineage ingest PATH... [--json] [--max-bytes N]`: read files and folders, parse every page,
 * store them in one batch, and report what went in and what did not (exit 1 if any page failed).
 */
import { relative } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import type { PageRecord } from "../../db/page-writer.ts";
import { DEFAULT_MAX_BYTES } from "../../ingest/decode.ts";
import { expandPaths, readPageFile } from "../../ingest/files.ts";
import { internalErrorReason } from "../../ingest/adapter-crash.ts";
import { parsePage, type ParseResult } from "../../ingest/parse-page.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, intOption, printJson, userPath, type CommandContext } from "./context.ts";

export interface IngestReport {
  pages: { ingested: number; new: number; updated: number; unchanged: number; failed: number };
  papers: number;
  edges: number;
  warnings: { path: string; warning: string }[];
  errors: { path: string; reason: string }[];
}

export function ingestCommand(ctx: CommandContext): number {
  if (ctx.positionals.length === 0) throw new CliError("ingest: give at least one file or folder", EXIT.usage);
  const maxBytes = intOption(ctx, "max-bytes", DEFAULT_MAX_BYTES, 1, 1024 * 1024 * 1024);
  const report = ingestPaths(dbPath(ctx), ctx.positionals.map(userPath), maxBytes);
  if (ctx.json) {
    printJson(ctx, report);
  } else {
    const show = (p: string) => relative(process.env.INIT_CWD ?? process.cwd(), p) || p;
    for (const e of report.errors) ctx.err(`lineage: ${show(e.path)}: ${e.reason}`);
    if (ctx.verbose) for (const w of report.warnings) ctx.err(`lineage: ${show(w.path)}: warning: ${w.warning}`);
    const { pages } = report;
    ctx.out(
      `Ingested ${pages.ingested} page${pages.ingested === 1 ? "" : "s"} (${pages.new} new, ${pages.updated} updated, ${pages.unchanged} unchanged), ` +
        `${pages.failed} failed. Graph: ${report.papers} papers, ${report.edges} citations.`,
    );
  }
  return report.errors.length > 0 ? EXIT.failed : EXIT.ok;
}

export function ingestPaths(database: string, paths: string[], maxBytes = DEFAULT_MAX_BYTES): IngestReport {
  const { files, problems } = expandPaths(paths);
  const errors = problems.map((p) => ({ path: p.path, reason: p.reason }));
  const warnings: IngestReport["warnings"] = [];
  // Each page is parsed as the batch takes it, so parsed pages never pile up in memory.
  function* records(): Generator<PageRecord> {
    for (const file of files) {
      const read = readPageFile(file, maxBytes);
      if (!read.ok) {
        errors.push({ path: file, reason: read.reason });
        continue;
      }
      let parsed: ParseResult;
      try {
        parsed = parsePage(read.bytes, file, { maxBytes });
      } catch (err) {
        // A bug in an adapter, not a verdict on the file: said so, and the other files still go in.
        errors.push({ path: file, reason: internalErrorReason(err) });
        continue;
      }
      if (!parsed.ok) {
        errors.push({ path: file, reason: parsed.reason });
        continue;
      }
      for (const warning of parsed.page.warnings) warnings.push({ path: file, warning });
      yield { source: file, contentHash: parsed.contentHash, encoding: parsed.encoding, byteSize: parsed.byteSize, page: parsed.page };
    }
  }
  const db = LineageDb.open(database);
  try {
    const batch = db.writePages(records());
    for (const f of batch.failures) errors.push({ path: f.source, reason: f.reason });
    const count = (status: string) => batch.statuses.filter((s) => s.status === status).length;
    const counts = db.queries.counts();
    return {
      pages: { ingested: batch.statuses.length, new: count("ingested"), updated: count("updated"), unchanged: count("unchanged"), failed: errors.length },
      papers: counts.papers,
      edges: counts.edges,
      warnings,
      errors,
    };
  } finally {
    db.close();
  }
}
