/**
 * The built front end (dist/) served from memory while its files are unchanged: never a file
 * outside dist/, client-side routes get the app, missing assets are 404s, hashed assets are
 * cached for a year and the page itself revalidated.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readFile } from "node:fs/promises";
import { statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { send } from "./responses.ts";

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

export async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, dist: string): Promise<void> {
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
