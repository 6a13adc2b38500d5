/**
 * `lineage ingest PATH... [--json] [--max-bytes N]`: read files and folders, route each file by its
 * content (a page, or a file of BibTeX, RIS, EndNote, CSL-JSON, S2, OpenAlex or JSON-LD records),
 * store everything in one batch, and report what went in and what did not, each failure with its
 * file and, for a record, its position (exit 1 if anything failed).
 */
import { relative } from "node:path";
import { DEFAULT_MAX_BYTES } from "../../ingest/decode.ts";
import { RECORD_FORMAT_NAMES, type RecordFormat } from "../../ingest/file-kind.ts";
import { ingestPaths, type IngestReport } from "../../library/ingest-files.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { progressOf } from "./progress-output.ts";
import { dbPath, intOption, printJson, userPath, type CommandContext } from "./context.ts";
import { oneLine } from "./terminal-text.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "5 pages" or, when files of records were read, "2 pages and 5 records (BibTeX: 4 from 1 file; …)". */
export function whatWentIn(report: IngestReport): string {
  const formats = Object.entries(report.files.records) as [RecordFormat, { files: number; records: number }][];
  if (formats.length === 0) return plural(report.pages.ingested, "page");
  const records = formats.reduce((n, [, c]) => n + c.records, 0);
  const each = formats.map(([f, c]) => `${RECORD_FORMAT_NAMES[f]}: ${c.records} from ${plural(c.files, "file")}`).join("; ");
  return `${plural(report.files.pages, "page")} and ${plural(records, "record")} (${each})`;
}

export function ingestCommand(ctx: CommandContext): number {
  if (ctx.positionals.length === 0) throw new CliError("ingest: give at least one file or folder", EXIT.usage);
  const maxBytes = intOption(ctx, "max-bytes", DEFAULT_MAX_BYTES, 1, 1024 * 1024 * 1024);
  const report = ingestPaths(dbPath(ctx), ctx.positionals.map(userPath), maxBytes, progressOf(ctx));
  if (ctx.json) {
    printJson(ctx, report);
  } else {
    const show = (p: string) => relative(process.env.INIT_CWD ?? process.cwd(), p) || p;
    for (const e of report.errors) ctx.err(`lineage: ${oneLine(show(e.path))}: ${oneLine(e.reason)}`);
    if (ctx.verbose) for (const w of report.warnings) ctx.err(`lineage: ${oneLine(show(w.path))}: warning: ${oneLine(w.warning)}`);
    const { pages } = report;
    ctx.out(
      `Ingested ${whatWentIn(report)} (${pages.new} new, ${pages.updated} updated, ${pages.unchanged} unchanged), ` +
        `${pages.failed} failed. Graph: ${report.papers} papers, ${report.edges} citations.`,
    );
  }
  return report.errors.length > 0 ? EXIT.failed : EXIT.ok;
}
