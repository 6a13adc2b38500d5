/**
 * How `lineage expand`, `add` and `watch` talk to an API: its base URL (LINEAGE_S2_API,
 * LINEAGE_OPENALEX_API, so tests can point them at a local replay), the polite defaults per host
 * (Semantic Scholar 1 request a second, the rate of an introductory key; OpenAlex 5, far under
 * its 100), retries as the services ask (API_RETRIES tries with backoff up to a minute), who
 * asks (the key, crawl/api-access.ts: Semantic Scholar's as `x-api-key`, OpenAlex's as
 * `api_key`; an address as `mailto` when given, which OpenAlex no longer documents), the
 * refusals that end a run, and the run's bounds. The key and the address go with each request,
 * never into the cache, the logs or a report. Requests may only go to the two APIs' hosts
 * (apiDestinations).
 */
import type { FetchCache } from "../db/fetch-cache.ts";
import { apiKeyOf, refusalRule } from "./api-access.ts";
import { apiDestinations, OPENALEX_API, S2_API } from "./api-clients.ts";
import { RequestBudget, trimBase, type ApiCall } from "./api-call.ts";
import type { ApiSource } from "./api-refs.ts";
import { Fetcher, type FetcherSettings, type Via } from "./fetcher.ts";

/** Requests per second per host when --rate is not given. */
export const SOURCE_RATES: Record<ApiSource, number> = { s2: 1, openalex: 5 };
/**
 * Retries of one request when --retries is not given: ten tries, waits doubling from --backoff
 * (1 s) with jitter up to a minute each, about four minutes in all (crawl/backoff.ts), as
 * Semantic Scholar's Python client waits out its shared pool's 429s.
 */
export const API_RETRIES = 9;

/** The bounds of one run, and their defaults. */
export interface RunBounds {
  /** Requests sent at most (retries count; answers from the cache do not). */
  maxRequests: number;
  /** Wall-clock time of the run, after which no request starts. */
  maxTimeMs: number;
  /** Entries of one reference or citation list fetched at most. */
  maxList: number;
}

export const RUN_DEFAULTS: RunBounds = { maxRequests: 1000, maxTimeMs: 30 * 60 * 1000, maxList: 10_000 };

export interface ApiSettings extends RunBounds {
  source: ApiSource;
  fetcher: FetcherSettings;
  /** Sent to OpenAlex as `mailto` when given (its polite pool, no longer in its documentation). */
  mailto?: string;
  /** The key for `source` given as --api-key (else its environment variable, crawl/api-access.ts). */
  apiKey?: string;
  env?: NodeJS.ProcessEnv;
}

export function apiBase(source: ApiSource, env: NodeJS.ProcessEnv = process.env): string {
  return trimBase(source === "s2" ? (env.LINEAGE_S2_API ?? S2_API) : (env.LINEAGE_OPENALEX_API ?? OPENALEX_API));
}

const isJson = (ct: string | undefined) => ct === undefined || ct === "application/json" || ct.endsWith("+json");

/** The run's fetcher (its cache `cache`), budget and base URL, ready for the API clients. */
export function openApiCall(settings: ApiSettings, cache: FetchCache, onAnswer?: (url: string, via: Via | "failed") => void): ApiCall {
  const env = settings.env ?? process.env;
  const headers: Record<string, string> = { accept: "application/json" };
  const extraQuery: Record<string, string> = {};
  const key = apiKeyOf(settings.source, env, settings.apiKey);
  if (settings.source === "s2" && key) headers["x-api-key"] = key;
  if (settings.source === "openalex") {
    const mailto = settings.mailto ?? env.LINEAGE_MAILTO;
    if (mailto) extraQuery.mailto = mailto;
    if (key) extraQuery.api_key = key;
  }
  const fetcher = new Fetcher(
    Object.assign({}, settings.fetcher, {
      robots: false,
      accept: isJson,
      cache,
      destinations: apiDestinations(env),
      headers,
      extraQuery,
      refusal: refusalRule(settings.source, key !== undefined),
    }),
  );
  return {
    fetcher,
    base: apiBase(settings.source, env),
    budget: new RequestBudget(fetcher, settings),
    maxList: settings.maxList,
    ...(onAnswer ? { onAnswer } : {}),
  };
}
