/**
 * The write side of named reading lists (issue 4, "editable in the explorer, shareable by link"):
 *   PUT    /api/lists/{name}              create or replace: {"items": [{ref, title?, reason?, note?}], "description"?}
 *   DELETE /api/lists/{name}
 *   POST   /api/lists/{name}/items        append: {"items": [...]} (papers already on the list stay put)
 *   DELETE /api/lists/{name}/items/{ref}
 *   PUT    /api/lists/{name}/order        {"refs": [REF, ...], "to"?: N}: those papers, in that order, from position N (1)
 *   POST   /api/lists/{name}/export       {"format": "md"|"bibtex"|"csl"|"ris"|"json", "items"?: [...]}: the text
 *                                         (the given items, else the saved list), as the CLI's `lists export` writes it
 * The graph stays read-only: lists are user data, written through one writable connection opened on
 * the first write and used for the reading-list tables only (db/reading-lists.ts). Every request
 * must come from the explorer's own origin (403), carry JSON (415) of at most 256 kB (413) that
 * validates (400); a database that cannot be written answers 503.
 */
import type { IncomingHttpHeaders } from "node:http";
import { HttpError } from "./http-error.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { ListError, checkListName, type NewEntry, type StoredReadingList } from "../../db/reading-lists.ts";
import type { GraphSource, LineageGraph } from "../../library/lineage-graph.ts";
import { listJson, resolveEntries, stableRef } from "../../library/saved-lists.ts";
import { renderList } from "../../library/list-formats.ts";
import { LIST_FORMATS, type ListFormat } from "../../api/types.ts";
import { MAX_LIST_BODY_BYTES, MAX_LIST_ITEMS, MAX_LIST_TEXT, MAX_PARAM_LENGTH } from "../../api/limits.ts";

/** Past this much, an oversized body is no longer drained but the connection dropped. */
const MAX_DRAIN = 16 * MAX_LIST_BODY_BYTES;
const MAX_REF = MAX_PARAM_LENGTH;
const MAX_TEXT = MAX_LIST_TEXT;

/** What the HTTP layer needs of a request (an IncomingMessage is one). */
export interface ListsRequest extends AsyncIterable<Buffer | string> {
  method?: string;
  headers: IncomingHttpHeaders;
  destroy?: (error?: Error) => void;
}

export type ListsResponse = { status: number; body: unknown; headers?: Record<string, string> } | { status: number; text: string; type: string; filename: string };

const EXPORT_TYPES: Record<ListFormat, { type: string; extension: string }> = {
  md: { type: "text/markdown; charset=utf-8", extension: "md" },
  bibtex: { type: "application/x-bibtex; charset=utf-8", extension: "bib" },
  csl: { type: "application/vnd.citationstyles.csl+json; charset=utf-8", extension: "csl.json" },
  ris: { type: "application/x-research-info-systems; charset=utf-8", extension: "ris" },
  json: { type: "application/json; charset=utf-8", extension: "json" },
  zotero: { type: "application/x-bibtex; charset=utf-8", extension: "zotero.bib" },
};

/** Whether a request is one this module answers: anything but GET/HEAD under /api/lists. */
export function isListWrite(method: string | undefined, pathname: string): boolean {
  return method !== "GET" && method !== "HEAD" && (pathname === "/api/lists" || pathname.startsWith("/api/lists/"));
}

export interface ListsApiOptions {
  /** The database file the lists are written to (the one the server reads). */
  dbPath: string;
  /** The address the server is bound to: on loopback, a write must name a loopback Host. */
  host?: string;
  /** Opens the writable connection (a seam for tests). */
  openWriter?: (path: string) => LineageDb;
}

export class ListsApi {
  private writer?: LineageDb;

  constructor(
    /** The server's read-only connection: exports of saved lists read through it. */
    private readonly readDb: LineageDb,
    private readonly source: GraphSource,
    private readonly options: ListsApiOptions,
  ) {}

  async handle(req: ListsRequest, pathname: string, query: URLSearchParams): Promise<ListsResponse> {
    try {
      return await this.route(req, pathname, query);
    } catch (err) {
      if (err instanceof HttpError) return { status: err.status, body: { error: err.message }, headers: err.headers };
      if (err instanceof ListError) return { status: /^no list named/.test(err.message) ? 404 : 400, body: { error: err.message } };
      if (isReadOnlyError(err)) return { status: 503, body: { error: this.notWritable(err as Error) } };
      throw err;
    }
  }

