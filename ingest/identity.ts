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
  sortKey: string;
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

interface Cluster {
  ids: Identifiers;
  minYear?: number;
  maxYear?: number;
  titles: Set<string>;
  /** Lowest sortKey in the cluster: the deterministic representative. */
  key: string;
}

const YEAR_SLACK = 1;

export function resolveIdentities(mentions: readonly Mention[]): Resolution {
  const sorted = [...mentions].sort((x, y) => cmp(x.sortKey, y.sortKey) || x.id - y.id);
  const parent = new Map<number, number>();
  const cluster = new Map<number, Cluster>();
  const decisions: MergeDecision[] = [];
  for (const m of sorted) {
    parent.set(m.id, m.id);
    cluster.set(m.id, {
      ids: { ...m.ids },
      minYear: m.year,
      maxYear: m.year,
      titles: new Set(m.normTitle ? [m.normTitle] : []),
      key: m.sortKey,
    });
  }
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    let cur = x;
    while (cur !== root) {
      const next = parent.get(cur) ?? root;
      parent.set(cur, root);
      cur = next;
    }
    return root;
  };
  const union = (a: number, b: number): void => {
    const [ra, rb] = [find(a), find(b)];
    if (ra === rb) return;
    const [ca, cb] = [cluster.get(ra), cluster.get(rb)];
    if (!ca || !cb) return;
    const [keep, drop, ck, cd] = cmp(ca.key, cb.key) <= 0 ? [ra, rb, ca, cb] : [rb, ra, cb, ca];
    for (const s of ID_SCHEMES) ck.ids[s] ??= cd.ids[s];
    ck.minYear = minDefined(ck.minYear, cd.minYear);
    ck.maxYear = maxDefined(ck.maxYear, cd.maxYear);
    for (const t of cd.titles) ck.titles.add(t);
    parent.set(drop, keep);
    cluster.delete(drop);
  };
  const clusterOf = (x: number): Cluster | undefined => cluster.get(find(x));

  // 1. Shared identifiers, walked in sorted key order.
  const byId = new Map<string, number[]>();
  for (const m of sorted) {
    for (const s of ID_SCHEMES) {
      const v = m.ids[s];
      if (v) push(byId, `${s}:${v}`, m.id);
    }
  }
  for (const key of [...byId.keys()].sort(cmp)) {
    const group = byId.get(key) ?? [];
    const first = group[0];
    if (first === undefined) continue;
    for (const other of group.slice(1)) {
      if (find(first) === find(other)) continue;
      const conflict = idConflict(clusterOf(first), clusterOf(other));
      if (conflict) {
        decisions.push({ decision: "kept-apart", rule: "identifier-conflict", a: first, b: other, detail: `both carry ${key} but differ on ${conflict}` });
      } else {
        union(first, other);
        decisions.push({ decision: "merged", rule: "identifier", a: first, b: other, detail: `shared identifier ${key}` });
      }
    }
  }

  // 2. Same normalised title, walked title by title in sorted order.
  const byTitle = new Map<string, Set<number>>();
  for (const m of sorted) if (m.normTitle) pushSet(byTitle, m.normTitle, m.id);
  for (const title of [...byTitle.keys()].sort(cmp)) {
    const roots = () => uniqueRoots([...(byTitle.get(title) ?? [])], find, cluster);
    // 2a. identified clusters with one another (an arXiv preprint and its ACL Anthology version).
    const identified = roots().filter((r) => hasIds(cluster.get(r)));
    for (let i = 0; i < identified.length; i++) {
      for (let j = i + 1; j < identified.length; j++) {
        const [a, b] = [identified[i], identified[j]];
        if (a === undefined || b === undefined || find(a) === find(b)) continue;
        const conflict = idConflict(clusterOf(a), clusterOf(b));
        if (conflict) {
          decisions.push({ decision: "kept-apart", rule: "title-id-conflict", a, b, detail: `same title "${title}" but different ${conflict}` });
        } else if (!yearsAgree(clusterOf(a), clusterOf(b))) {
          decisions.push({ decision: "kept-apart", rule: "title-year", a, b, detail: `same title "${title}" but years ${yearText(clusterOf(a))} and ${yearText(clusterOf(b))}` });
        } else {
          union(a, b);
          decisions.push({ decision: "merged", rule: "title", a, b, detail: `same title "${title}", years agree` });
        }
      }
    }
    // 2b. title-only stubs join the identified paper whose year fits best.
    const targets = roots().filter((r) => hasIds(cluster.get(r)));
    const stubs = roots().filter((r) => !hasIds(cluster.get(r)));
    const leftover: number[] = [];
    for (const stub of stubs) {
      const fits = targets.filter((t) => yearsAgree(clusterOf(stub), clusterOf(t)));
      if (fits.length === 0) {
        if (targets.length > 0) {
          const t = targets[0] as number;
          decisions.push({ decision: "kept-apart", rule: "title-year", a: stub, b: t, detail: `same title "${title}" but years ${yearText(clusterOf(stub))} and ${yearText(clusterOf(t))}` });
        }
        leftover.push(stub);
        continue;
      }
      const best = closestByYear(stub, fits, clusterOf);
      if (best.length === 1) {
        const t = best[0] as number;
        union(t, stub);
        decisions.push({ decision: "merged", rule: "title", a: t, b: stub, detail: `title-only reference "${title}" matches an identified paper, years agree` });
      } else {
        decisions.push({ decision: "kept-apart", rule: "title-ambiguous", a: stub, b: best[0] as number, detail: `title-only reference "${title}" fits ${best.length} identified papers equally` });
        leftover.push(stub);
      }
    }
    // 2c. remaining stubs with one another, oldest first, when years agree.
    leftover.sort((a, b) => (clusterOf(a)?.minYear ?? 0) - (clusterOf(b)?.minYear ?? 0) || cmp(clusterOf(a)?.key ?? "", clusterOf(b)?.key ?? ""));
    for (let i = 1; i < leftover.length; i++) {
      const [a, b] = [leftover[i - 1] as number, leftover[i] as number];
      if (find(a) === find(b)) continue;
      if (hasIds(clusterOf(a)) || hasIds(clusterOf(b))) continue;
      if (yearsAgree(clusterOf(a), clusterOf(b))) {
        union(a, b);
        decisions.push({ decision: "merged", rule: "title", a, b, detail: `same title "${title}", years agree` });
      } else {
        decisions.push({ decision: "kept-apart", rule: "title-year", a, b, detail: `same title "${title}" but years ${yearText(clusterOf(a))} and ${yearText(clusterOf(b))}` });
      }
    }
  }

  const clusters = new Map<number, number[]>();
  for (const m of sorted) push(clusters, find(m.id), m.id);
  const paperOf = new Map<number, string>();
  const used = new Set<string>();
  for (const root of [...clusters.keys()].sort((a, b) => cmp(cluster.get(a)?.key ?? "", cluster.get(b)?.key ?? ""))) {
    const c = cluster.get(root);
    if (!c) continue;
    let id = paperIdFor(c);
    for (let n = 2; used.has(id); n++) id = `${paperIdFor(c)}~${n}`;
    used.add(id);
    for (const m of clusters.get(root) ?? []) paperOf.set(m, id);
  }
  return { clusters, paperOf, decisions };
}

