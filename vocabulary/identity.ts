/**
 * Identity resolution: which mentions (a page's own header, an entry in its lists) are one paper.
 *
 * A pure function of the set of mentions, so the graph cannot depend on the order pages arrived
 * in: every step walks keys in sorted order, never in insertion order. Rules, in order:
 *   1. Mentions sharing any identifier are one paper, unless the union would join two different
 *      values of one scheme (two arXiv IDs, two DOIs): then they stay apart and the refusal is logged.
 *   2. Clusters with the same normalised read title merge when their identifiers do not conflict
 *      and their years agree within one; a cluster with no year joins the one paper of its title
 *      it could be, and stays apart when there are several (vocabulary/identity-titles.ts).
 *   3. A title written "Name: subtitle" and another of the same name are one paper when the other
 *      is the bare name or a close subtitle, and only one work goes by that name
 *      (vocabulary/identity-names.ts).
 *   4. A cluster known only by a title inferred from a first sentence joins the one paper whose
 *      read title it equals, when both years are known and agree.
 *   5. A cluster known only by a short name ("Big-Bench") joins the one titled paper that goes by
 *      that name (an alias of its title or abstract), when years agree or one is unknown
 *      (vocabulary/identity-aliases.ts).
 *   6. A cluster with no read title (a bare abstract, an episode's notes) joins the one titled paper
 *      whose abstract is the same passage as its own: the same opening and most shingles shared
 *      (vocabulary/identity-passages.ts).
 * Every merge and every refusal is returned as a `MergeDecision` for `lineage explain`.
 */
import { createHash } from "node:crypto";
import { ID_SCHEMES, type Identifiers } from "./paper-page.ts";
import { Clusters } from "./identity-clusters.ts";
import { cmp, mergeByInferredTitle, mergeByReadTitle } from "./identity-titles.ts";
import { mergeByTitleName } from "./identity-names.ts";
import { mergeByAlias } from "./identity-aliases.ts";
import { mergeByPassage, type Passage } from "./identity-passages.ts";

export type MentionRole = "self" | "builds_on" | "built_by";

/** One paper as one page names it. `sortKey` must not depend on arrival order. */
export interface Mention {
  id: number;
  sortKey: number;
  role: MentionRole;
  ids: Identifiers;
  normTitle?: string;
  /** The title was inferred from a first sentence (a page's `titleInferred`), not read as a title. */
  titleInferred?: boolean;
  /** A "Name: subtitle" title's parts (vocabulary/titles.ts titleParts), for rule 3. */
  titleParts?: { name: string; subtitle: string };
  /** The short names the page's own paper goes by (vocabulary/aliases.ts workAliases), for rule 5. */
  aliases?: readonly string[];
  /** The page's own abstract as rule 6 compares it (vocabulary/identity-passages.ts passageOf). */
  passage?: Passage;
  year?: number;
}

export interface MergeDecision {
  decision: "merged" | "kept-apart";
  rule: "identifier" | "title" | "identifier-conflict" | "title-year" | "title-ambiguous" | "title-id-conflict" | "title-inferred" | "title-name" | "title-alias" | "passage";
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
  const decide = (decision: MergeDecision["decision"], rule: MergeDecision["rule"], a: number, b: number, detail: string) => decisions.push({ decision, rule, a: idOf(a), b: idOf(b), detail });

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

  // 2 and 3. Titles: read titles first, then titles inferred from a first sentence.
  const readTitles = new Map<string, number[]>();
  const inferredTitles = new Map<string, number[]>();
  sorted.forEach((m, pos) => {
    if (m.normTitle) push(m.titleInferred ? inferredTitles : readTitles, m.normTitle, pos);
  });
  mergeByReadTitle(c, readTitles, decide);
  mergeByTitleName(c, sorted, decide);
  mergeByInferredTitle(c, inferredTitles, readTitles, decide);
  mergeByAlias(c, sorted, decide);
  mergeByPassage(c, sorted, decide);

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
  const hash = createHash("sha1")
    .update(`${c.title}|${c.minYear ?? ""}`)
    .digest("hex")
    .slice(0, 12);
  return `title:${hash}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
