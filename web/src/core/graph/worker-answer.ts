/**
 * One request to a worker of its own, one answer back: the worker is started for the request and
 * ended when it answers, fails or the caller aborts (graph loading and region tracing run so, off
 * the page's main thread). A worker that fails rejects with a WorkerFailure; an abort rejects with
 * an AbortError, as fetch does.
 */

/** A worker that could not run the request (an error in it, a strict policy, an old browser). */
export class WorkerFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorkerFailure";
  }
}

/** The answer of a worker `start` makes to `message` (its `transfer` buffers handed over). */
export function workerAnswer<A>(start: () => Worker, message: unknown, transfer: Transferable[] = [], signal?: AbortSignal, what = "request"): Promise<A> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException(`The ${what} was aborted`, "AbortError"));
    const worker = start();
    const stop = () => {
      worker.terminate();
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      stop();
      reject(new DOMException(`The ${what} was aborted`, "AbortError"));
    };
    signal?.addEventListener("abort", onAbort);
    worker.onmessage = (event: MessageEvent<A>) => {
      stop();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      stop();
      reject(new WorkerFailure(event.message || "worker failed"));
    };
    worker.postMessage(message, transfer);
  });
}
