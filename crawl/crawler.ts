/**
 * The crawl: breadth-first from the seeds along the pages' own "Builds on" / "Built on by" links,
 * to a depth and a page budget. The frontier and every fetch live in SQLite (db/crawl-store.ts,
 * db/fetch-cache.ts), so a crawl that is interrupted, even killed, resumes where it stopped: a
 * page whose response reached the cache is never fetched again, and a page is marked fetched only
 * after it was stored. Pages are taken in waves (one graph rebuild per wave) in frontier order.
 * Requests go only to the seeds' hosts and those --allow-host names, at addresses checked after
 * DNS (crawl/destinations.ts). A page reached by a redirect is stored under its final URL, and
 * that URL joins the frontier as already fetched, so a link to it is not fetched again.
 */
import type { NewEntry, Settlement } from "../db/crawl-store.ts";
import { openWriter } from "../db/store.ts";
import { writePages } from "../library/page-writes.ts";
import type { PageRecord } from "../db/page-writer.ts";
import { internalErrorReason } from "../ingest/adapter-crash.ts";
import { parsePage, type ParseResult } from "../ingest/parse-page.ts";
import { DestinationPolicy, type AddressLookup } from "./destinations.ts";
import { Fetcher, mediaType, type FetcherSettings, type FetchStats } from "./fetcher.ts";
import { linksToFollow } from "./links.ts";
import { inPool } from "./work-pool.ts";

/** Media types the crawler reads as pages; anything else is reported and not parsed. */
export const PAGE_TYPES = new Set(["text/html", "application/xhtml+xml", "text/plain", "text/markdown", "text/x-markdown"]);

export function isPageType(contentType: string | undefined): boolean {
  return contentType === undefined || PAGE_TYPES.has(contentType);
}

export interface CrawlOptions {
  seeds: string[];
  depth: number;
  maxPages: number;
  allowHosts: string[];
  fetcher: FetcherSettings;
  /** Resolves host names (tests inject one); the system resolver by default. */
  lookup?: AddressLookup;
  /** Pages per wave: fetched together, stored in one batch. */
  waveSize?: number;
  /** Requests in flight at once, across hosts (each host has its own, lower, limit). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (event: CrawlProgress) => void;
}

export interface CrawlProgress {
  url: string;
  state: "fetched" | "failed" | "skipped";
  reason?: string;
  via?: string;
  /** Pages settled so far in this crawl, and settled plus still queued. */
  done: number;
  total: number;
}

export interface CrawlReport {
  crawl: { id: number; resumed: boolean; finished: boolean };
  fetched: { url: string; depth: number }[];
  failed: { url: string; reason: string }[];
  skipped: { url: string; reason: string }[];
  papers: number;
  edges: number;
  network: FetchStats;
  /** What the crawl had to tell about hosts (a robots.txt Crawl-delay capped). */
  warnings: string[];
}

interface Done {
  url: string;
  depth: number;
  /** Undefined when the crawl was interrupted before this page was asked for: it stays queued. */
  settlement?: Settlement;
  record?: PageRecord;
  links?: { follow: string[]; offHost: string[] };
  via?: string;
  /** The URL a redirect ended at, when it is not `url`. */
  finalUrl?: string;
}

