/**
 * The polite, robust fetcher the crawler and `lineage fetch` share: every request, and every
 * redirect hop, sent only where crawl/destinations.ts allows (the allowed hosts, and no private
 * or metadata address after DNS, connecting to the address checked); robots.txt obeyed, per-host
 * rate and connection limits with jitter, an identifying User-Agent, per-request timeouts, retries
 * with exponential backoff on 5xx and network errors, 429/503 Retry-After honoured, a bounded
 * number of redirects with loops detected, a streamed size limit, unwanted content types declined
 * unread, and a content-addressed cache (fresh copies served, older ones revalidated with
 * If-None-Match / If-Modified-Since). It fetches bytes; parsing them is someone else's job.
 * Query parameters that say who asks (`extraQuery`: OpenAlex's `api_key`) are added to each
 * request as it is sent, never to the URL the cache, the logs and the reports know it by. A
 * service may read its own refusals (`refusal`: a spent budget, a refused key) as the end of the
 * run: that answer is final, and its sentence says what to do.
 */
import { STATUS_CODES } from "node:http";
import type { FetchCache } from "../db/fetch-cache.ts";
import { backoffDelay, retryAfterMs, seededRandom } from "./backoff.ts";
import { HostLimiter } from "./host-limiter.ts";
import type { Destination, DestinationPolicy } from "./destinations.ts";
import { httpFetch, type HttpResult } from "./http-request.ts";
import { RobotsPolicy } from "./robots.ts";

export const USER_AGENT = "Lineage/0.1 (+https://github.com/lineage; research citation crawler)";

export interface FetcherOptions {
  timeoutMs: number;
  maxBytes: number;
  retries: number;
  backoffMs: number;
  maxRedirects: number;
  ratePerSecond: number;
  jitter: number;
  maxConnectionsPerHost: number;
  /** Seeds the jitter of rate limits and backoff. */
  seed: number;
  /** Longer Retry-After waits than this fail the URL rather than stall the crawl. */
  maxRetryAfterMs: number;
  robots: boolean;
  /** A cached copy younger than this is used without asking the server. */
  maxAgeMs: number;
  /** Content types whose bodies are wanted (undefined: the server sent none). */
  accept: (contentType: string | undefined) => boolean;
  headers?: Record<string, string>;
  /** Added to the query of every request sent, and kept out of the cache, the logs and redirects' URLs. */
  extraQuery?: Record<string, string>;
  /** Which hosts and addresses requests may go to. */
  destinations: DestinationPolicy;
  /** A sentence when an answer that is not a success must stop the run (crawl/api-refusals.ts); undefined to retry or fail as usual. */
  refusal?: (answer: RefusedAnswer) => string | undefined;
  cache?: FetchCache;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

export const FETCHER_DEFAULTS = {
  timeoutMs: 30_000,
  maxBytes: 5 * 1024 * 1024,
  retries: 3,
  backoffMs: 1000,
  maxRedirects: 5,
  ratePerSecond: 1,
  jitter: 0.25,
  maxConnectionsPerHost: 2,
  seed: 1,
  maxRetryAfterMs: 120_000,
  robots: true,
  maxAgeMs: 7 * 24 * 3600 * 1000,
} as const;

/** The settings a command takes from its options; the caller adds what to accept, the cache and the destinations. */
export type FetcherSettings = Omit<FetcherOptions, "accept" | "cache" | "destinations" | "refusal">;

/** An answer that is not a success, as a service's refusal rule sees it. */
export interface RefusedAnswer {
  status: number;
  headers: Record<string, string>;
  /** Attempts made for this request so far, this one included. */
  attempts: number;
  /** Time waited between them. */
  waitedMs: number;
  /** No retry follows: the retries are spent, or the status is not one to retry. */
  final: boolean;
}

export type Via = "network" | "cache" | "revalidated";

/** A request a destination rule refused: final, not retried. */
type Refused = { kind: "refused"; reason: string };
/** An answer the service's refusal rule reads as the end of the run. */
type Stopped = { kind: "stopped"; status: number; reason: string };

export type FetchOutcome =
  | { ok: true; url: string; finalUrl: string; status: number; contentType?: string; body: Buffer; via: Via }
  /** `stop`: the service's answer ends the run (a spent budget, a refused key); `reason` says what to do. */
  | { ok: false; url: string; status?: number; reason: string; blocked?: "robots"; stop?: true };

export interface FetchStats {
  /** Requests sent, retries included. */
  requests: number;
  fromCache: number;
  revalidated: number;
  retries: number;
}

const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_MAX_AGE_MS = 24 * 3600 * 1000;

export function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(";")[0]?.trim().toLowerCase() || undefined;
}

