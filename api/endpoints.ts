/**
 * The read endpoints of the HTTP API, declared once: each endpoint's parameters and answer type,
 * how the explorer writes its URL (`endpointUrl`) and how the server reads one back
 * (`readEndpoint`, which validates every parameter against api/limits.ts). Because both
 * directions live here, a parameter the client sends is one the server reads, and the answer the
 * client expects is the type the server's handler must return (web/server/api.ts).
 * The list writes (PUT/POST/DELETE under /api/lists) are web/server/lists-api.ts.
 */
import type {
  CitationDirection,
  ClosureResponse,
  DirectionSummary,
  EdgeResponse,
  GraphFilters,
  GraphPayload,
  CollectionReadingListResponse,
  LibraryMissingResponse,
  LibraryResponse,
  ListSuggestionsResponse,
  MainPathResponse,
  PaperDetail,
  PathMode,
  PathResponse,
  ReadingListResponse,
  SavedList,
  SavedListSummary,
  SearchResponse,
  SimilarResponse,
  StatsResponse,
} from "./types.ts";
import { MAX_API_DEPTH, MAX_KEY_ROUTES, MAX_LIST_PAPERS, MAX_PARAM_LENGTH, MAX_SEARCH_RESULTS, MAX_SEEDS, MAX_SIMILAR_PAPERS } from "./limits.ts";

export interface Endpoints {
  graph: { params: GraphFilters; response: GraphPayload };
  directions: { params: Record<string, never>; response: DirectionSummary[] };
  stats: { params: Record<string, never>; response: StatsResponse };
  search: { params: { q: string; limit: number }; response: SearchResponse };
  paper: { params: { ref: string }; response: PaperDetail };
  closure: { params: { ref: string; direction: CitationDirection; depth: number }; response: ClosureResponse };
  similar: { params: { ref: string; limit: number }; response: SimilarResponse };
  path: { params: { from: string; to: string; mode: PathMode }; response: PathResponse };
  edge: { params: { from: string; to: string }; response: EdgeResponse };
  mainPath: { params: { seeds: readonly string[]; direction: string | null; keyRoutes: number }; response: MainPathResponse };
  readingList: { params: { seeds: readonly string[]; direction: string | null; limit: number; includeSeeds: boolean }; response: ReadingListResponse };
  lists: { params: Record<string, never>; response: SavedListSummary[] };
  list: { params: { name: string }; response: SavedList };
  listSuggestions: { params: { name: string; limit: number }; response: ListSuggestionsResponse };
  library: { params: Record<string, never>; response: LibraryResponse };
  libraryMissing: { params: { collection: string | null; min: number; limit: number }; response: LibraryMissingResponse };
  libraryReadingList: { params: { collection: string; limit: number }; response: CollectionReadingListResponse };
}

export type Endpoint = keyof Endpoints;
export type Params<E extends Endpoint> = Endpoints[E]["params"];
export type Answer<E extends Endpoint> = Endpoints[E]["response"];
/** One request as the server reads it: which endpoint, with its validated parameters. */
export type EndpointRequest = { [E in Endpoint]: { endpoint: E; params: Params<E> } }[Endpoint];

/** A request the server cannot read: its status (400, 404) and a one-line reason. */
export class EndpointError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const DEFAULT_SEARCH_RESULTS = 20;
export const DEFAULT_LIST_PAPERS = 20;
export const DEFAULT_SIMILAR_PAPERS = 20;
/** What cites the researcher's library: papers linked to at least this many of its papers, and how many are listed. */
export const DEFAULT_LIBRARY_MIN = 2;
export const DEFAULT_LIBRARY_MISSING = 20;

const CLOSURE_SEGMENT: Record<CitationDirection, string> = { buildsOn: "builds-on", builtBy: "built-by" };

