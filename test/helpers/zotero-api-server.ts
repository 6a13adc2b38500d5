/**
 * A loopback stand-in for Zotero's local API (the web API v3 that Zotero 7 serves on port 23119):
 * `/api/users/0/items/top` and `/api/users/0/collections` over an invented library (the same
 * FakeLibrary test/helpers/zotero-db.ts writes as a file), paged by `start` and `limit` with
 * `Total-Results` and a `Link` header (first, prev, next, last) written from the request's Host
 * header, as Zotero's server_localAPI.js writes them; trashed items and child items left out as
 * `/items/top` leaves them. Knobs make it misbehave the ways a client must survive.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeCollection, FakeItem, FakeLibrary } from "./zotero-db.ts";

export interface FakeApiOptions {
  /** Answer 403 as Zotero does when "Allow other applications…" is off. */
  disabled?: boolean;
  /** Claim this many results instead of the true count. */
  totalResults?: number;
  /** Make the next link of the first page point here. */
  nextLinkOverride?: string;
  apiVersion?: string;
}

export interface FakeApi {
  base: string;
  requests: string[];
  close: () => Promise<void>;
}

/** A date Zotero stores as "2019-06-00 June 2019", as the API gives it: the typed text, and meta.parsedDate. */
function apiDate(stored: string | undefined): { date?: string; parsed?: string } {
  if (stored === undefined) return {};
  const m = /^(\d{4})-(\d{2})-(\d{2}) (.*)$/.exec(stored);
  if (!m) return { date: stored };
  const parts = [m[1], m[2], m[3]].filter((p, i) => p !== "00" && !(i === 0 && p === "0000")) as string[];
  return { date: m[4] ?? "", ...(parts.length > 0 ? { parsed: parts.join("-") } : {}) };
}

/** One item as the web API's JSON: `{key, version, library, links, meta, data}`. */
export function apiItem(item: FakeItem): unknown {
  const { date, parsed } = apiDate(item.fields?.date);
  const fields = { ...item.fields };
  delete fields.date;
  return {
    key: item.key,
    version: 3,
    library: { type: "user", id: 0, name: "My Library" },
    meta: { creatorSummary: item.creators?.[0]?.last ?? "", ...(parsed ? { parsedDate: parsed } : {}), numChildren: 0 },
    data: {
      key: item.key,
      version: 3,
      itemType: item.itemType,
      ...fields,
      ...(date !== undefined ? { date } : {}),
      creators: (item.creators ?? []).map((c) =>
        c.single ? { creatorType: c.type ?? "author", name: c.single } : { creatorType: c.type ?? "author", firstName: c.first ?? "", lastName: c.last ?? "" },
      ),
      tags: (item.tags ?? []).map((tag) => ({ tag })),
      collections: item.collections ?? [],
      relations: {},
      dateAdded: "2024-03-01T10:20:30Z",
      dateModified: "2024-03-02T10:20:30Z",
      ...(item.deleted ? { deleted: true } : {}),
    },
  };
}

function apiCollection(c: FakeCollection): unknown {
  return {
    key: c.key,
    version: 2,
    meta: { numCollections: 0, numItems: 0 },
    data: { key: c.key, version: 2, name: c.name, parentCollection: c.parent ?? false, relations: {}, ...(c.deleted ? { deleted: true } : {}) },
  };
}

export async function startFakeZoteroApi(library: FakeLibrary, options: FakeApiOptions = {}): Promise<FakeApi> {
  const requests: string[] = [];
  const items = library.items.filter((i) => (i.library ?? "user") === "user" && !i.parent && !i.deleted).map(apiItem);
  const collections = (library.collections ?? []).filter((c) => (c.library ?? "user") === "user").map(apiCollection);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    requests.push(`${url.pathname}${url.search}`);
    const headers: Record<string, string> = { "zotero-api-version": options.apiVersion ?? "3", "zotero-schema-version": "41" };
    if (options.disabled) {
      res.writeHead(403, { ...headers, "content-type": "text/plain" });
      res.end("Local API is not enabled");
      return;
    }
    if (req.headers["zotero-api-version"] !== "3") {
      res.writeHead(501, headers);
      res.end("API version not implemented");
      return;
    }
    const all = url.pathname === "/api/users/0/items/top" ? items : url.pathname === "/api/users/0/collections" ? collections : undefined;
    if (!all) {
      res.writeHead(404, headers);
      res.end("Not found");
      return;
    }
    const start = Math.max(0, Number(url.searchParams.get("start") ?? 0) || 0);
    const limit = Number(url.searchParams.get("limit")) || all.length - start;
    const page = all.slice(start, start + limit);
    const link = (s: number) => {
      const p = new URLSearchParams(url.searchParams);
      if (s > 0) p.set("start", String(s));
      else p.delete("start");
      return `http://${req.headers.host}${url.pathname}?${p.toString()}`;
    };
    const links: string[] = [];
    if (start > 0) links.push(`<${link(0)}>; rel="first"`, `<${link(Math.max(0, start - limit))}>; rel="prev"`);
    if (start + limit < all.length) links.push(`<${start === 0 && options.nextLinkOverride ? options.nextLinkOverride : link(start + limit)}>; rel="next"`);
    links.push(`<${link(Math.max(0, all.length - (all.length % limit || limit)))}>; rel="last"`);
    res.writeHead(200, { ...headers, "content-type": "application/json", "total-results": String(options.totalResults ?? all.length), link: links.join(", ") });
    res.end(JSON.stringify(page, null, 4));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
