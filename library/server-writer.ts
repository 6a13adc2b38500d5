/**
 * The server's writes into one database (library/server-writes.ts), applied through one writable
 * connection opened on the first write, with a short busy timeout: when another process holds the
 * write lock (an import, an expand job), the write is tried again after a pause, growing to a
 * quarter of a second, until `retryForMs` has passed; then it is refused with 503 and Retry-After.
 * It runs on the server's writer thread (web/server/write-worker.ts), so that no read ever waits
 * for a lock. A database that cannot be written is a 503 saying so; reading still works.
 */
import { EndpointError } from "../api/endpoint-error.ts";
import { DbError, isBusy, isUnwritable } from "../db/connection.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import { openWriter } from "../db/store.ts";
import { applyServerWrite, type ServerWrite, type ServerWriteResult } from "./server-writes.ts";

export interface ServerWriterOptions {
  /** How long one attempt waits for the lock. */
  busyTimeoutMs?: number;
  /** How long a write keeps trying before it is refused. */
  retryForMs?: number;
  /** Opens the writable connection (a seam for tests). */
  open?: (path: string, busyTimeoutMs: number) => LineageDb;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const SERVER_WRITE_BUSY_TIMEOUT_MS = 50;
export const SERVER_WRITE_RETRY_MS = 30_000;

export class ServerWriter {
  private db?: LineageDb;
  private readonly busyTimeoutMs: number;
  private readonly retryForMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Writes one after another, in the order they came. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dbPath: string,
    private readonly options: ServerWriterOptions = {},
  ) {
    this.busyTimeoutMs = options.busyTimeoutMs ?? SERVER_WRITE_BUSY_TIMEOUT_MS;
    this.retryForMs = options.retryForMs ?? SERVER_WRITE_RETRY_MS;
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)));
  }

  /** Applies the write, after those before it; throws EndpointError (404, 400, 503). */
  apply(write: ServerWrite): Promise<ServerWriteResult> {
    const run = this.queue.then(() => this.attempt(write));
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  private async attempt(write: ServerWrite): Promise<ServerWriteResult> {
    const deadline = this.now() + this.retryForMs;
    for (let pause = 10; ; pause = Math.min(250, pause * 2)) {
      try {
        return applyServerWrite(this.connection(), write);
      } catch (err) {
        if (err instanceof EndpointError) throw err;
        if (!isBusy(err)) {
          if (isUnwritable(err) || err instanceof DbError) throw new EndpointError(this.notWritable(err as Error), 503);
          throw err;
        }
        if (this.now() + pause > deadline) {
          throw new EndpointError(`${this.dbPath}: another process kept the database locked for ${Math.round(this.retryForMs / 1000)} s; the change was not saved, try again`, 503, {
            "retry-after": "5",
          });
        }
        await this.sleep(pause);
      }
    }
  }

  /** The writable connection, opened on first use (and again after a failure, once the file is fixed). */
  private connection(): LineageDb {
    this.db ??= (this.options.open ?? ((path, busyTimeoutMs) => openWriter(path, { busyTimeoutMs })))(this.dbPath, this.busyTimeoutMs);
    return this.db;
  }

  private notWritable(err: Error): string {
    return `${this.dbPath}: the database cannot be written (${err.message.split("\n")[0]}); reading lists can be viewed but not saved`;
  }
}
