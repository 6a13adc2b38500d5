/**
 * What a database needs beside its graph before anyone reads it: the drawing layout (ForceAtlas2
 * and Louvain, graph/layout.ts, refined from the stored one when the graph grew, so that papers
 * keep their places) and the stored traversal index. Computed from the graph a write
 * will leave, before the write (`graphArtifacts`, library/page-writes.ts), and stored with it in
 * its one short transaction, never inside a request: a reader sees either the old graph with its
 * layout or the new one with its own. `prepareGraph` does the same for a database an older
 * Lineage wrote without them.
 */
import type { BatchArtifacts } from "../db/page-batch.ts";
import type { GraphShape } from "../db/graph-builder.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import type { StoredPlacement } from "../db/layout-store.ts";
import { CitationIndex, csrParts } from "../graph/citation-index.ts";
import { computeLayout } from "../graph/layout.ts";
import { buildCitationIndex, indexArraysOf } from "./citation-index-store.ts";
import { NO_PROGRESS, type ProgressListener } from "./progress.ts";

export interface PrepareReport {
  /** Papers laid out, or null when the stored layout was current. */
  laidOut: number | null;
  /** Papers in the stored traversal index, or null when it was current. */
  indexed: number | null;
}

/** The traversal index of a derived graph, its papers numbered in id order as the stored index is. */
function indexOf(graph: GraphShape): CitationIndex {
  const { ids } = graph;
  const numberOf = new Map<string, number>();
  ids.forEach((id, i) => numberOf.set(id, i));
  const citing = new Uint32Array(graph.edges.length);
  const cited = new Uint32Array(graph.edges.length);
  graph.edges.forEach(([a, b], k) => {
    citing[k] = numberOf.get(a) ?? 0;
    cited[k] = numberOf.get(b) ?? 0;
  });
  return new CitationIndex(ids, csrParts(ids.length, citing, cited));
}

/**
 * The layout and the index of `index`'s graph, those `current` says are stored already left out;
 * the layout starts from the `previous` positions (the stored layout) where there are any.
 */
function artifactsOf(index: CitationIndex, current: { layout: boolean; index: boolean }, previous: ReadonlyMap<string, StoredPlacement>, progress: ProgressListener): BatchArtifacts {
  const artifacts: BatchArtifacts = {};
  if (!current.layout) {
    const label = `laying out ${index.size.toLocaleString("en-US")} papers`;
    const edges: { citing: string; cited: string }[] = [];
    for (let i = 0; i < index.size; i++) for (const j of index.neighbours(i, "buildsOn")) edges.push({ citing: index.id(i), cited: index.id(j) });
    const onProgress = (done: number, total: number) => progress({ step: "layout", done, total, label });
    artifacts.layout = computeLayout(index.ids, edges, { previous: previous.size > 0 ? previous : undefined, onProgress });
  }
  if (!current.index) {
    progress({ step: "index", done: 0, total: index.size, label: `storing the traversal index of ${index.size.toLocaleString("en-US")} papers` });
    artifacts.index = indexArraysOf(index);
  }
  return artifacts;
}

/** The layout and traversal index of a graph a write is about to store, unless those stored are of that graph already. */
export function graphArtifacts(
  graph: GraphShape,
  current: { layout: boolean; index: boolean },
  previous: ReadonlyMap<string, StoredPlacement>,
  progress: ProgressListener = NO_PROGRESS,
): BatchArtifacts {
  if (current.layout && current.index) return {};
  return artifactsOf(indexOf(graph), current, previous, progress);
}

/** Computes and stores whatever of the layout and the traversal index is stale (a database an older Lineage wrote). */
export function prepareGraph(db: LineageDb, progress: ProgressListener = NO_PROGRESS): PrepareReport {
  const report: PrepareReport = { laidOut: null, indexed: null };
  if (db.graphVersion() === undefined) return report;
  if (!db.searchIndexIsCurrent()) {
    progress({ step: "index", done: 0, total: 1, label: "building the search index" });
    db.rebuildSearchIndex();
  }
  const current = { layout: db.layoutIsCurrent(), index: db.indexIsCurrent() };
  if (current.layout && current.index) return report;
  const index = buildCitationIndex(db);
  const { layout, index: arrays } = artifactsOf(index, current, current.layout ? new Map() : db.storedPlacements(), progress);
  if (layout) {
    db.storeLayout(layout);
    report.laidOut = index.size;
  }
  if (arrays) {
    db.storeIndexArrays(arrays);
    report.indexed = index.size;
  }
  return report;
}
