/**
 * The explorer's HTTP server: the JSON API under /api, per collection (`?collection=NAME`, else
 * the first), and the built front end from dist/. Every request must name the server by a host it
 * answers to (web/server/host-check.ts); databases are opened read-only (saved lists, user data,
 * are written by lists-api.ts through their own connection); long requests are answered by a
 * worker thread (long-requests.ts) and kept (answer-cache.ts); building a collection runs as a
 * job in a process of its own (jobs.ts), and so is growing a map from Semantic Scholar or OpenAlex,
 * only when the server was started online (grow-routes.ts). Binds 127.0.0.1 unless told otherwise.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { EndpointError, readEndpoint, type EndpointRequest } from "../../api/endpoints.ts";
import type { CollectionSummary } from "../../api/types.ts";
import { AnswerCache } from "./answer-cache.ts";
import { encodeText } from "./encoded-answer.ts";
import { ClosureText } from "./closure-text.ts";
import { Collection, collectionOf, type CollectionSpec } from "./collections.ts";
import { hostCheck } from "./host-check.ts";
import { JobConflict, Jobs, type LineageCommand } from "./jobs.ts";
import { HttpError } from "./http-error.ts";
import { checkSameOrigin, isListWrite } from "./lists-api.ts";
import { growRead } from "./grow-reads.ts";
import { COLLECTION_ACTION_PATH, isGrowAction, onlineStatus, planGrow } from "./grow-routes.ts";
import { Busy, INLINE_BUDGET_MS, isLong, LONG_REQUEST_LIMITS, LongRequests, oftenQuick } from "./long-requests.ts";
import { send, sendBuffers, sendJson, sendJsonText } from "./responses.ts";
import { serveStatic } from "./static-files.ts";

export interface ServeOptions {
  /** One database to serve (a collection named after its file), or: */
  dbPath?: string;
  /** the collections to serve, the first being the default. */
  collections?: CollectionSpec[];
  distDir: string;
  host?: string;
  port?: number;
  /** How to run `lineage` for jobs (building a collection); without it, jobs are refused. */
  lineageCommand?: LineageCommand;
  /** The folder jobs run in (the repository root for bundled collections). */
  jobsDir?: string;
  /** Bytes of encoded answers kept for repeated requests (answer-cache.ts); 0 keeps none, as the HTTP benchmarks run. */
  keptAnswerBytes?: number;
  /** Whether the explorer may start jobs that reach the network (`--online`); offline they are refused. */
  online?: boolean;
  /** Each expensive request's budget (api/limits.ts QUERY_BUDGET_MS by default), as datasette's sql_time_limit_ms. */
  queryBudgetMs?: number;
}

export interface RunningServer {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const specs = options.collections ?? (options.dbPath ? [collectionOf(options.dbPath)] : []);
  if (specs.length === 0) throw new Error("lineage serve: no database to serve");
  const served: ServedState = {
    collections: new Map(specs.map((spec) => [spec.name, new Collection(spec, host, options.queryBudgetMs)])),
    fallback: specs[0]?.name ?? "",
    long: new LongRequests(Object.assign({}, LONG_REQUEST_LIMITS, { queryBudgetMs: options.queryBudgetMs })),
    answers: new AnswerCache(options.keptAnswerBytes),
    slow: new BoundedSet(10_000),
    closureText: new ClosureText(),
    jobs: options.lineageCommand ? new Jobs(options.lineageCommand, options.jobsDir ?? process.cwd()) : undefined,
    host,
    online: options.online === true,
    hostAllowed: hostCheck(host),
    dist: resolve(options.distDir),
  };
  const server = createServer((req, res) => {
    handle(req, res, served).catch((err: unknown) => {
      if (!res.headersSent) sendJson(req, res, 500, { error: "internal error" });
      else res.destroy();
      process.stderr.write(`lineage serve: ${req.url ?? ""}: ${(err as Error).message}\n`);
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 5173, host, () => ok());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    server,
    url,
    close: async () => {
      served.jobs?.close();
      await served.long.close();
      await new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      });
      // A database damaged under the server may fail to close: the server still stops.
      for (const c of served.collections.values()) {
        try {
          c.close();
        } catch (err) {
          process.stderr.write(`lineage serve: closing ${c.spec.dbPath}: ${(err as Error).message}\n`);
        }
      }
    },
  };
}

