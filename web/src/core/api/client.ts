/**
 * The only module that talks to the Lineage HTTP API: one function per endpoint, each taking an
 * AbortSignal, each failing with an `ApiError` whose one-line message names the URL and the reason.
 * Every request is made by `call` from the route table (api/endpoints.ts, which the server reads
 * requests with): its method, its URL, its body, its answer's type; no URL is written by hand.
 * Every collection request names the collection the explorer shows (`?collection=NAME`, added
 * here to each URL, never at a call site); with none chosen the server answers its default.
 * grow-client.ts and server-client.ts make their requests through `call` too.
 */
import { ENDPOINTS, endpointUrl, type Answer, type Endpoint, type Params, type Sent } from "../../../../api/endpoints.ts";
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

/**
 * A route's request as the table declares it: its URL (in the current collection, for a
 * collection's route), its method, and for a write its body as JSON, from this origin only.
 */
export async function call<E extends Endpoint>(endpoint: E, params: Params<E>, body?: Sent<E>, signal?: AbortSignal): Promise<Answer<E>> {
  const url = urlOf(endpoint, params);
  const { method } = ENDPOINTS[endpoint];
  const headers: Record<string, string> = { Accept: "application/json" };
  const init: RequestInit = { signal, headers };
  if (method !== "GET") {
    init.method = method;
    init.credentials = "same-origin";
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
  }
  return readJson<Answer<E>>(url, await request(url, init));
}

function urlOf<E extends Endpoint>(endpoint: E, params: Params<E>): string {
  const url = endpointUrl(endpoint, params);
  return ENDPOINTS[endpoint].scope === "collection" ? inCollection(url) : url;
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

function get<E extends Endpoint>(endpoint: E, params: Params<E>, signal?: AbortSignal): Promise<Answer<E>> {
  return call(endpoint, params, undefined, signal);
}

export function graphUrl(filters: GraphFilters): string {
  return urlOf("graph", filters);
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
  return urlOf("mainPath", query);
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

/** What cites the library (or one of its collections, `libraryCollection`) that it lacks. */
export function fetchLibraryMissing(query: Params<"libraryMissing">, signal?: AbortSignal) {
  return get("libraryMissing", query, signal);
}

export function fetchCollectionReadingList(libraryCollection: string, limit: number, signal?: AbortSignal) {
  return get("libraryReadingList", { libraryCollection, limit }, signal);
}

export function fetchSavedLists(signal?: AbortSignal) {
  return get("lists", { after: null }, signal);
}

export function fetchSavedList(name: string, signal?: AbortSignal) {
  return get("list", { name }, signal);
}

/** Creates or replaces the list called `name`. */
export function saveList(name: string, items: readonly ListItemInput[], signal?: AbortSignal): Promise<SavedList> {
  return call("saveList", { name }, { items: [...items] }, signal);
}

export function deleteList(name: string, signal?: AbortSignal): Promise<{ deleted: string }> {
  return call("deleteList", { name }, undefined, signal);
}

/** The items rendered as `format` by the server (citation-js for BibTeX, CSL-JSON and RIS): a file, not JSON. */
export async function exportList(name: string, format: ListFormat, items: readonly ListItemInput[], signal?: AbortSignal): Promise<ExportedFile> {
  const url = urlOf("exportList", { name, format: null });
  const response = await request(url, {
    method: ENDPOINTS.exportList.method,
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