export class Fetcher {
  readonly stats: FetchStats = { requests: 0, fromCache: 0, revalidated: 0, retries: 0 };
  /** What a user should know about the hosts fetched from (a capped Crawl-delay). */
  readonly warnings: string[] = [];
  private readonly limiter: HostLimiter;
  private readonly robots: RobotsPolicy;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: FetcherOptions) {
    this.random = seededRandom(options.seed);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)));
    this.limiter = new HostLimiter({
      ratePerSecond: options.ratePerSecond,
      jitter: options.jitter,
      maxConnections: options.maxConnectionsPerHost,
      random: this.random,
      now: this.now,
      sleep: this.sleep,
    });
    this.robots = new RobotsPolicy(
      async (robotsUrl) => {
        const r = await this.fetchUrl(robotsUrl, { robots: false, accept: () => true, maxBytes: ROBOTS_MAX_BYTES, maxAgeMs: Math.min(options.maxAgeMs, ROBOTS_MAX_AGE_MS) });
        if (r.ok) return { status: r.status, body: r.body.toString("utf8") };
        return r.status !== undefined ? { status: r.status, body: "" } : { error: r.reason };
      },
      {
        // A Crawl-delay is capped as a Retry-After is.
        maxCrawlDelaySeconds: options.maxRetryAfterMs / 1000,
        warn: (warning) => {
          this.warnings.push(warning);
          options.log?.(warning);
        },
      },
    );
  }

  get(url: string): Promise<FetchOutcome> {
    return this.fetchUrl(url, {});
  }

  /** Drops the cached copy of a URL whose body its reader could not use: the next `get` asks the server. */
  discard(url: string): void {
    this.options.cache?.forget(url);
  }

  private async fetchUrl(url: string, over: { robots?: boolean; accept?: (ct: string | undefined) => boolean; maxBytes?: number; maxAgeMs?: number }): Promise<FetchOutcome> {
    const accept = over.accept ?? this.options.accept;
    const maxAgeMs = over.maxAgeMs ?? this.options.maxAgeMs;
    const cache = this.options.cache;
    const cached = cache?.lookup(url);
    const cachedBody = cached?.bodyHash ? cache?.body(cached.bodyHash) : undefined;
    // A copy whose page lay on a host not allowed now is not used: the request goes out and is refused.
    const allowedNow = cached && this.options.destinations.hostRefusal(cached.finalUrl ?? url) === undefined;
    const usable = cached && cachedBody && allowedNow && accept(mediaType(cached.contentType ?? undefined)) ? cached : undefined;
    if (usable && cachedBody && Date.parse(usable.fetchedAt) + maxAgeMs > this.now()) {
      this.stats.fromCache++;
      return this.fromCache(url, usable, cachedBody, "cache");
    }
    const headers: Record<string, string> = { "user-agent": USER_AGENT, ...this.options.headers };
    if (usable?.etag) headers["if-none-match"] = usable.etag;
    if (usable?.lastModified) headers["if-modified-since"] = usable.lastModified;
    const chain = [url];
    let current = url;
    const refused = (reason: string): FetchOutcome => ({ ok: false, url, reason: `refused ${chain.length > 1 ? "the redirect to " : ""}${current}: ${reason}` });
    for (;;) {
      // Checked before robots.txt is asked for, so a refused host is not contacted even for that.
      const destination = await this.destination(current);
      if (!destination.ok && destination.refused) return refused(destination.reason);
      if (over.robots ?? this.options.robots) {
        const verdict = await this.robots.check(current);
        if (!verdict.allowed) return { ok: false, url, reason: verdict.reason, blocked: "robots" };
        if (verdict.crawlDelaySeconds) this.limiter.setMinInterval(new URL(current).host, verdict.crawlDelaySeconds * 1000);
      }
      const res = await this.request(current, headers, over.maxBytes ?? this.options.maxBytes, accept);
      const fetchedAt = new Date(this.now()).toISOString();
      if (res.kind === "refused") return refused(res.reason);
      if (res.kind === "stopped") return { ok: false, url, status: res.status, reason: res.reason, stop: true };
      if (res.kind === "error") {
        cache?.recordError(url, null, res.message, fetchedAt);
        return { ok: false, url, reason: res.message };
      }
      const { status, headers: h } = res;
      if (status >= 300 && status < 400 && status !== 304 && h.location) {
        let next: string;
        try {
          next = new URL(h.location, current).href.replace(/#.*$/, "");
        } catch {
          return { ok: false, url, status, reason: `HTTP ${status} redirect to an invalid Location` };
        }
        next = this.withoutExtraQuery(next);
        if (chain.includes(next)) return { ok: false, url, status, reason: `redirect loop: ${[...chain, next].join(" → ")}` };
        if (chain.length > this.options.maxRedirects) return { ok: false, url, status, reason: `more than ${this.options.maxRedirects} redirects (${chain.join(" → ")} → …)` };
        chain.push(next);
        current = next;
        continue;
      }
      if (status === 304 && usable && cachedBody) {
        cache?.touch(url, fetchedAt);
        this.stats.revalidated++;
        return this.fromCache(url, usable, cachedBody, "revalidated");
      }
      const contentType = h["content-type"];
      if (status >= 200 && status < 300) {
        if (!res.bodyRead) return { ok: false, url, status, reason: `not a page: content type ${mediaType(contentType) ?? "unknown"} (not read)` };
        cache?.store({
          url,
          finalUrl: current,
          status,
          ...(contentType ? { contentType } : {}),
          ...(h.etag ? { etag: h.etag } : {}),
          ...(h["last-modified"] ? { lastModified: h["last-modified"] } : {}),
          body: res.body,
          fetchedAt,
        });
        return { ok: true, url, finalUrl: current, status, ...(contentType ? { contentType } : {}), body: res.body, via: "network" };
      }
      const text = STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : "";
      const reason = `HTTP ${status}${text}${status === 429 ? " (still, after waiting as asked)" : status >= 500 ? ` (after ${this.options.retries + 1} attempts)` : ""}`;
      cache?.recordError(url, status, reason, fetchedAt);
      return { ok: false, url, status, reason };
    }
  }

  private fromCache(url: string, row: { finalUrl: string | null; status: number | null; contentType: string | null }, body: Buffer, via: Via): FetchOutcome {
    return {
      ok: true,
      url,
      finalUrl: row.finalUrl ?? url,
      status: row.status ?? 200,
      ...(row.contentType ? { contentType: row.contentType } : {}),
      body,
      via,
    };
  }

  /** One URL with retries: backoff on 5xx, 429 and network errors, the asked-for wait on 429/503. */
  private async request(url: string, headers: Record<string, string>, maxBytes: number, accept: (ct: string | undefined) => boolean): Promise<HttpResult | Refused | Stopped> {
    const host = new URL(url).host;
    let waitedMs = 0;
    const later = (wait: number, why: string) => {
      waitedMs += wait;
      this.retryLater(host, url, wait, why);
    };
    for (let attempt = 0; ; attempt++) {
      const release = await this.limiter.acquire(host);
      this.stats.requests++;
      let res: HttpResult;
      try {
        // Resolved and checked for this attempt, and connected to exactly what was checked.
        const destination = await this.destination(url);
        if (!destination.ok && destination.refused) return { kind: "refused", reason: destination.reason };
        res = destination.ok
          ? await httpFetch({
              url: this.withExtraQuery(url),
              headers,
              timeoutMs: this.options.timeoutMs,
              maxBytes,
              wantBody: (status, h) => status >= 200 && status < 300 && accept(mediaType(h["content-type"])),
              connectTo: destination.addresses,
            })
          : { kind: "error", error: "network", message: destination.reason };
      } finally {
        release();
      }
      const last = attempt >= this.options.retries;
      if (res.kind === "error") {
        if (res.error === "too-large") return res;
        if (last) return attempt > 0 ? Object.assign({}, res, { message: `${res.message} (after ${attempt + 1} attempts)` }) : res;
        later(backoffDelay(attempt, this.options.backoffMs, this.random), res.message);
        continue;
      }
      const asked = retryAfterMs(res.headers["retry-after"], this.now());
      if (res.status >= 400 && this.options.refusal) {
        const retryable = res.status === 429 || res.status >= 500;
        const stop = this.options.refusal({ status: res.status, headers: res.headers, attempts: attempt + 1, waitedMs, final: last || !retryable });
        if (stop) return { kind: "stopped", status: res.status, reason: stop };
      }
      if (res.status === 429 || (res.status === 503 && asked !== undefined)) {
        const wait = asked ?? backoffDelay(attempt, this.options.backoffMs, this.random);
        if (wait > this.options.maxRetryAfterMs) {
          return {
            kind: "error",
            error: "network",
            message: `HTTP ${res.status}: asked to wait ${Math.round(wait / 1000)} s (Retry-After), longer than the ${Math.round(this.options.maxRetryAfterMs / 1000)} s the crawler waits`,
          };
        }
        if (last) return res;
        later(wait, `HTTP ${res.status}`);
        continue;
      }
      if (res.status >= 500 && !last) {
        later(backoffDelay(attempt, this.options.backoffMs, this.random), `HTTP ${res.status}`);
        continue;
      }
      return res;
    }
  }

  /** The URL as sent: with the extra query parameters. */
  private withExtraQuery(url: string): string {
    const extra = this.options.extraQuery;
    if (!extra || Object.keys(extra).length === 0) return url;
    // Appended as they are, so the rest of the query is sent exactly as the caller wrote it.
    const [base = url, fragment] = url.split("#");
    const query = new URLSearchParams(extra).toString();
    return `${base}${base.includes("?") ? "&" : "?"}${query}${fragment !== undefined ? `#${fragment}` : ""}`;
  }

  /** A URL a server sent back (a redirect's Location), without the extra query parameters it may repeat. */
  private withoutExtraQuery(url: string): string {
    const extra = this.options.extraQuery;
    if (!extra || Object.keys(extra).length === 0) return url;
    const u = new URL(url);
    const had = Object.keys(extra).filter((k) => u.searchParams.has(k));
    if (had.length === 0) return url;
    for (const k of had) u.searchParams.delete(k);
    return u.href;
  }

  /** Where a URL may be fetched from, its DNS lookup under the request deadline (a lookup cannot be cancelled, only left). */
  private destination(url: string): Promise<Destination> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Destination>((done) => {
      timer = setTimeout(() => done({ ok: false, refused: false, reason: `no DNS answer within ${(this.options.timeoutMs / 1000).toFixed(1)} s (--timeout)` }), this.options.timeoutMs);
    });
    return Promise.race([this.options.destinations.resolve(url), late]).finally(() => clearTimeout(timer));
  }

  /** Nothing more goes to this host until the wait is over; the retry takes the next slot. */
  private retryLater(host: string, url: string, waitMs: number, why: string): void {
    this.stats.retries++;
    this.limiter.holdUntil(host, this.now() + waitMs);
    this.options.log?.(`${url}: ${why}; retrying in ${(waitMs / 1000).toFixed(1)} s`);
  }
}
