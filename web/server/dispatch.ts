/**
 * The one dispatcher of the HTTP API: every request under /api is read once against the route
 * table (api/endpoints.ts: 404 and 405 from there), its route's policy applied (a write only from
 * the explorer's own pages, a network job only on a server started online), its body read
 * (web/server/request-body.ts) and validated, its collection found (`?collection=NAME`, else the
 * first; 404 for none of that name, 503 while it has no database), and its handler called: a
 * collection's reads through the read pipeline below (answers kept per commit, long requests
 * tried here first or answered by the worker), everything else through `HANDLERS`, which call
 * only library/ and the server's own jobs. Every refusal is an EndpointError, answered here.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ENDPOINTS, EndpointError, readBody, readRequest, type Answer, type Body, type CollectionRead, type Endpoint, type Params } from "../../api/endpoints.ts";
import type { CollectionSummary, ExportedList } from "../../api/types.ts";
import { listWatchState } from "../../library/watch-state.ts";
import { namedFindings } from "../../library/watch-findings.ts";
import { namedList, noListNamed } from "../../library/named.ts";
import { AnswerCache } from "./answer-cache.ts";
import { isCollectionRead } from "./api.ts";
import type { ClosureText } from "./closure-text.ts";
import type { Collection, OpenCollection } from "./collections.ts";
import { encodeText } from "./encoded-answer.ts";
import { addJob, expandJob, OFFLINE_REASON, onlineStatus, watchAddJob, watchJob, type ApiAccess, type GrownCollection } from "./grow-jobs.ts";
import type { Jobs } from "./jobs.ts";
import { INLINE_BUDGET_MS, type LongRequests } from "./long-requests.ts";
import { readJsonBody } from "./request-body.ts";
import { send, sendBuffers, sendJson, sendJsonText } from "./responses.ts";
import { checkSameOrigin } from "./same-origin.ts";
import type { CollectionReadRequest } from "../../library/read-answers.ts";

/** What the server holds while it runs. */
export interface ServedState {
  collections: Map<string, Collection>;
  /** The collection of a request that names none. */
  fallback: string;
  long: LongRequests;
  answers: AnswerCache;
  /** Deep closures' JSON text, from each paper's brief text made once per graph. */
  closureText: ClosureText;
  /** Closures and paths found too long for the main thread, by answer key (the commit included). */
  slow: BoundedSet;
  jobs?: Jobs;
  host: string;
  online: boolean;
  /** The APIs network jobs ask, their hosts and those without a key (`GET /api/online`). */
  apiAccess: ApiAccess;
}

/** A set of at most `max` strings; full, it starts again empty (what it holds is only a hint). */
export class BoundedSet {
  private items = new Set<string>();
  constructor(private readonly max: number) {}
  has(item: string): boolean {
    return this.items.has(item);
  }
  add(item: string): void {
    if (this.items.size >= this.max) this.items = new Set();
    this.items.add(item);
  }
}

/** An answer with a status other than the route's own (201: a list created). */
export class Reply<A> {
  constructor(
    readonly status: number,
    readonly answer: A,
  ) {}
}

interface Context {
  req: IncomingMessage;
  query: URLSearchParams;
  s: ServedState;
  /** The collection a collection route names, open. */
  open?: OpenCollection;
}

type Handler<E extends Endpoint> = (params: Params<E>, body: Body<E>, c: Context) => Answer<E> | Reply<Answer<E>> | Promise<Answer<E> | Reply<Answer<E>>>;
type Handlers = { [E in Exclude<Endpoint, CollectionRead>]: Handler<E> };