  /** The graph references resolve against: the newest, for a live source. */
  private get graph(): LineageGraph {
    return this.source.current();
  }

  close(): void {
    this.writer?.close();
    this.writer = undefined;
  }

  private async route(req: ListsRequest, pathname: string, query: URLSearchParams): Promise<ListsResponse> {
    const m = /^\/api\/lists\/([^/]+)(?:\/(items|order|export)(?:\/([^/]+))?)?$/.exec(pathname);
    const method = req.method ?? "GET";
    const allowed = !m?.[1] ? "" : !m[2] ? "GET, HEAD, PUT, DELETE" : m[2] === "items" ? (m[3] ? "DELETE" : "POST") : m[2] === "order" ? "PUT" : "POST";
    if (pathname === "/api/lists") throw new HttpError(405, `${method.slice(0, 20)} is not allowed here (allowed: GET, HEAD)`, { allow: "GET, HEAD" });
    if (!m?.[1] || (m[2] !== "items" && m[3])) throw new HttpError(404, `no such endpoint: ${pathname.slice(0, 100)}`);
    if (!allowed.split(", ").includes(method)) throw new HttpError(405, `${method.slice(0, 20)} is not allowed here (allowed: ${allowed})`, { allow: allowed });
    checkSameOrigin(req.headers, this.options.host);
    const name = checkListName(decodeSegment(m[1], "list name"));
    const body = method === "PUT" || method === "POST" ? await readJson(req) : undefined;

    if (m[2] === "export") return this.exportList(name, body, query);
    if (!m[2] && method === "PUT") {
      const { items, description } = listBody(body);
      const db = this.db();
      const current = db.lists.get(name);
      db.lists.save(name, this.entries(items, current), { description: description ?? current?.description, spec: current?.spec });
      const created = current === undefined;
      return { status: created ? 201 : 200, body: this.json(name) };
    }
    if (!m[2]) {
      if (!this.db().lists.delete(name)) throw new ListError(`no list named "${name}"`);
      return { status: 200, body: { deleted: name } };
    }
    if (m[2] === "items" && m[3]) {
      const ref = decodeSegment(m[3], "paper reference");
      const list = this.existing(name);
      const removed = this.db().lists.remove(name, [this.storedRef(list, ref, 404)]);
      if (removed.length === 0) throw new HttpError(404, `"${ref.slice(0, 100)}" is not on list "${name}"`);
      return { status: 200, body: this.json(name) };
    }
    if (m[2] === "items") {
      const { items } = listBody(body);
      const result = this.db().lists.add(name, this.entries(items, this.db().lists.get(name)));
      return { status: 200, body: Object.assign({}, result, { list: this.json(name) }) };
    }
    const { refs, to } = orderBody(body);
    const list = this.existing(name);
    this.db().lists.reorder(
      name,
      refs.map((ref) => this.storedRef(list, ref)),
      to,
    );
    return { status: 200, body: this.json(name) };
  }

  /**
   * The writable connection, opened on first use (and retried after a failure, once the file is
   * fixed). A file SQLite can only open read-only fails on the first write instead: see handle().
   */
  private db(): LineageDb {
    if (this.writer) return this.writer;
    try {
      this.writer = (this.options.openWriter ?? ((path) => LineageDb.open(path)))(this.options.dbPath);
    } catch (err) {
      throw new HttpError(503, this.notWritable(err as Error));
    }
    return this.writer;
  }

  private notWritable(err: Error): string {
    return `${this.options.dbPath}: the database cannot be written (${err.message.split("\n")[0]}); reading lists can be viewed but not saved`;
  }

  private existing(name: string): StoredReadingList {
    const list = this.db().lists.get(name);
    if (!list) throw new ListError(`no list named "${name}"`);
    return list;
  }

  private json(name: string) {
    const list = this.db().lists.get(name);
    if (!list) throw new ListError(`no list named "${name}"`);
    return listJson(list, this.graph);
  }

