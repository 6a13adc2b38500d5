/**
 * The requests about the server itself rather than one collection: the collections it serves,
 * building one, and following or cancelling a job (`/api/collections`, `/api/jobs/{id}`).
 * Jobs are the work the server runs in a child process for the explorer (web/server/jobs.ts).
 */
import type { CollectionSummary, JobSummary } from "../../../../api/types.ts";
import { getServerJson, sendServerJson } from "./client.ts";

export function fetchCollections(signal?: AbortSignal): Promise<CollectionSummary[]> {
  return getServerJson("/api/collections", signal);
}

/** Starts building a bundled collection; answers the job (202), or fails when one already runs (409). */
export function buildCollection(name: string, signal?: AbortSignal): Promise<JobSummary> {
  return sendServerJson("POST", `/api/collections/${encodeURIComponent(name)}/build`, undefined, signal);
}

export function fetchJob(id: number, signal?: AbortSignal): Promise<JobSummary> {
  return getServerJson(`/api/jobs/${id}`, signal);
}

/** Stops a running job; answers it as it ended. */
export function cancelJob(id: number, signal?: AbortSignal): Promise<JobSummary> {
  return sendServerJson("DELETE", `/api/jobs/${id}`, undefined, signal);
}
