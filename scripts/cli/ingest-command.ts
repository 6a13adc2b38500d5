/**
 * `lineage ingest PATH... [--json] [--max-bytes N]`: read files and folders, parse every page,
 * store them in one batch, and report what went in and what did not (exit 1 if any page failed).
 */
import { relative } from "node:path";
import { DEFAULT_MAX_BYTES } from "../../ingest/decode.ts";
import { ingestPaths } from "../../library/ingest-files.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { progressOf } from "./progress-output.ts";
import { dbPath, intOption, printJson, userPath, type CommandContext } from "./context.ts";

export function ingestCommand(ctx: CommandContext): number {
  if (ctx.positionals.length === 0) throw new CliError("ingest: give at least one file or folder", EXIT.usage);
  const maxBytes = intOption(ctx, "max-bytes", DEFAULT_MAX_BYTES, 1, 1024 * 1024 * 1024);
  const report = ingestPaths(dbPath(ctx), ctx.positionals.map(userPath), maxBytes, progressOf(ctx));
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
