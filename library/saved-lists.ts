/**
 * Saved reading lists against the current graph: the reference a list keeps for a paper, and a
 * stored list's entries resolved back to papers (by reference, else by title snapshot), for the
 * CLI and the HTTP API alike.
 */
import type { Paper } from "../db/paper-queries.ts";
import type { StoredReadingList } from "../db/reading-lists.ts";
import type { SavedList } from "../api/types.ts";
import type { LineageGraph } from "./lineage-graph.ts";
import type { ListLine } from "./list-formats.ts";

/** The reference a saved list keeps for a paper: an identifier that survives rebuilds, else its id. */
export function stableRef(paper: Pick<Paper, "id" | "arxivId" | "doi" | "aclId">): string {
  if (paper.arxivId) return `arXiv:${paper.arxivId}`;
  if (paper.aclId) return paper.aclId;
  if (paper.doi) return paper.doi;
  return paper.id;
}

/** A stored entry with the paper it names now. */
export interface ResolvedEntry extends ListLine {
  paperRef: string;
  note: string;
}

export function resolveEntries(list: StoredReadingList, graph: LineageGraph): ResolvedEntry[] {
  return list.entries.map((e) => {
    let found = graph.resolveRef(e.paperRef);
    if (found.kind !== "found" && e.title) found = graph.resolveRef(e.title);
    const paper = found.kind === "found" ? found.paper : null;
    return { paperRef: e.paperRef, paper, title: paper?.title ?? e.title, year: paper?.year ?? null, reason: e.reason, note: e.note };
  });
}

/** A stored list as the API and `lists show --json` give it: its facts and its items in order. */
export function listJson(list: StoredReadingList, graph: LineageGraph): SavedList {
  return {
    name: list.name,
    description: list.description,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    spec: list.spec,
    items: resolveEntries(list, graph).map((l, k) => ({
      position: k + 1,
      ref: l.paperRef,
      id: l.paper?.id ?? null,
      title: l.title,
      year: l.year,
      arxivId: l.paper?.arxivId ?? null,
      doi: l.paper?.doi ?? null,
      aclId: l.paper?.aclId ?? null,
      reason: l.reason,
      note: l.note,
      inGraph: l.paper !== null,
    })),
  };
}
