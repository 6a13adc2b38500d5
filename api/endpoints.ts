/**
 * Every route of the HTTP API, declared once (`ENDPOINTS`): its method and path, its parameters
 * (path segments and query, api/route-params.ts), the body it takes (api/request-bodies.ts), the
 * type of its answer, and its policy: whether it is a write taken only from the explorer's own
 * pages, whether it needs a server started online, whether it is long (answered by the worker,
 * or tried on the main thread first), whether its answer is kept for the next client asking at
 * the same commit, and whether it answers a file. The explorer writes every URL from here
 * (`endpointUrl`), the server reads every request back with `readRequest` and serves the table
 * with one dispatcher (web/server/dispatch.ts), whose handlers are typed by `Answer<E>`; so a
 * parameter the client sends is one the server reads, and a drift between them does not compile.
 *
 * Collection routes (`scope: "collection"`) answer for the collection `?collection=NAME` names
 * (the server's first by default); server routes are about the server itself, its collections
 * and its jobs. A request no route answers: a path the table has with another method is 405 with
 * the methods it takes (Allow), but a read of a collection's path that only writes have, or a
 * write under a collection's resource that no route has, is 404 (nothing there to read or
 * change); any other unknown path is 404 to a read and 405 (Allow: GET, HEAD) to a write.
 */
import type {
  AddPaperRequest,
  CitationContextsResponse,
  CitationDirection,
  ClosureResponse,
  CollectionReadingListResponse,
  CollectionSummary,
  DirectionSummary,
  EdgeResponse,
  ExpandRequest,
  ExportedList,
  GraphPayload,
  JobSummary,
  LibraryMissingResponse,
  LibraryResponse,
  ListDeleted,
  ListFormat,
  ListItemInput,
  ListItemsAdded,
  ListSuggestionsResponse,
  ListWatchState,
  MainPathResponse,
  OnlineStatus,
  PaperDetail,
  PathMode,
  PathResponse,
  ReadingListResponse,
  SavedList,
  SavedListSummary,
  SearchResponse,
  SimilarResponse,
  StatsResponse,
  WatchCheckRequest,
  WatchFindingsRequest,
} from "./types.ts";
import { EndpointError } from "./endpoint-error.ts";
import { MAX_API_DEPTH, MAX_GROW_BODY_BYTES, MAX_KEY_ROUTES, MAX_LIST_BODY_BYTES, MAX_LIST_PAPERS, MAX_PARAM_LENGTH, MAX_SEARCH_RESULTS, MAX_SEEDS, MAX_SIMILAR_PAPERS } from "./limits.ts";
import { choice, flag, int, many, optional, optionalInt, readQuery, readSegment, segment, segmentPattern, text, writeQuery, writeSegment, type Param, type ParamValues } from "./route-params.ts";
import { addBody, expandBody, exportBody, findingsBody, listBody, orderBody, watchBody, type ExpandBody, type ExportBody, type ListBody, type OrderBody } from "./request-bodies.ts";

export { EndpointError };

export type Method = "GET" | "PUT" | "POST" | "DELETE";

/** Where a long request is answered: on the worker thread, or tried on the main thread first (most are quick). */
export type LongRequest = "worker" | "inline-first";

export interface Policy<V> {
  /** A write or a job: taken only from the explorer's own pages (web/server/same-origin.ts), 403 otherwise. */
  sameOrigin?: true;
  /** Reaches the network: refused (403) by a server started offline. */
  online?: true;
  /** Its cost grows with the graph rather than with one paper's neighbourhood (web/server/long-requests.ts). */
  long?: (params: V) => LongRequest | undefined;
  /** Kept for the next client asking the same at the same commit (web/server/answer-cache.ts). */
  kept?: (params: V) => boolean;
  /** The status of a success, when it is not 200 (202: a job started). */
  status?: number;
  /** The answer is a file (ExportedList), sent as its own type, not as JSON. */
  file?: true;
}

export interface BodySpec<B> {
  /** Parsed JSON to the body's type; throws EndpointError (400) with the reason. */
  read: (json: unknown) => B;
  /** The most bytes a body may have (413 past it). */
  maxBytes: number;
}

export type Scope = "collection" | "server";

