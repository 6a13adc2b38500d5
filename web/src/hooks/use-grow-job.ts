/**
 * One grow job a control starts and follows (add, expand, check, add findings): `start(run)`
 * sends the request that starts it (a refusal — offline, a bad REF, another job running — is kept
 * as `error`, in the server's words), then the job is followed with useJob until it ends, when
 * `onEnd` runs. `cancel()` stops it.
 */
import { useCallback, useState } from "react";
import type { JobSummary } from "../core/api/types.ts";
import { useJob } from "./use-job.ts";

export interface GrowJob {
  job: JobSummary | null;
  /** Why the job could not start, or could not be cancelled. */
  error: string | null;
  starting: boolean;
  running: boolean;
  start: (run: () => Promise<JobSummary>) => void;
  cancel: () => void;
}

/** The server's reason, without the "(409 from /api/…)" tail the client adds. */
export function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\(\d{3} from \/api\/[^)]*\)$/, "");
}

export function useGrowJob(onEnd?: (job: JobSummary) => void): GrowJob {
  const [id, setId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const followed = useJob(id, onEnd);
  const start = useCallback((run: () => Promise<JobSummary>) => {
    setStarting(true);
    setStartError(null);
    run().then(
      (job) => {
        setStarting(false);
        setId(job.id);
      },
      (err: unknown) => {
        setStarting(false);
        setStartError(reasonOf(err));
      },
    );
  }, []);
  const running = starting || followed.job?.state === "running" || (id !== null && followed.job === null);
  return { job: followed.job, error: startError ?? followed.error, starting, running, start, cancel: followed.cancel };
}
