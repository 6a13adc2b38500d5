/**
 * The explorer's HTTP server: the JSON API under /api (every route declared in api/endpoints.ts,
 * served by one dispatcher, web/server/dispatch.ts), per collection (`?collection=NAME`, else the
 * first), and the built front end from dist/. Every request must name the server by a host it
 * answers to (web/server/host-check.ts); databases are opened read-only, and what the server
 * writes (saved lists, findings set aside) goes to its writer thread (server-writes.ts); long
 * requests are answered by a worker thread (long-requests.ts) and kept (answer-cache.ts);
 * building a collection runs as a job in a process of its own (jobs.ts), and so is growing a map
 * from Semantic Scholar or OpenAlex, only when the server was started online (grow-jobs.ts).
 * Binds 127.0.0.1 unless told otherwise.
 */
import { createServer, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import { resolve } from "node:path";
import { AnswerCache } from "./answer-cache.ts";
import { ClosureText } from "./closure-text.ts";
import { Collection, collectionOf, distinctCollections, type CollectionSpec } from "./collections.ts";
import { BoundedSet, dispatchApi, type ServedState } from "./dispatch.ts";
import type { ApiAccess } from "./grow-jobs.ts";
import { hostCheck } from "./host-check.ts";
import { Jobs, type LineageCommand } from "./jobs.ts";
import { LONG_REQUEST_LIMITS, LongRequests } from "./long-requests.ts";
import { sendJson } from "./responses.ts";
import { serveStatic } from "./static-files.ts";
import { ServerWrites } from "./server-writes.ts";

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
  /** The APIs the network jobs ask (their hosts, and those without a key), for `GET /api/online`. */
  apiAccess?: ApiAccess;
}

export interface RunningServer {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  // Never two collections under one name: the caller says how they were told apart (distinctCollections' notes).
  const specs = distinctCollections(options.collections ?? (options.dbPath ? [collectionOf(options.dbPath)] : [])).collections;
  if (specs.length === 0) throw new Error("lineage serve: no database to serve");
  const writes = new ServerWrites();
  const served: ServedState = {
    collections: new Map(specs.map((spec) => [spec.name, new Collection(spec, (write) => writes.apply(spec.dbPath, write), options.queryBudgetMs)])),
    fallback: specs[0]?.name ?? "",
    long: new LongRequests(Object.assign({}, LONG_REQUEST_LIMITS, { queryBudgetMs: options.queryBudgetMs })),
    answers: new AnswerCache(options.keptAnswerBytes),
    slow: new BoundedSet(10_000),
    closureText: new ClosureText(),
    jobs: options.lineageCommand ? new Jobs(options.lineageCommand, options.jobsDir ?? process.cwd()) : undefined,
    host,
    online: options.online === true,
    apiAccess: options.apiAccess ?? { hosts: [], keyless: [] },
  };
  const hostAllowed = hostCheck(host);
  const dist = resolve(options.distDir);
  const server = createServer((req, res) => {
    handle(req, res, served, hostAllowed, dist).catch((err: unknown) => {
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
      await writes.close();
      await new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      });
      // A database damaged under the server may fail to close: the server still stops.
      for (const closing of served.collections.values()) {
        try {
          closing.close();
        } catch (err) {
          process.stderr.write(`lineage serve: closing: ${(err as Error).message}\n`);
        }
      }
    },
  };
}

/** The host check, the URL's bounds, then the API's dispatcher or the front end's files. */
async function handle(req: IncomingMessage, res: ServerResponse, s: ServedState, hostAllowed: (header: string | undefined) => boolean, dist: string): Promise<void> {
  const rawUrl = req.url ?? "/";
  if (rawUrl.length > 4096) return sendJson(req, res, 414, { error: "URL too long" });
  let url: URL;
  try {
    url = new URL(rawUrl, "http://localhost");
  } catch {
    return sendJson(req, res, 400, { error: "malformed URL" });
  }
  if (!hostAllowed(req.headers.host)) {
    return sendJson(req, res, 403, { error: `this server answers to localhost and ${s.host}, not to Host ${String(req.headers.host ?? "(none)").slice(0, 100)}` });
  }
  if (url.pathname.startsWith("/api/")) return dispatchApi(req, res, url.pathname, url.searchParams, s);
  if (req.method !== "GET" && req.method !== "HEAD") return sendJson(req, res, 405, { error: `${String(req.method).slice(0, 20)} is not allowed here (allowed: GET, HEAD)` }, { allow: "GET, HEAD" });
  return serveStatic(req, res, url.pathname, dist);
}
