/**
 * `lineage expand REF... [--list NAME] [--source s2|openalex] [--depth 0|1|2] [--max-papers N]
 * [--json] [--progress]` and `lineage add REF...` (expand at depth 0: the record alone), over
 * crawl/expand.ts; `--list` adds a saved list's papers to the REFs. Exit 0 when the run finished and every paper asked for was stored; 1 when one
 * failed or the run stopped (its budget spent, or interrupted: the same command continues it).
 * Ctrl-C stops after the papers in flight; SIGTERM (the server's cancel) stops at once, losing at
 * most the wave not yet stored.
 */
import { runExpansion, type ExpandDepth, type ExpandReport } from "../../crawl/expand.ts";
import { SOURCE_NAMES } from "../../crawl/api-refs.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, intOption, printJson, type CommandContext } from "./context.ts";
import { progressOf } from "./progress-output.ts";
import { apiRefsOf, apiSettings, idsForSource, listApiRefs, sayKeyless } from "./api-options.ts";

/** Papers asked of the API at most, when --max-papers is not given. */
export const DEFAULT_MAX_PAPERS = 50;

export function expandCommand(ctx: CommandContext): Promise<number> {
  const depth = intOption(ctx, "depth", 1, 0, 2) as ExpandDepth;
  return expandRefs(ctx, "expand", depth);
}

export function addCommand(ctx: CommandContext): Promise<number> {
  if (ctx.values.depth !== undefined) throw new CliError("add: stores the record alone; use `lineage expand --depth N` for its neighbours", EXIT.usage);
  return expandRefs(ctx, "add", 0);
}

async function expandRefs(ctx: CommandContext, command: string, depth: ExpandDepth): Promise<number> {
  const listName = typeof ctx.values.list === "string" ? ctx.values.list : undefined;
  if (ctx.positionals.length === 0 && !listName)
    throw new CliError(`${command}: give at least one paper (a DOI, arXiv ID or URL, ACL ID, OpenAlex W…, S2 paper ID, or a paper in the map), or --list NAME`, EXIT.usage);
  const database = dbPath(ctx);
  const typed = apiRefsOf(database, ctx.positionals);
  const listed = listName ? listApiRefs(database, listName) : { refs: [], passedOver: [] };
  // A saved list's papers the source cannot be asked for are passed over, said, not fatal.
  const chosen = idsForSource(ctx, [...typed, ...listed.refs], command, listName !== undefined);
  const { source, ids } = chosen;
  for (const p of [...listed.passedOver, ...chosen.passedOver]) ctx.err(`lineage: warning: ${p.ref}: ${p.reason}; passed over`);
  if (ids.length === 0) throw new CliError(`${command}: none of the papers can be asked of an API`, EXIT.usage);
  const maxPapers = intOption(ctx, "max-papers", Math.max(DEFAULT_MAX_PAPERS, ids.length), 1, 100_000);
  const controller = new AbortController();
  const interrupt = () => {
    controller.abort();
    ctx.err("lineage: interrupted; stopping after the papers in flight (run the same command again to continue)");
  };
  const settings = apiSettings(ctx, source, 1);
  sayKeyless(ctx, settings);
  process.once("SIGINT", interrupt);
  let report: ExpandReport;
  try {
    report = await runExpansion(database, Object.assign(settings, { seeds: ids, depth, maxPapers, signal: controller.signal, onProgress: progressOf(ctx) }));
  } finally {
    process.removeListener("SIGINT", interrupt);
  }
  const askedFailed = report.papers.filter((p) => p.level === 0 && p.state === "failed");
  if (ctx.json) printJson(ctx, report);
  else print(ctx, command, report);
  if (report.expansion.stopped) ctx.err(`lineage: ${report.expansion.stopped}; run the same command again to continue`);
  for (const p of askedFailed) ctx.err(`lineage: ${p.reason ?? p.apiId}`);
  return report.expansion.finished && askedFailed.length === 0 ? EXIT.ok : EXIT.failed;
}

function print(ctx: CommandContext, command: string, r: ExpandReport): void {
  const n = (x: number) => x.toLocaleString("en-US");
  const by = (state: string) => r.papers.filter((p) => p.state === state);
  const neighbours = r.papers.filter((p) => p.level === 1 && p.state !== "skipped").length;
  for (const p of by("failed")) if (p.level > 0) ctx.err(`lineage: warning: ${p.reason ?? p.apiId}`);
  for (const c of r.cuts) ctx.err(`lineage: ${c.apiId}: ${c.list} cut: ${n(c.fetched)}${c.reported !== null ? ` of ${n(c.reported)}` : ""} fetched; ${c.reason}`);
  const what = command === "add" ? "Added" : `Expanded (depth ${r.expansion.depth})`;
  const run = r.expansion.resumed ? " (resumed)" : r.expansion.repeated ? " (repeated)" : "";
  ctx.out(
    `${what}${run} from ${SOURCE_NAMES[r.expansion.source]}: ${n(by("fetched").length)} papers stored` +
      `${neighbours > 0 ? ` (${n(neighbours)} of them neighbours chosen by relevance)` : ""}, ${n(by("failed").length)} failed, ${n(by("skipped").length)} passed over` +
      `${by("queued").length > 0 ? `, ${n(by("queued").length)} still to fetch` : ""}. ` +
      `Pages: ${n(r.records.new)} new, ${n(r.records.updated)} updated, ${n(r.records.unchanged)} unchanged. ` +
      `Graph: ${n(r.graph.papersBefore)} → ${n(r.graph.papers)} papers, ${n(r.graph.edgesBefore)} → ${n(r.graph.edges)} citations. ` +
      `${n(r.network.requests)} requests, ${n(r.network.fromCache)} answered from the cache.`,
  );
}
