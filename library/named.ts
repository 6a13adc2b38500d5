/**
 * What a request names, found or refused: a paper by a reference (404 when the graph has none,
 * 409 with the candidates when it could be several) and a saved list by its name (404). The one
 * place the HTTP API's reference errors are made (api/endpoint-error.ts), for the server's reads
 * and writes alike.
 */
import { EndpointError } from "../api/endpoint-error.ts";
import type { Paper } from "../db/paper-queries.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import type { StoredReadingList } from "../db/reading-lists.ts";
import type { LineageGraph } from "./lineage-graph.ts";

/** The paper `ref` names; `what` says which of the request's references it is ("paper", "from", "seed"). */
export function namedPaper(graph: LineageGraph, ref: string, what: string): Paper {
  const result = graph.resolveRef(ref);
  if (result.kind === "found") return result.paper;
  if (result.kind === "ambiguous") throw new EndpointError(`${what}: "${ref}" is ambiguous`, 409, {}, { candidates: result.candidates });
  throw new EndpointError(`${what}: no paper "${ref}" in the graph`, 404);
}

export function noListNamed(name: string): EndpointError {
  return new EndpointError(`no list named "${name.trim().slice(0, 100)}"`, 404);
}

/** The saved list called `name`, read in one snapshot. */
export function namedList(db: LineageDb, name: string): StoredReadingList {
  const list = db.read(() => db.lists.get(name));
  if (!list) throw noListNamed(name);
  return list;
}
