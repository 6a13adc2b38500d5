/**
 * Fetches the map's graph as columns (graph-columns.ts): in a worker of its own when the browser
 * has workers (graph-load.worker.ts; the page's main thread then never parses the answer), else
 * on the page (tests in jsdom). One worker per request, ended when answered or aborted.
 */
import type { GraphPayload } from "../api/types.ts";
import { toColumns, type GraphColumns } from "./graph-columns.ts";
import type { GraphLoadAnswer } from "./graph-load.worker.ts";
import { workerAnswer } from "./worker-answer.ts";

/** A request that failed, with the server's status (0: no answer), as the API client's errors say it. */
export class GraphLoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "GraphLoadError";
  }
}

async function onThePage(url: string, signal?: AbortSignal): Promise<GraphColumns> {
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { Accept: "application/json" }, credentials: "same-origin" });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new GraphLoadError(`${url}: the Lineage server did not answer (${(err as Error).message})`, 0);
  }
  if (!res.ok) throw new GraphLoadError(`${url}: ${res.status} ${res.statusText}`.trim(), res.status);
  return toColumns((await res.json()) as GraphPayload);
}

export function loadGraphColumns(url: string, signal?: AbortSignal): Promise<GraphColumns> {
  if (typeof Worker === "undefined") return onThePage(url, signal);
  const absolute = new URL(url, window.location.href).href;
  const start = () => new Worker(new URL("./graph-load.worker.ts", import.meta.url), { type: "module" });
  return workerAnswer<GraphLoadAnswer>(start, { url: absolute }, [], signal, "graph request").then(
    (answer) => {
      if (answer.ok) return answer.columns;
      throw new GraphLoadError(answer.error, answer.status);
    },
    (err: Error) => {
      if (err.name === "AbortError") throw err;
      throw new GraphLoadError(`${url}: the graph could not be read (${err.message})`, 0);
    },
  );
}
