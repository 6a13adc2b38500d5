/**
 * Identity resolution: which mentions (a page's own header, an entry in its lists) are one paper.
 *
 * A pure function of the set of mentions, so the graph cannot depend on the order pages arrived
 * in: every step walks keys in sorted order, never in insertion order. Rules, in order:
 *   1. Mentions sharing any identifier are one paper, unless the union would join two different
 *      values of one scheme (two arXiv IDs, two DOIs): then they stay apart and the refusal is logged.
 *   2. Clusters with the same normalised title merge when their identifiers do not conflict and
 *      their years agree within one (or one is unknown). A title-only reference (a stub) joins the
 *      identified paper with the closest year; when two fit equally it stays apart (ambiguous).
 * Every merge and every refusal is returned as a `MergeDecision` for `lineage explain`.
 */
import { createHash } from "node:crypto";
import { ID_SCHEMES, type Identifiers, type IdScheme } from "./types.ts";

export type MentionRole = "self" | "builds_on" | "built_by";

/** One paper as one page names it. `sortKey` must not depend on arrival order. */
export interface Mention {
  id: number;
  sortKey: number;
  role: MentionRole;
  ids: Identifiers;
  normTitle?: string;
  year?: number;
}

export interface MergeDecision {
  decision: "merged" | "kept-apart";
  rule: "identifier" | "title" | "identifier-conflict" | "title-year" | "title-ambiguous" | "title-id-conflict";
  /** Mention ids on either side. */
  a: number;
  b: number;
  detail: string;
}

export interface Resolution {
  /** Cluster representative mention id → mention ids in the cluster (sorted by sortKey). */
  clusters: Map<number, number[]>;
  /** Mention id → stable paper id. */
  paperOf: Map<number, string>;
  decisions: MergeDecision[];
}

const YEAR_SLACK = 1;

/**
 * Union-find over mention positions in sortKey order. A cluster's root is always its lowest
 * position, so "the first mention in sorted order" represents it whatever the arrival order.
 */
class Clusters {
  readonly parent: Int32Array;
  /** Per root: merged identifiers (shared with the mention until a merge adds to them). */
  readonly ids: Identifiers[];
  /** Per root: year range; 0 = unknown. */
  readonly minYear: Int32Array;
  readonly maxYear: Int32Array;

