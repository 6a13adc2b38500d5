/**
 * Replays recorded API exchanges (the cassettes in test/fixtures/sources) from a local server,
 * so `lineage fetch` is tested against answers in the shapes Semantic Scholar and OpenAlex give
 * without reaching them. A request matches a recording by method, path and `offset` (other query
 * parameters, like `fields`, are ignored); anything unrecorded gets a 404, as the API would for an
 * unknown paper. Extra routes add responses saved outside cassettes (a saved S2 paper record).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { parseCassette, type Exchange } from "../../ingest/sources/cassette.ts";

export interface ReplayServer {
  origin: string;
  requests: { method: string; path: string; offset: string | null }[];
  close: () => Promise<void>;
}

function key(method: string, url: URL): string {
  const offset = url.searchParams.get("offset");
  return `${method} ${decodeURIComponent(url.pathname)}${offset && offset !== "0" ? `@${offset}` : ""}`;
}

export function loadCassette(path: string): Exchange[] {
  const parsed = parseCassette(readFileSync(path, "utf8"));
  if ("reason" in parsed) throw new Error(`${path}: ${parsed.reason}`);
  return parsed.exchanges;
}

export async function startReplay(exchanges: Exchange[], extra: Record<string, string> = {}): Promise<ReplayServer> {
  const recorded = new Map<string, Exchange>();
  for (const e of exchanges) recorded.set(key(e.method, new URL(e.url)), e);
  for (const [path, body] of Object.entries(extra)) recorded.set(`GET ${path}`, { method: "GET", url: `http://x${path}`, status: 200, contentType: "application/json", body });
  const requests: ReplayServer["requests"] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method ?? "GET", path: decodeURIComponent(url.pathname), offset: url.searchParams.get("offset") });
    const hit = recorded.get(key(req.method ?? "GET", url));
    if (!hit) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not recorded" }));
      return;
    }
    res.writeHead(hit.status, { "content-type": hit.contentType ?? "application/json" });
    res.end(hit.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
