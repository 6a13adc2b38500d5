/**
 * The map's graph fetched and parsed off the page's main thread (issue 25): the answer of
 * /api/graph is read and parsed here and handed to the page as columns (graph-columns.ts), its
 * typed arrays transferred, not copied. One request per message; errors come back as one line
 * naming the URL.
 */
import type { GraphPayload } from "../api/types.ts";
import { toColumns, transferables } from "./graph-columns.ts";

export interface GraphLoadRequest {
  url: string;
}

export type GraphLoadAnswer = { ok: true; columns: ReturnType<typeof toColumns> } | { ok: false; error: string; status: number };

const scope = self as unknown as { onmessage: ((event: MessageEvent<GraphLoadRequest>) => void) | null; postMessage: (message: GraphLoadAnswer, transfer?: Transferable[]) => void };

scope.onmessage = (event) => {
  const { url } = event.data;
  void (async () => {
    try {
      const res = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!res.ok) {
        let reason = `${res.status} ${res.statusText}`.trim();
        try {
          const body = (await res.json()) as { error?: unknown };
          if (typeof body.error === "string") reason = `${body.error} (${res.status})`;
        } catch {
          // Not JSON: the status says it.
        }
        scope.postMessage({ ok: false, error: `${url}: ${reason}`, status: res.status });
        return;
      }
      const columns = toColumns((await res.json()) as GraphPayload);
      scope.postMessage({ ok: true, columns }, transferables(columns));
    } catch (err) {
      scope.postMessage({ ok: false, error: `${url}: the Lineage server did not answer (${(err as Error).message})`, status: 0 });
    }
  })();
};