export interface RouteSpec<Ps extends Record<string, Param>, B, A, M extends Method = Method, S extends Scope = Scope, In = B> {
  method: M;
  /** `/api/papers/{ref}/{direction}`: `{name}` is the parameter of that name. */
  path: string;
  scope: S;
  params: Ps;
  body?: BodySpec<B>;
  policy: Policy<ParamValues<Ps>>;
  /** The answer's type, for the type checker only. */
  readonly answer?: A;
  /** The body as a client sends it (optional fields left out), for the type checker only. */
  readonly sent?: In;
}

/** A route answering `A`, taking a body read as `B` and sent as `In`. */
function route<A, B = undefined, In = B>() {
  return <Ps extends Record<string, Param>, M extends Method, S extends Scope>(spec: Omit<RouteSpec<Ps, B, A, M, S, In>, "answer" | "sent">): RouteSpec<Ps, B, A, M, S, In> => spec;
}

export const DEFAULT_SEARCH_RESULTS = 20;
export const DEFAULT_LIST_PAPERS = 20;
export const DEFAULT_SIMILAR_PAPERS = 20;
export const DEFAULT_CITATION_CONTEXTS = 100;
export const MAX_CITATION_CONTEXTS = 1000;
/** What cites the researcher's library: papers linked to at least this many of its papers, and how many are listed. */
export const DEFAULT_LIBRARY_MIN = 2;
export const DEFAULT_LIBRARY_MISSING = 20;
/** Findings listed by one watch-state answer. */
export const MAX_WATCH_FINDINGS = 500;

const ref = text("paper reference");
const listName = text("list name");
const collectionName = text("collection name");
const direction = optional();
const always = (): LongRequest => "worker";
const yes = () => true;
const listBodySpec: BodySpec<ListBody> = { read: listBody, maxBytes: MAX_LIST_BODY_BYTES };
const growBody = <B>(read: (json: unknown) => B): BodySpec<B> => ({ read, maxBytes: MAX_GROW_BODY_BYTES });
const write = { sameOrigin: true } as const;
/** A list's items as sent: `{"items": [...], "description"?: ...}`, or the bare array. */
type ListSent = { items: ListItemInput[]; description?: string } | ListItemInput[];
const job = { sameOrigin: true, online: true, status: 202 } as const;