export async function dispatchApi(req: IncomingMessage, res: ServerResponse, pathname: string, searchParams: URLSearchParams, s: ServedState): Promise<void> {
  try {
    const query = new URLSearchParams(searchParams);
    query.delete("collection");
    const method = req.method ?? "GET";
    const request = readRequest(method, pathname, query);
    const spec = ENDPOINTS[request.endpoint];
    const { policy } = spec;
    if (policy.sameOrigin) checkSameOrigin(req.headers, s.host);
    // A server that runs no jobs (started without a lineage command) is offline for growing too.
    if (policy.online && !(s.online && s.jobs !== undefined)) throw new EndpointError(OFFLINE_REASON, 403);
    const body = spec.body ? readBody(request.endpoint, await readJsonBody(req, spec.body.maxBytes)) : undefined;
    const c: Context = { req, query, s };
    if (spec.scope === "collection") {
      const name = searchParams.get("collection") ?? s.fallback;
      c.open = openCollection(s, name);
      if (isCollectionRead(request)) return await answerRead(req, res, pathname, query, request, c.open, s, s.collections.get(name)?.spec.dbPath ?? name, searchParams.get("collection"));
    }
    const handler = HANDLERS[request.endpoint as Exclude<Endpoint, CollectionRead>] as Handler<Exclude<Endpoint, CollectionRead>>;
    const answered = await handler(request.params as never, body as never, c);
    const [status, answer] = answered instanceof Reply ? [answered.status, answered.answer] : [policy.status ?? 200, answered];
    if (policy.file) {
      const file = answer as ExportedList;
      return send(req, res, status, file.type, file.text, { "cache-control": "no-store", "content-disposition": `attachment; filename="${file.filename}"` });
    }
    return sendJson(req, res, status, answer);
  } catch (err) {
    if (err instanceof EndpointError) return sendJson(req, res, err.status, err.body(), err.headers);
    throw err;
  }
}

function openCollection(s: ServedState, name: string): OpenCollection {
  const collection = s.collections.get(name);
  if (!collection) throw new EndpointError(`no collection named "${name.slice(0, 100)}" on this server`, 404);
  const open = collection.served();
  if (!open) throw new EndpointError(`the collection "${name}" has no database yet: ${collection.summary().reason ?? ""}`, 503);
  return open;
}

/** A collection named in a server route's path, open, as a grow job checks requests against it. */
function grown(s: ServedState, name: string): GrownCollection & { open: OpenCollection } {
  const collection = s.collections.get(name);
  if (!collection) throw new EndpointError(`no collection named "${name.slice(0, 100)}" on this server`, 404);
  const open = collection.served();
  if (!open) throw new EndpointError(`the collection "${name}" has no database yet: build it first`, 503);
  return { name, dbPath: collection.spec.dbPath, db: open.session.db, graph: open.session.current(), open };
}

/** An answer's headers, its Link (a page's next) kept in the collection the request named. */
function inCollection(headers: Readonly<Record<string, string>> | undefined, named: string | null): Record<string, string> {
  const out: Record<string, string> = Object.assign({}, headers);
  if (out.link && named !== null) out.link = out.link.replace(/^<([^>]*)>/, (_, url: string) => `<${url}${url.includes("?") ? "&" : "?"}collection=${encodeURIComponent(named)}>`);
  return out;
}

function jobsOf(s: ServedState): Jobs {
  if (!s.jobs) throw new EndpointError("this server runs no jobs (started without a lineage command)", 501);
  return s.jobs;
}

/**
 * A collection's read: kept answers first (keyed by the commit they were made at), a long request
 * tried here within INLINE_BUDGET_MS when the route says most are quick (unless this one was found
 * long before, on this graph), else answered by the worker; JSON encoded once for the answer kept.
 */