/** The URL of a read endpoint, as the explorer asks for it. */
export function endpointUrl<E extends Endpoint>(endpoint: E, params: Params<E>): string {
  const request = { endpoint, params } as EndpointRequest;
  const q = new URLSearchParams();
  switch (request.endpoint) {
    case "graph": {
      const f = request.params;
      if (f.direction) q.set("direction", f.direction);
      if (f.minYear !== null) q.set("minYear", String(f.minYear));
      if (f.maxYear !== null) q.set("maxYear", String(f.maxYear));
      if (f.hideStubs) q.set("hideStubs", "1");
      return withQuery("/api/graph", q);
    }
    case "directions":
      return "/api/directions";
    case "stats":
      return "/api/stats";
    case "search":
      return withQuery("/api/search", new URLSearchParams({ q: request.params.q, limit: String(request.params.limit) }));
    case "paper":
      return paperPath(request.params.ref);
    case "closure":
      return `${paperPath(request.params.ref)}/${CLOSURE_SEGMENT[request.params.direction]}?depth=${request.params.depth}`;
    case "similar":
      return `${paperPath(request.params.ref)}/similar?limit=${request.params.limit}`;
    case "path":
      return withQuery("/api/path", new URLSearchParams({ from: request.params.from, to: request.params.to, mode: request.params.mode }));
    case "edge":
      return withQuery("/api/edge", new URLSearchParams({ from: request.params.from, to: request.params.to }));
    case "mainPath": {
      for (const seed of request.params.seeds) q.append("seed", seed);
      if (request.params.direction) q.set("direction", request.params.direction);
      if (request.params.keyRoutes > 0) q.set("keyRoute", String(request.params.keyRoutes));
      return withQuery("/api/main-path", q);
    }
    case "readingList": {
      for (const seed of request.params.seeds) q.append("seed", seed);
      if (request.params.direction) q.set("direction", request.params.direction);
      q.set("limit", String(request.params.limit));
      if (request.params.includeSeeds) q.set("includeSeeds", "1");
      return withQuery("/api/reading-list", q);
    }
    case "lists":
      return "/api/lists";
    case "list":
      return listPath(request.params.name);
    case "listSuggestions":
      return `${listPath(request.params.name)}/suggestions?limit=${request.params.limit}`;
    case "library":
      return "/api/library";
    case "libraryMissing": {
      // Not `collection`: that names the server's collection (database) on every request.
      if (request.params.collection) q.set("libraryCollection", request.params.collection);
      q.set("min", String(request.params.min));
      q.set("limit", String(request.params.limit));
      return withQuery("/api/library/missing", q);
    }
    case "libraryReadingList":
      return withQuery("/api/library/reading-list", new URLSearchParams({ libraryCollection: request.params.collection, limit: String(request.params.limit) }));
  }
}

export function paperPath(ref: string): string {
  return `/api/papers/${encodeURIComponent(ref)}`;
}

export function listPath(name: string): string {
  return `/api/lists/${encodeURIComponent(name)}`;
}

