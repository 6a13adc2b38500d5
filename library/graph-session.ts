/**
 * A reader's live view of one database: the read-only connection and the loaded graph, which is
 * replaced when another process commits a new graph (an ingest, import, crawl or expand), so a
 * running server shows new papers without a restart. SQLite's `PRAGMA data_version` says cheaply
 * whether anything was committed since the last look; only then is the stored graph version read,
 * and only when that changed is the graph loaded again (its traversal index from the stored
 * arrays, inside one read transaction). A writer stores the graph, its layout and its index in one
 * transaction (library/prepare.ts), so a reader sees the old graph or the new one, never half.
 */
import { LineageDb } from "../db/lineage-db.ts";
import { LineageGraph } from "./lineage-graph.ts";

export interface GraphSessionOptions {
  /** Look for a new commit at most this often (the check itself costs a pragma). */
  checkEveryMs?: number;
  now?: () => number;
}

export class GraphSession {
  readonly db: LineageDb;
  private graph: LineageGraph;
  private version: string | undefined;
  private dataVersion: number;
  private checkedAt: number;
  private readonly checkEveryMs: number;
  private readonly now: () => number;
  private readonly listeners = new Set<(graph: LineageGraph) => void>();

  constructor(path: string, options: GraphSessionOptions = {}) {
    this.checkEveryMs = options.checkEveryMs ?? 250;
    this.now = options.now ?? (() => performance.now());
    this.db = LineageDb.open(path, { readonly: true });
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

  /** Looks for a commit now; returns true when a new graph was loaded. */
  refresh(): boolean {
    this.checkedAt = this.now();
    const dataVersion = this.db.dataVersion();
    if (dataVersion === this.dataVersion) return false;
    this.dataVersion = dataVersion;
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
