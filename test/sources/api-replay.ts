/**
 * A loopback stand-in for the Semantic Scholar Graph API and OpenAlex, replaying recordings
 * written for the tests (an invented world, test/sources/api-world.ts, or the exchanges of a
 * cassette), paging them the way each API does, and refusing what each refuses, with the
 * documented statuses, headers and bodies (test/sources/api-service-rules.ts): S2 lists by
 * `offset`, `limit` (at most 1,000) and `next`, offset + limit below 10,000, documented fields
 * only, unknown keys 403, a busy keyless pool 429 without Retry-After; OpenAlex lists by cursor
 * (`cursor=*`, then `meta.next_cursor` until a page comes back empty), basic paging refused past
 * 10,000 results, works by W… or by DOI (`doi:` or a DOI URL; an arXiv DOI finds nothing when the
 * preprint was merged under its published DOI), `ids.openalex:W1|W2` lookups and `title.search`,
 * `per_page` 1 to 100, unknown keys 401, and a day's budget (about a hundred list requests
 * without a key) whose end is a 429 with the rate-limit headers. Faults are played on the
 * requests a rule matches, one per request, in order: an HTTP status (429 with Retry-After, 5xx),
 * a slow answer, a body cut short, a malformed body; a gate holds matching requests unanswered
 * until released (for a client killed mid-run). Every request is logged, for server-side asserts.
 * Never reaches a real host.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Exchange } from "../../ingest/sources/cassette.ts";
import { openAlexWorkJson, outsideS2Paper, s2PaperJson, World } from "./api-world.ts";
import { OpenAlexBudget, openAlexCost, openAlexRefusal, s2Refusal, type Refusal, type ServiceRules } from "./api-service-rules.ts";

export { REPLAY_OPENALEX_KEY, type ServiceRules } from "./api-service-rules.ts";

export interface S2Recording {
  /** The record as served: an object, or a raw body (a malformed record). */
  record?: Record<string, unknown> | string;
  references: unknown[];
  citations: unknown[];
}

export interface ApiRecordings {
  /** Under every ID the API answers to: paperId, DOI:…, ARXIV:…, CorpusId:…. */
  s2: Map<string, S2Recording>;
  /** Works by W…; a DOI's work; the works citing each work. */
  openalex: { works: Map<string, unknown>; byDoi: Map<string, string>; citing: Map<string, string[]> };
}

export type Fault =
  | { status: number; retryAfter?: string; body?: string }
  | { delayMs: number }
  /** The body stops half way (a 200 whose JSON is cut short). */
  | { cut: true }
  /** A 200 with this body in place of the answer. */
  | { body: string };

export interface LoggedApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  at: number;
  headers: IncomingMessage["headers"];
  /** The answer was sent whole (false while held, or when the client went away first). */
  answered: boolean;
  status?: number;
}

export interface ApiReplay {
  origin: string;
  s2Base: string;
  openAlexBase: string;
  requests: LoggedApiRequest[];
  /** Answers completed (200s, errors and faults alike). */
  answered: () => number;
  /** Plays `faults` on the next requests whose path and query `match` accepts. */
  fault: (match: (path: string, query: URLSearchParams) => boolean, faults: Fault[]) => void;
  /** Holds every matching request unanswered until `release`. */
  hold: (match: (path: string, query: URLSearchParams) => boolean) => void;
  release: () => void;
  close: () => Promise<void>;
}

/** The world as recorded: every paper's S2 record and lists, and its OpenAlex work. */
export function worldRecordings(world: World): ApiRecordings {
  const s2 = new Map<string, S2Recording>();
  const works = new Map<string, unknown>();
  const byDoi = new Map<string, string>();
  const citing = new Map<string, string[]>();
  for (const p of world.papers.values()) {
    const refs: unknown[] = p.refs.map((r) => Object.assign({ citedPaper: s2PaperJson(world.paper(r)) }, world.citation(p.k, r)));
    for (let i = 0; i < world.titleOnlyRefs(p.k); i++) {
      refs.push({ contexts: [], intents: [], isInfluential: false, citedPaper: { paperId: null, externalIds: null, title: `A Forgotten Pamphlet ${i} Cited by Paper ${p.k}`, year: null } });
    }
    const cites: unknown[] = world.citersOf(p.k).map((c) => Object.assign({ citingPaper: s2PaperJson(world.paper(c)) }, world.citation(c, p.k)));
    for (let i = 0; i < world.outsideCiters(p.k); i++) cites.push({ contexts: [], intents: ["background"], isInfluential: false, citingPaper: outsideS2Paper(p.k, i) });
    const record = Object.assign(s2PaperJson(p, true), { referenceCount: refs.length, citationCount: cites.length });
    const recording: S2Recording = { record, references: refs, citations: cites };
    for (const id of [p.paperId, `DOI:${p.doi}`, `CorpusId:${77_000_000 + p.k}`, ...(p.arxiv ? [`ARXIV:${p.arxiv}`] : []), ...(p.acl ? [`ACL:${p.acl}`] : [])]) s2.set(id, recording);
    works.set(p.workId, openAlexWorkJson(world, p));
    byDoi.set(p.doi.toLowerCase(), p.workId);
    // A preprint OpenAlex merged under its published version is not found by its arXiv DOI.
    if (p.arxiv && !p.merged) byDoi.set(`10.48550/arxiv.${p.arxiv}`, p.workId);
    const outside = Array.from({ length: world.outsideCiters(p.k) }, (_, i) => {
      const w = outsideS2Paper(p.k, i);
      const id = `W992${String(p.k).padStart(4, "0")}${String(i).padStart(6, "0")}`;
      works.set(id, {
        id: `https://openalex.org/${id}`,
        doi: `https://doi.org/${(w.externalIds as { DOI: string }).DOI}`,
        title: w.title,
        publication_year: w.year,
        publication_date: w.publicationDate,
        authorships: [],
        locations: [],
        referenced_works: [`https://openalex.org/${p.workId}`],
        concepts: [],
      });
      return id;
    });
    citing.set(p.workId, [...world.citersOf(p.k).map((c) => world.paper(c).workId), ...outside]);
  }
  return { s2, openalex: { works, byDoi, citing } };
}

