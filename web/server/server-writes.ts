/**
 * What the server writes goes to its writer thread (web/server/write-worker.ts), never through the
 * main thread: a write is posted with its database and answered when the thread has applied it,
 * retried as long as another process holds the lock, or refused (EndpointError: a list that is not
 * there, 503 for a database that cannot be written or stayed locked). Meanwhile the main thread
 * answers every read. The thread starts on the first write and stops with the server.
 */
import { Worker } from "node:worker_threads";
import { EndpointError } from "../../api/endpoint-error.ts";
import type { ServerWrite, ServerWriteResult } from "../../library/server-writes.ts";
import type { WriteAnswer, WriteTask } from "./write-worker.ts";

export class ServerWrites {
  private worker?: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (r: ServerWriteResult) => void; reject: (e: Error) => void }>();
  private closed = false;

  /** Applies `write` to the database at `dbPath`, after the writes posted before it. */
  apply(dbPath: string, write: ServerWrite): Promise<ServerWriteResult> {
    if (this.closed) return Promise.reject(new EndpointError("the server is stopping", 503, { "retry-after": "5" }));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      this.workerNow().postMessage({ id, dbPath, write } satisfies WriteTask);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new EndpointError("the server stopped before the change was saved", 503));
    if (worker) await worker.terminate();
  }

  private workerNow(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./write-worker.mjs", import.meta.url));
    worker.on("message", (answer: WriteAnswer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if ("result" in answer) waiter.resolve(answer.result);
      else if ("refused" in answer) waiter.reject(new EndpointError(answer.refused.message, answer.refused.status, answer.refused.headers));
      else waiter.reject(new Error(answer.error));
    });
    // A thread that dies takes its writes with it; the next write starts a new one.
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(err);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => {
      if (!this.closed) lost(new Error(`the server's writer thread stopped (exit ${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }
}
