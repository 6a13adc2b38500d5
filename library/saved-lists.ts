/**
 * Saved reading lists against the current graph: the reference a list keeps for a paper, and a
 * stored list's entries resolved back to papers (by reference, else by title snapshot), for the
 * CLI and the HTTP API alike.
 */
import type { PaperRow } from "../db/paper-queries.ts";
import type { StoredReadingList } from "../db/reading-lists.ts";
import type { LineageGraph } from "./lineage-graph.ts";

/** The reference a saved list keeps for a paper: an identifier that survives rebuilds, else its id. */
export function stableRef(row: Pick<PaperRow, "id" | "arxiv_id" | "doi" | "acl_id">): string {
  if (row.arxiv_id) return `arXiv:${row.arxiv_id}`;
  if (row.acl_id) return row.acl_id;
  if (row.doi) return row.doi;
  return row.id;
}

export interface ResolvedEntry {
  paperRef: string;
  /** The paper as the graph knows it now, or null if it left the graph. */
  row: PaperRow | null;
  title: string | null;
  year: number | null;
  reason: string;
  note: string;
}

export function resolveEntries(list: StoredReadingList, graph: LineageGraph): ResolvedEntry[] {
  return list.entries.map((e) => {
    let found = graph.resolveRef(e.paperRef);
    if (found.kind !== "found" && e.title) found = graph.resolveRef(e.title);
    const row = found.kind === "found" ? found.paper : null;
    return { paperRef: e.paperRef, row, title: row?.title ?? e.title, year: row?.year ?? null, reason: e.reason, note: e.note };
  });
}

/** A stored list as JSON: its facts and its items in order. */
export function listJson(list: StoredReadingList, graph: LineageGraph) {
  const { entries: _entries, ...meta } = list;
  return Object.assign({}, meta, {
    items: resolveEntries(list, graph).map((l, k) => ({
      position: k + 1,
      ref: l.paperRef,
      id: l.row?.id ?? null,
      title: l.title,
      year: l.year,
      arxivId: l.row?.arxiv_id ?? null,
      doi: l.row?.doi ?? null,
      aclId: l.row?.acl_id ?? null,
      reason: l.reason,
      note: l.note,
      inGraph: l.row !== null,
    })),
  });
}
