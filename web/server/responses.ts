/**
 * How the server's answers are written: the security headers every response carries (with a
 * Content-Security-Policy), gzip when the client takes it and the body is worth it, and answers
 * written together at the end of each turn of the event loop (web/server/response-batch.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { ResponseBatch } from "./response-batch.ts";

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

export const JSON_TYPE = "application/json; charset=utf-8";

/** A JSON answer: its status, its body, and any extra headers. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJsonText(req, res, status, JSON.stringify(body), headers);
}

/** A JSON answer whose text is in hand (web/server/closure-text.ts). */
export function sendJsonText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  send(req, res, status, JSON_TYPE, text, Object.assign({ "cache-control": "no-store" }, headers));
}

/** An answer encoded beforehand (a long request's, from the worker or the answer cache). */
export function sendBuffers(req: IncomingMessage, res: ServerResponse, status: number, json: Buffer, gzipped: Buffer | null): void {
  const gzip = gzipped !== null && acceptsGzip(req);
  const payload = gzip ? gzipped : json;
  res.writeHead(status, responseHeaders(JSON_TYPE, payload.length, gzip, { "cache-control": "no-store" }));
  responses.end(res, req.method === "HEAD" ? undefined : payload);
}

export function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
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

export function acceptsGzip(req: IncomingMessage): boolean {
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