/** Adds the S2 exchanges of a cassette: records by their path's ID, list pages at their offsets. */
export function addS2Exchanges(recordings: ApiRecordings, exchanges: readonly Exchange[]): void {
  for (const e of exchanges) {
    const m = /\/paper\/(.+?)(?:\/(references|citations))?$/.exec(decodeURIComponent(new URL(e.url).pathname));
    if (!m?.[1] || e.status !== 200) continue;
    const rec = recordings.s2.get(m[1]) ?? { references: [], citations: [] };
    recordings.s2.set(m[1], rec);
    if (!m[2]) {
      rec.record = e.body;
      continue;
    }
    const page = JSON.parse(e.body) as { offset?: number; data?: unknown[] };
    const list = rec[m[2] as "references" | "citations"];
    (page.data ?? []).forEach((d, i) => (list[(page.offset ?? 0) + i] = d));
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, Object.assign({ "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) }, headers));
  res.end(text);
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The works an OpenAlex `filter` selects, all of them (paged by the caller). */
function filtered(oa: ApiRecordings["openalex"], filter: string): unknown[] | undefined {
  const parts = filter.split(",").filter(Boolean);
  const lookup = parts.map((p) => /^(?:ids\.openalex|openalex):(.+)$/.exec(p)?.[1]).find(Boolean);
  if (lookup) return lookup.split("|").flatMap((w) => (oa.works.has(w.toUpperCase()) ? [oa.works.get(w.toUpperCase())] : []));
  const dois = parts.map((p) => /^doi:(.+)$/.exec(p)?.[1]).find(Boolean);
  if (dois) {
    return dois.split("|").flatMap((d) => {
      const id = oa.byDoi.get(d.replace(/^https?:\/\/doi\.org\//i, "").toLowerCase());
      return id ? [oa.works.get(id)] : [];
    });
  }
  const cites = parts.map((p) => /^cites:(W\d+)$/.exec(p)?.[1]).find(Boolean);
  if (cites) return (oa.citing.get(cites) ?? []).map((w) => oa.works.get(w));
  const search = parts.map((p) => /^title\.search:(.+)$/.exec(p)?.[1]).find(Boolean);
  if (search) {
    const wanted = words(search);
    return [...oa.works.values()].filter((w) => {
      const title = (w as { title?: unknown }).title;
      const have = new Set(typeof title === "string" ? words(title) : []);
      return wanted.length > 0 && wanted.every((x) => have.has(x));
    });
  }
  return undefined;
}

/** The answer to one request the service serves, as the API would give it. */
function answer(rec: ApiRecordings, path: string, q: URLSearchParams): { status: number; body: unknown } {
  const s2 = /^\/graph\/v1\/paper\/(.+?)(?:\/(references|citations))?$/.exec(path);
  if (s2?.[1]) {
    // The API takes a DOI bare or as DOI:…, as one paper.
    const id = s2[1];
    const entry = rec.s2.get(id) ?? rec.s2.get(/^doi:/i.test(id) ? id.slice(4) : `DOI:${id}`);
    const missing = { status: 404, body: { error: `Paper with id ${id} not found` } };
    if (!entry) return missing;
    if (!s2[2]) return entry.record === undefined ? missing : { status: 200, body: entry.record };
    const offset = Number(q.get("offset") ?? 0);
    const limit = Number(q.get("limit") ?? 100);
    const list = entry[s2[2] as "references" | "citations"];
    const data = list.slice(offset, offset + limit);
    return { status: 200, body: Object.assign({ offset, data }, offset + limit < list.length ? { next: offset + limit } : {}) };
  }
  const oa = rec.openalex;
  const single = /^\/openalex\/works\/(.+)$/.exec(path);
  if (single?.[1]) {
    const id = single[1];
    const doi = /^(?:https?:\/\/doi\.org\/|doi:)(.+)$/i.exec(id)?.[1]?.toLowerCase();
    const work = oa.works.get(doi ? (oa.byDoi.get(doi) ?? "") : id.toUpperCase());
    return work ? { status: 200, body: work } : { status: 404, body: { error: "Not Found", message: `${id} not found` } };
  }
  if (path === "/openalex/works") {
    const perPage = Number(q.get("per-page") ?? q.get("per_page") ?? 25);
    const all = filtered(oa, q.get("filter") ?? "") ?? [];
    const page = q.get("page");
    const cursor = q.get("cursor");
    let start: number;
    try {
      start = cursor === null ? (Number(page ?? 1) - 1) * perPage : cursor === "*" ? 0 : (JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { at: number }).at;
    } catch {
      return { status: 400, body: { error: "Invalid query parameters error.", message: "cursor is not a cursor this API gave" } };
    }
    const results = all.slice(start, start + perPage);
    // A cursor goes on while a page has results; the page after the last is empty, its cursor null.
    const nextCursor = cursor !== null && results.length > 0 ? Buffer.from(JSON.stringify({ at: start + perPage })).toString("base64url") : null;
    return {
      status: 200,
      body: { meta: { count: all.length, db_response_time_ms: 3, page: cursor === null ? Number(page ?? 1) : null, per_page: perPage, next_cursor: nextCursor, groups_count: null }, results },
    };
  }
  return { status: 404, body: { error: "not recorded" } };
}

/** The service's own refusal of a request (its key, its parameters, its budget), before any recording is read. */
function refusalOf(
  path: string,
  q: URLSearchParams,
  headers: IncomingMessage["headers"],
  rules: ServiceRules,
  state: { keylessS2: number; budget: OpenAlexBudget },
): (Refusal & { headers?: Record<string, string> }) | undefined {
  const s2 = /^\/graph\/v1\/paper\/(.+?)(\/(?:references|citations))?$/.exec(path);
  if (s2) {
    const raw = headers["x-api-key"];
    const key = Array.isArray(raw) ? raw[0] : raw;
    const refused = s2Refusal(s2[2] !== undefined, q, key, rules, state.keylessS2);
    if (key === undefined) state.keylessS2++;
    return refused;
  }
  if (!path.startsWith("/openalex/")) return undefined;
  const refused = openAlexRefusal(path, q, rules);
  if (refused) return refused;
  const key = q.get("api_key") ?? undefined;
  return state.budget.spend(key, openAlexCost(path, q));
}

/** `now` stamps the log (a client on a fake clock passes its own, so gaps are measured on it). */
export async function startApiReplay(recordings: ApiRecordings, rules: ServiceRules = {}, now: () => number = Date.now): Promise<ApiReplay> {
  const state = { keylessS2: 0, budget: new OpenAlexBudget(rules) };
  const requests: LoggedApiRequest[] = [];
  const faultRules: { match: (path: string, q: URLSearchParams) => boolean; faults: Fault[] }[] = [];
  let gate: ((path: string, q: URLSearchParams) => boolean) | undefined;
  let held: (() => void)[] = [];
  let answered = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = decodeURIComponent(url.pathname);
    const q = url.searchParams;
    const logged: LoggedApiRequest = { method: req.method ?? "GET", path, query: Object.fromEntries(q), at: now(), headers: req.headers, answered: false };
    requests.push(logged);
    res.on("finish", () => {
      answered++;
      logged.answered = true;
      logged.status = res.statusCode;
    });
    const respond = () => {
      // A held request whose client has gone (killed) is not answered.
      if (res.destroyed || req.socket.destroyed) return;
      const refused = refusalOf(path, q, req.headers, rules, state);
      if (refused) return json(res, refused.status, refused.body, refused.headers);
      const rule = faultRules.find((r) => r.faults.length > 0 && r.match(path, q));
      const fault = rule?.faults.shift();
      const { status, body } = answer(recordings, path, q);
      const key = q.get("api_key") ?? undefined;
      const budgetHeaders = path.startsWith("/openalex/") ? state.budget.headers(key) : {};
      if (!fault) return json(res, status, body, budgetHeaders);
      if ("delayMs" in fault) {
        setTimeout(() => json(res, status, body), fault.delayMs);
        return;
      }
      if ("cut" in fault) {
        const text = JSON.stringify(body);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(text.slice(0, Math.floor(text.length / 2)));
        return;
      }
      if ("status" in fault) {
        res.writeHead(fault.status, Object.assign({ "content-type": "application/json" }, fault.retryAfter !== undefined ? { "retry-after": fault.retryAfter } : {}));
        res.end(fault.body ?? JSON.stringify({ message: "Too Many Requests" }));
        return;
      }
      json(res, 200, fault.body);
    };
    if (gate?.(path, q)) held.push(respond);
    else respond();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    s2Base: `${origin}/graph/v1`,
    openAlexBase: `${origin}/openalex`,
    requests,
    answered: () => answered,
    fault: (match, faults) => faultRules.push({ match, faults: [...faults] }),
    hold: (match) => {
      gate = match;
    },
    release: () => {
      gate = undefined;
      const waiting = held;
      held = [];
      for (const respond of waiting) respond();
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
