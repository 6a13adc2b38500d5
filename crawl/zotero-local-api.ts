/**
 * Zotero's local API (Zotero 7 and later: the web API v3, served by the desktop app at
 * `http://localhost:23119/api/`, read-only without a key) as a source of the same library the
 * file gives: the personal library's top-level items (`/api/users/0/items/top`) and its
 * collections (`/api/users/0/collections`), each read page by page, following the `Link`
 * header's `rel="next"` and checking the count against `Total-Results`, for users who would
 * rather not touch the file. Loopback only: the base must be localhost, 127.0.0.1 or [::1],
 * every request connects to that address and nothing else, and a `next` link elsewhere is
 * refused. Each page is bounded in time and size, the whole read in pages.
 */
import { httpFetch } from "./http-request.ts";
import { cleanLine } from "../vocabulary/clean-text.ts";
import { collectionsFromApi, itemsFromApi, type ApiPage } from "../ingest/sources/zotero-api-json.ts";
import { noneSkipped, type ZoteroLibrary } from "../ingest/sources/zotero-items.ts";

export const DEFAULT_ZOTERO_API = "http://127.0.0.1:23119";
/** The API version asked for and read (`Zotero-API-Version`). */
export const ZOTERO_API_VERSION = "3";

export interface LocalApiOptions {
  /** Items per page asked for (the web API's `limit`; the local API has no maximum). */
  pageSize?: number;
  /** Pages read at most, items and collections together. */
  maxPages?: number;
  timeoutMs?: number;
  /** Per page. */
  maxBytes?: number;
  /** Told after each page: items or collections read so far, and Total-Results. */
  onPage?: (what: "items" | "collections", read: number, total: number | null) => void;
}

export class ZoteroApiError extends Error {}

export interface LocalApiRead {
  library: ZoteroLibrary;
  /** The global schema version the server reports (`Zotero-Schema-Version`). */
  schemaVersion: number | null;
  warnings: string[];
}

const LOOPBACK: Record<string, { address: string; family: 4 | 6 }> = {
  localhost: { address: "127.0.0.1", family: 4 },
  "127.0.0.1": { address: "127.0.0.1", family: 4 },
  "[::1]": { address: "::1", family: 6 },
};

/** The API's base URL, checked to be a loopback http URL. */
export function localApiBase(raw: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    throw new ZoteroApiError(`${raw}: not a URL of Zotero's local API (e.g. ${DEFAULT_ZOTERO_API})`);
  }
  if (url.protocol !== "http:" || !LOOPBACK[url.hostname]) {
    throw new ZoteroApiError(`${raw}: Zotero's local API is read on this computer only (http://localhost, 127.0.0.1 or [::1])`);
  }
  url.pathname = url.pathname.replace(/\/+$/, "").replace(/\/api$/, "");
  url.search = "";
  url.hash = "";
  return url;
}

/** The `rel="next"` URL of a `Link` header, if any. */
export function nextLink(link: string | undefined): string | undefined {
  for (const part of (link ?? "").split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (m?.[1] && /\brel\s*=\s*"?next"?/i.test(m[2] ?? "")) return m[1];
  }
  return undefined;
}

/** Reads the personal library through the local API at `base`. */
export async function readLocalApi(base: string, options: LocalApiOptions = {}): Promise<LocalApiRead> {
  const root = localApiBase(base);
  const pageSize = options.pageSize ?? 100;
  const budget = { pages: options.maxPages ?? 2_000 };
  const warnings: string[] = [];
  const skipped = noneSkipped();
  const origin = new URL("/api/users/0/items/top", root).toString();
  const items = await readPaged(root, `/api/users/0/items/top?format=json&limit=${pageSize}`, (body) => itemsFromApi(body, skipped), "items", budget, options, warnings);
  const collections = await readPaged(root, `/api/users/0/collections?format=json&limit=${pageSize}`, collectionsFromApi, "collections", budget, options, warnings);
  const library: ZoteroLibrary = { origin, items: items.values, collections: collections.values, skipped };
  return { library, schemaVersion: items.schemaVersion, warnings };
}