export const ENDPOINTS = {
  graph: route<GraphPayload>()({
    method: "GET",
    path: "/api/graph",
    scope: "collection",
    params: { direction, minYear: optionalInt(0, 3000), maxYear: optionalInt(0, 3000), hideStubs: flag() },
    policy: { long: always, kept: yes },
  }),
  // Both change only with a commit: kept, so that counting the tables is done once per commit.
  directions: route<DirectionSummary[]>()({ method: "GET", path: "/api/directions", scope: "collection", params: {}, policy: { kept: yes } }),
  stats: route<StatsResponse>()({ method: "GET", path: "/api/stats", scope: "collection", params: {}, policy: { kept: yes } }),
  search: route<SearchResponse>()({
    method: "GET",
    path: "/api/search",
    scope: "collection",
    params: { q: text("query"), limit: int(DEFAULT_SEARCH_RESULTS, 1, MAX_SEARCH_RESULTS) },
    policy: {},
  }),
  paper: route<PaperDetail>()({ method: "GET", path: "/api/papers/{ref}", scope: "collection", params: { ref }, policy: { kept: yes } }),
  closure: route<ClosureResponse>()({
    method: "GET",
    path: "/api/papers/{ref}/{direction}",
    scope: "collection",
    params: { ref, direction: segment<CitationDirection>({ "builds-on": "buildsOn", "built-by": "builtBy" }), depth: int(1, 1, MAX_API_DEPTH) },
    // A hub's lists are long (J93-2004's one step is 250 kB), most papers' a few dozen: tried here
    // first, the worker past INLINE_BUDGET_MS, and kept, so that a hub costs once per commit.
    policy: { long: () => "inline-first", kept: yes },
  }),
  similar: route<SimilarResponse>()({
    method: "GET",
    path: "/api/papers/{ref}/similar",
    scope: "collection",
    params: { ref, limit: int(DEFAULT_SIMILAR_PAPERS, 1, MAX_SIMILAR_PAPERS) },
    policy: { long: always, kept: yes },
  }),
  citationContexts: route<CitationContextsResponse>()({
    method: "GET",
    path: "/api/papers/{ref}/citations",
    scope: "collection",
    params: { ref, direction: choice<CitationDirection>(["buildsOn", "builtBy"], "builtBy"), limit: int(DEFAULT_CITATION_CONTEXTS, 1, MAX_CITATION_CONTEXTS) },
    policy: {},
  }),
  path: route<PathResponse>()({
    method: "GET",
    path: "/api/path",
    scope: "collection",
    params: { from: text("from"), to: text("to"), mode: choice<PathMode>(["shortest", "longest"], "shortest") },
    policy: { long: () => "inline-first", kept: yes },
  }),
  edge: route<EdgeResponse>()({ method: "GET", path: "/api/edge", scope: "collection", params: { from: text("from"), to: text("to") }, policy: {} }),
  mainPath: route<MainPathResponse>()({
    method: "GET",
    path: "/api/main-path",
    scope: "collection",
    params: { seeds: many("seed", MAX_SEEDS), direction, keyRoutes: int(0, 0, MAX_KEY_ROUTES, { name: "keyRoute", omitFallback: true }) },
    policy: { long: always, kept: yes },
  }),
  readingList: route<ReadingListResponse>()({
    method: "GET",
    path: "/api/reading-list",
    scope: "collection",
    params: { seeds: many("seed", MAX_SEEDS, true), direction, limit: int(DEFAULT_LIST_PAPERS, 1, MAX_LIST_PAPERS), includeSeeds: flag() },
    policy: { long: always, kept: yes },
  }),
  // At most MAX_LISTS_LISTED, by name; X-Total-Count says how many there are, and when there are
  // more, Link rel="next" the URL of the rest (`after`: the last name listed).
  lists: route<SavedListSummary[]>()({ method: "GET", path: "/api/lists", scope: "collection", params: { after: optional() }, policy: {} }),
  list: route<SavedList>()({ method: "GET", path: "/api/lists/{name}", scope: "collection", params: { name: listName }, policy: {} }),
  saveList: route<SavedList, ListBody, ListSent>()({ method: "PUT", path: "/api/lists/{name}", scope: "collection", params: { name: listName }, body: listBodySpec, policy: write }),
  deleteList: route<ListDeleted>()({ method: "DELETE", path: "/api/lists/{name}", scope: "collection", params: { name: listName }, policy: write }),
  // Changes with the list, not with a commit: not kept.
  listSuggestions: route<ListSuggestionsResponse>()({
    method: "GET",
    path: "/api/lists/{name}/suggestions",
    scope: "collection",
    params: { name: listName, limit: int(DEFAULT_LIST_PAPERS, 1, MAX_LIST_PAPERS) },
    policy: { long: always },
  }),
  listWatch: route<ListWatchState>()({ method: "GET", path: "/api/lists/{name}/watch", scope: "collection", params: { name: listName }, policy: {} }),
  addListItems: route<ListItemsAdded, ListBody, ListSent>()({ method: "POST", path: "/api/lists/{name}/items", scope: "collection", params: { name: listName }, body: listBodySpec, policy: write }),
  removeListItem: route<SavedList>()({ method: "DELETE", path: "/api/lists/{name}/items/{ref}", scope: "collection", params: { name: listName, ref }, policy: write }),
  reorderList: route<SavedList, OrderBody, { refs: string[]; to?: number }>()({
    method: "PUT",
    path: "/api/lists/{name}/order",
    scope: "collection",
    params: { name: listName },
    body: { read: orderBody, maxBytes: MAX_LIST_BODY_BYTES },
    policy: write,
  }),
  exportList: route<ExportedList, ExportBody, { format?: ListFormat; items?: ListItemInput[] }>()({
    method: "POST",
    path: "/api/lists/{name}/export",
    scope: "collection",
    params: { name: listName, format: optional() },
    body: { read: exportBody, maxBytes: MAX_LIST_BODY_BYTES },
    policy: { sameOrigin: true, file: true },
  }),
  // The researcher's library (issue 27). `libraryCollection`, not `collection`: that names the
  // server's collection (database) on every request. Kept per commit: an import is a commit.
  library: route<LibraryResponse>()({ method: "GET", path: "/api/library", scope: "collection", params: {}, policy: { long: always, kept: yes } }),
  libraryMissing: route<LibraryMissingResponse>()({
    method: "GET",
    path: "/api/library/missing",
    scope: "collection",
    params: { libraryCollection: optional(), min: int(DEFAULT_LIBRARY_MIN, 1, 1000), limit: int(DEFAULT_LIBRARY_MISSING, 1, MAX_LIST_PAPERS) },
    policy: { long: always, kept: yes },
  }),
  libraryReadingList: route<CollectionReadingListResponse>()({
    method: "GET",
    path: "/api/library/reading-list",
    scope: "collection",
    params: { libraryCollection: text("libraryCollection"), limit: int(DEFAULT_LIST_PAPERS, 1, MAX_LIST_PAPERS) },
    policy: { long: always, kept: yes },
  }),
  collections: route<CollectionSummary[]>()({ method: "GET", path: "/api/collections", scope: "server", params: {}, policy: {} }),
  online: route<OnlineStatus>()({ method: "GET", path: "/api/online", scope: "server", params: {}, policy: {} }),
  buildCollection: route<JobSummary>()({ method: "POST", path: "/api/collections/{name}/build", scope: "server", params: { name: collectionName }, policy: { sameOrigin: true, status: 202 } }),
  addPaper: route<JobSummary, { ref: string }, AddPaperRequest>()({
    method: "POST",
    path: "/api/collections/{name}/add",
    scope: "server",
    params: { name: collectionName },
    body: growBody(addBody),
    policy: job,
  }),
  expand: route<JobSummary, ExpandBody, ExpandRequest>()({
    method: "POST",
    path: "/api/collections/{name}/expand",
    scope: "server",
    params: { name: collectionName },
    body: growBody(expandBody),
    policy: job,
  }),
  watch: route<JobSummary, { list: string }, WatchCheckRequest>()({
    method: "POST",
    path: "/api/collections/{name}/watch",
    scope: "server",
    params: { name: collectionName },
    body: growBody(watchBody),
    policy: job,
  }),
  watchAdd: route<JobSummary, { list: string; findings: string[] }, WatchFindingsRequest>()({
    method: "POST",
    path: "/api/collections/{name}/watch/add",
    scope: "server",
    params: { name: collectionName },
    body: growBody(findingsBody),
    policy: job,
  }),
  // Local: answered at once, offline too.
  watchDismiss: route<ListWatchState, { list: string; findings: string[] }, WatchFindingsRequest>()({
    method: "POST",
    path: "/api/collections/{name}/watch/dismiss",
    scope: "server",
    params: { name: collectionName },
    body: growBody(findingsBody),
    policy: write,
  }),
  job: route<JobSummary>()({ method: "GET", path: "/api/jobs/{id}", scope: "server", params: { id: int(0, 0, 999_999_999) }, policy: {} }),
  cancelJob: route<JobSummary>()({ method: "DELETE", path: "/api/jobs/{id}", scope: "server", params: { id: int(0, 0, 999_999_999) }, policy: write }),
};

