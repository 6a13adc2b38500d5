/**
 * Long requests answered off the main thread, so that a few of them never stall the cheap ones
 * (issue 17, item 5): a worker thread (web/server/query-worker.ts) answers them one at a time,
 * from a queue of bounded length where each waits at most `maxWaitMs`; past either bound a request
 * is refused at once with 503 and a reason. Identical requests waiting together share one answer,
 * and answers are kept (web/server/answer-cache.ts) until the graph changes.
 *
 * Which requests are long: those whose cost grows with the graph rather than with one paper's
 * neighbourhood (closures deeper than one step, paths, main paths, reading lists, similar papers,
 * the whole graph's payload). Each still runs within its query budget (api/limits.ts). Closures
 * and paths are long only sometimes (a hub's depth 3 against most papers' few dozen): they are
 * tried on the main thread first, within INLINE_BUDGET_MS, and go to the worker only past it.
 */
import { Worker } from "node:worker_threads";
import type { EndpointRequest } from "../../api/endpoints.ts";
import { QUERY_BUDGET_MS } from "../../api/limits.ts";
import type { LongAnswer, LongTask } from "./query-worker.ts";

/** How long a closure or a path may run on the main thread before it is handed to the worker. */
export const INLINE_BUDGET_MS = 2;

/** Whether a long request is worth trying on the main thread first: most are quick. */
export function oftenQuick(request: EndpointRequest): boolean {
  return request.endpoint === "closure" || request.endpoint === "path";
}

export function isLong(request: EndpointRequest): boolean {
  switch (request.endpoint) {
    case "closure":
      return request.params.depth > 1;
    case "graph":
    case "path":
    case "mainPath":
    case "readingList":
    case "similar":
    case "listSuggestions":
    case "library":
    case "libraryMissing":
    case "libraryReadingList":
      return true;
    default:
      return false;
  }
}

import type { EncodedAnswer } from "./encoded-answer.ts";

/** The server is too busy with long requests to take this one: answered 503 with `message`. */
export class Busy extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export interface LongRequestLimits {
  /** Requests waiting for the worker, at most. */
  maxQueued: number;
  /** How long a request may wait for the worker before it is refused. */
  maxWaitMs: number;
  /** The clock waits are measured on (tests pass their own). */
  now?: () => number;
  /** Each request's query budget on the worker (api/limits.ts QUERY_BUDGET_MS by default). */
  queryBudgetMs?: number;
}

export const LONG_REQUEST_LIMITS: LongRequestLimits = { maxQueued: 32, maxWaitMs: 10_000 };

interface Waiting {
  task: LongTask;
  key: string;
  queuedAt: number;
  waiters: { resolve: (a: EncodedAnswer) => void; reject: (e: Error) => void }[];
}

export class LongRequests {
  private worker?: Worker;
  private readonly queue: Waiting[] = [];
  private readonly byKey = new Map<string, Waiting>();
  private running?: Waiting;
  private nextId = 1;
  private closed = false;
  private readonly now: () => number;
  /** Tasks handed to the worker so far (requests that shared an answer count once). */
  tasksStarted = 0;

  constructor(private readonly limits: LongRequestLimits = LONG_REQUEST_LIMITS) {
    this.now = limits.now ?? (() => performance.now());
  }

  /** The answer to a long request over the database at `dbPath`; `key` names the request for sharing. */
  answer(dbPath: string, pathname: string, search: string, key: string): Promise<EncodedAnswer> {
    if (this.closed) return Promise.reject(new Busy("the server is stopping", 5));
    return new Promise((resolve, reject) => {
      const same = this.byKey.get(key);
      if (same) {
        same.waiters.push({ resolve, reject });
        return;
      }
      if (this.queue.length >= this.limits.maxQueued) {
        reject(new Busy(`the server is answering ${this.queue.length + 1} long requests (paths, deep closures, reading lists); try again shortly`, 2));
        return;
      }
      const waiting: Waiting = {
        task: { id: this.nextId++, dbPath, queryBudgetMs: this.limits.queryBudgetMs ?? QUERY_BUDGET_MS, pathname, search },
        key,
        queuedAt: this.now(),
        waiters: [{ resolve, reject }],
      };
      this.queue.push(waiting);
      this.byKey.set(key, waiting);
      this.pump();
    });
  }

  close(): Promise<void> {
    this.closed = true;
    for (const w of this.queue.splice(0)) this.settle(w, new Busy("the server is stopping", 5));
    if (this.running) this.settle(this.running, new Busy("the server is stopping", 5));
    this.running = undefined;
    const worker = this.worker;
    this.worker = undefined;
    return worker ? worker.terminate().then(() => undefined) : Promise.resolve();
  }

  private pump(): void {
    if (this.running || this.closed) return;
    let next = this.queue.shift();
    // Those that waited too long are refused now rather than answered after the client gave up.
    while (next && this.now() - next.queuedAt > this.limits.maxWaitMs) {
      this.settle(next, new Busy(`the request waited more than ${this.limits.maxWaitMs / 1000} s behind other long requests; try again shortly`, 5));
      next = this.queue.shift();
    }
    if (!next) return;
    this.running = next;
    this.tasksStarted++;
    this.workerNow().postMessage(next.task);
  }

  private workerNow(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./query-worker.mjs", import.meta.url));
    worker.on("message", (answer: LongAnswer) => {
      const done = this.running;
      if (!done || done.task.id !== answer.id) return;
      this.running = undefined;
      if ("error" in answer) this.settle(done, new Error(answer.error));
      else
        this.settle(done, {
          status: answer.status,
          json: Buffer.from(answer.json.buffer, answer.json.byteOffset, answer.json.byteLength),
          gzip: answer.gzip ? Buffer.from(answer.gzip.buffer, answer.gzip.byteOffset, answer.gzip.byteLength) : null,
        });
      this.pump();
    });
    // A worker that dies takes its request with it; the next request starts a new one.
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      const done = this.running;
      this.running = undefined;
      if (done) this.settle(done, err);
      this.pump();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => {
      if (!this.closed) lost(new Error(`the worker answering long requests stopped (exit ${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private settle(w: Waiting, outcome: EncodedAnswer | Error): void {
    this.byKey.delete(w.key);
    for (const waiter of w.waiters) {
      if (outcome instanceof Error) waiter.reject(outcome);
      else waiter.resolve(outcome);
    }
  }
}
