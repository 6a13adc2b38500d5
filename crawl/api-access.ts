/**
 * Who asks each API, and what its refusals mean. The keys: Semantic Scholar's from
 * LINEAGE_S2_API_KEY (sent as the `x-api-key` header), OpenAlex's from LINEAGE_OPENALEX_API_KEY
 * (sent as the `api_key` query parameter), either one given as `--api-key` for a run's source. What
 * going without a key means, said before a run spends anything (`keylessNote`). And the refusal
 * rules the fetcher consults (crawl/fetcher.ts `refusal`): an answer that every further request
 * would get too ends the run with one sentence saying what to do, rather than a stack of errors:
 *
 * - Semantic Scholar: 403 (a refused key, or a network it does not serve), and 429 once the
 *   retries are spent (the shared pool of keyless requests answers 429 often, without
 *   Retry-After; the fetcher waits between tries with backoff up to a minute, as the service
 *   asks and as its Python client does).
 * - OpenAlex: 401 (a wrong key), 403 (limits exceeded), and 429 at once when the rate-limit
 *   headers say the day's budget is spent (X-RateLimit-Remaining below what the request costs),
 *   else once the retries are spent; the budget renews at midnight UTC.
 *
 * Sources: https://www.semanticscholar.org/product/api (rate limits, keys) and
 * https://api.semanticscholar.org/api-docs/graph; https://github.com/danielnsilva/semanticscholar
 * (ApiRequester: 429 retried with exponential waits up to 60 s, ten tries);
 * https://developers.openalex.org/api-reference/authentication (a key required since
 * 13 February 2026, `api_key=`, the keyless allowance), https://developers.openalex.org/api-reference/errors
 * (401, 403, 429 and their bodies), https://docs.openalex.org/how-to-use-the-api/rate-limits-and-authentication
 * (the X-RateLimit-* headers); https://github.com/ourresearch/openalex-official (src/openalex_cli/api_client.py:
 * a 429 with X-RateLimit-Remaining below X-RateLimit-Credits-Required is a spent budget). Pure.
 */
import type { ApiSource } from "./api-refs.ts";
import type { RefusedAnswer } from "./fetcher.ts";

export const S2_KEY_FORM = "https://www.semanticscholar.org/product/api#api-key-form";
export const OPENALEX_KEY_PAGE = "https://openalex.org/settings/api";

/** The environment variable each source's key is read from. */
export const KEY_VARIABLES: Record<ApiSource, string> = { s2: "LINEAGE_S2_API_KEY", openalex: "LINEAGE_OPENALEX_API_KEY" };

/** The key a run against `source` sends: `--api-key`, else the source's variable; blank is none. */
export function apiKeyOf(source: ApiSource, env: NodeJS.ProcessEnv, given?: string): string | undefined {
  const key = (given ?? env[KEY_VARIABLES[source]] ?? "").trim();
  return key || undefined;
}

/** What going without a key means for `source`, said before the run; undefined when a key is set. */
export function keylessNote(source: ApiSource, env: NodeJS.ProcessEnv, given?: string): string | undefined {
  if (apiKeyOf(source, env, given)) return undefined;
  if (source === "openalex") {
    return (
      `OpenAlex: no API key (${KEY_VARIABLES.openalex} or --api-key). OpenAlex has required one since February 2026: ` +
      "without it a day allows about a hundred list requests (one per 100 citing works of a paper), and then every request is refused until midnight UTC. " +
      `A key is free: ${OPENALEX_KEY_PAGE}`
    );
  }
  return (
    `Semantic Scholar: no API key (${KEY_VARIABLES.s2}). Requests without one share a pool with everyone else's and are often refused for a while (429); ` +
    `Lineage waits and tries again, up to a minute at a time. A key gives you 1 request a second of your own: ${S2_KEY_FORM}`
  );
}

