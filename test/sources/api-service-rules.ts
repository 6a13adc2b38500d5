/**
 * What the two services refuse, as their documentation says, for the loopback replay
 * (test/sources/api-replay.ts): the answer to a request the service would not serve, with the
 * status, headers and body it documents, or undefined to serve it.
 *
 * Semantic Scholar Graph API (https://api.semanticscholar.org/api-docs/graph): `limit` at most
 * 1,000 on the list endpoints and offset + limit below 10,000 (400, "offset + limit must be <
 * 10000": https://github.com/allenai/s2-folks/issues/12); only the documented `fields` (400,
 * "Unrecognized or unsupported fields"); a key it does not know in `x-api-key` is 403
 * `{"message":"Forbidden"}`; the shared pool of keyless requests answers 429 without Retry-After,
 * with the body its users quote (https://github.com/SakanaAI/AI-Scientist/issues/84).
 *
 * OpenAlex (https://developers.openalex.org/api-reference/authentication, /errors,
 * /guides/page-through-results; https://docs.openalex.org/how-to-use-the-api/rate-limits-and-authentication):
 * a key it does not know in `api_key` is 401; singletons (`/works/W…`, `/works/doi:…`) are free,
 * a list request costs one unit of the day's budget and a search ten, the budget is about a
 * hundred units without a key; every answer carries X-RateLimit-Limit, -Remaining, -Credits-Used
 * and -Reset, and a request the budget cannot pay is 429 with X-RateLimit-Credits-Required; basic
 * paging stops at 10,000 results; `per_page` is 1 to 100; a filter ORs at most 100 values;
 * errors are `{"error", "message"}`.
 */

export interface ServiceRules {
  /** OpenAlex keys the replay knows; any other key is refused with 401. Default: "replay-openalex-key". */
  openAlexKeys?: readonly string[];
  /** Units of budget a day without a key (default 100) and per key (default 100,000). */
  keylessBudget?: number;
  keyBudget?: number;
  /** Semantic Scholar keys the replay knows (default: any key is taken). */
  s2Keys?: readonly string[];
  /** Whether the n-th keyless Semantic Scholar request (from 0) meets a busy shared pool: 429, no Retry-After. */
  s2Busy?: (n: number) => boolean;
}

export interface Refusal {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export const REPLAY_OPENALEX_KEY = "replay-openalex-key";

export const S2_TOO_MANY = {
  message: "Too Many Requests. Please wait and try again or apply for a key for higher rate limits. https://www.semanticscholar.org/product/api#api-key-form",
  code: "429",
};

const S2_PAPER_FIELDS = new Set([
  "paperId",
  "corpusId",
  "externalIds",
  "url",
  "title",
  "abstract",
  "venue",
  "publicationVenue",
  "year",
  "referenceCount",
  "citationCount",
  "influentialCitationCount",
  "isOpenAccess",
  "openAccessPdf",
  "fieldsOfStudy",
  "s2FieldsOfStudy",
  "publicationTypes",
  "publicationDate",
  "journal",
  "citationStyles",
  "authors",
  "citations",
  "references",
  "embedding",
  "tldr",
  "textAvailability",
]);
const S2_EDGE_FIELDS = new Set(["contexts", "intents", "contextsWithIntent", "isInfluential", ...[...S2_PAPER_FIELDS].filter((f) => !["citations", "references", "embedding", "tldr"].includes(f))]);
const OPENALEX_FILTERS = new Set(["cites", "ids.openalex", "openalex", "doi", "title.search", "publication_year"]);

/** Semantic Scholar's refusal of a request, before it is served. */
export function s2Refusal(list: boolean, q: URLSearchParams, key: string | undefined, rules: ServiceRules, keylessSeen: number): Refusal | undefined {
  if (key !== undefined && rules.s2Keys && !rules.s2Keys.includes(key)) return { status: 403, body: { message: "Forbidden" } };
  if (key === undefined && rules.s2Busy?.(keylessSeen)) return { status: 429, body: S2_TOO_MANY };
  const fields = (q.get("fields") ?? "").split(",").filter(Boolean);
  const known = list ? S2_EDGE_FIELDS : S2_PAPER_FIELDS;
  const unknown = fields.filter((f) => !known.has(f.split(".")[0] ?? f));
  if (unknown.length > 0) return { status: 400, body: { error: `Unrecognized or unsupported fields: [${unknown.join(", ")}]` } };
  if (!list) return undefined;
  const offset = Number(q.get("offset") ?? 0);
  const limit = Number(q.get("limit") ?? 100);
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1) return { status: 400, body: { error: "offset and limit must be non-negative integers" } };
  if (limit > 1000) return { status: 400, body: { error: "limit must be <= 1000" } };
  if (offset + limit >= 10_000) return { status: 400, body: { error: "offset + limit must be < 10000" } };
  return undefined;
}

