/**
 * `lineage fetch s2|openalex ID [--json]`: one paper from the Semantic Scholar Graph API (its
 * record, references and citations, every page) or OpenAlex (the work, its referenced works
 * looked up), through the crawler's fetcher and cache, stored as one page named by its API URL.
 * API base URLs: LINEAGE_S2_API, LINEAGE_OPENALEX_API; keys: LINEAGE_S2_API_KEY, LINEAGE_OPENALEX_API_KEY
 * (crawl/api-access.ts, whose refusal rules also say when a key is refused or a budget spent).
 */
import { apiDestinations, fetchOpenAlexWork, fetchS2Paper, OPENALEX_API, S2_API, type RequestLog } from "../../crawl/api-clients.ts";
import { apiKeyOf, refusalRule } from "../../crawl/api-access.ts";
import { Fetcher } from "../../crawl/fetcher.ts";
import { CrawlDb } from "../../db/crawl-store.ts";
import { s2Bundles } from "../../ingest/sources/s2-exchanges.ts";
import { s2Page } from "../../ingest/sources/s2.ts";
import { openAlexRecords } from "../../ingest/sources/import-sources.ts";
import { emptyResult, makeRecord, type SourceResult } from "../../ingest/sources/source-record.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, printJson, type CommandContext } from "./context.ts";
import { fetcherOptions } from "./crawl-command.ts";
import { writeRecords, type ImportReport } from "../../library/import-files.ts";

export interface FetchReport extends ImportReport {
  source: string;
  requests: RequestLog[];
}

const isJson = (ct: string | undefined) => ct === undefined || ct === "application/json" || ct.endsWith("+json");

export async function fetchCommand(ctx: CommandContext): Promise<number> {
  const [api, id] = ctx.positionals;
  if (api !== "s2" && api !== "openalex") throw new CliError(`fetch: give the API first, s2 or openalex${api ? ` (got "${api}")` : ""}`, EXIT.usage);
  if (!id?.trim()) throw new CliError(`fetch ${api}: give a paper ID (${api === "s2" ? "a paperId, DOI:…, ARXIV:…, ACL:…, CorpusId:…" : "W…, or a DOI URL"})`, EXIT.usage);
  const database = dbPath(ctx);
  const crawlDb = CrawlDb.open(database);
  let result: SourceResult;
  let source: string;
  let log: RequestLog[];
  try {
    const key = apiKeyOf(api, process.env);
    const fetcher = new Fetcher(
      Object.assign({}, fetcherOptions(ctx, { maxAgeDays: 1 }), {
        robots: false,
        accept: isJson,
        cache: crawlDb.cache,
        destinations: apiDestinations(),
        headers: { accept: "application/json", ...(api === "s2" && key ? { "x-api-key": key } : {}) },
        ...(api === "openalex" && key ? { extraQuery: { api_key: key } } : {}),
        refusal: refusalRule(api, key !== undefined),
      }),
    );
    ({ result, source, log } = api === "s2" ? await fetchS2(fetcher, id.trim()) : await fetchOpenAlex(fetcher, id.trim()));
  } finally {
    crawlDb.close();
  }
  const report: FetchReport = { source, ...writeRecords(database, api, result), requests: log };
  if (ctx.json) {
    printJson(ctx, report);
  } else {
    for (const e of report.errors) ctx.err(`lineage: ${e.path}: ${e.reason}`);
    for (const w of report.warnings) ctx.err(`lineage: ${w.path}: warning: ${w.warning}`);
    if (report.records.imported > 0) {
      ctx.out(`Fetched ${source} (${log.length} requests, ${log.filter((l) => l.via === "cache").length} from cache). Graph: ${report.papers} papers, ${report.edges} citations.`);
    }
  }
  return report.errors.length > 0 ? EXIT.failed : EXIT.ok;
}

async function fetchS2(fetcher: Fetcher, id: string): Promise<{ result: SourceResult; source: string; log: RequestLog[] }> {
  const base = process.env.LINEAGE_S2_API ?? S2_API;
  const source = `${base.replace(/\/+$/, "")}/paper/${id}`;
  const { exchanges, log, truncated } = await fetchS2Paper(fetcher, id, base);
  const result = emptyResult();
  const { bundles, notes } = s2Bundles(exchanges);
  const bundle = bundles.find((b) => b.id === id) ?? bundles[0];
  if (!bundle || !exchanges.some((e) => e.status === 200)) {
    const why = log.find((l) => l.reason)?.reason ?? "no response";
    result.problems.push({ path: source, reason: `no such paper on Semantic Scholar, or it could not be fetched (${why})` });
    return { result, source, log };
  }
  bundle.warnings.push(...notes, ...truncated);
  const made = s2Page(bundle);
  if ("reason" in made) result.problems.push({ path: source, reason: made.reason });
  else result.records.push(makeRecord(source, made.page));
  return { result, source, log };
}

async function fetchOpenAlex(fetcher: Fetcher, id: string): Promise<{ result: SourceResult; source: string; log: RequestLog[] }> {
  const base = process.env.LINEAGE_OPENALEX_API ?? OPENALEX_API;
  const { work, referenced, unresolvedLookups, log } = await fetchOpenAlexWork(fetcher, id, base);
  const source = `${base.replace(/\/+$/, "")}/works/${id}`;
  if (!work) {
    const result = emptyResult();
    result.problems.push({ path: source, reason: `no such work on OpenAlex, or it could not be fetched (${log[0]?.reason ?? "not a work"})` });
    return { result, source, log };
  }
  const result = openAlexRecords([{ path: source, works: [work] }], referenced, () => source);
  if (unresolvedLookups > 0) result.warnings.push({ path: source, warning: `${unresolvedLookups} referenced works could not be looked up` });
  return { result, source, log };
}
