/**
 * The explorer's requests for growing the map (issue 19): whether the server is online
 * (`/api/online`), the jobs that add, expand and check for new papers
 * (`POST /api/collections/{name}/add|expand|watch|watch/add`), dismissing findings
 * (`/watch/dismiss`, answered at once), and the two reads a collection answers: a saved list's
 * watch state and a paper's citation contexts, each made from the route table by client.ts's
 * `call`. The collection is the one the explorer shows (client.ts's setCollection, from
 * `?collection=`), else the server's first.
 */
import type { AddPaperRequest, CitationContextsResponse, CitationDirection, ExpandRequest, JobSummary, ListWatchState, OnlineStatus, WatchFindingsRequest } from "../../../../api/types.ts";
import { call, currentCollection } from "./client.ts";
import { fetchCollections } from "./server-client.ts";

export function fetchOnline(signal?: AbortSignal): Promise<OnlineStatus> {
  return call("online", {}, undefined, signal);
}

/** The name of the collection the explorer shows (client.ts's choice), else the first the server serves. */
async function shownCollection(signal?: AbortSignal): Promise<string> {
  const named = currentCollection();
  if (named !== null) return named;
  const [first] = await fetchCollections(signal);
  if (!first) throw new Error("the server serves no collection");
  return first.name;
}

export async function addPaper(request: AddPaperRequest, signal?: AbortSignal): Promise<JobSummary> {
  return call("addPaper", { name: await shownCollection(signal) }, request, signal);
}

export async function expandPapers(request: ExpandRequest, signal?: AbortSignal): Promise<JobSummary> {
  return call("expand", { name: await shownCollection(signal) }, request, signal);
}

export async function checkList(list: string, signal?: AbortSignal): Promise<JobSummary> {
  return call("watch", { name: await shownCollection(signal) }, { list }, signal);
}

export async function addFindings(request: WatchFindingsRequest, signal?: AbortSignal): Promise<JobSummary> {
  return call("watchAdd", { name: await shownCollection(signal) }, request, signal);
}

/** Sets findings aside; answers the list's watch state after. */
export async function dismissFindings(request: WatchFindingsRequest, signal?: AbortSignal): Promise<ListWatchState> {
  return call("watchDismiss", { name: await shownCollection(signal) }, request, signal);
}

export function fetchWatchState(list: string, signal?: AbortSignal): Promise<ListWatchState> {
  return call("listWatch", { name: list }, undefined, signal);
}

export function fetchCitationContexts(ref: string, direction: CitationDirection, limit: number, signal?: AbortSignal): Promise<CitationContextsResponse> {
  return call("citationContexts", { ref, direction, limit }, undefined, signal);
}

/** Whether the map answers for `ref` yet (a paper just added appears once its job commits). */
export async function paperIsInMap(ref: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await call("paper", { ref }, undefined, signal);
    return true;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return false;
    throw err;
  }
}
