/**
 * `lineage watch LIST [--source s2|openalex] [--json] [--progress]`: checks a saved list for new
 * papers citing it (crawl/watch.ts) and prints what is new since the last check: which paper,
 * what it cites in the list, when it appeared. `--status` shows the last check and its findings
 * without asking the network; `--add REF...` adds findings to the map, `--dismiss REF...` sets
 * them aside (REF: a finding's ID at the source, its DOI or arXiv ID, its title, or `all`).
 * Exit 1 when the check stopped before the end (its budget spent) or none of the list's papers
 * could be checked; a paper that could not be checked is otherwise a warning, kept with the check.
 */
import { existsSync } from "node:fs";
import { addFindings, dismissFindings, matchFindings, runWatch, type WatchActionReport, type WatchReport } from "../../crawl/watch.ts";
import { SOURCE_NAMES } from "../../crawl/api-refs.ts";
import { ExpansionDb } from "../../db/expansion-store.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { ListError } from "../../db/reading-lists.ts";
import { listWatchState } from "../../library/watch-state.ts";
import type { ListWatchState, WatchFindingJson } from "../../api/types.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, printJson, type CommandContext } from "./context.ts";
import { progressOf } from "./progress-output.ts";
import { apiSettings, sayKeyless, sourceOption } from "./api-options.ts";

export const WATCH_USAGE = [
  "watch LIST [--source s2|openalex]  check a saved list for new papers citing it (network)",
  "  watch LIST --status              the last check and what it found, without asking the network",
  "  watch LIST --add REF...          add findings to the map (REF: ID, DOI, arXiv ID, title, or all)",
  "  watch LIST --dismiss REF...      set findings aside",
].join("\n");

function readState(database: string, name: string): ListWatchState {
  if (!existsSync(database)) throw new CliError(`${database}: no database here; run \`lineage ingest PATH... --db ${database}\` first`, EXIT.usage);
  // Opened for writing once, so that a database made by an older Lineage gets the watch tables.
  ExpansionDb.open(database).close();
  const db = LineageDb.open(database, { readonly: true });
  try {
    const state = listWatchState(db, name, 100_000);
    if (!state) throw new CliError(`watch: no list named "${name.trim()}"`, EXIT.notFound);
    return state;
  } finally {
    db.close();
  }
}