/** The stable id of a paper: its strongest identifier, else a hash of its title and year. */
export function paperIdFor(c: { ids: Identifiers; titles: Set<string>; minYear?: number }): string {
  for (const s of ID_SCHEMES) {
    const v = c.ids[s];
    if (v) return `${s}:${v}`;
  }
  const title = [...c.titles].sort(cmp)[0] ?? "";
  const hash = createHash("sha1").update(`${title}|${c.minYear ?? ""}`).digest("hex").slice(0, 12);
  return `title:${hash}`;
}

function idConflict(a: Cluster | undefined, b: Cluster | undefined): IdScheme | undefined {
  if (!a || !b) return undefined;
  return ID_SCHEMES.find((s) => a.ids[s] !== undefined && b.ids[s] !== undefined && a.ids[s] !== b.ids[s]);
}

function yearsAgree(a: Cluster | undefined, b: Cluster | undefined): boolean {
  if (!a || !b) return false;
  if (a.minYear === undefined || b.minYear === undefined || a.maxYear === undefined || b.maxYear === undefined) return true;
  return Math.max(a.maxYear, b.maxYear) - Math.min(a.minYear, b.minYear) <= YEAR_SLACK;
}

function closestByYear(stub: number, fits: number[], clusterOf: (x: number) => Cluster | undefined): number[] {
  const year = clusterOf(stub)?.minYear;
  if (year === undefined) return fits;
  const distance = (t: number) => {
    const c = clusterOf(t);
    return c?.minYear === undefined ? 0.5 : Math.min(Math.abs(c.minYear - year), Math.abs((c.maxYear ?? c.minYear) - year));
  };
  const best = Math.min(...fits.map(distance));
  return fits.filter((t) => distance(t) === best);
}

function hasIds(c: Cluster | undefined): boolean {
  return c !== undefined && ID_SCHEMES.some((s) => c.ids[s] !== undefined);
}

function yearText(c: Cluster | undefined): string {
  if (c?.minYear === undefined) return "unknown";
  return c.minYear === c.maxYear ? String(c.minYear) : `${c.minYear}-${c.maxYear}`;
}

function uniqueRoots(members: number[], find: (x: number) => number, cluster: Map<number, Cluster>): number[] {
  const roots = [...new Set(members.map(find))];
  return roots.sort((a, b) => cmp(cluster.get(a)?.key ?? "", cluster.get(b)?.key ?? ""));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function pushSet<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function minDefined(a?: number, b?: number): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

function maxDefined(a?: number, b?: number): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
