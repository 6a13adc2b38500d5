/**
 * A job's progress as the explorer shows it: what it is doing, a progress bar of its current step
 * (indeterminate when the step's size is unknown), the time it has run, and a Cancel button while
 * it runs. Used for building a collection and for growing the map (add, expand, watch).
 */
import type { JobSummary } from "../../../api/types.ts";
import { duration, jobFraction, jobLine } from "../core/jobs/job-status.ts";

export interface JobProgressProps {
  job: JobSummary;
  onCancel?: () => void;
  /** Why cancelling failed, when it did. */
  cancelError?: string | null;
}

export function JobProgress({ job, onCancel, cancelError = null }: JobProgressProps) {
  const fraction = jobFraction(job);
  const running = job.state === "running";
  const line = jobLine(job);
  return (
    <div className={`job-progress job-${job.state}`} role="status" aria-live="polite">
      <p className="job-line">{line}</p>
      {running && (
        <div className="job-bar-row">
          {fraction === null ? <progress aria-label={job.title} /> : <progress aria-label={job.title} max={1} value={fraction} />}
          <span className="muted job-elapsed">{duration(job.elapsedSeconds)}</span>
          {onCancel && (
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      )}
      {cancelError && <p className="error">Could not cancel: {cancelError}</p>}
    </div>
  );
}
