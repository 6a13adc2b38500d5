/**
 * The two reads of issue 19 a collection answers, through the library layer on the server's
 * read-only connection (never the CLI): `GET /api/papers/{REF}/citations` (how a paper's direct
 * citations cite, library/citation-contexts.ts) and `GET /api/lists/{name}/watch` (a saved list's
 * last check for new papers and its findings, library/watch-state.ts). Both are declared in
 * api/endpoints.ts, which reads and validates their parameters. Local: they work offline.
 */
import { EndpointError, readCitationContexts, readListWatch } from "../../api/endpoints.ts";
import type { CitationContextsResponse, ErrorBody, ListWatchState } from "../../api/types.ts";
import type { GraphSession } from "../../library/graph-session.ts";
import { citationContexts } from "../../library/citation-contexts.ts";
import { listWatchState } from "../../library/watch-state.ts";

export interface GrowReadAnswer {
  status: number;
  body: CitationContextsResponse | ListWatchState | ErrorBody;
}

/** The answer when `pathname` is one of the two reads, else undefined (another endpoint's). */
export function growRead(pathname: string, query: URLSearchParams, session: GraphSession): GrowReadAnswer | undefined {
  try {
    const contexts = readCitationContexts(pathname, query);
    if (contexts) {
      const graph = session.current();
      const found = graph.resolveRef(contexts.ref);
      if (found.kind === "ambiguous") return { status: 409, body: { error: `paper: "${contexts.ref}" is ambiguous`, candidates: found.candidates } };
      if (found.kind !== "found") return { status: 404, body: { error: `paper: no paper "${contexts.ref}" in the graph` } };
      return { status: 200, body: citationContexts(session.db, graph, found.paper, contexts.direction, contexts.limit) };
    }
    const watch = readListWatch(pathname);
    if (watch) {
      const state = listWatchState(session.db, watch.name);
      return state ? { status: 200, body: state } : { status: 404, body: { error: `no list named "${watch.name.slice(0, 100)}"` } };
    }
    return undefined;
  } catch (err) {
    if (err instanceof EndpointError) return { status: err.status, body: { error: err.message } };
    throw err;
  }
}