  /** Items as stored: each paper by a reference that survives rebuilds, with a title snapshot. */
  private entries(items: readonly ItemBody[], current: StoredReadingList | undefined): NewEntry[] {
    return items.map((item, k) => {
      const found = this.graph.resolveRef(item.ref);
      if (found.kind === "found") {
        return { paperRef: stableRef(found.paper), title: found.paper.title ?? item.title, reason: item.reason, note: item.note };
      }
      // A paper that has left the graph since it was saved stays on its list under its old reference.
      const kept = current?.entries.find((e) => e.paperRef === item.ref.trim());
      if (kept) return { paperRef: kept.paperRef, title: kept.title ?? item.title, reason: item.reason, note: item.note };
      const why = found.kind === "ambiguous" ? "matches several papers" : "is not a paper in the graph";
      throw new HttpError(400, `items[${k}].ref: "${item.ref.slice(0, 100)}" ${why}`);
    });
  }

  /** The stored reference a REF means: the stored one as given, else the paper it resolves to. */
  private storedRef(list: StoredReadingList, ref: string, status = 400): string {
    const wanted = ref.trim().toLowerCase();
    const exact = list.entries.find((e) => e.paperRef.toLowerCase() === wanted);
    if (exact) return exact.paperRef;
    const found = this.graph.resolveRef(ref);
    if (found.kind === "found") return stableRef(found.paper);
    throw new HttpError(status, `"${ref.slice(0, 100)}" is not on list "${list.name}"`);
  }

  private exportList(name: string, body: unknown, query: URLSearchParams): ListsResponse {
    const fields = isRecord(body) ? body : {};
    const raw = fields.format ?? query.get("format") ?? "md";
    if (typeof raw !== "string" || !(LIST_FORMATS as readonly string[]).includes(raw)) {
      throw new HttpError(400, `format must be one of ${LIST_FORMATS.join(", ")}`);
    }
    const format = raw as ListFormat;
    let list: StoredReadingList;
    if (fields.items !== undefined) {
      const items = itemsOf(fields.items, "items");
      const now = new Date().toISOString();
      const entries = items.map((item, k) => ({ position: k + 1, paperRef: item.ref.trim(), title: item.title, reason: item.reason, note: item.note }));
      list = { name, description: "", items: entries.length, createdAt: now, updatedAt: now, spec: {}, entries };
    } else {
      const stored = this.readDb.lists.get(name);
      if (!stored) throw new ListError(`no list named "${name}"`);
      list = stored;
    }
    const text =
      format === "json"
        ? JSON.stringify(fields.items !== undefined ? { name, items: listJson(list, this.graph).items } : listJson(list, this.graph), null, 2)
        : renderList(list.name, resolveEntries(list, this.graph), format);
    const { type, extension } = EXPORT_TYPES[format];
    return { status: 200, text: text.endsWith("\n") ? text : `${text}\n`, type, filename: `${fileSlug(name)}.${extension}` };
  }
}

/** A file name from a list name: letters, digits and dashes. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "reading-list";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isReadOnlyError(err: unknown): boolean {
  const code = isRecord(err) && typeof err.code === "string" ? err.code : "";
  return /^SQLITE_(READONLY|CANTOPEN|PERM|BUSY|LOCKED)/.test(code);
}

function decodeSegment(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `${what} is not valid URL encoding`);
  }
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * A write must come from the explorer's own pages: a browser's cross-site (or same-site, another
 * port) request is refused by `Sec-Fetch-Site`, an `Origin` other than this server's is refused,
 * and on a loopback address the Host must be a loopback name (no DNS rebinding).
 */
export function checkSameOrigin(headers: IncomingHttpHeaders, boundHost = "127.0.0.1"): void {
  const site = headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") {
    throw new HttpError(403, `lists can only be changed from the explorer's own pages (Sec-Fetch-Site: ${site.slice(0, 30)})`);
  }
  const host = headers.host ?? "";
  const origin = headers.origin;
  if (origin !== undefined) {
    let originHost = "";
    try {
      const parsed = new URL(origin);
      originHost = parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.host : "";
    } catch {
      originHost = "";
    }
    if (!originHost || originHost.toLowerCase() !== host.toLowerCase()) {
      throw new HttpError(403, `lists can only be changed from the explorer's own pages (Origin ${origin.slice(0, 100)})`);
    }
  }
  const loopbackBound = boundHost === "localhost" || boundHost === "::1" || boundHost.startsWith("127.");
  if (loopbackBound && !LOOPBACK.test(host)) throw new HttpError(403, `unexpected Host ${host.slice(0, 100)} for a server on ${boundHost}`);
}

