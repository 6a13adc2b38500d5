/**
 * Redraws papers and citations a slice at a time, so that no main-thread task runs long (issue 18:
 * none over 200 ms on AAN). Sigma's full refresh re-reduces and re-indexes every paper and every
 * citation in one task (0.3 to 1.3 s on AAN in software WebGL); a partial refresh with
 * `skipIndexation` reprocesses just the items named, in place. The queue feeds sigma those items
 * in slices of about `budgetMs` each, papers before citations, yielding to the browser between
 * slices. Each slice reads the current display model through the reducers, so a change that
 * arrives while slices are pending is folded in: what is still queued is drawn as the new model
 * says, and what the new model changes is queued too. Even the first slice runs after the task
 * that asked for it (a click's own task has React's work to do), and a change may be given as a
 * function, worked out in a slice of its own.
 */
import type { CitationGraph } from "./citation-graph.ts";
import type { DisplayChange } from "./display.ts";

/** The part of sigma the queue drives. */
export interface PartialRefresh {
  refresh(options: { partialGraph: { nodes?: string[]; edges?: string[] }; skipIndexation: boolean; schedule: boolean }): unknown;
}

export interface RefreshQueueOptions {
  /** Milliseconds of work per slice. */
  budgetMs?: number;
  /** Items refreshed between two looks at the clock. */
  step?: number;
  now?: () => number;
  /** Runs the next slice later; returns a cancel function. */
  defer?: (run: () => void) => () => void;
}

const DEFAULTS: Required<RefreshQueueOptions> = {
  budgetMs: 30,
  step: 400,
  now: () => performance.now(),
  defer: (run) => {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  },
};

class KeyQueue {
  private keys: string[] = [];
  private next = 0;
  private readonly queued = new Set<string>();

  get size(): number {
    return this.keys.length - this.next;
  }

  add(keys: readonly string[]): void {
    for (const k of keys) {
      if (this.queued.has(k)) continue;
      this.queued.add(k);
      this.keys.push(k);
    }
  }

  /** Everything, in the graph's order (what was queued is covered by it). */
  replaceWith(keys: string[]): void {
    this.queued.clear();
    for (const k of keys) this.queued.add(k);
    this.keys = keys;
    this.next = 0;
  }

  take(n: number): string[] {
    const slice = this.keys.slice(this.next, this.next + n);
    this.next += slice.length;
    for (const k of slice) this.queued.delete(k);
    if (this.next >= this.keys.length) {
      this.keys = [];
      this.next = 0;
    }
    return slice;
  }

  clear(): void {
    this.keys = [];
    this.next = 0;
    this.queued.clear();
  }
}

export class RefreshQueue {
  private readonly nodes = new KeyQueue();
  private readonly edges = new KeyQueue();
  private readonly options: Required<RefreshQueueOptions>;
  private cancel: (() => void) | null = null;
  /**
   * Whether sigma has indexed every paper and citation the graph holds. A partial refresh that
   * skips indexation can only redraw items sigma has indexed; after papers are added it must wait
   * for sigma's next full processing (redraw-queue.ts tells the queue).
   */
  private indexed = true;

  constructor(
    private readonly sigma: PartialRefresh,
    private readonly graph: CitationGraph,
    options: RefreshQueueOptions = {},
  ) {
    this.options = Object.assign({}, DEFAULTS, options);
  }

  /** Changes still to work out. */
  private unresolved: (() => DisplayChange)[] = [];

  /** Items still to redraw (and changes still to work out). */
  get pending(): number {
    return this.unresolved.length + this.nodes.size + this.edges.size;
  }

  /** Queues a change (or what works it out, in a later task) for the slices that follow. */
  enqueue(change: DisplayChange | (() => DisplayChange)): void {
    if (typeof change === "function") this.unresolved.push(change);
    else this.add(change);
    if (!this.cancel && this.indexed) this.cancel = this.options.defer(this.run);
  }

  private add(change: DisplayChange): void {
    if (change.nodes === "all") this.nodes.replaceWith(this.graph.nodes());
    else this.nodes.add(change.nodes);
    if (change.edges === "all") this.edges.replaceWith(this.graph.edges());
    else this.edges.add(change.edges);
  }

  /** Sigma has (true) or has not yet (false) indexed what the graph holds now. */
  setIndexed(indexed: boolean): void {
    this.indexed = indexed;
    if (indexed && !this.cancel && this.pending > 0) this.cancel = this.options.defer(this.run);
    if (!indexed) {
      this.cancel?.();
      this.cancel = null;
    }
  }

  /** Drops what is queued (the graph was replaced: sigma redraws it all). */
  clear(): void {
    this.unresolved = [];
    this.nodes.clear();
    this.edges.clear();
    this.cancel?.();
    this.cancel = null;
  }

  private run = (): void => {
    this.cancel = null;
    if (!this.indexed) return;
    const { budgetMs, step, now, defer } = this.options;
    const deadline = now() + budgetMs;
    do {
      const compute = this.unresolved.shift();
      if (compute) this.add(compute());
      else if (this.nodes.size > 0) {
        const nodes = this.nodes.take(step).filter((k) => this.graph.hasNode(k));
        if (nodes.length > 0) this.sigma.refresh({ partialGraph: { nodes }, skipIndexation: true, schedule: true });
      } else if (this.edges.size > 0) {
        const edges = this.edges.take(step * 2).filter((k) => this.graph.hasEdge(k));
        if (edges.length > 0) this.sigma.refresh({ partialGraph: { edges }, skipIndexation: true, schedule: true });
      }
    } while (this.pending > 0 && now() < deadline);
    if (this.pending > 0) this.cancel = defer(this.run);
  };
}
