/**
 * One HTTP request, nothing more: no redirects followed, no retries. The whole exchange runs under
 * one deadline; the body is streamed and abandoned as soon as it passes the size limit (the limit
 * applies after gzip decoding, so a small compressed body cannot expand without bound); a caller
 * can decline a body from its status and headers (a redirect, an image) without reading it.
 * Given the addresses its caller checked (`connectTo`), it connects to those and nothing else:
 * the name is not looked up again between the check and the connection.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { createGunzip, createInflate } from "node:zlib";
import type { Readable } from "node:stream";
import { formatBytes } from "../ingest/decode.ts";

export interface HttpRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  /** Whether to read the body of this response; declined bodies come back empty. */
  wantBody?: (status: number, headers: Record<string, string>) => boolean;
  /** The only addresses to connect to for the URL's host name (the Host header and TLS name stay the URL's). */
  connectTo?: readonly { address: string; family: 4 | 6 }[];
}

export type HttpResult =
  { kind: "response"; status: number; headers: Record<string, string>; body: Buffer; bodyRead: boolean } | { kind: "error"; error: "timeout" | "too-large" | "network"; message: string };

/** A resolver that answers every question with the given addresses, as `net.connect` asks it. */
function pinnedLookup(addresses: readonly { address: string; family: 4 | 6 }[]): LookupFunction {
  return (_hostname, options, callback) => {
    const list = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const first = list[0];
    if (!first) callback(Object.assign(new Error("no checked address of the family asked for"), { code: "ENOTFOUND" }), "", 0);
    else if (options.all)
      callback(
        null,
        list.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, first.address, first.family);
  };
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

export function httpFetch(req: HttpRequest): Promise<HttpResult> {
  return new Promise((resolve) => {
    let settled = false;
    const controller = new AbortController();
    const finish = (result: HttpResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish({ kind: "error", error: "timeout", message: `no complete response within ${(req.timeoutMs / 1000).toFixed(1)} s (--timeout)` });
      controller.abort();
    }, req.timeoutMs);
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      finish({ kind: "error", error: "network", message: "not a valid URL" });
      return;
    }
    const send = url.protocol === "https:" ? httpsRequest : url.protocol === "http:" ? httpRequest : undefined;
    if (!send) {
      finish({ kind: "error", error: "network", message: `unsupported protocol ${url.protocol}` });
      return;
    }
    const headers: Record<string, string> = { "accept-encoding": "gzip, deflate", ...req.headers };
    if (req.body !== undefined) headers["content-length"] = String(Buffer.byteLength(req.body));
    const options = { method: req.method ?? "GET", headers, signal: controller.signal, agent: false as const };
    const client = send(url, req.connectTo ? Object.assign(options, { lookup: pinnedLookup(req.connectTo) }) : options, (res) => {
      const status = res.statusCode ?? 0;
      const resHeaders = flatHeaders(res);
      if (req.wantBody && !req.wantBody(status, resHeaders)) {
        res.destroy();
        finish({ kind: "response", status, headers: resHeaders, body: Buffer.alloc(0), bodyRead: false });
        controller.abort();
        return;
      }
      const declared = Number(resHeaders["content-length"]);
      const encoding = resHeaders["content-encoding"]?.toLowerCase();
      if (!encoding && Number.isFinite(declared) && declared > req.maxBytes) {
        finish(tooLarge(req.maxBytes, declared));
        controller.abort();
        return;
      }
      let stream: Readable = res;
      if (encoding === "gzip" || encoding === "x-gzip") stream = res.pipe(createGunzip());
      else if (encoding === "deflate") stream = res.pipe(createInflate());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > req.maxBytes) {
          finish(tooLarge(req.maxBytes));
          controller.abort();
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      stream.on("end", () => finish({ kind: "response", status, headers: resHeaders, body: Buffer.concat(chunks), bodyRead: true }));
      stream.on("error", (err: Error) => finish({ kind: "error", error: "network", message: `response broke off (${describe(err)})` }));
      res.on("aborted", () => finish({ kind: "error", error: "network", message: "response broke off" }));
    });
    client.on("error", (err: Error) => finish({ kind: "error", error: "network", message: describe(err) }));
    if (req.body !== undefined) client.write(req.body);
    client.end();
  });
}

function tooLarge(limit: number, declared?: number): HttpResult {
  const size = declared !== undefined ? `is ${formatBytes(declared)}` : "goes on";
  return { kind: "error", error: "too-large", message: `response ${size}, over the ${formatBytes(limit)} limit (--max-bytes); stopped reading` };
}

function describe(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET") return "connection reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  return code ? `${code}: ${err.message}` : err.message;
}