async function readPaged<T>(
  root: URL,
  first: string,
  read: (body: unknown) => ApiPage<T>,
  what: "items" | "collections",
  budget: { pages: number },
  options: LocalApiOptions,
  warnings: string[],
): Promise<{ values: T[]; schemaVersion: number | null }> {
  const values: T[] = [];
  const seen = new Set<string>();
  let url: string | undefined = new URL(first, root).toString();
  let total: number | null = null;
  let received = 0;
  let schemaVersion: number | null = null;
  while (url) {
    if (seen.has(url)) {
      warnings.push(`${url}: the API's next link points back to a page already read; stopped there`);
      break;
    }
    if (budget.pages-- <= 0) throw new ZoteroApiError(`${url}: the local API gave more pages than the ${options.maxPages ?? 2_000} allowed; stopped`);
    seen.add(url);
    const page = await getJson(url, root, options);
    if (page.total !== null) total = page.total;
    schemaVersion ??= page.schemaVersion;
    received += Array.isArray(page.body) ? page.body.length : 0;
    const parsed = read(page.body);
    values.push(...parsed.values);
    for (const p of parsed.problems.slice(0, 20)) warnings.push(`${url}: ${p}`);
    if (parsed.problems.length > 20) warnings.push(`${url}: ${parsed.problems.length - 20} more objects could not be read`);
    options.onPage?.(what, received, total);
    const next = nextLink(page.link);
    url = next ? sameServer(next, root) : undefined;
  }
  if (total !== null && received !== total) warnings.push(`the local API reported ${total} ${what} (Total-Results) and gave ${received}`);
  return { values, schemaVersion };
}

/** A next link resolved against the base, refused unless it is the same loopback server. */
function sameServer(link: string, root: URL): string {
  let url: URL;
  try {
    url = new URL(link, root);
  } catch {
    throw new ZoteroApiError(`${link}: the local API's next link is not a URL`);
  }
  // The server writes its links from the Host header it was sent: "localhost" and 127.0.0.1 are one.
  const host = (h: string) => LOOPBACK[h]?.address ?? h;
  if (url.protocol !== root.protocol || host(url.hostname) !== host(root.hostname) || url.port !== root.port || !url.pathname.startsWith("/api/")) {
    throw new ZoteroApiError(`${link}: the local API's next link leaves ${root.origin}; not followed`);
  }
  url.hostname = root.hostname;
  return url.toString();
}

async function getJson(url: string, root: URL, options: LocalApiOptions): Promise<{ body: unknown; link: string | undefined; total: number | null; schemaVersion: number | null }> {
  const target = LOOPBACK[root.hostname];
  const result = await httpFetch({
    url,
    headers: { accept: "application/json", "zotero-api-version": ZOTERO_API_VERSION, "user-agent": "Lineage/0.1" },
    timeoutMs: options.timeoutMs ?? 30_000,
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    ...(target ? { connectTo: [target] } : {}),
  });
  if (result.kind === "error") {
    const hint = /refused/.test(result.message) ? `; is Zotero running, with "Allow other applications on this computer to communicate with Zotero" on (Settings → Advanced)?` : "";
    throw new ZoteroApiError(`${url}: ${result.message}${hint}`);
  }
  const text = result.body.toString("utf8");
  if (result.status === 403) {
    throw new ZoteroApiError(`${url}: 403 ${oneLine(text)}: turn on "Allow other applications on this computer to communicate with Zotero" in Zotero's Settings → Advanced`);
  }
  if (result.status !== 200) throw new ZoteroApiError(`${url}: HTTP ${result.status} ${oneLine(text)}`);
  const version = result.headers["zotero-api-version"];
  if (version !== undefined && version !== ZOTERO_API_VERSION) throw new ZoteroApiError(`${url}: the local API speaks version ${version}; Lineage reads version ${ZOTERO_API_VERSION}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new ZoteroApiError(`${url}: not JSON (${(err as Error).message})`);
  }
  const total = Number(result.headers["total-results"]);
  const schema = Number(result.headers["zotero-schema-version"]);
  return { body, link: result.headers.link, total: Number.isInteger(total) && total >= 0 ? total : null, schemaVersion: Number.isInteger(schema) ? schema : null };
}

function oneLine(text: string): string {
  return cleanLine(text).slice(0, 200);
}
