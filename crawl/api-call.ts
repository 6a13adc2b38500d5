/**
 * One API answer as JSON, inside the bounds of a run: before each request the run's budget says
 * whether another may start (`--max-requests` counts new requests, not the retries of one;
 * `--max-time`); every request goes through the shared fetcher (rate limits, retries,
 * Retry-After, size and time limits, the cache); an answer the service's refusal rule reads as
 * the end of the run (a spent budget, a refused key) stops the run with its sentence; a body that
 * is not JSON is dropped from the cache, so that a resumed run asks again. Also the shapes the
 * two API clients (s2-client.ts, openalex-client.ts) answer in.
 */
import type { Exchange } from "../ingest/sources/cassette.ts";
import type { PaperPage } from "../vocabulary/paper-page.ts";
import type { Fetcher, Via } from "./fetcher.ts";

/** How many requests, and how long, a run may take; checked before every request. */
export class RequestBudget {
  private readonly startedAt: number;

  constructor(
    private readonly fetcher: Fetcher,
    private readonly limits: { maxRequests: number; maxTimeMs: number },
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  /** Why no further request may start, or undefined while one may. */
  exhausted(): string | undefined {
    if (this.sent >= this.limits.maxRequests) return `stopped after ${this.limits.maxRequests} requests (--max-requests)`;
    if (this.now() - this.startedAt >= this.limits.maxTimeMs) return `stopped after ${Math.round(this.limits.maxTimeMs / 1000)} s (--max-time)`;
    return undefined;
  }

  /** Requests sent so far (retries included, answers from the cache not). */
  get requests(): number {
    return this.fetcher.stats.requests;
  }

  /** New requests sent so far: what --max-requests counts (a retry is the same work asked again). */
  get sent(): number {
    return this.fetcher.stats.requests - this.fetcher.stats.retries;
  }
}

export interface ApiCall {
  fetcher: Fetcher;
  /** The API's base URL, without a trailing slash. */
  base: string;
  budget: RequestBudget;
  /** Entries of one list fetched at most (`--max-list`). */
  maxList: number;
  /** Told of every answer, from the network or the cache. */
  onAnswer?: (url: string, via: Via | "failed") => void;
}

export type JsonAnswer =
  | { ok: true; body: unknown; exchange: Exchange; via: Via }
  | { ok: false; status?: number; reason: string; stopped?: false }
  /** The run's budget ran out before the request could start, or the service's answer ends the run. */
  | { ok: false; reason: string; stopped: true };

export async function getJson(call: ApiCall, url: string): Promise<JsonAnswer> {
  const stop = call.budget.exhausted();
  if (stop) return { ok: false, reason: stop, stopped: true };
  const r = await call.fetcher.get(url);
  if (!r.ok) {
    call.onAnswer?.(url, "failed");
    if (r.stop) return { ok: false, reason: r.reason, stopped: true };
    return Object.assign({ ok: false as const, reason: r.reason }, r.status !== undefined ? { status: r.status } : {});
  }
  call.onAnswer?.(url, r.via);
  const text = r.body.toString("utf8");
  try {
    const body: unknown = JSON.parse(text);
    return { ok: true, body, via: r.via, exchange: Object.assign({ method: "GET", url, status: r.status, body: text }, r.contentType ? { contentType: r.contentType } : {}) };
  } catch {
    call.fetcher.discard(url);
    return { ok: false, status: r.status, reason: `the answer is not JSON (${r.body.length} bytes${r.body.length > 0 ? ", cut short or malformed" : ""})` };
  }
}

/** A list the run did not fetch whole, and why. */
export interface ListCut {
  list: "references" | "citations";
  /** What the source says the list holds, when it says. */
  reported: number | null;
  fetched: number;
  reason: string;
}

/** What fetching one paper gave. */
export type PaperFetch =
  | { kind: "page"; page: PaperPage; sourceId: string; cuts: ListCut[] }
  /** The paper could not be stored: not at the source, or its record did not come. */
  | { kind: "failed"; reason: string }
  /** The run's budget ran out before the paper was whole: it stays queued for the next run. */
  | { kind: "stopped"; reason: string };

/** One line for a page's warnings and the report: "citations: 10,000 of 48,213 fetched from Semantic Scholar; …". */
export function cutLine(cut: ListCut, sourceName: string): string {
  const n = (x: number) => x.toLocaleString("en-US");
  return `${cut.list}: ${n(cut.fetched)}${cut.reported !== null ? ` of ${n(cut.reported)}` : ""} fetched from ${sourceName}; ${cut.reason}`;
}

export const trimBase = (base: string): string => base.replace(/\/+$/, "");