const duration = (ms: number) => (ms < 90_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`);

function headerNumber(headers: Record<string, string>, name: string): number | undefined {
  const raw = headers[name]?.trim();
  if (!raw || !/^-?\d+(\.\d+)?$/.test(raw)) return undefined;
  return Number(raw);
}

/** Whether OpenAlex's rate-limit headers say the day's budget cannot pay for this request. */
export function openAlexBudgetSpent(headers: Record<string, string>): boolean {
  const remaining = headerNumber(headers, "x-ratelimit-remaining");
  if (remaining !== undefined) {
    const required = headerNumber(headers, "x-ratelimit-credits-required");
    return required !== undefined ? remaining < required : remaining <= 0;
  }
  const usd = headerNumber(headers, "x-ratelimit-remaining-usd");
  return usd !== undefined && usd <= 0;
}

/** When the budget renews, from X-RateLimit-Reset (seconds from now), for a sentence. */
function renewal(headers: Record<string, string>): string {
  const seconds = headerNumber(headers, "x-ratelimit-reset");
  if (seconds === undefined || seconds < 0 || seconds > 2 * 86_400) return "at midnight UTC";
  return `at midnight UTC, in about ${seconds < 5400 ? `${Math.max(1, Math.round(seconds / 60))} min` : `${Math.round(seconds / 3600)} h`}`;
}

function s2Refusal(keyed: boolean, a: RefusedAnswer): string | undefined {
  if (a.status === 401 || a.status === 403) {
    return keyed
      ? `Semantic Scholar refused the API key (HTTP ${a.status}): check ${KEY_VARIABLES.s2} (or --api-key); keys are issued at ${S2_KEY_FORM}`
      : `Semantic Scholar refused the request without a key (HTTP ${a.status}): it may not serve this network; ask for a key at ${S2_KEY_FORM} and set ${KEY_VARIABLES.s2}`;
  }
  if (a.status === 429 && a.final) {
    const tries = `after ${a.attempts} tries over ${duration(a.waitedMs)}`;
    return keyed
      ? `Semantic Scholar still answered 429 Too Many Requests for your key ${tries}: something else may be using the key's rate (1 request a second for a new key); wait a while`
      : `Semantic Scholar's shared pool for requests without a key still answered 429 Too Many Requests ${tries}: wait a while, or set ${KEY_VARIABLES.s2} to a key of your own (${S2_KEY_FORM})`;
  }
  return undefined;
}

function openAlexRefusal(keyed: boolean, a: RefusedAnswer): string | undefined {
  const getKey = `set ${KEY_VARIABLES.openalex} (or --api-key) to a free key from ${OPENALEX_KEY_PAGE}`;
  if (a.status === 401) {
    return keyed
      ? `OpenAlex refused the API key (HTTP 401 Unauthorized): check ${KEY_VARIABLES.openalex} (or --api-key) against your key at ${OPENALEX_KEY_PAGE}`
      : `OpenAlex asks for an API key (HTTP 401 Unauthorized): ${getKey}`;
  }
  if (a.status === 403) {
    return keyed
      ? `OpenAlex answered 403 Forbidden, its answer to requests beyond a key's limits: wait a while, lower --rate, and see your key's usage at ${OPENALEX_KEY_PAGE}`
      : `OpenAlex answered 403 Forbidden, its answer to requests beyond their limits, which without a key are tiny: ${getKey}`;
  }
  if (a.status !== 429) return undefined;
  if (openAlexBudgetSpent(a.headers)) {
    return keyed
      ? `OpenAlex's daily budget for your API key is spent (HTTP 429): it renews ${renewal(a.headers)}; for more, see https://openalex.org/pricing`
      : `OpenAlex's daily allowance for requests without an API key is spent (HTTP 429): ${getKey}`;
  }
  if (!a.final) return undefined;
  const tries = `after ${a.attempts} tries over ${duration(a.waitedMs)}`;
  return keyed
    ? `OpenAlex still answered 429 Too Many Requests ${tries}: your key's daily budget is probably spent (it renews at midnight UTC)`
    : `OpenAlex still answered 429 Too Many Requests ${tries}: without an API key its daily allowance is tiny and probably spent; ${getKey}`;
}

/** The refusal rule of `source` for the fetcher: a sentence when an answer ends the run. */
export function refusalRule(source: ApiSource, keyed: boolean): (answer: RefusedAnswer) => string | undefined {
  return (answer) => (source === "s2" ? s2Refusal(keyed, answer) : openAlexRefusal(keyed, answer));
}
