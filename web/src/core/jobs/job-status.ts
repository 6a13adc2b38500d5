/**
 * How a job reads in the explorer: the share of its current step done (for a progress bar, null
 * when the step's size is unknown), and one line for its state ("Building AAN: laying out 19,267
 * papers", "Done in 42 s", "Failed: …"). Pure, so the wording is tested without a browser.
 */
import type { JobSummary } from "../../../../api/types.ts";

const STEP_NAMES: Record<NonNullable<JobSummary["progress"]>["step"], string> = {
  read: "reading",
  store: "storing",
  rebuild: "rebuilding the graph",
  layout: "laying out",
  index: "indexing",
  fetch: "fetching",
};

/** Between 0 and 1, or null when the job has no step of known size. */
export function jobFraction(job: JobSummary): number | null {
  if (job.state === "done") return 1;
  const p = job.progress;
  if (!p || p.total <= 0) return null;
  return Math.min(1, Math.max(0, p.done / p.total));
}

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
}

/** One line saying what the job is doing, or how it ended. */
export function jobLine(job: JobSummary): string {
  switch (job.state) {
    case "running":
      return job.progress ? `${job.title}: ${job.progress.label || STEP_NAMES[job.progress.step]}` : `${job.title}: starting`;
    case "done":
      return `${job.title}: done in ${duration(job.elapsedSeconds)}`;
    case "cancelled":
      return `${job.title}: cancelled after ${duration(job.elapsedSeconds)}; what it had stored stays`;
    case "failed":
      return `${job.title}: failed${job.error ? `: ${job.error}` : ""}`;
  }
}
