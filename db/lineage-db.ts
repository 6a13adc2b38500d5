/**
 * The one owner of a Lineage database connection, and every store over it: papers and their
 * provenance, reading lists, watched lists, citation attributes, and the fetch cache, expansions
 * and crawls of the commands that go online, and the researcher's library. A batch of pages is
 * planned from one snapshot and stored in one short transaction (db/page-batch.ts), with what
 * belongs beside it (a library's membership); readers open read-only. A process asks db/store.ts for its one reader and one writer
 * of a file; `open` is the connection itself. Nothing here calls back out of db/: a write stores
 * what its caller computed beforehand.
 */
import type { Statement } from "better-sqlite3";
import { openDatabase, type Db, type OpenOptions } from "./connection.ts";
import type { PageRecord, WriteStatus } from "./page-writer.ts";
import type { BuildSummary } from "./graph-builder.ts";
import { commitBatch, planBatch, type BatchArtifacts, type BatchOptions, type BatchPlan } from "./page-batch.ts";
import { PaperQueries } from "./paper-queries.ts";
import { ReadingListStore } from "./reading-lists.ts";
import { WatchStore } from "./watch-store.ts";
import { CitationAttributeQueries } from "./citation-attributes.ts";
import { LibraryStore, type LibraryReplacement } from "./library-store.ts";
import { layoutIsCurrent, readCommunities, readPlacements, writeLayout, type StoredPlacement } from "./layout-store.ts";
import { graphIndexState, graphVersion, readEdgeArrays, readIndexArrays, writeIndexArrays, type EdgeArrays, type IndexArrays } from "./graph-index-store.ts";
import { repairStored, runChecks, tidyDerived, type Check, type RepairReport } from "./doctor-checks.ts";
import { FetchCache } from "./fetch-cache.ts";
import { ExpansionStore } from "./expansion-store.ts";
import { CrawlStore } from "./crawl-store.ts";
import { rebuildSearchIndex, searchIndexIsCurrent, SearchIndexQueries } from "./search-index.ts";
import { derivedByThisCode } from "./derivation.ts";

export interface BatchResult {
  statuses: { source: string; status: WriteStatus }[];
  /** Pages forgotten by the batch (`remove`), by source. */
  removed: string[];
  failures: { source: string; reason: string }[];
  graph?: BuildSummary;
  /** Papers the batch's reach held before or holds after, when its graph was derived from its reach rather than whole (db/graph-increment.ts). */
  reach?: number;
  /** Whether the library's stored membership changed (a batch written with `alongside.library`). */
  libraryChanged?: boolean;
}

/** What belongs with a batch's pages, stored in its transaction: a library's membership (its items are the pages). */
export interface Alongside {
  library?: LibraryReplacement;
}

export class LineageDb {
  readonly queries: PaperQueries;
  /** Named reading lists; writes need a database opened for writing. */
  readonly lists: ReadingListStore;
  /** Watched lists' last checks and findings (`lineage watch`); writes need a database opened for writing. */
  readonly watches: WatchStore;
  /** What sources said of a paper's direct citations (intents, influence, citing sentences). */
  readonly citationAttributes: CitationAttributeQueries;
  /** The search index's statements (db/search-index.ts). */
  readonly search: SearchIndexQueries;
  /** The researcher's own library (Zotero) in the map; an import's membership is written with its pages (`commitPages`). */
  readonly library: LibraryStore;
  private fetchCache?: FetchCache;
  private expansionStore?: ExpansionStore;
  private crawlStore?: CrawlStore;
  /** Holders of this connection (db/store.ts shares one per file and mode in a process); closed when the last lets go. */
  private holders = 1;
  private begin?: Statement;
  private dataVersionStatement?: Statement<[], number>;
  private commit?: Statement;
  private constructor(
    readonly path: string,
    private readonly db: Db,
  ) {
    this.queries = new PaperQueries(db);
    this.lists = new ReadingListStore(db);
    this.watches = new WatchStore(db);
    this.citationAttributes = new CitationAttributeQueries(db);
    this.search = new SearchIndexQueries(db);
    this.library = new LibraryStore(db);
  }

