/**
 * The collections the server serves (`GET /api/collections`), followed while the tab is visible:
 * asked every 1.5 s (issue 19: a write shows in the open explorer within a second or two of its
 * commit, through each summary's graphVersion), at once when the tab becomes visible again, and
 * whenever `refresh()` is called (a build has ended). A poll that fails keeps the last answer
 * shown; an answer like the last one changes nothing, so the page is not rendered again for it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { CollectionSummary } from "../core/api/types.ts";
import { isAbort } from "../core/api/client.ts";
import { fetchCollections } from "../core/api/server-client.ts";

export const COLLECTIONS_POLL_MS = 1500;

export interface FollowedCollections {
  /** The last answer, null until the first. */
  collections: CollectionSummary[] | null;
  /** Why the last poll failed, null when it did not. */
  error: string | null;
  refresh: () => void;
}

export function useCollections(pollMs = COLLECTIONS_POLL_MS): FollowedCollections {
  const [answer, setAnswer] = useState<{ collections: CollectionSummary[] | null; json: string; error: string | null }>({ collections: null, json: "", error: null });
  const pollNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    // Asked for while a poll was in flight: one more as soon as it is back.
    let again = false;
    const visible = () => document.visibilityState === "visible";
    const poll = () => {
      clearTimeout(timer);
      timer = undefined;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      again = false;
      fetchCollections(controller.signal)
        .then(
          (collections) => {
            const json = JSON.stringify(collections);
            setAnswer((a) => (a.json === json && a.error === null ? a : { collections, json, error: null }));
          },
          (err: unknown) => {
            if (controller.signal.aborted || isAbort(err)) return;
            setAnswer((a) => ({ ...a, error: (err as Error).message }));
          },
        )
        .finally(() => {
          inFlight = false;
          if (controller.signal.aborted) return;
          if (again) poll();
          else if (visible() && timer === undefined) timer = setTimeout(poll, pollMs);
        });
    };
    pollNow.current = poll;
    const onVisibility = () => {
      if (visible()) poll();
      else clearTimeout(timer);
    };
    document.addEventListener("visibilitychange", onVisibility);
    poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      pollNow.current = () => undefined;
    };
  }, [pollMs]);

  const refresh = useCallback(() => pollNow.current(), []);
  return { collections: answer.collections, error: answer.error, refresh };
}
