/**
 * How long work says how far it is: the step it is at, and how much of that step is done. Ingest
 * and import report reading, storing, the graph rebuild, the layout and the traversal index;
 * expand, add and watch report fetching (papers done, requests still queued, time left);
 * `lineage … --progress` prints each as a JSON line for the server's jobs (web/server/jobs.ts).
 */

export type ProgressStep = "read" | "store" | "rebuild" | "layout" | "index" | "fetch";

export interface Progress {
  step: ProgressStep;
  done: number;
  /** 0 when the step's size is not known. */
  total: number;
  /** One line for a person ("laying out 19,267 papers"). */
  label: string;
  /** Fetching: the requests still to send, an estimate. */
  queued?: number;
  /** Fetching: the seconds they will take at the rate limits, an estimate. */
  secondsLeft?: number;
}

export type ProgressListener = (progress: Progress) => void;

export const NO_PROGRESS: ProgressListener = () => undefined;

/** `items`, telling `listener` every `every` items (and at the end) how many were taken. */
export function* counted<T>(items: Iterable<T>, total: number, listener: ProgressListener, step: ProgressStep, label: string, every = 500): Generator<T> {
  let done = 0;
  for (const item of items) {
    yield item;
    done++;
    if (done % every === 0) listener({ step, done, total, label });
  }
  listener({ step, done, total: Math.max(total, done), label });
}
