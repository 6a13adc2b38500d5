/**
 * The options every command that asks a scholarly API shares (`expand`, `add`, `watch`): which
 * source, the run's bounds (--max-requests, --max-time, --max-list), the fetcher's politeness and
 * limits (--rate, --timeout, --max-bytes, --retries, --backoff, --max-age), and who asks
 * (--mailto, else LINEAGE_MAILTO); and how a REF becomes the ID an API is asked for: an
 * identifier as typed, else a paper of the map by its best identifier for the source.
 */
import { existsSync } from "node:fs";
import { apiRefOfPaper, parseApiRef, SOURCE_NAMES, type ApiRef, type ApiSource } from "../../crawl/api-refs.ts";
import { RUN_DEFAULTS, SOURCE_RATES, type ApiSettings } from "../../crawl/api-session.ts";
import { ExpansionDb } from "../../db/expansion-store.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { intOption, requirePaper, type CommandContext } from "./context.ts";
import { fetcherOptions, numberOption } from "./crawl-command.ts";

/** `--source`, when given. */
export function sourceOption(ctx: CommandContext): ApiSource | undefined {
  const raw = ctx.values.source;
  if (raw === undefined) return undefined;
  if (raw !== "s2" && raw !== "openalex") throw new CliError(`--source must be s2 or openalex, got ${String(raw)}`, EXIT.usage);
  return raw;
}

/** The settings of a run against `source`: its bounds, its fetcher (cached answers reused for `maxAgeDays`). */
export function apiSettings(ctx: CommandContext, source: ApiSource, maxAgeDays: number): ApiSettings {
  const fetcher = fetcherOptions(ctx, { maxAgeDays });
  if (ctx.values.rate === undefined) fetcher.ratePerSecond = SOURCE_RATES[source];
  const mailto = typeof ctx.values.mailto === "string" ? ctx.values.mailto.trim() : undefined;
  if (mailto !== undefined && !/^[^\s@]+@[^\s@]+$/.test(mailto)) throw new CliError(`--mailto must be an e-mail address, got "${mailto}"`, EXIT.usage);
  return Object.assign(
    {
      source,
      fetcher,
      maxRequests: intOption(ctx, "max-requests", RUN_DEFAULTS.maxRequests, 1, 1_000_000),
      maxTimeMs: numberOption(ctx, "max-time", RUN_DEFAULTS.maxTimeMs / 1000, 1, 7 * 24 * 3600) * 1000,
      maxList: intOption(ctx, "max-list", RUN_DEFAULTS.maxList, 1, 1_000_000),
    },
    mailto ? { mailto } : {},
  );
}

/**
 * The API IDs for REFs, and the source to ask: `--source`, else the one source the REFs' kinds
 * allow (an OpenAlex W…, an S2 paperId), else Semantic Scholar. A REF that is no identifier is
 * looked up in the map (exit 3 when unknown or ambiguous).
 */
export function resolveApiRefs(ctx: CommandContext, database: string, refs: readonly string[], command: string): { source: ApiSource; ids: string[] } {
  const parsed: ApiRef[] = [];
  const inMap = refs.filter((r) => parseApiRef(r) === undefined);
  let db: LineageDb | undefined;
  let state: ExpansionDb | undefined;
  try {
    if (inMap.length > 0) {
      if (!existsSync(database)) throw new CliError(`"${inMap[0]}": not an identifier, and there is no database at ${database} to look it up in`, EXIT.notFound);
      // The writer's connection first: it brings a database made by an older Lineage to this schema.
      state = ExpansionDb.open(database);
      db = LineageDb.open(database, { readonly: true });
    }
    const graph = db ? new LineageGraph(db) : undefined;
    for (const raw of refs) {
      const ref = parseApiRef(raw);
      if (ref) parsed.push(ref);
      else if (graph && state) {
        const paper = requirePaper(graph, raw);
        parsed.push(Object.assign(apiRefOfPaper(paper, state.expansions.mentionUrls(paper.id)), { text: raw }));
      }
    }
  } finally {
    db?.close();
    state?.close();
  }
  const only = [...new Set(parsed.flatMap((r) => (r.only ? [r.only] : [])))];
  const given = sourceOption(ctx);
  if (!given && only.length > 1) throw new CliError(`${command}: the papers are known to different sources (${only.map((s) => SOURCE_NAMES[s]).join(", ")}); give --source and REFs it knows`, EXIT.usage);
  const source = given ?? only[0] ?? "s2";
  const ids = parsed.map((r) => {
    const id = r[source];
    if (!id) throw new CliError(`${command}: "${r.text}" cannot be asked of ${SOURCE_NAMES[source]}${r.only ? ` (it is ${SOURCE_NAMES[r.only]}'s ID: use --source ${r.only})` : ": it has no identifier the source reads"}`, EXIT.usage);
    return id;
  });
  return { source, ids: [...new Set(ids)] };
}