function withQuery(path: string, q: URLSearchParams): string {
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

const PAPER_PATH = /^\/api\/papers\/([^/]+)(?:\/(builds-on|built-by|similar))?$/;
const LIST_PATH = /^\/api\/lists\/([^/]+)$/;
const SUGGESTIONS_PATH = /^\/api\/lists\/([^/]+)\/suggestions$/;

/** Reads a request's path and query into an endpoint and its parameters, or throws EndpointError. */
export function readEndpoint(pathname: string, q: URLSearchParams): EndpointRequest {
  for (const [key, value] of q) {
    if (key.length > 50 || value.length > MAX_PARAM_LENGTH) throw new EndpointError(`parameter ${key.slice(0, 50)} is too long`);
  }
  switch (pathname) {
    case "/api/graph":
      return { endpoint: "graph", params: graphFilters(q) };
    case "/api/directions":
      return { endpoint: "directions", params: {} };
    case "/api/stats":
      return { endpoint: "stats", params: {} };
    case "/api/search":
      return { endpoint: "search", params: { q: required(q, "q"), limit: intParam(q, "limit", DEFAULT_SEARCH_RESULTS, 1, MAX_SEARCH_RESULTS) } };
    case "/api/path": {
      const from = required(q, "from");
      const to = required(q, "to");
      const mode = q.get("mode") ?? "shortest";
      if (mode !== "shortest" && mode !== "longest") throw new EndpointError("mode must be shortest or longest");
      return { endpoint: "path", params: { from, to, mode } };
    }
    case "/api/edge":
      return { endpoint: "edge", params: { from: required(q, "from"), to: required(q, "to") } };
    case "/api/main-path":
      return { endpoint: "mainPath", params: { seeds: seeds(q), direction: optional(q, "direction"), keyRoutes: intParam(q, "keyRoute", 0, 0, MAX_KEY_ROUTES) } };
    case "/api/reading-list": {
      const refs = seeds(q);
      if (refs.length === 0) throw new EndpointError("missing parameter seed");
      return {
        endpoint: "readingList",
        params: { seeds: refs, direction: optional(q, "direction"), limit: intParam(q, "limit", DEFAULT_LIST_PAPERS, 1, MAX_LIST_PAPERS), includeSeeds: flag(q, "includeSeeds") },
      };
    }
    case "/api/lists":
      return { endpoint: "lists", params: {} };
    case "/api/library":
      return { endpoint: "library", params: {} };
    case "/api/library/missing":
      return {
        endpoint: "libraryMissing",
        params: { collection: optional(q, "libraryCollection"), min: intParam(q, "min", DEFAULT_LIBRARY_MIN, 1, 1000), limit: intParam(q, "limit", DEFAULT_LIBRARY_MISSING, 1, MAX_LIST_PAPERS) },
      };
    case "/api/library/reading-list":
      return { endpoint: "libraryReadingList", params: { collection: required(q, "libraryCollection"), limit: intParam(q, "limit", DEFAULT_LIST_PAPERS, 1, MAX_LIST_PAPERS) } };
  }
  const list = LIST_PATH.exec(pathname);
  if (list?.[1]) return { endpoint: "list", params: { name: decoded(list[1], "list name") } };
  const suggestions = SUGGESTIONS_PATH.exec(pathname);
  if (suggestions?.[1]) return { endpoint: "listSuggestions", params: { name: decoded(suggestions[1], "list name"), limit: intParam(q, "limit", DEFAULT_LIST_PAPERS, 1, MAX_LIST_PAPERS) } };
  const paper = PAPER_PATH.exec(pathname);
  if (paper?.[1]) {
    const ref = decoded(paper[1], "paper reference");
    if (ref.length > MAX_PARAM_LENGTH) throw new EndpointError("paper reference is too long");
    if (!paper[2]) return { endpoint: "paper", params: { ref } };
    if (paper[2] === "similar") return { endpoint: "similar", params: { ref, limit: intParam(q, "limit", DEFAULT_SIMILAR_PAPERS, 1, MAX_SIMILAR_PAPERS) } };
    const direction: CitationDirection = paper[2] === "builds-on" ? "buildsOn" : "builtBy";
    return { endpoint: "closure", params: { ref, direction, depth: intParam(q, "depth", 1, 1, MAX_API_DEPTH) } };
  }
  throw new EndpointError(`no such endpoint: ${pathname.slice(0, 100)}`, 404);
}

function graphFilters(q: URLSearchParams): GraphFilters {
  return {
    direction: optional(q, "direction"),
    minYear: q.has("minYear") ? intParam(q, "minYear", 0, 0, 3000) : null,
    maxYear: q.has("maxYear") ? intParam(q, "maxYear", 0, 0, 3000) : null,
    hideStubs: flag(q, "hideStubs"),
  };
}

function seeds(q: URLSearchParams): string[] {
  const refs = q.getAll("seed");
  if (refs.length > MAX_SEEDS) throw new EndpointError(`at most ${MAX_SEEDS} seeds`);
  return refs;
}

function required(q: URLSearchParams, name: string): string {
  const v = q.get(name);
  if (!v || !v.trim()) throw new EndpointError(`missing parameter ${name}`);
  return v;
}

function optional(q: URLSearchParams, name: string): string | null {
  return q.get(name)?.trim() || null;
}

function flag(q: URLSearchParams, name: string): boolean {
  const raw = q.get(name);
  if (raw !== null && !["0", "1", "true", "false"].includes(raw)) throw new EndpointError(`${name} must be 0 or 1`);
  return raw === "1" || raw === "true";
}

function intParam(q: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = q.get(name);
  if (raw === null) return fallback;
  if (!/^-?\d{1,6}$/.test(raw)) throw new EndpointError(`${name} must be a whole number from ${min} to ${max}`);
  const n = Number(raw);
  if (n < min || n > max) throw new EndpointError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function decoded(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new EndpointError(`${what} is not valid URL encoding`);
  }
}

/*
 * Two read endpoints of issue 19, declared here with their URLs and their reading, for the server
 * to route (their answers: api/types.ts CitationContextsResponse and ListWatchState; library/
 * citation-contexts.ts and library/watch-state.ts build them). They are not yet members of
 * `Endpoints`: web/server/api.ts must give a handler for every member, and adding one is the
 * server's change to make with its route.
 */

export const DEFAULT_CITATION_CONTEXTS = 100;
export const MAX_CITATION_CONTEXTS = 1000;
/** Findings listed by one watch-state answer. */
export const MAX_WATCH_FINDINGS = 500;

export interface CitationContextsParams {
  ref: string;
  direction: CitationDirection;
  limit: number;
}

const CITATIONS_PATH = /^\/api\/papers\/([^/]+)\/citations$/;
const WATCH_PATH = /^\/api\/lists\/([^/]+)\/watch$/;

/** `GET /api/papers/{REF}/citations?direction=buildsOn|builtBy&limit=N`: how its direct citations cite. */
export function citationContextsUrl(params: CitationContextsParams): string {
  return `${paperPath(params.ref)}/citations?direction=${params.direction}&limit=${params.limit}`;
}

/** The parameters of a citation-contexts request, undefined when the path is another endpoint's; throws EndpointError. */
export function readCitationContexts(pathname: string, q: URLSearchParams): CitationContextsParams | undefined {
  const m = CITATIONS_PATH.exec(pathname);
  if (!m?.[1]) return undefined;
  const ref = decoded(m[1], "paper reference");
  if (ref.length > MAX_PARAM_LENGTH) throw new EndpointError("paper reference is too long");
  const direction = q.get("direction") ?? "builtBy";
  if (direction !== "buildsOn" && direction !== "builtBy") throw new EndpointError("direction must be buildsOn or builtBy");
  return { ref, direction, limit: intParam(q, "limit", DEFAULT_CITATION_CONTEXTS, 1, MAX_CITATION_CONTEXTS) };
}

/** `GET /api/lists/{name}/watch`: a list's last check for new papers citing it, and what it found. */
export function listWatchPath(name: string): string {
  return `${listPath(name)}/watch`;
}

/** The list a watch-state request names, undefined when the path is another endpoint's; throws EndpointError. */
export function readListWatch(pathname: string): { name: string } | undefined {
  const m = WATCH_PATH.exec(pathname);
  return m?.[1] ? { name: decoded(m[1], "list name") } : undefined;
}