export type Endpoints = typeof ENDPOINTS;
export type Endpoint = keyof Endpoints;
export type Params<E extends Endpoint> = ParamValues<Endpoints[E]["params"]>;
export type Answer<E extends Endpoint> = Exclude<Endpoints[E]["answer"], undefined>;
export type Body<E extends Endpoint> = NonNullable<Endpoints[E]["body"]> extends BodySpec<infer B> ? B : undefined;
/** A route's body as a client sends it. */
export type Sent<E extends Endpoint> = Exclude<Endpoints[E]["sent"], undefined>;
/** One request as the server reads it: which route, with its validated parameters. */
export type EndpointRequest = { [E in Endpoint]: { endpoint: E; params: Params<E> } }[Endpoint];
/** The routes a GET answers. */
export type ReadEndpoint = { [E in Endpoint]: Endpoints[E]["method"] extends "GET" ? E : never }[Endpoint];
/** The routes of a collection that a GET answers: what library/read-answers.ts answers. */
export type CollectionRead = { [E in ReadEndpoint]: Endpoints[E]["scope"] extends "collection" ? E : never }[ReadEndpoint];

interface Compiled {
  endpoint: Endpoint;
  spec: RouteSpec<Record<string, Param>, unknown, unknown>;
  /** The path before its first parameter: only paths starting so can match. */
  prefix: string;
  /** Null for a path without parameters (matched by equality). */
  pattern: RegExp | null;
  /** What the path's prefix matches, for "a path under this route's" (`/api/lists/x` of `/api/lists/x/nothing`). */
  under: RegExp;
  inPath: string[];
}

