/**
 * The researcher's own library in the explorer (issue 27): which papers of the map it holds, the
 * map's filter on it (every paper, only the library's, or only those it lacks), and a
 * collection's papers with those of the collections under it. Pure: the answer of
 * `GET /api/library` in, sets and lists out.
 */
import type { LibraryCollectionSummary, LibraryResponse } from "../api/types.ts";

/** The map's filter on the library: every paper, only the library's, or only those it lacks. */
export type LibraryFilter = "all" | "only" | "not";

export interface LibraryIndex {
  /** Paper ids the library holds. */
  papers: ReadonlySet<string>;
  collections: readonly LibraryCollectionSummary[];
  response: LibraryResponse;
}

/** The index of an imported library, or null when this map has none. */
export function libraryIndex(response: LibraryResponse | null): LibraryIndex | null {
  if (!response || !response.imported || response.papers.length === 0) return null;
  return { papers: new Set(response.papers.map((p) => p.id)), collections: response.collections, response };
}

/** The papers of the map a library filter hides (null: none). */
export function hiddenByLibrary(ids: Iterable<string>, library: LibraryIndex | null, filter: LibraryFilter): Set<string> | null {
  if (!library || filter === "all") return null;
  const hidden = new Set<string>();
  for (const id of ids) if (library.papers.has(id) === (filter === "not")) hidden.add(id);
  return hidden;
}

/** A collection's papers in the map, with those of the collections under it. */
export function collectionPaperIds(library: LibraryIndex, key: string): string[] {
  const keys = new Set([key]);
  // Parents come before their children in the answer's tree order.
  for (const c of library.collections) if (c.parentKey && keys.has(c.parentKey)) keys.add(c.key);
  return library.response.papers.filter((p) => p.collections.some((c) => keys.has(c))).map((p) => p.id);
}

/** "Evaluation › Benchmarks". */
export function collectionLabel(c: { path: readonly string[] }): string {
  return c.path.join(" › ");
}
