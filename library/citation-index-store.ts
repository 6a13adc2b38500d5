/**
 * The traversal index of a database's graph (graph/citation-index.ts): loaded from the arrays
 * stored for the current graph version, else built from the edge list; and stored, so that a
 * server over millions of citations loads it in a few reads.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { IndexArrays } from "../db/graph-index-store.ts";
import { CitationIndex, csrParts } from "../graph/citation-index.ts";

export function loadCitationIndex(db: LineageDb): CitationIndex {
  const stored = db.indexArrays();
  if (stored) return new CitationIndex(stored.ids, stored);
  return buildCitationIndex(db);
}

export function buildCitationIndex(db: LineageDb): CitationIndex {
  const { ids, citing, cited } = db.edgeArrays();
  return new CitationIndex(ids, csrParts(ids.length, citing, cited));
}

export function indexArraysOf(index: CitationIndex): IndexArrays {
  return Object.assign({ ids: [...index.ids] }, index.parts());
}
