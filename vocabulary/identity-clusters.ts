/**
 * The union-find identity resolution works on (vocabulary/identity.ts): mentions by their position in
 * sort-key order, each cluster with the identifiers and the range of years its mentions carry.
 * A cluster's root is always its lowest position, so "the first mention in sorted order"
 * represents it whatever the order mentions arrived in.
 */
import { ID_SCHEMES, type Identifiers, type IdScheme } from "./paper-page.ts";

/** Years of one paper's mentions may differ by this much (a preprint and its proceedings). */
export const YEAR_SLACK = 1;

export class Clusters {
  readonly parent: Int32Array;
  /** Per root: merged identifiers (shared with the mention until a merge adds to them). */
  readonly ids: Identifiers[];
  /** Per root: year range; 0 = unknown. */
  readonly minYear: Int32Array;
  readonly maxYear: Int32Array;

  constructor(sorted: readonly { ids: Identifiers; year?: number }[]) {
    const n = sorted.length;
    this.parent = new Int32Array(n);
    this.minYear = new Int32Array(n);
    this.maxYear = new Int32Array(n);
    this.ids = sorted.map((m) => m.ids);
    sorted.forEach((m, i) => {
      this.parent[i] = i;
      this.minYear[i] = m.year ?? 0;
      this.maxYear[i] = m.year ?? 0;
    });
  }

  find(x: number): number {
    let root = x;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    while (x !== root) {
      const next = this.parent[x] as number;
      this.parent[x] = root;
      x = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra === rb) return;
    const [keep, drop] = ra < rb ? [ra, rb] : [rb, ra];
    const [ik, id] = [this.ids[keep] as Identifiers, this.ids[drop] as Identifiers];
    if (ID_SCHEMES.some((s) => id[s] !== undefined && ik[s] === undefined)) {
      const merged: Identifiers = Object.assign({}, ik);
      for (const s of ID_SCHEMES) merged[s] ??= id[s];
      this.ids[keep] = merged;
    }
    const [lo, hi] = [this.minYear[drop] as number, this.maxYear[drop] as number];
    if (lo !== 0) {
      const klo = this.minYear[keep] as number;
      this.minYear[keep] = klo === 0 ? lo : Math.min(klo, lo);
      this.maxYear[keep] = Math.max(this.maxYear[keep] as number, hi);
    }
    this.parent[drop] = keep;
  }

  /** The scheme on which two clusters carry different identifiers, if any. */
  conflict(a: number, b: number): IdScheme | undefined {
    const [x, y] = [this.ids[this.find(a)] as Identifiers, this.ids[this.find(b)] as Identifiers];
    return ID_SCHEMES.find((s) => x[s] !== undefined && y[s] !== undefined && x[s] !== y[s]);
  }

  hasIds(a: number): boolean {
    const ids = this.ids[this.find(a)] as Identifiers;
    return ID_SCHEMES.some((s) => ids[s] !== undefined);
  }

  dated(a: number): boolean {
    return (this.minYear[this.find(a)] as number) !== 0;
  }

  /** Whether two clusters' years agree within YEAR_SLACK (true when either is unknown). */
  yearsAgree(a: number, b: number): boolean {
    const [ra, rb] = [this.find(a), this.find(b)];
    const [alo, ahi, blo, bhi] = [this.minYear[ra], this.maxYear[ra], this.minYear[rb], this.maxYear[rb]] as number[];
    if (!alo || !blo) return true;
    return Math.max(ahi as number, bhi as number) - Math.min(alo, blo) <= YEAR_SLACK;
  }

  yearText(a: number): string {
    const r = this.find(a);
    const [lo, hi] = [this.minYear[r], this.maxYear[r]];
    if (!lo) return "unknown";
    return lo === hi ? String(lo) : `${lo}-${hi}`;
  }

  /** Distance in years from a stub to a candidate (0.5 when the candidate's year is unknown). */
  yearDistance(stub: number, candidate: number): number {
    const [rs, rc] = [this.find(stub), this.find(candidate)];
    const year = this.minYear[rs] as number;
    const [lo, hi] = [this.minYear[rc] as number, this.maxYear[rc] as number];
    if (!year) return 0;
    if (!lo) return 0.5;
    return Math.min(Math.abs(lo - year), Math.abs(hi - year));
  }

  /** The distinct roots of some positions, lowest first. */
  roots(positions: readonly number[]): number[] {
    return [...new Set(positions.map((p) => this.find(p)))].sort((a, b) => a - b);
  }
}
