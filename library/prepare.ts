/**
 * What a database needs beside its graph before anyone reads it: the drawing layout (ForceAtlas2
 * and Louvain, graph/layout.ts, refined from the stored one when the graph grew, so that papers
 * keep their places) and the stored traversal index. Computed where the graph is written, in the
 * same transaction as the rebuild (`LineageDb.onRebuild`), never inside a request: a reader sees
 * either the old graph with its layout or the new one with its own.
 */
import { LineageDb } from "../db/lineage-db.ts";
import { computeLayout } from "../graph/layout.ts";
import { buildCitationIndex, indexArraysOf } from "./citation-index-store.ts";
import { NO_PROGRESS, type ProgressListener } from "./progress.ts";

export interface PrepareReport {
  /** Papers laid out, or null when the stored layout was current. */
  laidOut: number | null;
  /** Papers in the stored traversal index, or null when it was current. */
  indexed: number | null;
}

/** Computes and stores whatever of the layout and the traversal index is stale. */
export function prepareGraph(db: LineageDb, progress: ProgressListener = NO_PROGRESS): PrepareReport {
  const report: PrepareReport = { laidOut: null, indexed: null };
  if (db.graphVersion() === undefined) return report;
  const needsLayout = !db.layoutIsCurrent();
  const needsIndex = !db.indexIsCurrent();
  if (!needsLayout && !needsIndex) return report;
  const index = buildCitationIndex(db);
  if (needsLayout) {
    const label = `laying out ${index.size.toLocaleString("en-US")} papers`;
    const edges: { citing: string; cited: string }[] = [];
    for (let i = 0; i < index.size; i++) for (const j of index.neighbours(i, "buildsOn")) edges.push({ citing: index.id(i), cited: index.id(j) });
    const previous = db.storedPlacements();
    const onProgress = (done: number, total: number) => progress({ step: "layout", done, total, label });
    db.storeLayout(computeLayout(index.ids, edges, { previous: previous.size > 0 ? previous : undefined, onProgress }));
    report.laidOut = index.size;
  }
  if (needsIndex) {
    progress({ step: "index", done: 0, total: index.size, label: `storing the traversal index of ${index.size.toLocaleString("en-US")} papers` });
    db.storeIndexArrays(indexArraysOf(index));
    report.indexed = index.size;
  }
  return report;
}

/** Opens a database for writing, with its layout and index brought up to date by every rebuild. */
export function openForWriting(path: string, progress: ProgressListener = NO_PROGRESS): LineageDb {
  const db = LineageDb.open(path);
  db.onRebuild(() => {
    progress({ step: "rebuild", done: 1, total: 1, label: "the graph is rebuilt" });
    prepareGraph(db, progress);
  });
  return db;
}