/** OpenAlex's day of budget: what each key (and no key) has spent. */
export class OpenAlexBudget {
  private readonly spent = new Map<string, number>();

  constructor(private readonly rules: ServiceRules) {}

  private limit(key: string | undefined): number {
    return key === undefined ? (this.rules.keylessBudget ?? 100) : (this.rules.keyBudget ?? 100_000);
  }

  /** The rate-limit headers every answer carries: the day's limit, what remains, what was used. */
  headers(key: string | undefined): Record<string, string> {
    const used = this.spent.get(key ?? "") ?? 0;
    const limit = this.limit(key);
    return { "x-ratelimit-limit": String(limit), "x-ratelimit-remaining": String(Math.max(0, limit - used)), "x-ratelimit-credits-used": String(used), "x-ratelimit-reset": "43200" };
  }

  /** Spends `cost`, or the 429 a request the budget cannot pay gets. */
  spend(key: string | undefined, cost: number): Refusal | undefined {
    const used = this.spent.get(key ?? "") ?? 0;
    if (used + cost > this.limit(key)) {
      return {
        status: 429,
        headers: Object.assign(this.headers(key), { "x-ratelimit-credits-required": String(cost) }),
        body: { error: "Rate limit exceeded", message: `Daily limit exceeded: this request costs ${cost} and ${Math.max(0, this.limit(key) - used)} remain. Limits reset at midnight UTC.` },
      };
    }
    this.spent.set(key ?? "", used + cost);
    return undefined;
  }
}

/** What one OpenAlex request costs: singletons nothing, a list one, a search ten. */
export function openAlexCost(path: string, q: URLSearchParams): number {
  if (/^\/openalex\/works\/.+/.test(path)) return 0;
  return /title\.search:|(^|,)search/.test(q.get("filter") ?? "") || q.has("search") ? 10 : 1;
}

/** OpenAlex's refusal of a request's key or parameters, before it is served. */
export function openAlexRefusal(path: string, q: URLSearchParams, rules: ServiceRules): Refusal | undefined {
  const key = q.get("api_key");
  if (key !== null && !(rules.openAlexKeys ?? [REPLAY_OPENALEX_KEY]).includes(key)) return { status: 401, body: { error: "Unauthorized", message: "Invalid API key." } };
  if (path !== "/openalex/works") return undefined;
  const perPage = Number(q.get("per-page") ?? q.get("per_page") ?? 25);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return { status: 400, body: { error: "Invalid query parameters error.", message: "per_page must be an integer from 1 to 100" } };
  for (const part of (q.get("filter") ?? "").split(",").filter(Boolean)) {
    const at = part.indexOf(":");
    const name = at < 0 ? part : part.slice(0, at);
    if (!OPENALEX_FILTERS.has(name)) return { status: 400, body: { error: "Invalid query parameters error.", message: `${name} is not a valid field.` } };
    if (part.slice(at + 1).split("|").length > 100) return { status: 400, body: { error: "Invalid query parameters error.", message: "Maximum number of values exceeded for OR filter. Max is 100." } };
  }
  const page = q.get("page");
  if (page !== null && Number(page) * perPage > 10_000) {
    return { status: 400, body: { error: "Invalid query parameters error.", message: "Maximum results size of 10,000 records is exceeded. Cursor pagination is required for records beyond 10,000." } };
  }
  return undefined;
}
