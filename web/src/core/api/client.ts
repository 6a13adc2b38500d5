/**
 * The only module that talks to the Lineage HTTP API: one function per endpoint, each taking an
 * AbortSignal, each failing with an `ApiError` whose one-line message names the URL and the reason.
 */
import type {
  CitationDirection,
  ClosureResponse,
  DirectionSummary,
  ExportedFile,
  GraphFilters,
  ListFormat,
  MainPathResponse,
  PathMode,
  PathResponse,
  PaperDetail,
  ReadingListResponse,
  SavedList,
  SavedListSummary,
  SearchResponse,
  SerializedCitationGraph,
} from "./types.ts";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return readJson<T>(url, await request(url, { signal, headers: { Accept: "application/json" } }));
}

/** A write (PUT, POST, DELETE) with a JSON body; the server only takes them from this origin. */
async function sendJson<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const init: RequestInit = { method, signal, headers, credentials: "same-origin" };
  if (body !== undefined) init.body = JSON.stringify(body);
  return readJson<T>(url, await request(url, init));
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError(`${url}: the Lineage server did not answer (${(err as Error).message})`, 0);
  }
}

async function readJson<T>(url: string, response: Response): Promise<T> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    if (response.ok) throw new ApiError(`${url}: the server answered ${response.status} without JSON`, response.status);
  }
  if (!response.ok) {
    const reason = isRecord(body) && typeof body.error === "string" ? body.error : response.statusText || "request failed";
    throw new ApiError(`${reason} (${response.status} from ${url})`, response.status, body);
  }
  return body as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException ? err.name === "AbortError" : isRecord(err) && err.name === "AbortError";
}

export function graphUrl(filters: GraphFilters): string {
  const params = new URLSearchParams();
  if (filters.direction) params.set("direction", filters.direction);
  if (filters.minYear !== null) params.set("minYear", String(filters.minYear));
  if (filters.maxYear !== null) params.set("maxYear", String(filters.maxYear));
  if (filters.hideStubs) params.set("hideStubs", "1");
  const query = params.toString();
  return `/api/graph${query ? `?${query}` : ""}`;
}

export function fetchGraph(filters: GraphFilters, signal?: AbortSignal): Promise<SerializedCitationGraph> {
  return getJson(graphUrl(filters), signal);
}

export function fetchDirections(signal?: AbortSignal): Promise<DirectionSummary[]> {
  return getJson("/api/directions", signal);
}

export function searchPapers(query: string, limit: number, signal?: AbortSignal): Promise<SearchResponse> {
  return getJson(`/api/search?${new URLSearchParams({ q: query, limit: String(limit) })}`, signal);
}

export function paperUrl(ref: string): string {
  return `/api/papers/${encodeURIComponent(ref)}`;
}

export function fetchPaper(ref: string, signal?: AbortSignal): Promise<PaperDetail> {
  return getJson(paperUrl(ref), signal);
}

export function fetchClosure(ref: string, direction: CitationDirection, depth: number, signal?: AbortSignal): Promise<ClosureResponse> {
  const segment = direction === "buildsOn" ? "builds-on" : "built-by";
  return getJson(`${paperUrl(ref)}/${segment}?depth=${depth}`, signal);
}

export function fetchPath(from: string, to: string, mode: PathMode, signal?: AbortSignal): Promise<PathResponse> {
  return getJson(`/api/path?${new URLSearchParams({ from, to, mode })}`, signal);
}

export interface MainPathQuery {
  seeds: readonly string[];
  direction: string | null;
  keyRoutes: number;
}

export function mainPathUrl({ seeds, direction, keyRoutes }: MainPathQuery): string {
  const params = new URLSearchParams();
  for (const seed of seeds) params.append("seed", seed);
  if (direction) params.set("direction", direction);
  if (keyRoutes > 0) params.set("keyRoute", String(keyRoutes));
  const query = params.toString();
  return `/api/main-path${query ? `?${query}` : ""}`;
}

export function fetchMainPath(query: MainPathQuery, signal?: AbortSignal): Promise<MainPathResponse> {
  return getJson(mainPathUrl(query), signal);
}

export interface ReadingListQuery {
  seeds: readonly string[];
  direction: string | null;
  limit: number;
}

export function fetchReadingList({ seeds, direction, limit }: ReadingListQuery, signal?: AbortSignal): Promise<ReadingListResponse> {
  const params = new URLSearchParams();
  for (const seed of seeds) params.append("seed", seed);
  if (direction) params.set("direction", direction);
  params.set("limit", String(limit));
  return getJson(`/api/reading-list?${params}`, signal);
}

export function listUrl(name: string): string {
  return `/api/lists/${encodeURIComponent(name)}`;
}

export function fetchSavedLists(signal?: AbortSignal): Promise<SavedListSummary[]> {
  return getJson("/api/lists", signal);
}

export function fetchSavedList(name: string, signal?: AbortSignal): Promise<SavedList> {
  return getJson(listUrl(name), signal);
}

/** What a list is saved from: each paper by a reference the server resolves, with its reason. */
export interface ListItemInput {
  ref: string;
  title?: string | null;
  reason?: string;
  note?: string;
}

/** Creates or replaces the list called `name`. */
export function saveList(name: string, items: readonly ListItemInput[], signal?: AbortSignal): Promise<SavedList> {
  return sendJson("PUT", listUrl(name), { items }, signal);
}

export function deleteList(name: string, signal?: AbortSignal): Promise<{ deleted: string }> {
  return sendJson("DELETE", listUrl(name), undefined, signal);
}

/** The items rendered as `format` by the server (citation-js for BibTeX, CSL-JSON and RIS). */
export async function exportList(name: string, format: ListFormat, items: readonly ListItemInput[], signal?: AbortSignal): Promise<ExportedFile> {
  const url = `${listUrl(name)}/export`;
  const response = await request(url, {
    method: "POST",
    signal,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ format, items }),
  });
  if (!response.ok) return readJson(url, response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `reading-list.${format}`;
  return { filename, type: response.headers.get("content-type") ?? "text/plain", text: await response.text() };
}
