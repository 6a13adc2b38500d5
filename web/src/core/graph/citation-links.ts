/**
 * Every citation of the loaded graph, compactly: compressed sparse rows of both directions over
 * typed arrays (the layout graph/citation-index.ts uses on the server), with the few graphology
 * methods the explorer's emphasis, counts and edge choice read (`LinkGraph`). AAN's 95,000
 * citations as graphology edges were some 200,000 objects on the page's heap, and collecting them
 * cost the main thread whole seconds; as arrays they are under 2 MB. A citation's key is "e" and
 * its index, the key the graph sigma draws gives it too.
 */

export type EdgeCallback = (edge: string, attributes: unknown, source: string, target: string) => void;

/** What the explorer reads of the citations (a graphology graph has it too, for small graphs and tests). */
export interface LinkGraph {
  readonly order: number;
  readonly size: number;
  hasNode(key: string): boolean;
  hasEdge(edge: string): boolean;
  degree(node: string): number;
  source(edge: string): string;
  target(edge: string): string;
  /** The citation from `source` to `target`, if any. */
  edge(source: string, target: string): string | undefined;
  edges(): string[];
  forEachEdge(callback: EdgeCallback): void;
  forEachEdge(node: string, callback: EdgeCallback): void;
  forEachOutEdge(node: string, callback: EdgeCallback): void;
  forEachNeighbor(node: string, callback: (neighbor: string) => void): void;
}

export function edgeKey(index: number): string {
  return `e${index}`;
}

export class CitationLinks implements LinkGraph {
  private readonly index = new Map<string, number>();
  private readonly outStart: Int32Array;
  private readonly outEdges: Int32Array;
  private readonly inStart: Int32Array;
  private readonly inEdges: Int32Array;

  /** `citing[i]` builds on `cited[i]`, both indices into `keys`; every pair once, no loops. */
  constructor(
    private readonly keys: readonly string[],
    private readonly citing: Int32Array,
    private readonly cited: Int32Array,
  ) {
    keys.forEach((k, i) => this.index.set(k, i));
    [this.outStart, this.outEdges] = rows(keys.length, citing);
    [this.inStart, this.inEdges] = rows(keys.length, cited);
  }

  get order(): number {
    return this.keys.length;
  }

  get size(): number {
    return this.citing.length;
  }

  hasNode(key: string): boolean {
    return this.index.has(key);
  }

  private edgeIndex(edge: string): number {
    const i = edge.startsWith("e") ? Number(edge.slice(1)) : NaN;
    return Number.isInteger(i) && i >= 0 && i < this.citing.length ? i : -1;
  }

  hasEdge(edge: string): boolean {
    return this.edgeIndex(edge) >= 0;
  }

  degree(node: string): number {
    const i = this.index.get(node);
    if (i === undefined) return 0;
    return (this.outStart[i + 1] ?? 0) - (this.outStart[i] ?? 0) + (this.inStart[i + 1] ?? 0) - (this.inStart[i] ?? 0);
  }

  source(edge: string): string {
    return this.keys[this.citing[this.edgeIndex(edge)] ?? -1] ?? "";
  }

  target(edge: string): string {
    return this.keys[this.cited[this.edgeIndex(edge)] ?? -1] ?? "";
  }

  edge(source: string, target: string): string | undefined {
    const s = this.index.get(source);
    const t = this.index.get(target);
    if (s === undefined || t === undefined) return undefined;
    for (let k = this.outStart[s] ?? 0; k < (this.outStart[s + 1] ?? 0); k++) {
      const e = this.outEdges[k] ?? -1;
      if (this.cited[e] === t) return edgeKey(e);
    }
    return undefined;
  }

  edges(): string[] {
    return Array.from({ length: this.citing.length }, (_, i) => edgeKey(i));
  }

  private visit(e: number, callback: EdgeCallback): void {
    callback(edgeKey(e), undefined, this.keys[this.citing[e] ?? -1] ?? "", this.keys[this.cited[e] ?? -1] ?? "");
  }

  forEachEdge(nodeOrCallback: string | EdgeCallback, maybeCallback?: EdgeCallback): void {
    if (typeof nodeOrCallback === "function") {
      for (let e = 0; e < this.citing.length; e++) this.visit(e, nodeOrCallback);
      return;
    }
    const callback = maybeCallback;
    const i = this.index.get(nodeOrCallback);
    if (i === undefined || !callback) return;
    for (let k = this.outStart[i] ?? 0; k < (this.outStart[i + 1] ?? 0); k++) this.visit(this.outEdges[k] ?? 0, callback);
    for (let k = this.inStart[i] ?? 0; k < (this.inStart[i + 1] ?? 0); k++) this.visit(this.inEdges[k] ?? 0, callback);
  }

  forEachOutEdge(node: string, callback: EdgeCallback): void {
    const i = this.index.get(node);
    if (i === undefined) return;
    for (let k = this.outStart[i] ?? 0; k < (this.outStart[i + 1] ?? 0); k++) this.visit(this.outEdges[k] ?? 0, callback);
  }

  forEachNeighbor(node: string, callback: (neighbor: string) => void): void {
    const i = this.index.get(node);
    if (i === undefined) return;
    const seen = new Set<number>();
    const call = (j: number) => {
      if (seen.has(j)) return;
      seen.add(j);
      callback(this.keys[j] ?? "");
    };
    for (let k = this.outStart[i] ?? 0; k < (this.outStart[i + 1] ?? 0); k++) call(this.cited[this.outEdges[k] ?? 0] ?? 0);
    for (let k = this.inStart[i] ?? 0; k < (this.inStart[i + 1] ?? 0); k++) call(this.citing[this.inEdges[k] ?? 0] ?? 0);
  }
}

/** Row starts and the edges of each row, for the rows named by `ends` (counting sort). */
function rows(n: number, ends: Int32Array): [Int32Array, Int32Array] {
  const start = new Int32Array(n + 1);
  for (const r of ends) start[r + 1] = (start[r + 1] ?? 0) + 1;
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0);
  const fill = start.slice(0, n);
  const edges = new Int32Array(ends.length);
  ends.forEach((r, e) => {
    edges[fill[r] ?? 0] = e;
    fill[r] = (fill[r] ?? 0) + 1;
  });
  return [start, edges];
}