interface ServedState {
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
  hostAllowed: (header: string | undefined) => boolean;
  dist: string;
}

const JOB_PATH = /^\/api\/jobs\/(\d{1,9})$/;

async function handle(req: IncomingMessage, res: ServerResponse, s: ServedState): Promise<void> {
  const rawUrl = req.url ?? "/";
  if (rawUrl.length > 4096) return sendJson(req, res, 414, { error: "URL too long" });
  let url: URL;
  try {
    url = new URL(rawUrl, "http://localhost");
  } catch {
    return sendJson(req, res, 400, { error: "malformed URL" });
  }
  if (!s.hostAllowed(req.headers.host)) {
    return sendJson(req, res, 403, { error: `this server answers to localhost and ${s.host}, not to Host ${String(req.headers.host ?? "(none)").slice(0, 100)}` });
  }
  const { pathname } = url;
  if (pathname === "/api/collections" || pathname === "/api/online" || COLLECTION_ACTION_PATH.test(pathname) || JOB_PATH.test(pathname)) return serverWide(req, res, url, s);
  if (!pathname.startsWith("/api/")) {
    if (req.method !== "GET" && req.method !== "HEAD") return sendJson(req, res, 405, { error: "only GET and HEAD" }, { allow: "GET, HEAD" });
    return serveStatic(req, res, pathname, s.dist);
  }
  const name = url.searchParams.get("collection") ?? s.fallback;
  const collection = s.collections.get(name);
  if (!collection) return sendJson(req, res, 404, { error: `no collection named "${name.slice(0, 100)}" on this server` });
  const open = collection.served();
  if (!open) return sendJson(req, res, 503, { error: `the collection "${name}" has no database yet: ${collection.summary().reason ?? ""}` });
  const query = new URLSearchParams(url.searchParams);
  query.delete("collection");
  if (isListWrite(req.method, pathname)) {
    const answer = await open.lists.handle(req, pathname, query);
    if ("text" in answer) {
      return send(req, res, answer.status, answer.type, answer.text, { "cache-control": "no-store", "content-disposition": `attachment; filename="${answer.filename}"` });
    }
    return sendJson(req, res, answer.status, answer.body, answer.headers ?? {});
  }
  if (req.method !== "GET" && req.method !== "HEAD") return sendJson(req, res, 405, { error: "only GET and HEAD" }, { allow: "GET, HEAD" });
  const grown = growRead(pathname, query, open.session);
  if (grown) return sendJson(req, res, grown.status, grown.body);
  let request: EndpointRequest | undefined;
  try {
    request = readEndpoint(pathname, query);
  } catch (err) {
    if (!(err instanceof EndpointError)) throw err;
  }
  const long = request !== undefined && isLong(request);
  const key = request && keptAnswer(request) ? AnswerCache.key(collection.spec.dbPath, open.session.commitKey(), pathname, query) : undefined;
  const kept = key === undefined ? undefined : s.answers.get(key);
  if (kept) return sendBuffers(req, res, kept.status, kept.json, kept.gzip);
  // A closure or a path tried here first, unless it was found long before (on this graph).
  const tryHere = long && request !== undefined && oftenQuick(request) && !s.slow.has(key ?? "");
  const quick = tryHere ? open.api.answerWithin(pathname, query, INLINE_BUDGET_MS, request) : undefined;
  if (tryHere && quick === undefined && key !== undefined) s.slow.add(key);
  if (!long || quick) {
    const { status, body } = quick ?? open.api.handle(pathname, query, request);
    const text = s.closureText.answerText(open.api.answeredFrom, request, status, body);
    if (key === undefined || !s.answers.keeps) return sendJsonText(req, res, status, text);
    const answer = encodeText(status, text);
    s.answers.set(key, answer);
    return sendBuffers(req, res, answer.status, answer.json, answer.gzip);
  }
  try {
    const answer = await s.long.answer(collection.spec.dbPath, pathname, query.toString(), key ?? `${collection.spec.dbPath}\n${pathname}?${query.toString()}`);
    if (key !== undefined) s.answers.set(key, answer);
    return sendBuffers(req, res, answer.status, answer.json, answer.gzip);
  } catch (err) {
    if (err instanceof Busy) return sendJson(req, res, 503, { error: err.message }, { "retry-after": String(err.retryAfterSeconds) });
    throw err;
  }
}