/** The body as JSON: `Content-Type: application/json`, at most MAX_LIST_BODY_BYTES bytes. */
async function readJson(req: ListsRequest): Promise<unknown> {
  const type = String(req.headers["content-type"] ?? "");
  if (!/^application\/json\s*(?:;|$)/i.test(type)) {
    throw new HttpError(415, `send the body as Content-Type: application/json (got ${type.slice(0, 60) || "none"})`);
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size <= MAX_LIST_BODY_BYTES) chunks.push(buf);
    else if (size > MAX_DRAIN) {
      req.destroy?.();
      break;
    }
  }
  if (size > MAX_LIST_BODY_BYTES || declared > MAX_LIST_BODY_BYTES) {
    throw new HttpError(413, `the body is larger than ${MAX_LIST_BODY_BYTES / 1024} kB`, { connection: "close" });
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) throw new HttpError(400, "the body is empty; send JSON");
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new HttpError(400, `the body is not valid JSON (${(err as Error).message.slice(0, 120)})`);
  }
}

interface ItemBody {
  ref: string;
  title: string | null;
  reason: string;
  note: string;
}

function text(value: unknown, where: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new HttpError(400, `${where} must be a string`);
  if (value.length > max) throw new HttpError(400, `${where} is longer than ${max} characters`);
  return value;
}

function itemsOf(value: unknown, where: string): ItemBody[] {
  if (!Array.isArray(value)) throw new HttpError(400, `${where} must be an array of {ref, title?, reason?, note?}`);
  if (value.length > MAX_LIST_ITEMS) throw new HttpError(400, `${where} holds more than ${MAX_LIST_ITEMS} papers`);
  return value.map((raw, k) => {
    const at = `${where}[${k}]`;
    if (!isRecord(raw)) throw new HttpError(400, `${at} must be an object with a ref`);
    const ref = text(raw.ref, `${at}.ref`, MAX_REF)?.trim();
    if (!ref) throw new HttpError(400, `${at}.ref is missing`);
    return {
      ref,
      title: text(raw.title, `${at}.title`, MAX_TEXT) ?? null,
      reason: text(raw.reason, `${at}.reason`, MAX_TEXT) ?? "",
      note: text(raw.note, `${at}.note`, MAX_TEXT) ?? "",
    };
  });
}

/** `{"items": [...], "description"?: "..."}`, or the bare array of items. */
function listBody(body: unknown): { items: ItemBody[]; description?: string } {
  if (Array.isArray(body)) return { items: itemsOf(body, "items") };
  if (!isRecord(body)) throw new HttpError(400, 'send {"items": [{"ref": "..."}, ...]}');
  return { items: itemsOf(body.items, "items"), description: text(body.description, "description", MAX_TEXT) };
}

/** `{"refs": [...], "to"?: N}`, or the bare array of refs. */
function orderBody(body: unknown): { refs: string[]; to: number } {
  const fields = Array.isArray(body) ? { refs: body } : isRecord(body) ? body : null;
  if (!fields || !Array.isArray(fields.refs) || fields.refs.length === 0) throw new HttpError(400, 'send {"refs": ["REF", ...]} in the new order');
  if (fields.refs.length > MAX_LIST_ITEMS) throw new HttpError(400, `refs holds more than ${MAX_LIST_ITEMS} papers`);
  const refs = fields.refs.map((r, k) => {
    const ref = text(r, `refs[${k}]`, MAX_REF)?.trim();
    if (!ref) throw new HttpError(400, `refs[${k}] is empty`);
    return ref;
  });
  const to = fields.to ?? 1;
  if (typeof to !== "number" || !Number.isInteger(to) || to < 1 || to > MAX_LIST_ITEMS) throw new HttpError(400, `to must be a whole number from 1 to ${MAX_LIST_ITEMS}`);
  return { refs, to };
}
