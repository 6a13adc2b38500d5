/**
 * Fetch one value per key: `useResource(key, load)` returns the Resource for the current key,
 * aborting the previous request when the key changes or the component unmounts. A null key means
 * nothing to fetch (idle). Results for an old key are never shown for a new one.
 * A `version` (the live refreshes of the collection, views/use-explorer-data.ts) fetches the same
 * key again when it changes, and keeps its ready value shown meanwhile: a refresh is in place.
 */
import { useEffect, useRef, useState } from "react";
import { ApiError, isAbort } from "../core/api/client.ts";
import type { Resource } from "../core/api/types.ts";

const IDLE: Resource<never> = { status: "idle" };
const LOADING: Resource<never> = { status: "loading" };

export type ResourceError = Extract<Resource<unknown>, { status: "error" }> & { body?: unknown };

interface Entry<T> {
  key: string | null;
  version: number;
  resource: Resource<T> & { body?: unknown };
}

export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, version = 0): Resource<T> & { body?: unknown } {
  const [entry, setEntry] = useState<Entry<T>>({ key: null, version: 0, resource: IDLE });
  const loadRef = useRef(load);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setEntry({ key, version, resource: { status: "ready", data } });
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        const resource: ResourceError =
          err instanceof ApiError ? { status: "error", error: err.message, httpStatus: err.status, body: err.body } : { status: "error", error: (err as Error).message ?? String(err) };
        setEntry({ key, version, resource });
      },
    );
    return () => controller.abort();
  }, [key, version]);

  if (key === null) return IDLE;
  if (entry.key !== key) return LOADING;
  // The same key at an older version: its answer stays shown until the new one is in.
  return entry.version === version || entry.resource.status === "ready" ? entry.resource : LOADING;
}

/** The last ready value of a resource, kept while a newer one loads (e.g. the graph during a refetch). */
export function useLastReady<T>(resource: Resource<T>): T | null {
  const [last, setLast] = useState<T | null>(null);
  const current = resource.status === "ready" ? resource.data : null;
  if (current !== null && current !== last) setLast(current);
  return current ?? last;
}
