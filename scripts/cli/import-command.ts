/**
 * `lineage import FORMAT PATH... [--json]`: structured sources read into the graph in one batch
 * (library/import-files.ts), reported like `lineage ingest` (exit 1 if any record failed), and
 * `lineage import zotero [PATH]`, the researcher's own library (zotero-command.ts).
 */
import { isAbsolute, relative } from "node:path";
import { SOURCE_FORMATS } from "../../ingest/sources/import-sources.ts";
import { IMPORT_MAX_BYTES, importPaths, isSourceFormat } from "../../library/import-files.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { progressOf } from "./progress-output.ts";
import { dbPath, intOption, printJson, userPath, type CommandContext } from "./context.ts";

export async function importCommand(ctx: CommandContext): Promise<number> {
  const [format, ...paths] = ctx.positionals;
  // The researcher's library is not files of records: its own reader (scripts/cli/zotero-command.ts).
  if (format === "zotero") return (await import("./zotero-command.ts")).importZoteroCommand(ctx, paths);
  if (!isSourceFormat(format)) {
    throw new CliError(`import: give a format first, one of ${[...SOURCE_FORMATS, "zotero"].join(", ")}${format ? ` (got "${format}")` : ""}`, EXIT.usage);
  }
  if (paths.length === 0) throw new CliError(`import ${format}: give at least one file or folder`, EXIT.usage);
  const maxBytes = intOption(ctx, "max-bytes", IMPORT_MAX_BYTES, 1, 8 * 1024 * 1024 * 1024);
  const report = importPaths(dbPath(ctx), format, paths.map(userPath), maxBytes, progressOf(ctx));
  if (ctx.json) {
    printJson(ctx, report);
  } else {
    const show = (p: string) => (isAbsolute(p) ? relative(process.env.INIT_CWD ?? process.cwd(), p) || p : p);
    for (const e of report.errors) ctx.err(`lineage: ${show(e.path)}: ${e.reason}`);
    if (ctx.verbose) for (const w of report.warnings) ctx.err(`lineage: ${show(w.path)}: warning: ${w.warning}`);
    const r = report.records;
    ctx.out(
      `Imported ${r.imported} ${format} record${r.imported === 1 ? "" : "s"} (${r.new} new, ${r.updated} updated, ${r.unchanged} unchanged), ` +
        `${r.failed} failed. Graph: ${report.papers} papers, ${report.edges} citations.`,
    );
  }
  return report.errors.length > 0 ? EXIT.failed : EXIT.ok;
}
