/**
 * The one owner of a Lineage database connection. Writers batch pages into one transaction
 * (each page in its own savepoint, so one bad page never loses the rest) and rebuild the derived
 * graph once per batch; readers open read-only.
 */
import type { Statement } from "better-sqlite3";
import { openDatabase, withoutForeignKeys, type Db, type OpenOptions } from "./connection.ts";
import { PageWriter, type PageRecord, type WriteStatus } from "./page-writer.ts";
import { rebuildGraph, type BuildSummary } from "./graph-builder.ts";
import { PaperQueries } from "./paper-queries.ts";
import { ReadingListStore } from "./reading-lists.ts";
import { WatchStore } from "./watch-store.ts";
import { CitationAttributeQueries } from "./citation-attributes.ts";
import { LibraryStore } from "./library-store.ts";
import { layoutIsCurrent, readCommunities, readPlacements, writeLayout, type StoredPlacement } from "./layout-store.ts";
import { graphIndexState, graphVersion, readEdgeArrays, readIndexArrays, writeIndexArrays, type EdgeArrays, type IndexArrays } from "./graph-index-store.ts";
import { repair, runChecks, type Check, type RepairReport } from "./doctor-checks.ts";

export interface BatchResult {
  statuses: { source: string; status: WriteStatus }[];
  /** Pages removed by the batch (`remove`), by source. */
  removed: string[];
  failures: { source: string; reason: string }[];
  graph?: BuildSummary;
}

export class LineageDb {
  readonly queries: PaperQueries;
  /** Named reading lists; writes need a database opened for writing. */
  readonly lists: ReadingListStore;
  /** Watched lists' last checks and findings (`lineage watch`); writes need a database opened for writing. */
  readonly watches: WatchStore;
  /** What sources said of a paper's direct citations (intents, influence, citing sentences). */
  readonly citationAttributes: CitationAttributeQueries;
  /** The researcher's own library (Zotero) in the map; writes go with `writePages`'s `alongside`. */
  readonly library: LibraryStore;
  private writer?: PageWriter;
  private begin?: Statement;
  private dataVersionStatement?: Statement<[], number>;
  private commit?: Statement;
  /** Work done inside every write transaction that rebuilt the graph (see `onRebuild`). */
  private derive?: () => void;
  private constructor(
    readonly path: string,
    private readonly db: Db,
  ) {
    this.queries = new PaperQueries(db);
    this.lists = new ReadingListStore(db);
    this.watches = new WatchStore(db);
    this.citationAttributes = new CitationAttributeQueries(db);
    this.library = new LibraryStore(db);
  }

  static open(path: string, options: OpenOptions = {}): LineageDb {
    return new LineageDb(path, openDatabase(path, options));
  }

  /**
   * Runs `read` in one read transaction, so that its statements see one snapshot of the database
   * even while another process writes (joining a transaction already open on this connection).
   */
  read<T>(read: () => T): T {
    if (this.db.inTransaction) return read();
    this.begin ??= this.db.prepare("BEGIN");
    this.commit ??= this.db.prepare("COMMIT");
    this.begin.run();
    try {
      return read();
    } finally {
      if (this.db.inTransaction) this.commit.run();
    }
  }

  /**
   * Writes a batch of parsed pages (read lazily, so a caller can parse while the batch is
   * written) and rebuilds the graph if anything changed. `batch.remove` names pages to forget in
   * the same transaction (a library's items deleted since its last import), and `batch.alongside`
   * writes what belongs with the pages (a library's membership) before the rebuild.
   */
  writePages(records: Iterable<PageRecord>, now = new Date().toISOString(), batch: { remove?: Iterable<string>; alongside?: () => void } = {}): BatchResult {
    this.writer ??= new PageWriter(this.db);
    const writer = this.writer;
    const result: BatchResult = { statuses: [], removed: [], failures: [] };
    withoutForeignKeys(this.db, () =>
      this.db
        .transaction(() => {
          for (const source of batch.remove ?? []) if (writer.remove(source)) result.removed.push(source);
          for (const record of records) {
            try {
              result.statuses.push({ source: record.source, status: writer.write(record, now) });
            } catch (err) {
              result.failures.push({ source: record.source, reason: `could not store page (${(err as Error).message})` });
            }
          }
          batch.alongside?.();
          if (result.removed.length > 0 || result.statuses.some((s) => s.status !== "unchanged") || this.queries.counts().papers === 0) {
            result.graph = this.rebuild();
          }
        })
        .immediate(),
    );
    return result;
  }

  /**
   * What to derive from a rebuilt graph in the same transaction as the rebuild (library/prepare.ts
   * sets the layout and the traversal index), so that no reader ever sees a graph without them.
   */
  onRebuild(derive: () => void): void {
    this.derive = derive;
  }

  private rebuild(): BuildSummary {
    const summary = rebuildGraph(this.db);
    this.derive?.();
    return summary;
  }

  /** Forget a page (by source) and rebuild the graph without it. */
  removePage(source: string): boolean {
    return this.db
      .transaction(() => {
        const changes = this.db.prepare("DELETE FROM pages WHERE source = ?").run(source).changes;
        if (changes > 0) this.rebuild();
        return changes > 0;
      })
      .immediate();
  }

  /** SQLite's `PRAGMA data_version`: changes whenever another connection has committed. */
  dataVersion(): number {
    this.dataVersionStatement ??= this.db.prepare<[], number>("PRAGMA data_version").pluck();
    return this.dataVersionStatement.get() ?? 0;
  }

  /** The graph's version (a fingerprint of its papers and citations), or undefined before the first build. */
  graphVersion(): string | undefined {
    return graphVersion(this.db);
  }

  /** The stored traversal index arrays, when they were built for the current graph. */
  indexArrays(): IndexArrays | undefined {
    return readIndexArrays(this.db);
  }

  /** The citations as index arrays (papers numbered in id order), to build the traversal index from. */
  edgeArrays(): EdgeArrays {
    return readEdgeArrays(this.db);
  }

  indexIsCurrent(): boolean {
    return graphIndexState(this.db) === "current";
  }

  storeIndexArrays(arrays: IndexArrays): void {
    writeIndexArrays(this.db, arrays, graphVersion(this.db) ?? "");
  }

  layoutIsCurrent(): boolean {
    return layoutIsCurrent(this.db);
  }

  /** Each paper's community in the stored layout, when it is of the current graph. */
  storedCommunities(): Map<string, number> | undefined {
    return readCommunities(this.db);
  }

  /** Every stored position, of whichever graph version it was computed for (a grown graph is refined from it). */
  storedPlacements(): Map<string, StoredPlacement> {
    return readPlacements(this.db);
  }

  storeLayout(placements: readonly StoredPlacement[]): void {
    writeLayout(this.db, placements);
  }

  /** `lineage doctor`: integrity, orphan rows, derived tables against a rebuild dry run. */
  checkHealth(): Check[] {
    return runChecks(this.db);
  }

  /** `lineage doctor --repair`: re-index if needed and rebuild the derived tables, in one transaction. */
  repair(): RepairReport {
    return this.db.transaction(() => {
      const report = repair(this.db);
      this.derive?.();
      return report;
    })();
  }

  integrityCheck(): string {
    return String(this.db.pragma("integrity_check", { simple: true }));
  }

  close(): void {
    this.db.close();
  }
}
