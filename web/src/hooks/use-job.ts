/**
 * Follows one job the server runs (web/server/jobs.ts): `useJob(id)` polls `/api/jobs/{id}` twice
 * a second while it runs and stops once it has ended, and gives `cancel()`. A poll that fails
 * (the server restarting) is retried at the next tick; the last answer stays shown meanwhile.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { JobSummary } from "../../../api/types.ts";
import { isAbort } from "../core/api/client.ts";
import { cancelJob, fetchJob } from "../core/api/server-client.ts";

const POLL_MS = 500;

export interface FollowedJob {
  job: JobSummary | null;
  /** Why cancelling failed, when it did. */
  error: string | null;
  cancel: () => void;
}

export function useJob(id: number | null, onEnd?: (job: JobSummary) => void): FollowedJob {
  // Kept with the job's ID, so that a new ID never shows the old job's state.
  const [entry, setEntry] = useState<{ id: number | null; job: JobSummary | null; error: string | null }>({ id: null, job: null, error: null });
  const setJob = useCallback((j: JobSummary) => setEntry({ id: j.id, job: j, error: null }), []);
  // Read when the job ends: a new callback each render must not restart the polling.
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      fetchJob(id, controller.signal).then(
        (j) => {
          if (controller.signal.aborted) return;
          setJob(j);
          if (j.state === "running") timer = setTimeout(poll, POLL_MS);
          else onEndRef.current?.(j);
        },
        (err: unknown) => {
          if (controller.signal.aborted || isAbort(err)) return;
          timer = setTimeout(poll, POLL_MS);
        },
      );
    };
    poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, setJob]);

  const cancel = useCallback(() => {
    if (id === null) return;
    cancelJob(id).then(setJob, (err: unknown) => setEntry((e) => ({ ...e, error: (err as Error).message })));
  }, [id, setJob]);

  const current = entry.id === id ? entry : { job: null, error: null };
  return { job: current.job, error: current.error, cancel };
}
