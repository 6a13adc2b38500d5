/**
 * An in-memory traversal index beside SQLite: papers numbered 0..n-1 and both directions of the
 * citation graph in compressed sparse rows, so closures and paths run without a query per step.
 * SQLite stays the source of truth; the index is rebuilt from its edge list.
 */

export type Direction = "buildsOn" | "builtBy";

export class CitationIndex {
  readonly ids: readonly string[];
  private readonly indexOf: Map<string, number>;
  private readonly offsets: Record<Direction, Uint32Array>;
  private readonly targets: Record<Direction, Uint32Array>;

  constructor(ids: readonly string[], edges: readonly { citing: string; cited: string }[]) {
    this.ids = ids;
    this.indexOf = new Map(ids.map((id, i) => [id, i]));
    const citing = new Uint32Array(edges.length);
    const cited = new Uint32Array(edges.length);
    edges.forEach((e, k) => {
      const a = this.indexOf.get(e.citing);
      const b = this.indexOf.get(e.cited);
      if (a === undefined || b === undefined) throw new Error(`citation index: edge ${e.citing} -> ${e.cited} names an unknown paper`);
      citing[k] = a;
      cited[k] = b;
    });
    const buildsOn = csr(ids.length, citing, cited);
    const builtBy = csr(ids.length, cited, citing);
    this.offsets = { buildsOn: buildsOn.offsets, builtBy: builtBy.offsets };
    this.targets = { buildsOn: buildsOn.targets, builtBy: builtBy.targets };
  }

  get size(): number {
    return this.ids.length;
  }

  get edgeCount(): number {
    return this.targets.buildsOn.length;
  }

  index(id: string): number | undefined {
    return this.indexOf.get(id);
  }

  id(index: number): string {
    const id = this.ids[index];
    if (id === undefined) throw new Error(`citation index: no paper at ${index}`);
    return id;
  }

  /** Neighbours of a paper in one direction, as a view (no copy). */
  neighbours(index: number, direction: Direction): Uint32Array {
    const offsets = this.offsets[direction];
    return this.targets[direction].subarray(offsets[index] ?? 0, offsets[index + 1] ?? 0);
  }

  degree(index: number, direction: Direction): number {
    const offsets = this.offsets[direction];
    return (offsets[index + 1] ?? 0) - (offsets[index] ?? 0);
  }
}

function csr(n: number, from: Uint32Array, to: Uint32Array): { offsets: Uint32Array; targets: Uint32Array } {
  const offsets = new Uint32Array(n + 1);
  for (const f of from) offsets[f + 1] = (offsets[f + 1] ?? 0) + 1;
  for (let i = 0; i < n; i++) offsets[i + 1] = (offsets[i + 1] ?? 0) + (offsets[i] ?? 0);
  const cursor = offsets.slice(0, n);
  const targets = new Uint32Array(from.length);
  for (let k = 0; k < from.length; k++) {
    const f = from[k] ?? 0;
    const at = cursor[f] ?? 0;
    targets[at] = to[k] ?? 0;
    cursor[f] = at + 1;
  }
  // Sorted neighbour lists make every traversal's output order deterministic.
  for (let i = 0; i < n; i++) targets.subarray(offsets[i] ?? 0, offsets[i + 1] ?? 0).sort();
  return { offsets, targets };
}