/** A set of at most `max` strings; full, it starts again empty (what it holds is only a hint). */
class BoundedSet {
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

/**
 * Whether an answer is kept for the next client asking the same at the same commit: the long
 * requests (computed on the worker), and paper views (the explorer's most frequent request). Not
 * list suggestions, which change with the list, not with a commit.
 */
function keptAnswer(request: EndpointRequest): boolean {
  return request.endpoint === "paper" || (isLong(request) && request.endpoint !== "listSuggestions");
}

/** The requests about the server itself: its collections, building or growing one, whether it is online, and its jobs. */
async function serverWide(req: IncomingMessage, res: ServerResponse, url: URL, s: ServedState): Promise<void> {
  const method = req.method ?? "GET";
  try {
    if (url.pathname === "/api/collections") {
      if (method !== "GET" && method !== "HEAD") throw new HttpError(405, "only GET and HEAD", { allow: "GET, HEAD" });
      const summaries: CollectionSummary[] = [...s.collections.values()].map((c) => ({ ...c.summary(), job: s.jobs?.latest(c.spec.name) ?? null }));
      return sendJson(req, res, 200, summaries);
    }
    if (url.pathname === "/api/online") {
      if (method !== "GET" && method !== "HEAD") throw new HttpError(405, "only GET and HEAD", { allow: "GET, HEAD" });
      return sendJson(req, res, 200, onlineStatus(s.online && s.jobs !== undefined));
    }
    const action = COLLECTION_ACTION_PATH.exec(url.pathname);
    if (action?.[1] && action[2]) {
      if (method !== "POST") throw new HttpError(405, "only POST", { allow: "POST" });
      checkSameOrigin(req.headers, s.host);
      let name: string;
      try {
        name = decodeURIComponent(action[1]);
      } catch {
        throw new HttpError(400, "the collection name is not valid URL encoding");
      }
      const collection = s.collections.get(name);
      if (!collection) throw new HttpError(404, `no collection named "${name.slice(0, 100)}" on this server`);
      const verb = action[2];
      if (verb === "build") {
        if (!collection.spec.build) throw new HttpError(400, `the collection "${name}" is not built from bundled files`);
        if (!s.jobs) throw new HttpError(501, "this server runs no jobs (started without a lineage command)");
        const job = s.jobs.start({ kind: "build", collection: name, title: `Building ${collection.spec.title}`, args: [...collection.spec.build, "--db", collection.spec.dbPath] });
        return sendJson(req, res, 202, job);
      }
      if (!isGrowAction(verb)) throw new HttpError(404, `no action ${verb}`);
      // A server that runs no jobs (started without a lineage command) is offline for growing too.
      const plan = await planGrow(verb, req, collection, s.online && s.jobs !== undefined);
      if ("state" in plan) return sendJson(req, res, 200, plan.state);
      if (!s.jobs) throw new HttpError(501, "this server runs no jobs (started without a lineage command)");
      return sendJson(req, res, 202, s.jobs.start(plan.job));
    }
    const jobPath = JOB_PATH.exec(url.pathname);
    const id = Number(jobPath?.[1]);
    if (method === "GET" || method === "HEAD") {
      const job = s.jobs?.get(id);
      if (!job) throw new HttpError(404, `no job ${id}`);
      return sendJson(req, res, 200, job);
    }
    if (method !== "DELETE") throw new HttpError(405, "only GET, HEAD and DELETE", { allow: "GET, HEAD, DELETE" });
    checkSameOrigin(req.headers, s.host);
    const job = s.jobs?.cancel(id);
    if (!job) throw new HttpError(404, `no job ${id}`);
    return sendJson(req, res, 200, job);
  } catch (err) {
    if (err instanceof HttpError) return sendJson(req, res, err.status, { error: err.message }, err.headers);
    if (err instanceof JobConflict) return sendJson(req, res, 409, { error: err.message });
    throw err;
  }
}