async function answerRead(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  query: URLSearchParams,
  request: CollectionReadRequest,
  open: OpenCollection,
  s: ServedState,
  dbPath: string,
  /** The collection the request named, if it named one: links in the answer name it too. */
  named: string | null,
): Promise<void> {
  const policy = ENDPOINTS[request.endpoint].policy as { long?: (p: unknown) => string | undefined; kept?: (p: unknown) => boolean };
  const long = policy.long?.(request.params);
  const key = policy.kept?.(request.params) ? AnswerCache.key(dbPath, open.session.commitKey(), pathname, query) : undefined;
  const kept = key === undefined ? undefined : s.answers.get(key);
  if (kept) return sendBuffers(req, res, kept.status, kept.json, kept.gzip);
  const tryHere = long === "inline-first" && !s.slow.has(key ?? "");
  const quick = tryHere ? open.api.answerWithin(pathname, query, INLINE_BUDGET_MS, request) : undefined;
  if (tryHere && quick === undefined && key !== undefined) s.slow.add(key);
  if (!long || quick) {
    const { status, body, headers } = quick ?? open.api.handle(pathname, query, request);
    const text = s.closureText.answerText(open.api.answeredFrom, request, status, body);
    if (key === undefined || !s.answers.keeps) return sendJsonText(req, res, status, text, inCollection(headers, named));
    const answer = encodeText(status, text);
    s.answers.set(key, answer);
    return sendBuffers(req, res, answer.status, answer.json, answer.gzip);
  }
  const answer = await s.long.answer(dbPath, request, key ?? `${dbPath}\n${pathname}?${query.toString()}`);
  if (key !== undefined) s.answers.set(key, answer);
  return sendBuffers(req, res, answer.status, answer.json, answer.gzip);
}

const HANDLERS: Handlers = {
  saveList: async ({ name }, body, { open }) => {
    const { created, list } = await lists(open).save(name, body);
    return created ? new Reply(201, list) : list;
  },
  deleteList: ({ name }, _, { open }) => lists(open).delete(name),
  addListItems: ({ name }, body, { open }) => lists(open).addItems(name, body),
  removeListItem: ({ name, ref }, _, { open }) => lists(open).removeItem(name, ref),
  reorderList: ({ name }, body, { open }) => lists(open).reorder(name, body),
  exportList: ({ name, format }, body, { open }) => lists(open).export(name, body, format),
  collections: (_, __, { s }) => [...s.collections.values()].map((c): CollectionSummary => Object.assign(c.summary(), { job: s.jobs?.latest(c.spec.name) ?? null })),
  online: (_, __, { s }) => onlineStatus(s.online && s.jobs !== undefined, s.apiAccess),
  buildCollection: ({ name }, _, { s }) => {
    const collection = s.collections.get(name);
    if (!collection) throw new EndpointError(`no collection named "${name.slice(0, 100)}" on this server`, 404);
    if (!collection.spec.build) throw new EndpointError(`the collection "${name}" is not built from bundled files`);
    return jobsOf(s).start({ kind: "build", collection: name, title: `Building ${collection.spec.title}`, args: [...collection.spec.build, "--db", collection.spec.dbPath] });
  },
  addPaper: ({ name }, body, { s }) => jobsOf(s).start(addJob(grown(s, name), body)),
  expand: ({ name }, body, { s }) => jobsOf(s).start(expandJob(grown(s, name), body)),
  watch: ({ name }, body, { s }) => jobsOf(s).start(watchJob(grown(s, name), body)),
  watchAdd: ({ name }, body, { s }) => jobsOf(s).start(watchAddJob(grown(s, name), body)),
  watchDismiss: async ({ name }, body, { s }) => {
    const { db, open } = grown(s, name);
    const list = namedList(db, body.list).name;
    await open.lists.dismissFindings(list, namedFindings(db, list, body.findings));
    const state = listWatchState(db, list);
    if (!state) throw noListNamed(list);
    return state;
  },
  job: ({ id }, _, { s }) => {
    const job = s.jobs?.get(id);
    if (!job) throw new EndpointError(`no job ${id}`, 404);
    return job;
  },
  cancelJob: ({ id }, _, { s }) => {
    const job = s.jobs?.cancel(id);
    if (!job) throw new EndpointError(`no job ${id}`, 404);
    return job;
  },
};

function lists(open: OpenCollection | undefined) {
  if (!open) throw new Error("a collection route without its collection");
  return open.lists;
}
