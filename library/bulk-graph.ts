/**
 * A whole citation graph loaded into a new database without pages (scale tests, benchmarks:
 * scripts/gen-synthetic-graph.ts): db/bulk-import.ts writes the rows, and the traversal index is
 * built here from the arrays in hand, with papers numbered in id order as the stored index is.
 */
import { bulkImportGraph, type BulkGraph, type BulkResult } from "../db/bulk-import.ts";
import { csrParts } from "../graph/citation-index.ts";

export function importBulkGraph(path: string, graph: BulkGraph): BulkResult {
  const ids = Array.from({ length: graph.papers }, (_, i) => graph.id(i));
  const order = Array.from({ length: graph.papers }, (_, i) => i).sort((a, b) => ((ids[a] ?? "") < (ids[b] ?? "") ? -1 : (ids[a] ?? "") > (ids[b] ?? "") ? 1 : 0));
  const position = new Uint32Array(graph.papers);
  order.forEach((p, i) => (position[p] = i));
  const renumber = (a: Uint32Array) => a.map((p) => position[p] ?? 0);
  const parts = csrParts(graph.papers, renumber(graph.citing), renumber(graph.cited));
  return bulkImportGraph(path, graph, Object.assign({ ids: order.map((p) => ids[p] ?? "") }, parts));
}
