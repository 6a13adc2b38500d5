/**
 * The explorer's HTTP server: the JSON API under /api and the built front end from dist/.
 * Opens the database read-only (named reading lists, user data, are written by lists-api.ts
 * through their own connection), binds 127.0.0.1 unless told otherwise, never serves a file
 * outside dist/, gzips what is worth it, and sends a Content-Security-Policy with every page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile } from "node:fs/promises";
import { statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { LineageApi } from "./api.ts";
import { ListsApi, isListWrite } from "./lists-api.ts";
import { ResponseBatch } from "./response-batch.ts";

export interface ServeOptions {
  dbPath: string;
  distDir: string;
  host?: string;
  port?: number;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy": CSP,
};

/** Answers go out together at the end of each turn of the event loop (one loop: one batch). */
const responses = new ResponseBatch();

export interface RunningServer {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const db = LineageDb.open(options.dbPath, { readonly: true });
  const graph = new LineageGraph(db);
  const api = new LineageApi(db, graph);
  // Lists are user data: the one place the server writes, through its own connection (lists-api.ts).
  const lists = new ListsApi(db, graph, { dbPath: options.dbPath, host: options.host ?? "127.0.0.1" });
  const dist = resolve(options.distDir);
  const server = createServer((req, res) => {
    handle(req, res, api, lists, dist).catch((err: unknown) => {
      if (!res.headersSent) send(req, res, 500, "application/json; charset=utf-8", JSON.stringify({ error: "internal error" }));
      else res.destroy();
      process.stderr.write(`lineage serve: ${req.url ?? ""}: ${(err as Error).message}\n`);
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  const host = options.host ?? "127.0.0.1";
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
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => {
          // A database damaged under the server may fail to close: the server still stops.
          for (const conn of [lists, db]) {
            try {
              conn.close();
            } catch (err) {
              process.stderr.write(`lineage serve: closing ${options.dbPath}: ${(err as Error).message}\n`);
            }
          }
          ok();
        });
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, api: LineageApi, lists: ListsApi, dist: string): Promise<void> {
  const rawUrl = req.url ?? "/";
  if (rawUrl.length > 4096) return send(req, res, 414, "application/json; charset=utf-8", JSON.stringify({ error: "URL too long" }));
  let url: URL;
  try {
    url = new URL(rawUrl, "http://localhost");
  } catch {
    return send(req, res, 400, "application/json; charset=utf-8", JSON.stringify({ error: "malformed URL" }));
  }
  if (isListWrite(req.method, url.pathname)) {
    const answer = await lists.handle(req, url.pathname, url.searchParams);
    if ("text" in answer) {
      return send(req, res, answer.status, answer.type, answer.text, { "cache-control": "no-store", "content-disposition": `attachment; filename="${answer.filename}"` });
    }
    return send(req, res, answer.status, "application/json; charset=utf-8", JSON.stringify(answer.body), Object.assign({}, answer.headers, { "cache-control": "no-store" }));
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    return send(req, res, 405, "application/json; charset=utf-8", JSON.stringify({ error: "only GET and HEAD" }), { allow: "GET, HEAD" });
  }
  if (url.pathname.startsWith("/api/")) {
    const { status, body } = api.handle(url.pathname, url.searchParams);
    // The graph payload is cached by the API (megabytes on large graphs): encode it once too.
    if (status === 200 && url.pathname === "/api/graph" && typeof body === "object" && body !== null) return sendEncoded(req, res, body);
    return send(req, res, status, "application/json; charset=utf-8", JSON.stringify(body), { "cache-control": "no-store" });
  }
  return serveStatic(req, res, url.pathname, dist);
}

/** Files of the built front end held in memory: a static server answers from memory, not disk. */
interface CachedFile {
  body: Buffer;
  mtimeMs: number;
  size: number;
}
const STATIC_CACHE_FILE_BYTES = 4 * 1024 * 1024;
const STATIC_CACHE_TOTAL_BYTES = 64 * 1024 * 1024;
const staticCache = new Map<string, CachedFile>();
let staticCacheBytes = 0;

/** A file's bytes, from memory while its size and modification time are unchanged. */
async function readStatic(file: string): Promise<Buffer | undefined> {
  let info;
  try {
    info = statSync(file);
  } catch {
    return undefined;
  }
  if (!info.isFile()) return undefined;
  const cached = staticCache.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.body;
  const body = await readFile(file).catch(() => undefined);
  if (!body) return undefined;
  if (cached) staticCacheBytes -= cached.size;
  if (body.length <= STATIC_CACHE_FILE_BYTES && staticCacheBytes + body.length <= STATIC_CACHE_TOTAL_BYTES) {
    staticCache.set(file, { body, mtimeMs: info.mtimeMs, size: body.length });
    staticCacheBytes += body.length;
  } else staticCache.delete(file);
  return body;
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, dist: string): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return send(req, res, 400, "text/plain; charset=utf-8", "malformed path");
  }
  if (decoded.includes("\0")) return send(req, res, 400, "text/plain; charset=utf-8", "malformed path");
  const target = normalize(join(dist, decoded));
  if (target !== dist && !target.startsWith(dist + sep)) return send(req, res, 404, "text/plain; charset=utf-8", "not found");
  let body = target === dist ? undefined : await readStatic(target);
  let file = target;
  if (!body) {
    // Client-side routes (no extension) get the app; missing assets are 404s.
    if (extname(decoded)) return send(req, res, 404, "text/plain; charset=utf-8", "not found");
    file = join(dist, "index.html");
    body = await readStatic(file);
  }
  if (!body) return send(req, res, 404, "text/plain; charset=utf-8", "the front end is not built: run `npm run build`");
  const cache = file.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
  return send(req, res, 200, TYPES[extname(file)] ?? "application/octet-stream", body, { "cache-control": cache });
}

const encodedBodies = new WeakMap<object, { json: Buffer; gzip: Buffer }>();

/** A JSON body that is served many times, serialised and gzipped once (keyed by the object). */
function sendEncoded(req: IncomingMessage, res: ServerResponse, body: object): void {
  let encoded = encodedBodies.get(body);
  if (!encoded) {
    const json = Buffer.from(JSON.stringify(body));
    encoded = { json, gzip: gzipSync(json, { level: 6 }) };
    encodedBodies.set(body, encoded);
  }
  const gzip = acceptsGzip(req);
  const payload = gzip ? encoded.gzip : encoded.json;
  res.writeHead(200, responseHeaders("application/json; charset=utf-8", payload.length, gzip, { "cache-control": "no-store" }));
  responses.end(res, req.method === "HEAD" ? undefined : payload);
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.length;
  const compressible = length > 1024 && /json|text|javascript|svg/.test(type);
  const gzip = compressible && acceptsGzip(req);
  // Strings go out as they are: Node writes the head and a string body in one write, where a
  // Buffer body costs a second (writev) chunk. A string as long in bytes as in characters is
  // ASCII, and is written as latin1: copied, where UTF-8 would be checked character by character.
  const payload = gzip ? gzipSync(body, { level: 6 }) : body;
  const encoding = typeof payload === "string" && length === payload.length ? "latin1" : "utf8";
  res.writeHead(status, responseHeaders(type, gzip ? payload.length : length, gzip, headers));
  responses.end(res, req.method === "HEAD" ? undefined : payload, encoding);
}

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
}

/**
 * A response's headers: the security headers, then `extra`, then the body's type and length.
 * Built by assignment, not by spreading SECURITY_HEADERS into a literal: on Node 20's V8 every
 * object made by `{ ...a, b }` gets a hidden class of its own, so each request allocated one,
 * and these outlived the young generation, pausing every request in flight (issue 6; BENCHMARKS.md).
 */
function responseHeaders(type: string, length: number, gzip: boolean, extra: Readonly<Record<string, string>>): Record<string, string | number> {
  const headers: Record<string, string | number> = Object.assign({}, SECURITY_HEADERS, extra);
  headers["content-type"] = type;
  headers["content-length"] = length;
  if (gzip) {
    headers["content-encoding"] = "gzip";
    headers.vary = "accept-encoding";
  }
  return headers;
}
