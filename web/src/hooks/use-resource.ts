/**
 * Fetch one value per key: `useResource(key, load)` returns the Resource for the current key,
 * aborting the previous request when the key changes or the component unmounts. A null key means
 * nothing to fetch (idle). Results for an old key are never shown for a new one.
 */
import { useEffect, useRef, useState } from "react";
import { ApiError, isAbort } from "../core/api/client.ts";
import type { Resource } from "../core/api/types.ts";

const IDLE: Resource<never> = { status: "idle" };
const LOADING: Resource<never> = { status: "loading" };

export type ResourceError = Extract<Resource<unknown>, { status: "error" }> & { body?: unknown };

export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> & { body?: unknown } {
  const [entry, setEntry] = useState<{ key: string | null; resource: Resource<T> & { body?: unknown } }>({ key: null, resource: IDLE });
  const loadRef = useRef(load);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setEntry({ key, resource: { status: "ready", data } });
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        const resource: ResourceError =
          err instanceof ApiError
            ? { status: "error", error: err.message, httpStatus: err.status, body: err.body }
            : { status: "error", error: (err as Error).message ?? String(err) };
        setEntry({ key, resource });
      },
    );
    return () => controller.abort();
  }, [key]);

  if (key === null) return IDLE;
  return entry.key === key ? entry.resource : LOADING;
}

/** The last ready value of a resource, kept while a newer one loads (e.g. the graph during a refetch). */
export function useLastReady<T>(resource: Resource<T>): T | null {
  const [last, setLast] = useState<T | null>(null);
  const current = resource.status === "ready" ? resource.data : null;
  if (current !== null && current !== last) setLast(current);
  return current ?? last;
}
