/**
 * The worker thread that answers long requests (web/server/long-requests.ts): closures deeper
 * than one step, paths, main paths, reading lists, similar papers, the graph payload and the
 * researcher's library (its overview, what cites it, a collection's reading list), so that
 * the server's main thread keeps answering paper views and searches while they run. It holds its
 * own read-only connection and live graph per database (library/graph-session.ts), answers
 * through the same router as the main thread (web/server/api.ts), and sends back the JSON text
 * encoded, gzipped when worth it, its buffers transferred rather than copied.
 */
import { parentPort } from "node:worker_threads";
import { GraphSession } from "../../library/graph-session.ts";
import { LineageApi } from "./api.ts";
import { encodeText } from "./encoded-answer.ts";
import { ClosureText } from "./closure-text.ts";
import { MAX_CLOSURE_PAPERS } from "../../api/limits.ts";
import type { CollectionReadRequest } from "../../library/read-answers.ts";

export interface LongTask {
  id: number;
  dbPath: string;
  /** The server's query budget (the same for every task of one server). */
  queryBudgetMs: number;
  /** The request as the dispatcher read it (a structured clone of it). */
  request: CollectionReadRequest;
}

export type LongAnswer = { id: number; status: number; json: Uint8Array; gzip: Uint8Array | null } | { id: number; error: string };

const served = new Map<string, { session: GraphSession; api: LineageApi }>();
const closureText = new ClosureText();

function apiFor(dbPath: string, queryBudgetMs: number): LineageApi {
  let entry = served.get(dbPath);
  if (!entry) {
    const session = new GraphSession(dbPath);
    entry = { session, api: new LineageApi(session.db, session, { queryBudgetMs, maxClosurePapers: MAX_CLOSURE_PAPERS }) };
    served.set(dbPath, entry);
  }
  return entry.api;
}

parentPort?.on("message", (task: LongTask) => {
  let answer: LongAnswer;
  const transfer: ArrayBuffer[] = [];
  try {
    const api = apiFor(task.dbPath, task.queryBudgetMs);
    const { status, body } = api.respond(task.request);
    const { json, gzip } = encodeText(status, closureText.answerText(api.answeredFrom, task.request, status, body));
    answer = { id: task.id, status, json, gzip };
    for (const b of [json, gzip]) if (b && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength) transfer.push(b.buffer as ArrayBuffer);
  } catch (err) {
    answer = { id: task.id, error: (err as Error).message };
  }
  parentPort?.postMessage(answer, transfer);
});
