/**
 * A reader's live view of one database: the read-only connection and the loaded graph, which is
 * replaced when another process commits a new graph (an ingest, import, crawl or expand), so a
 * running server shows new papers without a restart. SQLite's `PRAGMA data_version` says cheaply
 * whether anything was committed since the last look; only then is the stored graph version read,
 * and only when that changed is the graph loaded again (its traversal index from the stored
 * arrays, inside one read transaction). A writer stores the graph, its layout and its index in one
 * transaction (library/prepare.ts), so a reader sees the old graph or the new one, never half.
 * The session also holds every paper's listed pages (paper-pages.ts) once they pay for
 * themselves. Reading them costs about what one paper view read on its own costs for every
 * `mentionsPerView` mentions of papers, so they are read once a commit has been asked for that
 * many views: rent or buy, so that a server asked for a few views pays nothing for them, a busy
 * one lists pages from memory, and neither pays much more than twice the better of the two.
 * A commit that changes no citation (a page's figures) keeps the graph but not the listing;
 * `commitsSeen` tells answers kept elsewhere that they may be stale.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import { openReader } from "../db/store.ts";
import { LineageGraph } from "./lineage-graph.ts";
import { PageListing } from "./paper-pages.ts";

export interface GraphSessionOptions {
  /** Look for a new commit at most this often (the check itself costs a pragma). */
  checkEveryMs?: number;
  now?: () => number;
  /** Mentions of papers whose listing costs about what one paper view read on its own costs. */
  mentionsPerView?: number;
}

export const MENTIONS_PER_VIEW = 20;

export class GraphSession {
  readonly db: LineageDb;
  private graph: LineageGraph;
  private version: string | undefined;
  private dataVersion: number;
  private commits = 0;
  /** undefined: not read since the last commit; null: too many mentions to hold. */
  private listing: PageListing | null | undefined;
  private viewsAtCommit = 0;
  private mentionsAtCommit: number | undefined;
  private readonly mentionsPerView: number;
  private checkedAt: number;
  private readonly checkEveryMs: number;
  private readonly now: () => number;
  private readonly listeners = new Set<(graph: LineageGraph) => void>();

  constructor(path: string, options: GraphSessionOptions = {}) {
    this.checkEveryMs = options.checkEveryMs ?? 250;
    this.now = options.now ?? (() => performance.now());
    this.mentionsPerView = options.mentionsPerView ?? MENTIONS_PER_VIEW;
    this.db = openReader(path);
    this.dataVersion = this.db.dataVersion();
    this.version = this.db.graphVersion();
    this.graph = this.db.read(() => new LineageGraph(this.db));
    this.checkedAt = this.now();
  }

  /** The graph as of the last commit (looked for at most every `checkEveryMs`). */
  current(): LineageGraph {
    if (this.now() - this.checkedAt >= this.checkEveryMs) this.refresh();
    return this.graph;
  }

  /** The stored graph version the loaded graph was built from (undefined for an empty database). */
  graphVersion(): string | undefined {
    this.current();
    return this.version;
  }

  /** Commits by other connections seen so far: an answer made at one count may be stale at another. */
  commitsSeen(): number {
    this.current();
    return this.commits;
  }

  /** What names the commit answers are made from, for keeping them: the graph version and the commits seen. */
  commitKey(): string {
    this.current();
    return `${this.version ?? ""}@${this.commits}`;
  }

  /**
   * Every paper's listed pages as of the last commit seen, asked for by a paper view: null while
   * they do not yet pay for themselves at this commit, and on a database too large to hold them.
   */
  pageListing(): PageListing | null {
    this.current();
    if (this.listing !== undefined) return this.listing;
    const mentions = (this.mentionsAtCommit ??= this.db.queries.pages.mentionCount());
    if (++this.viewsAtCommit * this.mentionsPerView < mentions) return null;
    this.listing = this.db.read(() => PageListing.read(this.db, undefined, mentions));
    return this.listing;
  }

  /** How many papers and citations the database holds now. */
  counts(): { papers: number; edges: number } {
    return this.db.read(() => this.db.queries.counts());
  }

  /** Looks for a commit now; returns true when a new graph was loaded. */
  refresh(): boolean {
    this.checkedAt = this.now();
    const dataVersion = this.db.dataVersion();
    if (dataVersion === this.dataVersion) return false;
    this.dataVersion = dataVersion;
    this.commits++;
    this.listing = undefined;
    this.viewsAtCommit = 0;
    this.mentionsAtCommit = undefined;
    const version = this.db.graphVersion();
    if (version === this.version) return false;
    this.graph = this.db.read(() => {
      this.version = this.db.graphVersion();
      return new LineageGraph(this.db);
    });
    for (const listener of this.listeners) listener(this.graph);
    return true;
  }

  /** Told of every new graph (caches of answers drop theirs). */
  onReload(listener: (graph: LineageGraph) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.listeners.clear();
    this.db.close();
  }
}