const COMPILED: Compiled[] = (Object.keys(ENDPOINTS) as Endpoint[]).map((endpoint) => {
  const spec = ENDPOINTS[endpoint] as unknown as RouteSpec<Record<string, Param>, unknown, unknown>;
  const inPath: string[] = [];
  const source = spec.path.replace(/\{(\w+)\}|[^{}]+/g, (part, name: string | undefined) => {
    if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    const param = spec.params[name];
    if (!param) throw new Error(`${endpoint}: the path names {${name}}, which is not a parameter`);
    inPath.push(name);
    return segmentPattern(param);
  });
  const brace = spec.path.indexOf("{");
  return {
    endpoint,
    spec,
    prefix: brace < 0 ? spec.path : spec.path.slice(0, brace),
    pattern: inPath.length > 0 ? new RegExp(`^${source}$`) : null,
    under: new RegExp(`^${source}/`),
    inPath,
  };
});

/** The routes by path, for the paths without parameters. */
const STATIC = new Map<string, Compiled[]>();
for (const c of COMPILED) if (!c.pattern) STATIC.set(c.spec.path, [...(STATIC.get(c.spec.path) ?? []), c]);
const DYNAMIC = COMPILED.filter((c) => c.pattern !== null);

/** The URL of a route with these parameters, as the server reads it back. */
export function endpointUrl<E extends Endpoint>(endpoint: E, params: Params<E>): string {
  const spec = ENDPOINTS[endpoint] as unknown as RouteSpec<Record<string, Param>, unknown, unknown>;
  const values = params as Record<string, unknown>;
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => writeSegment(spec.params[name] as Param, values[name]));
  const q = new URLSearchParams();
  for (const [name, param] of Object.entries(spec.params)) if (!spec.path.includes(`{${name}}`)) writeQuery(param, name, values[name], q);
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

/** The method a route is asked with. */
export function endpointMethod(endpoint: Endpoint): Method {
  return ENDPOINTS[endpoint].method;
}

/** Reads a request's method, path and query into a route and its parameters, or throws EndpointError (400, 404, 405). */
export function readRequest(method: string, pathname: string, q: URLSearchParams): EndpointRequest {
  for (const [key, value] of q) {
    if (key.length > 50 || value.length > MAX_PARAM_LENGTH) throw new EndpointError(`parameter ${key.slice(0, 50)} is too long`);
  }
  const asked = method === "HEAD" ? "GET" : method;
  const onPath: [Compiled, RegExpExecArray | null][] = (STATIC.get(pathname) ?? []).map((c) => [c, null]);
  if (onPath.length === 0) {
    for (const c of DYNAMIC) {
      if (!pathname.startsWith(c.prefix)) continue;
      const m = c.pattern?.exec(pathname);
      if (m) onPath.push([c, m]);
    }
  }
  const hit = onPath.find(([c]) => c.spec.method === asked);
  if (hit) return { endpoint: hit[0].endpoint, params: readParams(hit[0], hit[1], q) } as EndpointRequest;
  const reads = asked === "GET";
  if (onPath.length > 0 && !(reads && onPath.every(([c]) => c.spec.scope === "collection")))
    throw notAllowed(
      method,
      onPath.map(([c]) => c.spec.method),
    );
  if (reads || (onPath.length === 0 && COMPILED.some((c) => c.spec.scope === "collection" && c.under.test(pathname)))) {
    throw new EndpointError(`no such endpoint: ${pathname.slice(0, 100)}`, 404);
  }
  throw notAllowed(method, ["GET"]);
}

/** A GET's route and parameters (readRequest for a read). */
export function readEndpoint(pathname: string, q: URLSearchParams): EndpointRequest {
  return readRequest("GET", pathname, q);
}

function readParams(c: Compiled, match: RegExpExecArray | null, q: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  c.inPath.forEach((name, k) => (params[name] = readSegment(c.spec.params[name] as Param, match?.[k + 1] ?? "")));
  for (const [name, param] of Object.entries(c.spec.params)) if (!(name in params)) params[name] = readQuery(param, name, q);
  return params;
}

function notAllowed(method: string, methods: readonly Method[]): EndpointError {
  const allow = [...new Set(methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])))].join(", ");
  return new EndpointError(`${method.slice(0, 20)} is not allowed here (allowed: ${allow})`, 405, { allow });
}

/** A route's body, parsed JSON read into its type; throws EndpointError (400). */
export function readBody<E extends Endpoint>(endpoint: E, json: unknown): Body<E> {
  const body = ENDPOINTS[endpoint].body as BodySpec<unknown> | undefined;
  return (body ? body.read(json) : undefined) as Body<E>;
}