export async function watchCommand(ctx: CommandContext): Promise<number> {
  const [name, ...refs] = ctx.positionals;
  if (!name?.trim()) throw new CliError(`watch: give the list's NAME\n${WATCH_USAGE}`, EXIT.usage);
  const database = dbPath(ctx);
  const actions = ["status", "add", "dismiss"].filter((a) => ctx.values[a] === true);
  if (actions.length > 1) throw new CliError(`watch: give one of --status, --add and --dismiss`, EXIT.usage);
  const action = actions[0];
  if (action !== "add" && action !== "dismiss" && refs.length > 0) throw new CliError(`watch: unexpected arguments ${refs.join(" ")} (papers go after --add or --dismiss)`, EXIT.usage);
  const state = readState(database, name);
  if (action === "status") {
    if (ctx.json) printJson(ctx, state);
    else printState(ctx, state);
    return EXIT.ok;
  }
  if (action === "add" || action === "dismiss") {
    if (refs.length === 0) throw new CliError(`watch --${action}: give the findings (their IDs, DOIs, arXiv IDs or titles, or all)`, EXIT.usage);
    const db = LineageDb.open(database, { readonly: true });
    const findings = (() => {
      try {
        return db.watches.findings(state.list);
      } finally {
        db.close();
      }
    })();
    const { matched, unknown } = matchFindings(findings, refs);
    if (unknown.length > 0) throw new CliError(`watch --${action}: not among the findings of "${state.list}": ${unknown.join(", ")}`, EXIT.notFound);
    let report: WatchActionReport;
    if (action === "dismiss") report = dismissFindings(database, state.list, matched);
    else {
      const source = matched[0]?.source === "openalex" ? "openalex" : "s2";
      const settings = apiSettings(ctx, source, 1);
      sayKeyless(ctx, settings);
      report = await addFindings(database, state.list, matched, settings, progressOf(ctx));
    }
    if (ctx.json) printJson(ctx, report);
    else ctx.out(`${action === "add" ? "Added" : "Dismissed"} ${report.changed.length} of ${matched.length} finding${matched.length === 1 ? "" : "s"} of "${state.list}".`);
    const failed = report.expansion?.papers.filter((p) => p.state === "failed") ?? [];
    for (const p of failed) ctx.err(`lineage: ${p.reason ?? p.apiId}`);
    return failed.length > 0 || (report.expansion !== undefined && !report.expansion.expansion.finished) ? EXIT.failed : EXIT.ok;
  }
  const source = sourceOption(ctx) ?? (state.source === "openalex" ? "openalex" : "s2");
  let report: WatchReport;
  // Citations are asked for again on every check: the cache answers only a check repeated within the hour.
  const settings = apiSettings(ctx, source, 1 / 24);
  sayKeyless(ctx, settings);
  try {
    report = await runWatch(database, Object.assign(settings, { listName: state.list, onProgress: progressOf(ctx) }));
  } catch (err) {
    if (err instanceof ListError) throw new CliError(`watch: ${err.message}`, EXIT.notFound);
    throw err;
  }
  if (ctx.json) printJson(ctx, report);
  else printCheck(ctx, report);
  const failed = report.stopped !== null || (report.checked.length === 0 && report.problems.length > 0);
  for (const p of report.problems) ctx.err(`lineage: ${failed ? "" : "warning: "}${p.ref}: ${p.reason}`);
  return failed ? EXIT.failed : EXIT.ok;
}

function findingLine(f: WatchFindingJson): string {
  const id = f.doi ? `doi:${f.doi}` : f.arxivId ? `arXiv:${f.arxivId}` : f.id;
  const cites = f.cites.map((c) => `${c.title ?? c.ref}${c.intents.length > 0 ? ` (as ${c.intents.join(", ")})` : ""}${c.isInfluential ? ", influential" : ""}`).join("; ");
  return `  ${f.title ?? "(untitled)"}${f.date ? ` (${f.date})` : f.year ? ` (${f.year})` : ""}  [${id}]\n    cites ${cites}`;
}

function printCheck(ctx: CommandContext, r: WatchReport): void {
  const since = r.previousCheckAt ? `since the last check (${r.previousCheckAt})` : "(first check)";
  ctx.out(
    [
      `Checked ${r.checked.length} papers of "${r.list}" on ${SOURCE_NAMES[r.source]} at ${r.checkedAt}: ${r.new.length} new ${since}, ${r.pending} waiting to be added or dismissed.`,
      ...r.new.map(findingLine),
      ...r.checked.flatMap((c) => (c.cut ? [`  (${c.title ?? c.ref}: ${c.cut})`] : [])),
      ...r.checked.flatMap((c) => (c.leftOut ? [`  (${c.title ?? c.ref}: ${c.leftOut})`] : [])),
      ...(r.unnamed > 0 ? [`  (${r.unnamed} citing papers have no ID at the source and cannot be added)`] : []),
    ].join("\n"),
  );
}

function printState(ctx: CommandContext, s: ListWatchState): void {
  if (!s.watched) {
    ctx.out(`"${s.list}" has not been checked yet: \`lineage watch ${s.list}\` asks the network.`);
    return;
  }
  const pending = s.findings.filter((f) => f.state === "new");
  ctx.out(
    [
      `"${s.list}": last checked ${s.lastCheckedAt} on ${s.source === "openalex" ? "OpenAlex" : "Semantic Scholar"} (${s.papersChecked} papers); ` +
        `${s.counts.new} new, ${s.counts.added} added, ${s.counts.dismissed} dismissed.`,
      ...pending.map(findingLine),
      ...s.problems.map((p) => `  (${p.ref}: ${p.reason})`),
    ].join("\n"),
  );
}
