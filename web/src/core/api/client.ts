/**
 * The only module that talks to the Lineage HTTP API: one function per endpoint, each taking an
 * AbortSignal, each failing with an `ApiError` whose one-line message names the URL and the reason.
 * URLs and answer types come from api/endpoints.ts, which the server reads requests with.
 * Every collection request names the collection the explorer shows (`?collection=NAME`, added
 * here to each URL, never at a call site); with none chosen the server answers its default.
 */
import { endpointUrl, listPath, type Answer, type Endpoint, type Params } from "../../../../api/endpoints.ts";
import type { CitationDirection, GraphFilters, ListFormat, ListItemInput, PathMode, SavedList } from "../../../../api/types.ts";
import type { ExportedFile } from "./types.ts";

export type { ListItemInput };

/** The collection the explorer shows, set by it (views/ExplorerPage.tsx); null for the server's default. */
let collection: string | null = null;

export function setCollection(name: string | null): void {
  collection = name;
}

export function currentCollection(): string | null {
  return collection;
}

/** A collection request's URL, naming the current collection when one is chosen. */
export function inCollection(url: string): string {
  if (collection === null) return url;
  return `${url}${url.includes("?") ? "&" : "?"}collection=${encodeURIComponent(collection)}`;
}

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

/** A GET of a server-wide resource (collections, jobs: server-client.ts). */
export function getServerJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return getJson<T>(url, signal);
}

/** A write of a server-wide resource (building a collection, cancelling a job: server-client.ts). */
export function sendServerJson<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return sendJson<T>(method, url, body, signal);
}

/** A read endpoint's answer, from the URL api/endpoints.ts writes for it. */
function get<E extends Endpoint>(endpoint: E, params: Params<E>, signal?: AbortSignal): Promise<Answer<E>> {
  return getJson<Answer<E>>(inCollection(endpointUrl(endpoint, params)), signal);
}

export function graphUrl(filters: GraphFilters): string {
  return inCollection(endpointUrl("graph", filters));
}

export function fetchGraph(filters: GraphFilters, signal?: AbortSignal) {
  return get("graph", filters, signal);
}

export function fetchDirections(signal?: AbortSignal) {
  return get("directions", {}, signal);
}

export function searchPapers(query: string, limit: number, signal?: AbortSignal) {
  return get("search", { q: query, limit }, signal);
}

export function fetchPaper(ref: string, signal?: AbortSignal) {
  return get("paper", { ref }, signal);
}

export function fetchClosure(ref: string, direction: CitationDirection, depth: number, signal?: AbortSignal) {
  return get("closure", { ref, direction, depth }, signal);
}

export function fetchSimilar(ref: string, limit: number, signal?: AbortSignal) {
  return get("similar", { ref, limit }, signal);
}

export function fetchPath(from: string, to: string, mode: PathMode, signal?: AbortSignal) {
  return get("path", { from, to, mode }, signal);
}

export type MainPathQuery = Params<"mainPath">;

export function mainPathUrl(query: MainPathQuery): string {
  return inCollection(endpointUrl("mainPath", query));
}

export function fetchMainPath(query: MainPathQuery, signal?: AbortSignal) {
  return get("mainPath", query, signal);
}

export type ReadingListQuery = Omit<Params<"readingList">, "includeSeeds">;

export function fetchReadingList(query: ReadingListQuery, signal?: AbortSignal) {
  return get("readingList", { ...query, includeSeeds: false }, signal);
}

/** The researcher's library in this map (its collections, the papers it holds). */
export function fetchLibrary(signal?: AbortSignal) {
  return get("library", {}, signal);
}

export function fetchLibraryMissing(query: Params<"libraryMissing">, signal?: AbortSignal) {
  return get("libraryMissing", query, signal);
}

export function fetchCollectionReadingList(collection: string, limit: number, signal?: AbortSignal) {
  return get("libraryReadingList", { collection, limit }, signal);
}

export function fetchSavedLists(signal?: AbortSignal) {
  return get("lists", {}, signal);
}

export function fetchSavedList(name: string, signal?: AbortSignal) {
  return get("list", { name }, signal);
}

/** Creates or replaces the list called `name`. */
export function saveList(name: string, items: readonly ListItemInput[], signal?: AbortSignal): Promise<SavedList> {
  return sendJson("PUT", inCollection(listPath(name)), { items }, signal);
}

export function deleteList(name: string, signal?: AbortSignal): Promise<{ deleted: string }> {
  return sendJson("DELETE", inCollection(listPath(name)), undefined, signal);
}

/** The items rendered as `format` by the server (citation-js for BibTeX, CSL-JSON and RIS). */
export async function exportList(name: string, format: ListFormat, items: readonly ListItemInput[], signal?: AbortSignal): Promise<ExportedFile> {
  const url = inCollection(`${listPath(name)}/export`);
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
