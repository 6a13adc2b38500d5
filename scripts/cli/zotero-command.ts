/**
 * `lineage import zotero [PATH] [--api [URL]]`: the researcher's Zotero library into the map,
 * read from its `zotero.sqlite` (PATH, else where Zotero keeps it: library/zotero-location.ts)
 * or, with `--api`, from Zotero's local API (default http://127.0.0.1:23119). Says how the file
 * was read (a private copy, with the file's modification time), what was passed over, and how
 * many of the library's papers the map already held. Exit 1 if any item failed.
 */
import { readZoteroFile, ZoteroFileError } from "../../db/zotero-file.ts";
import { DEFAULT_ZOTERO_API, readLocalApi, ZoteroApiError } from "../../crawl/zotero-local-api.ts";
import { importZoteroLibrary, type ZoteroImportReport } from "../../library/zotero-import.ts";
import { defaultZoteroDatabase } from "../../library/zotero-location.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { progressOf } from "./progress-output.ts";
import { dbPath, printJson, userPath, type CommandContext } from "./context.ts";

export async function importZoteroCommand(ctx: CommandContext, args: string[]): Promise<number> {
  if (args.length > 1) throw new CliError(`import zotero: give at most one ${ctx.values.api === true ? "API URL" : "zotero.sqlite"} (got ${args.length})`, EXIT.usage);
  const progress = progressOf(ctx);
  let report: ZoteroImportReport;
  let apiWarnings: string[] = [];
  try {
    if (ctx.values.api === true) {
      const base = args[0] ?? DEFAULT_ZOTERO_API;
      const read = await readLocalApi(base, { onPage: (what, done, total) => progress({ step: "read", done, total: total ?? 0, label: `reading ${what} from Zotero's local API` }) });
      apiWarnings = read.warnings;
      report = importZoteroLibrary(dbPath(ctx), read.library, { readAs: "local-api", modifiedAt: null }, progress);
    } else {
      const found = args[0] ? { path: userPath(args[0]), from: "" } : defaultZoteroDatabase();
      if (!args[0] && ctx.verbose) ctx.err(`lineage: reading ${found.path} (${found.from})`);
      progress({ step: "read", done: 0, total: 0, label: `reading ${found.path}` });
      const read = readZoteroFile(found.path);
      report = importZoteroLibrary(dbPath(ctx), read.library, { readAs: read.readAs, modifiedAt: read.modifiedAt, sidecars: read.sidecars, schemaVersion: read.schemaVersion }, progress);
    }
  } catch (err) {
    if (err instanceof ZoteroFileError || err instanceof ZoteroApiError) throw new CliError(err.message, EXIT.failed);
    throw err;
  }
  report.warnings.unshift(...apiWarnings.map((warning) => ({ path: report.origin, warning })));
  if (ctx.json) printJson(ctx, report);
  else printReport(ctx, report);
  return report.errors.length > 0 ? EXIT.failed : EXIT.ok;
}

function printReport(ctx: CommandContext, r: ZoteroImportReport): void {
  for (const e of r.errors) ctx.err(`lineage: ${e.path}: ${e.reason}`);
  for (const w of r.warnings) if (ctx.verbose || !w.path.startsWith("zotero:")) ctx.err(`lineage: ${w.path}: warning: ${w.warning}`);
  const n = (x: number) => x.toLocaleString("en-US");
  if (r.readAs === "copy") {
    const log = r.sidecars.includes("-wal") ? ", with its write-ahead log" : r.sidecars.includes("-journal") ? ", with its journal" : "";
    ctx.out(`Read a copy of ${r.origin} (modified ${r.modifiedAt?.replace("T", " ").replace(/\.\d+Z$/, " UTC")}${log}; Zotero userdata schema ${r.schemaVersion}).`);
  } else ctx.out(`Read ${r.origin} (Zotero's local API).`);
  const i = r.items;
  const s = r.skipped;
  const passed = [
    [s.deleted, "in the trash"],
    [s.notes, "notes"],
    [s.attachments, "attachments"],
    [s.annotations, "annotations"],
    [s.otherLibraries, "in group libraries or feeds"],
  ].filter(([count]) => Number(count) > 0);
  ctx.out(
    `Imported ${n(i.read)} Zotero item${i.read === 1 ? "" : "s"} (${n(i.new)} new, ${n(i.updated)} updated, ${n(i.unchanged)} unchanged), ${n(i.removed)} removed, ${n(i.failed)} failed` +
      (passed.length > 0 ? `; passed over ${passed.map(([count, what]) => `${n(Number(count))} ${what}`).join(", ")}.` : "."),
  );
  ctx.out(
    `Your library in the map: ${n(r.papers.inLibrary)} papers (${n(r.papers.alsoInMap)} the map already had, ${n(r.papers.onlyInLibrary)} new to it), ${n(r.collections)} collection${r.collections === 1 ? "" : "s"}. ` +
      `Graph: ${n(r.graph.papers)} papers, ${n(r.graph.edges)} citations.`,
  );
}
