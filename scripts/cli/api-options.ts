/**
 * The options every command that asks a scholarly API shares (`expand`, `add`, `watch`): which
 * source, the run's bounds (--max-requests, --max-time, --max-list), the fetcher's politeness and
 * limits (--rate, --timeout, --max-bytes, --retries, --backoff, --max-age; the API defaults from
 * crawl/api-session.ts), and who asks (--api-key, else the source's key variable; --mailto, else
 * LINEAGE_MAILTO), with what going without a key means said before the run; and how a REF
 * becomes the ID an API is asked for: an identifier as typed, else a paper of the map by its best
 * identifier for the source.
 */
import { existsSync } from "node:fs";
import { keylessNote } from "../../crawl/api-access.ts";
import { apiRefOfPaper, parseApiRef, SOURCE_NAMES, type ApiRef, type ApiSource } from "../../crawl/api-refs.ts";
import { API_RETRIES, RUN_DEFAULTS, SOURCE_RATES, type ApiSettings } from "../../crawl/api-session.ts";
import { ExpansionDb } from "../../db/expansion-store.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { resolveEntries } from "../../library/saved-lists.ts";
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
  if (ctx.values.retries === undefined) fetcher.retries = API_RETRIES;
  const mailto = typeof ctx.values.mailto === "string" ? ctx.values.mailto.trim() : undefined;
  if (mailto !== undefined && !/^[^\s@]+@[^\s@]+$/.test(mailto)) throw new CliError(`--mailto must be an e-mail address, got "${mailto}"`, EXIT.usage);
  const apiKey = typeof ctx.values["api-key"] === "string" ? ctx.values["api-key"].trim() : undefined;
  if (apiKey !== undefined && !/^[\x21-\x7e]{1,200}$/.test(apiKey)) throw new CliError("--api-key must be the key as the service gave it (printable characters, no spaces)", EXIT.usage);
  return Object.assign(
    {
      source,
      fetcher,
      maxRequests: intOption(ctx, "max-requests", RUN_DEFAULTS.maxRequests, 1, 1_000_000),
      maxTimeMs: numberOption(ctx, "max-time", RUN_DEFAULTS.maxTimeMs / 1000, 1, 7 * 24 * 3600) * 1000,
      maxList: intOption(ctx, "max-list", RUN_DEFAULTS.maxList, 1, 1_000_000),
    },
    mailto ? { mailto } : {},
    apiKey ? { apiKey } : {},
  );
}

/** Says, before a run against `settings.source` spends anything, what going without its key means. */
export function sayKeyless(ctx: CommandContext, settings: ApiSettings): void {
  const note = keylessNote(settings.source, settings.env ?? process.env, settings.apiKey);
  if (note) ctx.err(`lineage: note: ${note}`);
}

/** The map, read after a writer's connection opened the database (it brings one made by an older Lineage to this schema). */
function withMap<T>(database: string, use: (graph: LineageGraph, db: LineageDb, state: ExpansionDb) => T): T {
  const state = ExpansionDb.open(database);
  let db: LineageDb | undefined;
  try {
    db = LineageDb.open(database, { readonly: true });
    return use(new LineageGraph(db), db, state);
  } finally {
    db?.close();
    state.close();
  }
}

/** REFs as typed: an identifier as it is, else a paper of the map (exit 3 when unknown or ambiguous). */
export function apiRefsOf(database: string, refs: readonly string[]): ApiRef[] {
  const inMap = refs.filter((r) => parseApiRef(r) === undefined);
  if (inMap.length === 0) return refs.map((r) => parseApiRef(r) as ApiRef);
  if (!existsSync(database)) throw new CliError(`"${inMap[0]}": not an identifier, and there is no database at ${database} to look it up in`, EXIT.notFound);
  return withMap(database, (graph, _db, state) =>
    refs.map((raw) => {
      const ref = parseApiRef(raw);
      if (ref) return ref;
      const paper = requirePaper(graph, raw);
      return Object.assign(apiRefOfPaper(paper, state.expansions.mentionUrls(paper.id)), { text: raw });
    }),
  );
}

/** A saved list's papers, each by its best identifiers; those neither in the map nor an identifier are passed over. */
export function listApiRefs(database: string, name: string): { refs: ApiRef[]; passedOver: { ref: string; reason: string }[] } {
  if (!existsSync(database)) throw new CliError(`${database}: no database here`, EXIT.usage);
  return withMap(database, (graph, db, state) => {
    const list = db.lists.get(name);
    if (!list) throw new CliError(`no list named "${name.trim()}"`, EXIT.notFound);
    const refs: ApiRef[] = [];
    const passedOver: { ref: string; reason: string }[] = [];
    for (const e of resolveEntries(list, graph)) {
      const ref = e.paper ? Object.assign(apiRefOfPaper(e.paper, state.expansions.mentionUrls(e.paper.id)), { text: e.paperRef }) : parseApiRef(e.paperRef);
      if (ref) refs.push(ref);
      else passedOver.push({ ref: e.paperRef, reason: "not in the map, and not an identifier" });
    }
    return { refs, passedOver };
  });
}

/**
 * The IDs to ask, and the source to ask them of: `--source`, else the one source the REFs' kinds
 * allow (an OpenAlex W…, an S2 paperId), else Semantic Scholar. A REF the source cannot be asked
 * for is a usage error, or, when `lenient` (a list's papers), passed over with the reason.
 */
export function idsForSource(ctx: CommandContext, refs: readonly ApiRef[], command: string, lenient = false): { source: ApiSource; ids: string[]; passedOver: { ref: string; reason: string }[] } {
  const only = [...new Set(refs.flatMap((r) => (r.only ? [r.only] : [])))];
  const given = sourceOption(ctx);
  if (!given && only.length > 1 && !lenient)
    throw new CliError(`${command}: the papers are known to different sources (${only.map((s) => SOURCE_NAMES[s]).join(", ")}); give --source and REFs it knows`, EXIT.usage);
  const source = given ?? (only.length === 1 ? only[0] : undefined) ?? "s2";
  const ids: string[] = [];
  const passedOver: { ref: string; reason: string }[] = [];
  for (const r of refs) {
    const id = r[source];
    if (id) {
      if (!ids.includes(id)) ids.push(id);
      continue;
    }
    const reason = `cannot be asked of ${SOURCE_NAMES[source]}${r.only ? ` (it is ${SOURCE_NAMES[r.only]}'s ID: use --source ${r.only})` : ": it has no identifier the source reads"}`;
    if (!lenient) throw new CliError(`${command}: "${r.text}" ${reason}`, EXIT.usage);
    passedOver.push({ ref: r.text, reason });
  }
  return { source, ids, passedOver };
}