export async function runCrawl(databasePath: string, options: CrawlOptions): Promise<CrawlReport> {
  // One writer for the pages, the frontier and the fetch cache.
  const lineage = openWriter(databasePath);
  const crawlDb = lineage;
  try {
    const frontierShape = { depth: options.depth, maxPages: options.maxPages, allowHosts: [...options.allowHosts].sort() };
    const { id, resumed } = crawlDb.crawls.open(options.seeds, frontierShape, new Date().toISOString());
    const destinations = new DestinationPolicy({ seeds: options.seeds, allowHosts: options.allowHosts, ...(options.lookup ? { lookup: options.lookup } : {}) });
    const fetcher = new Fetcher(Object.assign({}, options.fetcher, { cache: crawlDb.cache, accept: isPageType, destinations }));
    const allow = destinations.allowHosts;
    const waveSize = options.waveSize ?? 20;
    const progressTotals = () => {
      const c = crawlDb.crawls.counts(id);
      return { done: c.fetched + c.failed + c.skipped, total: c.fetched + c.failed + c.skipped + c.queued };
    };

    const visit = async (entry: { url: string; depth: number }): Promise<Done> => {
      const { url, depth } = entry;
      if (options.signal?.aborted) return { url, depth };
      const outcome = await fetcher.get(entry.url);
      if (!outcome.ok) {
        const state = outcome.blocked === "robots" ? "skipped" : "failed";
        return { url, depth, settlement: { url, state, reason: outcome.reason } };
      }
      const type = mediaType(outcome.contentType);
      let parsed: ParseResult;
      try {
        parsed = parsePage(outcome.body, outcome.finalUrl, { maxBytes: options.fetcher.maxBytes });
      } catch (err) {
        // A bug in an adapter, not a verdict on the page: said so, and the crawl goes on.
        return { url, depth, via: outcome.via, settlement: { url, state: "failed", reason: internalErrorReason(err) } };
      }
      if (!parsed.ok) return { url, depth, via: outcome.via, settlement: { url, state: "failed", reason: `${parsed.reason}${type ? ` (${type})` : ""}` } };
      const record: PageRecord = { source: outcome.finalUrl, contentHash: parsed.contentHash, encoding: parsed.encoding, byteSize: parsed.byteSize, page: parsed.page };
      const links = linksToFollow(parsed.page, outcome.finalUrl, allow);
      return { url, depth, via: outcome.via, record, links, settlement: { url, state: "fetched" }, ...(outcome.finalUrl !== url ? { finalUrl: outcome.finalUrl } : {}) };
    };

    let fetchedSoFar = crawlDb.crawls.counts(id).fetched;
    let finished = false;
    for (;;) {
      if (options.signal?.aborted) break;
      const queued = crawlDb.crawls.queued(id, waveSize);
      if (queued.length === 0) {
        finished = true;
        break;
      }
      const budget = options.maxPages - fetchedSoFar;
      if (budget <= 0) {
        const over: Settlement[] = queued.map((q) => ({ url: q.url, state: "skipped", reason: `over the --max-pages limit of ${options.maxPages}` }));
        crawlDb.crawls.settle(id, over, []);
        for (const s of over) options.onProgress?.({ url: s.url, state: "skipped", ...(s.reason ? { reason: s.reason } : {}), ...progressTotals() });
        continue;
      }
      const wave = queued.slice(0, budget);
      const results = await inPool(wave, options.concurrency ?? 4, visit);
      const records = results.flatMap((r) => (r.record ? [r.record] : []));
      const batch = records.length > 0 ? writePages(lineage, records) : undefined;
      const unstored = new Map((batch?.failures ?? []).map((f) => [f.source, f.reason]));
      const discovered: NewEntry[] = [];
      // A final URL is known before any link of this wave is queued, and settles one already queued.
      const aliases: (NewEntry & Settlement)[] = [];
      for (const r of results) {
        const failure = r.record ? unstored.get(r.record.source) : undefined;
        if (failure) r.settlement = { url: r.url, state: "failed", reason: failure };
        if (r.settlement?.state !== "fetched" || !r.links) continue;
        fetchedSoFar++;
        if (r.finalUrl) aliases.push({ url: r.finalUrl, depth: r.depth, state: "skipped", reason: `already fetched: ${r.url} redirects here` });
        for (const url of r.links.follow) {
          discovered.push(r.depth + 1 <= options.depth ? { url, depth: r.depth + 1 } : { url, depth: r.depth + 1, state: "skipped", reason: `beyond --depth ${options.depth}` });
        }
        for (const url of r.links.offHost) {
          discovered.push({ url, depth: r.depth + 1, state: "skipped", reason: `off-host link (allow it with --allow-host ${new URL(url).hostname})` });
        }
      }
      crawlDb.crawls.settle(id, [...results.flatMap((r) => (r.settlement ? [r.settlement] : [])), ...aliases], [...aliases, ...discovered]);
      for (const r of results) {
        if (!r.settlement) continue;
        options.onProgress?.({
          url: r.url,
          state: r.settlement.state,
          ...(r.settlement.reason ? { reason: r.settlement.reason } : {}),
          ...(r.via ? { via: r.via } : {}),
          ...progressTotals(),
        });
      }
    }
    if (finished) crawlDb.crawls.finish(id, new Date().toISOString());
    const entries = crawlDb.crawls.entries(id);
    const counts = lineage.queries.counts();
    return {
      crawl: { id, resumed, finished },
      fetched: entries.filter((e) => e.state === "fetched").map((e) => ({ url: e.url, depth: e.depth })),
      failed: entries.filter((e) => e.state === "failed").map((e) => ({ url: e.url, reason: e.reason ?? "failed" })),
      skipped: entries.filter((e) => e.state === "skipped").map((e) => ({ url: e.url, reason: e.reason ?? "skipped" })),
      papers: counts.papers,
      edges: counts.edges,
      network: Object.assign({}, fetcher.stats),
      warnings: [...fetcher.warnings],
    };
  } finally {
    lineage.close();
  }
}
