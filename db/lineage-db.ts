/**
 * The one owner of a Lineage database connection. Writers batch pages into one transaction
 * (each page in its own savepoint, so one bad page never loses the rest) and rebuild the derived
 * graph once per batch; readers open read-only.
 */
import { openDatabase, withoutForeignKeys, type Db, type OpenOptions } from "./connection.ts";
import { PageWriter, type PageRecord, type WriteStatus } from "./page-writer.ts";
import { rebuildGraph, type BuildSummary } from "./graph-builder.ts";
import { PaperQueries } from "./paper-queries.ts";
import { ReadingListStore } from "./reading-lists.ts";
import { ReadSnapshots } from "./read-snapshot.ts";
import { ensureLayout, layoutIsCurrent, layoutOf } from "./layout-store.ts";
import type { Placement } from "../graph/layout.ts";
import type { CitationIndex } from "../graph/citation-index.ts";
import { buildGraphIndex, ensureGraphIndex, storedGraphIndex } from "./graph-index-store.ts";
import { repair, runChecks, type Check, type RepairReport } from "./doctor-checks.ts";

export interface BatchResult {
  statuses: { source: string; status: WriteStatus }[];
  failures: { source: string; reason: string }[];
  graph?: BuildSummary;
}

export class LineageDb {
  readonly queries: PaperQueries;
  /** Named reading lists; writes need a database opened for writing. */
  readonly lists: ReadingListStore;
  private writer?: PageWriter;
  /** One snapshot per call of `reads.run` (held for a while on a server: see db/read-snapshot.ts). */
  readonly reads: ReadSnapshots;

  private constructor(
    readonly path: string,
    private readonly db: Db,
    holdSnapshotMs = 0,
  ) {
    this.queries = new PaperQueries(db);
    this.lists = new ReadingListStore(db);
    this.reads = new ReadSnapshots(db, holdSnapshotMs);
  }

  static open(path: string, options: OpenOptions = {}): LineageDb {
    return new LineageDb(path, openDatabase(path, options), options.holdSnapshotMs);
  }

  /**
   * Writes a batch of parsed pages (read lazily, so a caller can parse while the batch is
   * written) and rebuilds the graph if anything changed.
   */
  writePages(records: Iterable<PageRecord>, now = new Date().toISOString()): BatchResult {
    this.writer ??= new PageWriter(this.db);
    const writer = this.writer;
    const result: BatchResult = { statuses: [], failures: [] };
    withoutForeignKeys(this.db, () =>
      this.db.transaction(() => {
        for (const record of records) {
          try {
            result.statuses.push({ source: record.source, status: writer.write(record, now) });
          } catch (err) {
            result.failures.push({ source: record.source, reason: `could not store page (${(err as Error).message})` });
          }
        }
        if (result.statuses.some((s) => s.status !== "unchanged") || this.queries.counts().papers === 0) {
          result.graph = rebuildGraph(this.db);
        }
      }).immediate(),
    );
    return result;
  }

  /** Forget a page (by source) and rebuild the graph without it. */
  removePage(source: string): boolean {
    return this.db.transaction(() => {
      const changes = this.db.prepare("DELETE FROM pages WHERE source = ?").run(source).changes;
      if (changes > 0) rebuildGraph(this.db);
      return changes > 0;
    }).immediate();
  }

  /** The traversal index: the stored one when it matches the graph version, else built from the edges. */
  graphIndex(): CitationIndex {
    return storedGraphIndex(this.db) ?? buildGraphIndex(this.db);
  }

  /** Stores the traversal index of the current graph unless it is stored already. */
  ensureGraphIndex(): { computed: boolean; papers: number } {
    return ensureGraphIndex(this.db);
  }

  /** Stores a ForceAtlas2 layout for the current graph unless one is stored already. */
  ensureLayout(): { computed: boolean; papers: number } {
    return ensureLayout(this.db);
  }

  layoutIsCurrent(): boolean {
    return layoutIsCurrent(this.db);
  }

  /** The layout computed in memory, for a read-only database whose stored one is stale. */
  computeLayout(): Placement[] {
    return layoutOf(this.db);
  }

  /** `lineage doctor`: integrity, orphan rows, derived tables against a rebuild dry run. */
  checkHealth(): Check[] {
    return runChecks(this.db);
  }

  /** `lineage doctor --repair`: re-index if needed and rebuild the derived tables, in one transaction. */
  repair(): RepairReport {
    return repair(this.db);
  }

  integrityCheck(): string {
    return String(this.db.pragma("integrity_check", { simple: true }));
  }

  close(): void {
    this.reads.release();
    this.db.close();
  }
}