  constructor(sorted: readonly Mention[]) {
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
}

export interface ResolveOptions {
  /**
   * Record merges by a shared identifier (rule "identifier") among the decisions; the graph
   * builder does not store them (the identifiers explain them), so it skips their cost.
   */
  identifierMerges?: boolean;
}

export function resolveIdentities(mentions: readonly Mention[], options: ResolveOptions = {}): Resolution {
  const recordIdentifierMerges = options.identifierMerges ?? true;
  const sorted = [...mentions].sort((x, y) => x.sortKey - y.sortKey || x.id - y.id);
  const c = new Clusters(sorted);
  const idOf = (pos: number) => (sorted[pos] as Mention).id;
  const decisions: MergeDecision[] = [];
  const decide = (decision: MergeDecision["decision"], rule: MergeDecision["rule"], a: number, b: number, detail: string) =>
    decisions.push({ decision, rule, a: idOf(a), b: idOf(b), detail });

  // 1. Shared identifiers, walked in sorted key order ("scheme:value": schemes alphabetically,
  // then values; one map per scheme spares building each key).
  for (const scheme of [...ID_SCHEMES].sort(cmp)) {
    const byValue = new Map<string, number[]>();
    sorted.forEach((m, pos) => {
      const v = m.ids[scheme];
      if (v) push(byValue, v, pos);
    });
    for (const value of [...byValue.keys()].sort(cmp)) {
      const [first, ...others] = byValue.get(value) ?? [];
      if (first === undefined) continue;
      for (const other of others) {
        if (c.find(first) === c.find(other)) continue;
        const conflict = c.conflict(first, other);
        if (conflict) {
          decide("kept-apart", "identifier-conflict", first, other, `both carry ${scheme}:${value} but differ on ${conflict}`);
        } else {
          c.union(first, other);
          if (recordIdentifierMerges) decide("merged", "identifier", first, other, `shared identifier ${scheme}:${value}`);
        }
      }
    }
  }

  // 2. Same normalised title, walked title by title in sorted order.
  const byTitle = new Map<string, number[]>();
  sorted.forEach((m, pos) => {
    if (m.normTitle) push(byTitle, m.normTitle, pos);
  });
  for (const title of [...byTitle.keys()].sort(cmp)) {
    const members = byTitle.get(title) ?? [];
    const roots = () => [...new Set(members.map((p) => c.find(p)))].sort((a, b) => a - b);
    if (roots().length < 2) continue;
    // 2a. identified clusters with one another (an arXiv preprint and its ACL Anthology version).
    const identified = roots().filter((r) => c.hasIds(r));
    for (let i = 0; i < identified.length; i++) {
      for (let j = i + 1; j < identified.length; j++) {
        const [a, b] = [identified[i] as number, identified[j] as number];
        if (c.find(a) === c.find(b)) continue;
        const conflict = c.conflict(a, b);
        if (conflict) {
          decide("kept-apart", "title-id-conflict", a, b, `same title "${title}" but different ${conflict}`);
        } else if (!c.yearsAgree(a, b)) {
          decide("kept-apart", "title-year", a, b, `same title "${title}" but years ${c.yearText(a)} and ${c.yearText(b)}`);
        } else {
          c.union(a, b);
          decide("merged", "title", a, b, `same title "${title}", years agree`);
        }
      }
    }
    // 2b. title-only stubs join the identified paper whose year fits best.
    const targets = roots().filter((r) => c.hasIds(r));
    const leftover: number[] = [];
    for (const stub of roots().filter((r) => !c.hasIds(r))) {
      const fits = targets.filter((t) => c.yearsAgree(stub, t));
      if (fits.length === 0) {
        const t = targets[0];
        if (t !== undefined) decide("kept-apart", "title-year", stub, t, `same title "${title}" but years ${c.yearText(stub)} and ${c.yearText(t)}`);
        leftover.push(stub);
        continue;
      }
      const best = Math.min(...fits.map((t) => c.yearDistance(stub, t)));
      const closest = fits.filter((t) => c.yearDistance(stub, t) === best);
      const t = closest[0] as number;
      if (closest.length === 1) {
        c.union(t, stub);
        decide("merged", "title", t, stub, `title-only reference "${title}" matches an identified paper, years agree`);
      } else {
        decide("kept-apart", "title-ambiguous", stub, t, `title-only reference "${title}" fits ${closest.length} identified papers equally`);
        leftover.push(stub);
      }
    }
    // 2c. remaining stubs with one another, oldest first, when years agree.
    leftover.sort((a, b) => (c.minYear[c.find(a)] as number) - (c.minYear[c.find(b)] as number) || a - b);
    for (let i = 1; i < leftover.length; i++) {
      const [a, b] = [leftover[i - 1] as number, leftover[i] as number];
      if (c.find(a) === c.find(b) || c.hasIds(a) || c.hasIds(b)) continue;
      if (c.yearsAgree(a, b)) {
        c.union(a, b);
        decide("merged", "title", a, b, `same title "${title}", years agree`);
      } else {
        decide("kept-apart", "title-year", a, b, `same title "${title}" but years ${c.yearText(a)} and ${c.yearText(b)}`);
      }
    }
  }

  // Roots are lowest positions, so walking positions in order visits clusters in key order.
  const clusters = new Map<number, number[]>();
  const rootId = new Map<number, string>();
  const used = new Set<string>();
  const paperOf = new Map<number, string>();
  const titleOf = new Map<number, string>();
  sorted.forEach((m, pos) => {
    const root = c.find(pos);
    const t = m.normTitle;
    const cur = titleOf.get(root);
    if (t && (cur === undefined || t < cur)) titleOf.set(root, t);
  });
  sorted.forEach((m, pos) => {
    const root = c.find(pos);
    let id = rootId.get(root);
    if (id === undefined) {
      const base = paperIdFor({ ids: c.ids[root] as Identifiers, title: titleOf.get(root) ?? "", minYear: c.minYear[root] || undefined });
      id = base;
      for (let k = 2; used.has(id); k++) id = `${base}~${k}`;
      used.add(id);
      rootId.set(root, id);
    }
    push(clusters, idOf(root), m.id);
    paperOf.set(m.id, id);
  });
  return { clusters, paperOf, decisions };
}

/** The stable id of a paper: its strongest identifier, else a hash of its title and year. */
export function paperIdFor(c: { ids: Identifiers; title: string; minYear?: number | undefined }): string {
  for (const s of ID_SCHEMES) {
    const v = c.ids[s];
    if (v) return `${s}:${v}`;
  }
  const hash = createHash("sha1").update(`${c.title}|${c.minYear ?? ""}`).digest("hex").slice(0, 12);
  return `title:${hash}`;
}





function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}



function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
