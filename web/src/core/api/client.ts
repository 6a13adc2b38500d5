/**
 * The only module that talks to the Lineage HTTP API: one function per endpoint, each taking an
 * AbortSignal, each failing with an `ApiError` whose one-line message names the URL and the reason.
 */
import type {
  CitationDirection,
  ClosureResponse,
  DirectionSummary,
  GraphFilters,
  PathMode,
  PathResponse,
  PaperDetail,
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
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError(`${url}: the Lineage server did not answer (${(err as Error).message})`, 0);
  }
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
