/**
 * The explorer's requests for growing the map (issue 19): whether the server is online
 * (`/api/online`), the jobs that add, expand and check for new papers
 * (`POST /api/collections/{name}/add|expand|watch|watch/add`), dismissing findings
 * (`/watch/dismiss`, answered at once), and the two reads a collection answers: a saved list's
 * watch state and a paper's citation contexts. The collection is the one the explorer shows
 * (client.ts's setCollection, from `?collection=`), else the server's first.
 */
import { citationContextsUrl, listWatchPath } from "../../../../api/endpoints.ts";
import type { AddPaperRequest, CitationContextsResponse, CitationDirection, ExpandRequest, JobSummary, ListWatchState, OnlineStatus, WatchFindingsRequest } from "../../../../api/types.ts";
import { currentCollection, getServerJson, inCollection, sendServerJson } from "./client.ts";
import { fetchCollections } from "./server-client.ts";

export function fetchOnline(signal?: AbortSignal): Promise<OnlineStatus> {
  return getServerJson("/api/online", signal);
}

/** The name of the collection the explorer shows (client.ts's choice), else the first the server serves. */
async function shownCollection(signal?: AbortSignal): Promise<string> {
  const named = currentCollection();
  if (named !== null) return named;
  const [first] = await fetchCollections(signal);
  if (!first) throw new Error("the server serves no collection");
  return first.name;
}

async function startGrowJob(action: "add" | "expand" | "watch" | "watch/add", body: unknown, signal?: AbortSignal): Promise<JobSummary> {
  const name = await shownCollection(signal);
  return sendServerJson("POST", `/api/collections/${encodeURIComponent(name)}/${action}`, body, signal);
}

export function addPaper(request: AddPaperRequest, signal?: AbortSignal): Promise<JobSummary> {
  return startGrowJob("add", request, signal);
}

export function expandPapers(request: ExpandRequest, signal?: AbortSignal): Promise<JobSummary> {
  return startGrowJob("expand", request, signal);
}

export function checkList(list: string, signal?: AbortSignal): Promise<JobSummary> {
  return startGrowJob("watch", { list }, signal);
}

export function addFindings(request: WatchFindingsRequest, signal?: AbortSignal): Promise<JobSummary> {
  return startGrowJob("watch/add", request, signal);
}

/** Sets findings aside; answers the list's watch state after. */
export async function dismissFindings(request: WatchFindingsRequest, signal?: AbortSignal): Promise<ListWatchState> {
  const name = await shownCollection(signal);
  return sendServerJson("POST", `/api/collections/${encodeURIComponent(name)}/watch/dismiss`, request, signal);
}

export function fetchWatchState(list: string, signal?: AbortSignal): Promise<ListWatchState> {
  return getServerJson(inCollection(listWatchPath(list)), signal);
}

export function fetchCitationContexts(ref: string, direction: CitationDirection, limit: number, signal?: AbortSignal): Promise<CitationContextsResponse> {
  return getServerJson(inCollection(citationContextsUrl({ ref, direction, limit })), signal);
}

/** Whether the map answers for `ref` yet (a paper just added appears once its job commits). */
export async function paperIsInMap(ref: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await getServerJson(inCollection(`/api/papers/${encodeURIComponent(ref)}`), signal);
    return true;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return false;
    throw err;
  }
}
