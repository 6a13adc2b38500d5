/**
 * How `lineage expand`, `add` and `watch` talk to an API: its base URL (LINEAGE_S2_API,
 * LINEAGE_OPENALEX_API, so tests can point them at a local replay), the polite defaults per host
 * (Semantic Scholar 1 request a second, the rate of an introductory key; OpenAlex 5), who asks
 * (OpenAlex's polite pool: `mailto`, from --mailto or LINEAGE_MAILTO; an OpenAlex key from
 * LINEAGE_OPENALEX_API_KEY; a Semantic Scholar key from LINEAGE_S2_API_KEY, sent as `x-api-key`),
 * and the run's bounds. The key and the address go with each request, never into the cache,
 * the logs or a report. Requests may only go to the two APIs' hosts (apiDestinations).
 */
import type { FetchCache } from "../db/fetch-cache.ts";
import { apiDestinations, OPENALEX_API, S2_API } from "./api-clients.ts";
import { RequestBudget, trimBase, type ApiCall } from "./api-call.ts";
import type { ApiSource } from "./api-refs.ts";
import { Fetcher, type FetcherSettings, type Via } from "./fetcher.ts";

/** Requests per second per host when --rate is not given. */
export const SOURCE_RATES: Record<ApiSource, number> = { s2: 1, openalex: 5 };

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
  /** For OpenAlex's polite pool. */
  mailto?: string;
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
  if (settings.source === "s2" && env.LINEAGE_S2_API_KEY) headers["x-api-key"] = env.LINEAGE_S2_API_KEY;
  if (settings.source === "openalex") {
    const mailto = settings.mailto ?? env.LINEAGE_MAILTO;
    if (mailto) extraQuery.mailto = mailto;
    if (env.LINEAGE_OPENALEX_API_KEY) extraQuery.api_key = env.LINEAGE_OPENALEX_API_KEY;
  }
  const fetcher = new Fetcher(
    Object.assign({}, settings.fetcher, {
      robots: false,
      accept: isJson,
      cache,
      destinations: apiDestinations(env),
      headers,
      extraQuery,
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
