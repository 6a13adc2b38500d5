/**
 * An in-memory traversal index beside SQLite: papers numbered 0..n-1 and both directions of the
 * citation graph in compressed sparse rows, so closures and paths run without a query per step.
 * SQLite stays the source of truth; the index is rebuilt from its edge list, or loaded as stored
 * for the graph's version (db/graph-index-store.ts) when the graph is large.
 */

export type Direction = "buildsOn" | "builtBy";

/** Compressed sparse rows of both directions: paper i's neighbours are targets[offsets[i]..offsets[i+1]). */
export interface CsrParts {
  buildsOnOffsets: Uint32Array;
  buildsOnTargets: Uint32Array;
  builtByOffsets: Uint32Array;
  builtByTargets: Uint32Array;
}

/** One direction's rows: paper i's neighbours are targets[offsets[i]..offsets[i+1]). */
export interface CitationRows {
  readonly offsets: Uint32Array;
  readonly targets: Uint32Array;
}

export class CitationIndex {
  readonly ids: readonly string[];
  private readonly indexOf: Map<string, number>;
  private readonly rowsOf: Record<Direction, CitationRows>;
  private visitMarks?: Uint32Array;
  private visitStamp = 0;
  private depthScratch?: Int32Array;

  constructor(ids: readonly string[], edges: readonly { citing: string; cited: string }[]);
  constructor(ids: readonly string[], csr: CsrParts);
  constructor(ids: readonly string[], edges: readonly { citing: string; cited: string }[] | CsrParts) {
    this.ids = ids;
    this.indexOf = new Map();
    for (let i = 0; i < ids.length; i++) this.indexOf.set(ids[i] as string, i);
    let parts: CsrParts;
    if (Array.isArray(edges)) {
      const citing = new Uint32Array(edges.length);
      const cited = new Uint32Array(edges.length);
      edges.forEach((e: { citing: string; cited: string }, k: number) => {
        const a = this.indexOf.get(e.citing);
        const b = this.indexOf.get(e.cited);
        if (a === undefined || b === undefined) throw new Error(`citation index: edge ${e.citing} -> ${e.cited} names an unknown paper`);
        citing[k] = a;
        cited[k] = b;
      });
      parts = csrParts(ids.length, citing, cited);
    } else {
      parts = edges as CsrParts;
      checkParts(ids.length, parts);
    }
    this.rowsOf = {
      buildsOn: { offsets: parts.buildsOnOffsets, targets: parts.buildsOnTargets },
      builtBy: { offsets: parts.builtByOffsets, targets: parts.builtByTargets },
    };
  }

  /** The index as its arrays, to store (db/graph-index-store.ts) and load without a rebuild. */
  parts(): CsrParts {
    return {
      buildsOnOffsets: this.rowsOf.buildsOn.offsets,
      buildsOnTargets: this.rowsOf.buildsOn.targets,
      builtByOffsets: this.rowsOf.builtBy.offsets,
      builtByTargets: this.rowsOf.builtBy.targets,
    };
  }

  get size(): number {
    return this.ids.length;
  }

  get edgeCount(): number {
    return this.rowsOf.buildsOn.targets.length;
  }

  index(id: string): number | undefined {
    return this.indexOf.get(id);
  }

  id(index: number): string {
    const id = this.ids[index];
    if (id === undefined) throw new Error(`citation index: no paper at ${index}`);
    return id;
  }

  /**
   * The rows themselves, for loops that run per request: paper i's neighbours are
   * `targets[offsets[i]]` to `targets[offsets[i + 1] - 1]`, read without making a view per paper.
   */
  rows(direction: Direction): CitationRows {
    return this.rowsOf[direction];
  }

  /** Neighbours of a paper in one direction, as a view (no copy). */
  neighbours(index: number, direction: Direction): Uint32Array {
    const { offsets, targets } = this.rowsOf[direction];
    return targets.subarray(offsets[index] ?? 0, offsets[index + 1] ?? 0);
  }

  /**
   * A fresh stamp and the array it marks papers with: `marks[i] === stamp` once the current
   * traversal has seen paper i. Reused across traversals (no allocation, no clearing); one
   * traversal at a time, which holds in this single-threaded, synchronous code.
   */
  visits(): { marks: Uint32Array; stamp: number } {
    const { marks, first } = this.freshStamps(1);
    return { marks, stamp: first };
  }

  /** `count` fresh stamps on the same marks, first, first + 1, …: one per search end or state. */
  freshStamps(count: number): { marks: Uint32Array; first: number } {
    if (!this.visitMarks || this.visitStamp + count > 0xffffffff) {
      this.visitMarks = new Uint32Array(this.ids.length);
      this.visitStamp = 0;
    }
    const first = this.visitStamp + 1;
    this.visitStamp += count;
    return { marks: this.visitMarks, first };
  }

  /**
   * A per-paper number array for the current traversal to write beside its visit marks (a
   * paper's value means something only where `marks[i] === stamp`). Reused like the marks.
   */
  scratchDepths(): Int32Array {
    this.depthScratch ??= new Int32Array(this.ids.length);
    return this.depthScratch;
  }

  degree(index: number, direction: Direction): number {
    const { offsets } = this.rowsOf[direction];
    return (offsets[index + 1] ?? 0) - (offsets[index] ?? 0);
  }
}

/** Both directions of a graph given as edge k: paper citing[k] builds on paper cited[k]. */
export function csrParts(n: number, citing: Uint32Array, cited: Uint32Array): CsrParts {
  const buildsOn = csr(n, citing, cited);
  const builtBy = csr(n, cited, citing);
  return { buildsOnOffsets: buildsOn.offsets, buildsOnTargets: buildsOn.targets, builtByOffsets: builtBy.offsets, builtByTargets: builtBy.targets };
}

/** Stored arrays are checked before use: a corrupt cache must fail loudly, not mislead. */
function checkParts(n: number, p: CsrParts): void {
  for (const [name, offsets, targets] of [
    ["buildsOn", p.buildsOnOffsets, p.buildsOnTargets],
    ["builtBy", p.builtByOffsets, p.builtByTargets],
  ] as const) {
    if (offsets.length !== n + 1 || offsets[0] !== 0 || offsets[n] !== targets.length) {
      throw new Error(`citation index: stored ${name} offsets do not fit ${n} papers and ${targets.length} citations`);
    }
  }
  if (p.buildsOnTargets.length !== p.builtByTargets.length) throw new Error("citation index: stored directions differ in size");
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
