/**
 * A local HTTP server (127.0.0.1, port 0) for crawl tests: serves a site's pages and, on chosen
 * paths, misbehaves the ways real servers do (5xx that recover, 429 with Retry-After, a response
 * that never comes, redirect loops, a 30 MB body, an image, robots.txt rules). It logs every
 * request (path, time, headers) and counts the responses it completed, for server-side asserts.
 * The time is read from the clock it is given: a test can share a fake one with the crawler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoggedRequest {
  path: string;
  at: number;
  headers: IncomingMessage["headers"];
}

export type Route = (req: IncomingMessage, res: ServerResponse, nth: number) => void;

export interface FaultServer {
  origin: string;
  port: number;
  requests: LoggedRequest[];
  /** Responses completed (res 'finish') per path. */
  served: Map<string, number>;
  /** Body bytes written per path, for the streaming limit. */
  written: Map<string, number>;
  route: (path: string, handler: Route) => void;
  hits: (path: string) => number;
  close: () => Promise<void>;
}

export function sendPage(res: ServerResponse, body: string, type = "text/html; charset=utf-8", extra: Record<string, string> = {}): void {
  res.writeHead(200, { "content-type": type, "content-length": String(Buffer.byteLength(body)), ...extra });
  res.end(body);
}

export async function startFaultServer(now: () => number = Date.now): Promise<FaultServer> {
  const routes = new Map<string, Route>();
  const requests: LoggedRequest[] = [];
  const served = new Map<string, number>();
  const written = new Map<string, number>();
  const nth = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push({ path, at: now(), headers: req.headers });
    const n = (nth.get(path) ?? 0) + 1;
    nth.set(path, n);
    res.on("finish", () => served.set(path, (served.get(path) ?? 0) + 1));
    const origWrite = res.write.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      written.set(path, (written.get(path) ?? 0) + (typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Buffer).length));
      return (origWrite as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    const handler = routes.get(path);
    if (handler) handler(req, res, n);
    else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    served,
    written,
    route: (path, handler) => routes.set(path, handler),
    hits: (path) => requests.filter((r) => r.path === path).length,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Streams `total` bytes of HTML-looking filler in 64 kB chunks, honouring backpressure, without a
 * Content-Length (chunked), so only a streaming limit can stop it early.
 */
export function streamHuge(res: ServerResponse, total: number): void {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const chunk = Buffer.alloc(64 * 1024, "<p>lorem ipsum</p>\n");
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      if (res.destroyed) return;
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += piece.length;
      if (!res.write(piece)) {
        res.once("drain", pump);
        return;
      }
    }
    res.end();
  };
  res.on("close", () => res.removeAllListeners("drain"));
  pump();
}
