/**
 * The requests about the server itself rather than one collection: the collections it serves,
 * building one, and following or cancelling a job (`/api/collections`, `/api/jobs/{id}`), made
 * from the route table by client.ts's `call`. Jobs are the work the server runs in a child
 * process for the explorer (web/server/jobs.ts).
 */
import type { CollectionSummary, JobSummary } from "../../../../api/types.ts";
import { call } from "./client.ts";

export function fetchCollections(signal?: AbortSignal): Promise<CollectionSummary[]> {
  return call("collections", {}, undefined, signal);
}

/** Starts building a bundled collection; answers the job (202), or fails when one already runs (409). */
export function buildCollection(name: string, signal?: AbortSignal): Promise<JobSummary> {
  return call("buildCollection", { name }, undefined, signal);
}

export function fetchJob(id: number, signal?: AbortSignal): Promise<JobSummary> {
  return call("job", { id }, undefined, signal);
}

/** Stops a running job; answers it as it ended. */
export function cancelJob(id: number, signal?: AbortSignal): Promise<JobSummary> {
  return call("cancelJob", { id }, undefined, signal);
}