  static open(path: string, options: OpenOptions = {}): LineageDb {
    return new LineageDb(path, openDatabase(path, options));
  }

  /** Fetched answers, content-addressed (`lineage fetch`, `crawl`, `expand`, `add`, `watch`). */
  get cache(): FetchCache {
    this.fetchCache ??= new FetchCache(this.db);
    return this.fetchCache;
  }

  /** Expansions' frontiers (`lineage expand`, `add`). */
  get expansions(): ExpansionStore {
    this.expansionStore ??= new ExpansionStore(this.db);
    return this.expansionStore;
  }

  /** Crawls' frontiers (`lineage crawl`). */
  get crawls(): CrawlStore {
    this.crawlStore ??= new CrawlStore(this.db);
    return this.crawlStore;
  }

  /** One more holder of this connection (db/store.ts): `close` then closes it only when the last does. */
  hold(): this {
    this.holders++;
    return this;
  }

  get isOpen(): boolean {
    return this.db.open;
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

  /** Runs `write` in one write transaction, begun IMMEDIATE (db/connection.ts); joins one already open. */
  write<T>(write: () => T): T {
    return this.db.inTransaction ? write() : this.db.transaction(write).immediate();
  }

  /**
   * What a batch of parsed pages comes to (new, updated, unchanged, refused), and the graph it
   * leaves, planned from one snapshot before anything is written (db/page-batch.ts).
   */
  planPages(records: readonly PageRecord[], options: BatchOptions = {}): BatchPlan {
    return planBatch(this.db, records, options);
  }

  /**
   * Stores a plan, and what the caller derived from its graph (`artifacts`: the layout and the
   * traversal index), in one short transaction; throws StaleBatch when another connection wrote
   * meanwhile (plan again), PageRefused for a page SQLite would not store (plan without it).
   */
  commitPages(plan: BatchPlan, artifacts: BatchArtifacts = {}, alongside: Alongside = {}): BatchResult {
    const result: BatchResult = { statuses: plan.statuses, removed: plan.removed, failures: plan.failures };
    const { library } = alongside;
    const also = library ? () => (result.libraryChanged = this.library.replace(library.library, library.members, library.collections, library.record).changed) : undefined;
    const graph = commitBatch(this.db, plan, artifacts, also);
    const reach = plan.write?.reach;
    return Object.assign(result, graph ? { graph } : {}, reach === undefined ? {} : { reach });
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

  /** Whether the derived rows were written by this code, so that a batch derives only what it reaches (db/derivation.ts). */
  derivedByThisCode(): boolean {
    return derivedByThisCode(this.db);
  }

  searchIndexIsCurrent(): boolean {
    return searchIndexIsCurrent(this.db);
  }

  /** Rebuilds the search index in one write transaction (for a database an older Lineage wrote). */
  rebuildSearchIndex(): void {
    this.db.transaction(() => rebuildSearchIndex(this.db)).immediate();
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

  /**
   * `lineage doctor --repair`'s first step: re-index if needed and delete what points at nothing;
   * `rebuildFrom` says how many stored pages the derived tables are then rebuilt from (by writing
   * an empty batch with `rebuild`, library/page-writes.ts), undefined for a bulk-loaded graph.
   */
  repairStored(): RepairReport & { rebuildFrom?: number } {
    return repairStored(this.db);
  }

  /** `lineage doctor --repair`'s last step: positions and a traversal index that belong to no current graph, deleted. */
  tidyDerived(): string[] {
    return tidyDerived(this.db);
  }

  integrityCheck(): string {
    return String(this.db.pragma("integrity_check", { simple: true }));
  }

  /** Lets go of the connection; the last holder closes it. */
  close(): void {
    if (--this.holders > 0) return;
    this.db.close();
  }
}
