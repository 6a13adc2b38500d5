/**
 * The server's writer thread (web/server/server-writes.ts): it applies what the server writes
 * (saved lists, findings set aside: library/server-writes.ts) through one writable connection per
 * database, with a short busy timeout and retries while another process holds the lock
 * (library/server-writer.ts), so that the main thread, which answers every read, never waits on a
 * lock. Each answer goes back with its task's id: the write's result, or its refusal.
 */
import { parentPort } from "node:worker_threads";
import { EndpointError } from "../../api/endpoint-error.ts";
import { ServerWriter } from "../../library/server-writer.ts";
import type { ServerWrite, ServerWriteResult } from "../../library/server-writes.ts";

export interface WriteTask {
  id: number;
  dbPath: string;
  write: ServerWrite;
}

export type WriteAnswer = { id: number; result: ServerWriteResult } | { id: number; refused: { message: string; status: number; headers: Record<string, string> } } | { id: number; error: string };

const writers = new Map<string, ServerWriter>();

parentPort?.on("message", (task: WriteTask) => {
  let writer = writers.get(task.dbPath);
  if (!writer) writers.set(task.dbPath, (writer = new ServerWriter(task.dbPath)));
  writer.apply(task.write).then(
    (result) => parentPort?.postMessage({ id: task.id, result } satisfies WriteAnswer),
    (err: unknown) =>
      parentPort?.postMessage(
        (err instanceof EndpointError
          ? { id: task.id, refused: { message: err.message, status: err.status, headers: { ...err.headers } } }
          : { id: task.id, error: (err as Error).message }) satisfies WriteAnswer,
      ),
  );
});
