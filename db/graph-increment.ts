/**
 * A batch's graph derived from what the batch can reach, not from every mention of the map (issue
 * 27: a 10,000-item library into AAN spent most of its plan resolving AAN's 120,000 mentions
 * again). The reach: the papers of the pages the batch forgets, and the papers sharing an identity
 * key with its new mentions (db/identity-keys.ts), closed over the keys of the papers found.
 * Identity is resolved for those papers' mentions and the new ones alone, by the same rules
 * (vocabulary/identity.ts, through db/graph-builder.ts): no rule compares mentions that share no
 * key, so every other paper keeps its id, facts, keys and merge decisions. Citations change only
 * where a list mention, or its page's own mention, is in the reach; the rest of the graph is read
 * only for its shape (ids and citations, to fingerprint it and for the layout). What it leaves is
 * what a whole derivation gives (test/db/graph-increment.test.ts, on random batches), with one
 * difference of order: the merge log holds each reach's decisions together, in the order the
 * rules made them, so that every paper's decisions (`lineage explain`) come in the same order.
 */
import type { Db } from "./connection.ts";
import {
  citation,
  compareUtf8,
  derivePapers,
  fingerprint,
  inIdentityOrder,
  MENTION_RAW_COLUMNS,
  mentionRow,
  PAGE_INFO_COLUMNS,
  pageInfo,
  type BuildSummary,
  type DecisionValues,
  type DerivedPapers,
  type GraphShape,
  type MentionRaw,
  type PageInfo,
  type PageInfoRow,
  type PaperValues,
} from "./graph-builder.ts";
import { byKey, DECISION_COLUMNS, PAPER_COLUMNS, refill, sameDecisions, type DerivedChanges } from "./derived-writer.ts";
import { PaperKeys, storedKeys } from "./identity-keys.ts";
import { lookUp } from "./lookups.ts";
import type { MentionRow } from "./paper-facts.ts";
import type { MentionRole } from "../vocabulary/identity.ts";

/** The pages a batch stores, with their mentions as the builder reads them. */
export interface AddedPages {
  pages: readonly PageInfo[];
  /** In id order. */
  mentions: readonly MentionRaw[];
  /** The record names (names_json) of the new pages' own mentions, by mention id. */
  names: ReadonlyMap<number, string>;
}

/** What the search index needs of an increment (db/search-increment.ts). */
export interface SearchReach {
  /** The papers the reach holds now, in id order, each with the papers of the map citing it. */
  papers: { row: PaperValues; citedInMap: number }[];
  /** Their record names: [paper, page source, mention id, names_json]. */
  names: [string, string, number, string][];
  /** Papers the reach held before or holds now: their stored rows are not what the index reads. */
  reach: ReadonlySet<string>;
  /** Papers of the reach before that are gone. */
  gone: readonly string[];
  /** Papers outside the reach whose count of citing papers in the map changed, by how much. */
  citedChange: ReadonlyMap<string, number>;
  /** Papers in the graph. */
  papersInGraph: number;
}

export interface GraphIncrement {
  shape: GraphShape;
  changes: DerivedChanges;
  search: SearchReach;
}

/** A stored mention with the paper it names: [id, role, paper] (paper null when it names none). */
type Linked = [id: number, role: MentionRole, paper: string | null];

const key = (a: string, b: string) => `${a}\u0000${b}`;

/** What an increment reads of its snapshot, each for many pages, papers or mentions at once (db/lookups.ts). */
function statements(db: Db) {
  const raw = <R>(sql: string) => db.prepare<[string], R>(sql).raw();
  const IN = "IN (SELECT value FROM json_each(?))";
  const linked = raw<[number, ...Linked]>(`SELECT m.page_id, m.id, m.role, pm.paper_id FROM mentions m LEFT JOIN paper_mentions pm ON pm.mention_id = m.id WHERE m.page_id ${IN} ORDER BY m.id`);
  const selfPaper = raw<[number, string | null]>(`SELECT m.page_id, pm.paper_id FROM mentions m LEFT JOIN paper_mentions pm ON pm.mention_id = m.id WHERE m.page_id ${IN} AND m.role = 'self'`);
  const mentionsOf = raw<[string, ...MentionRaw, string | null]>(
    `SELECT pm.paper_id, ${MENTION_RAW_COLUMNS}, m.names_json FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id WHERE pm.paper_id ${IN}`,
  );
  const pages = raw<PageInfoRow>(`SELECT ${PAGE_INFO_COLUMNS} FROM pages WHERE id ${IN}`);
  const citing = raw<[string, string]>(`SELECT citing, cited FROM edges WHERE citing ${IN}`);
  const cited = raw<[string, string]>(`SELECT citing, cited FROM edges WHERE cited ${IN}`);
  const papers = raw<PaperValues>(`SELECT ${PAPER_COLUMNS} FROM papers WHERE id ${IN}`);
  const decisions = raw<[number, ...DecisionValues]>(`SELECT id, ${DECISION_COLUMNS} FROM merge_log WHERE paper_a ${IN}`);
  return {
    keys: new PaperKeys(db),
    /** Each page's mentions with the papers they name, in id order. */
    linked: (ids: Iterable<number>) => {
      const out = new Map<number, Linked[]>();
      for (const [page, ...m] of lookUp(linked, ids)) {
        const list = out.get(page);
        if (list) list.push(m);
        else out.set(page, [m]);
      }
      return out;
    },
    /** The paper each page's own mention names. */
    selfPaper: (ids: Iterable<number>) => new Map(lookUp(selfPaper, ids)),
    /** The mentions of some papers, each row [paper, ...MentionRaw, names_json]. */
    mentionsOf: (ids: Iterable<string>) => lookUp(mentionsOf, ids),
    pages: (ids: Iterable<number>) => lookUp(pages, ids).map(pageInfo),
    /** The citations made or received by some papers (a citation between two of them twice). */
    citations: (ids: Iterable<string>) => {
      const papers = [...ids];
      return [...lookUp(citing, papers), ...lookUp(cited, papers)];
    },
    papers: (ids: Iterable<string>) => new Map(lookUp(papers, ids).map((r) => [r[0], r])),
    /** The merge decisions whose `paper_a` is one of some papers, in the order stored. */
    decisions: (ids: Iterable<string>) => lookUp(decisions, ids).sort((a, b) => a[0] - b[0]),
    count: (table: "paper_mentions" | "paper_keys") => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number,
  };
}
type Statements = ReturnType<typeof statements>;

/**
 * The graph the stored one becomes when the pages `forgotten` (ids) are forgotten and `added`
 * stored, derived from the batch's reach; read in the caller's snapshot, whose derived rows must
 * be those this code derives (db/derivation.ts).
 */
export function graphIncrement(db: Db, forgotten: ReadonlySet<number>, added: AddedPages): GraphIncrement {
  const s = statements(db);
  const addedPage = new Map(added.pages.map((p) => [p.id, p]));
  const newRows = added.mentions.map((r) => mentionRow(r, addedPage.get(r[1])));

  const { before, forgottenMentions } = reachBefore(s, forgotten, newRows);
  const { rows, pages, oldPaperOf, names } = reachMentions(s, before, forgotten, newRows, added);
  const derived = derivePapers(inIdentityOrder(rows, pages));
  const after = new Set(derived.papers.map((p) => p[0]));

  const citations = reachCitations(s, rows, addedPage, forgottenMentions, derived.paperOf, oldPaperOf);
  const oldCitations = new Map<string, [string, string]>();
  for (const e of s.citations(before.keys())) oldCitations.set(key(e[0], e[1]), e);
  const gone = [...oldCitations].filter(([k]) => !citations.edges.has(k)).map(([, e]) => e);
  const put = [...citations.edges].filter(([k]) => !oldCitations.has(k)).map(([, e]) => e);

  const storedIds = db.prepare<[], string>("SELECT id FROM papers ORDER BY id").pluck().all();
  const ids = mergeSorted(
    storedIds.filter((id) => !before.has(id)),
    [...after].sort(compareUtf8),
    compareUtf8,
  );
  // Only citations of a paper the reach held before can be gone.
  const goneKeys = new Set(gone.map((e) => key(e[0], e[1])));
  const kept = (e: [string, string]) => !(before.has(e[0]) || before.has(e[1])) || !goneKeys.has(key(e[0], e[1]));
  const storedEdges = db.prepare<[], [string, string]>("SELECT citing, cited FROM edges ORDER BY citing, cited").raw().all();
  const edges = mergeSorted(goneKeys.size === 0 ? storedEdges : storedEdges.filter(kept), put.sort(compareEdges), compareEdges);
  const stored = JSON.parse((db.prepare("SELECT value FROM graph_meta WHERE key = 'built'").pluck().get() as string | undefined) ?? "{}") as Partial<BuildSummary>;
  const summary: BuildSummary = { papers: ids.length, edges: edges.length, selfCitationsDropped: (stored.selfCitationsDropped ?? 0) + citations.selfCitations };
  const version = fingerprint(ids, edges);

  const changes: DerivedChanges = {
    ...paperChanges(s, before, derived, after, storedIds.length),
    paperMentions: mentionChanges(s, rows, forgottenMentions, derived.paperOf, oldPaperOf),
    edges: { gone, put, refill: refill(gone.length + put.length, storedEdges.length) },
    keys: keyChanges(s, before, derived.keys),
    summary,
    version,
  };
  const decisions = decisionChanges(s, before, derived.decisions);
  if (decisions) changes.decisions = decisions;

  const citedInMap = new Map<string, number>();
  const citedChange = new Map<string, number>();
  for (const [, cited] of citations.edges.values()) citedInMap.set(cited, (citedInMap.get(cited) ?? 0) + 1);
  for (const [, cited] of gone) if (!before.has(cited)) citedChange.set(cited, (citedChange.get(cited) ?? 0) - 1);
  for (const [, cited] of put) if (!after.has(cited)) citedChange.set(cited, (citedChange.get(cited) ?? 0) + 1);
  const search: SearchReach = {
    papers: derived.papers.map((row) => ({ row, citedInMap: citedInMap.get(row[0]) ?? 0 })),
    names: names.flatMap(([mention, source, json]) => {
      const paper = derived.paperOf.get(mention);
      return paper === undefined ? [] : [[paper, source, mention, json] as [string, string, number, string]];
    }),
    reach: new Set([...before.keys(), ...after]),
    gone: [...before.keys()].filter((id) => !after.has(id)),
    citedChange: new Map([...citedChange].filter(([, n]) => n !== 0)),
    papersInGraph: ids.length,
  };
  return { shape: { ids, edges, version }, changes, search };
}

/**
 * The papers the batch can change, with their stored keys: those of the forgotten pages' mentions
 * and those holding a key of a new mention, closed over the keys of every paper found.
 */
function reachBefore(s: Statements, forgotten: ReadonlySet<number>, newRows: readonly MentionRow[]) {
  const before = new Map<string, number[]>();
  const seen = new Set<number>();
  let keys: number[] = [];
  let papers: string[] = [];
  const reachKey = (k: number) => {
    if (seen.has(k)) return;
    seen.add(k);
    keys.push(k);
  };
  const reachPaper = (paper: string) => {
    if (before.has(paper)) return;
    before.set(paper, []);
    papers.push(paper);
  };
  const forgottenMentions: { page: number; mentions: Linked[] }[] = [];
  for (const [page, mentions] of s.linked(forgotten)) {
    forgottenMentions.push({ page, mentions });
    for (const [, , paper] of mentions) if (paper !== null) reachPaper(paper);
  }
  for (const row of newRows) storedKeys(row).forEach(reachKey);
  // Breadth first, a round of lookups at a time: the papers of the keys found, then their keys.
  while (keys.length > 0 || papers.length > 0) {
    const asked = keys;
    keys = [];
    s.keys.papers(asked).forEach(reachPaper);
    const found = papers;
    papers = [];
    for (const [paper, its] of s.keys.keys(found)) {
      before.set(paper, its);
      its.forEach(reachKey);
    }
  }
  return { before, forgottenMentions };
}

/** The reach's stored mentions (but the forgotten pages') and the new ones, as the builder reads them, with the pages they are on. */
function reachMentions(s: Statements, before: ReadonlyMap<string, number[]>, forgotten: ReadonlySet<number>, newRows: readonly MentionRow[], added: AddedPages) {
  const oldPaperOf = new Map<number, string>();
  const raws: MentionRaw[] = [];
  /** [mention, page id, names_json] of own mentions with record names. */
  const named: [number, number, string][] = [];
  for (const [paper, ...r] of s.mentionsOf(before.keys())) {
    if (forgotten.has(r[1])) continue;
    oldPaperOf.set(r[0], paper);
    const names = r.pop() as string | null;
    raws.push(r as unknown as MentionRaw);
    if (names !== null && r[2] === "self") named.push([r[0], r[1], names]);
  }
  const infoOf = new Map(added.pages.map((p) => [p.id, p]));
  for (const p of s.pages(new Set(raws.map((r) => r[1]).filter((id) => !infoOf.has(id))))) infoOf.set(p.id, p);
  const rows = [...raws.map((r) => mentionRow(r, infoOf.get(r[1]))), ...newRows].sort((a, b) => a.id - b.id);
  const names: [number, string, string][] = named.map(([mention, page, json]) => [mention, infoOf.get(page)?.source ?? "", json]);
  for (const r of added.mentions) {
    const json = added.names.get(r[0]);
    if (json !== undefined) names.push([r[0], infoOf.get(r[1])?.source ?? "", json]);
  }
  return { rows, pages: [...infoOf.values()], oldPaperOf, names };
}

/**
 * The citations of the reach now (every one touching a paper it holds: made by a list mention in
 * it, or on a page whose own mention is), and the change in self-citations dropped.
 */
function reachCitations(
  s: Statements,
  rows: readonly MentionRow[],
  addedPage: ReadonlyMap<number, PageInfo>,
  forgottenMentions: readonly { mentions: Linked[] }[],
  paperOf: ReadonlyMap<number, string>,
  oldPaperOf: ReadonlyMap<number, string>,
) {
  const edges = new Map<string, [string, string]>();
  let selfCitations = 0;
  const now = (role: MentionRole, pagePaper: string | undefined, named: string | undefined) => {
    const c = citation(role, pagePaper, named);
    if (c === "self") selfCitations++;
    else if (c) edges.set(key(c[0], c[1]), c);
  };
  const was = (role: MentionRole, pagePaper: string | undefined, named: string | undefined) => {
    if (citation(role, pagePaper, named) === "self") selfCitations--;
  };
  const byPage = new Map<number, MentionRow[]>();
  for (const r of rows) {
    const list = byPage.get(r.page_id);
    if (list) list.push(r);
    else byPage.set(r.page_id, [r]);
  }
  const selfIn = (list: readonly MentionRow[]) => list.find((r) => r.role === "self");
  const stored = [...byPage].filter(([page]) => !addedPage.has(page));
  const linked = s.linked(stored.filter(([, list]) => selfIn(list)).map(([page]) => page));
  const selfPapers = s.selfPaper(stored.filter(([, list]) => !selfIn(list)).map(([page]) => page));
  for (const [page, list] of byPage) {
    const self = selfIn(list);
    if (addedPage.has(page)) {
      for (const r of list) if (r.role !== "self") now(r.role, self && paperOf.get(self.id), paperOf.get(r.id));
    } else if (self) {
      // The page's own paper is in the reach: every citation it makes is.
      const [oldSelf, newSelf] = [oldPaperOf.get(self.id), paperOf.get(self.id)];
      for (const [id, role, paper] of linked.get(page) ?? []) {
        if (role === "self") continue;
        was(role, oldSelf, paper ?? undefined);
        now(role, newSelf, paperOf.get(id) ?? paper ?? undefined);
      }
    } else {
      const selfPaper = selfPapers.get(page) ?? undefined;
      for (const r of list) {
        was(r.role, selfPaper, oldPaperOf.get(r.id));
        now(r.role, selfPaper, paperOf.get(r.id));
      }
    }
  }
  for (const { mentions } of forgottenMentions) {
    const selfPaper = mentions.find((m) => m[1] === "self")?.[2] ?? undefined;
    for (const [, role, paper] of mentions) if (role !== "self") was(role, selfPaper, paper ?? undefined);
  }
  return { edges, selfCitations };
}

/** Paper rows of the reach that differ from those stored, and those gone. */
function paperChanges(s: Statements, before: ReadonlyMap<string, number[]>, derived: DerivedPapers, after: ReadonlySet<string>, storedCount: number): Pick<DerivedChanges, "papers"> {
  const stored = s.papers(before.keys());
  const put = derived.papers.filter((p) => {
    const row = stored.get(p[0]);
    return row === undefined || row.some((v, k) => v !== p[k]);
  });
  const gone = [...before.keys()].filter((id) => !after.has(id));
  return { papers: { gone, put, refill: refill(gone.length + put.length, storedCount) } };
}

/** Which paper each mention of the reach names, where that changed; the forgotten pages' mentions gone. */
function mentionChanges(
  s: Statements,
  rows: readonly MentionRow[],
  forgottenMentions: readonly { mentions: Linked[] }[],
  paperOf: ReadonlyMap<number, string>,
  oldPaperOf: ReadonlyMap<number, string>,
): DerivedChanges["paperMentions"] {
  const put: [number, string][] = [];
  for (const r of rows) {
    const paper = paperOf.get(r.id);
    if (paper !== undefined && paper !== oldPaperOf.get(r.id)) put.push([r.id, paper]);
  }
  const gone = forgottenMentions.flatMap(({ mentions }) => mentions.filter((m) => m[2] !== null).map((m) => m[0]));
  return { gone, put, refill: refill(gone.length + put.length, s.count("paper_mentions")) };
}

/** Identity keys of the reach's papers, [key, paper], that changed. */
function keyChanges(s: Statements, before: ReadonlyMap<string, number[]>, now: ReadonlyMap<string, readonly number[]>): DerivedChanges["keys"] {
  const old = new Map<string, Set<number>>();
  for (const [paper, keys] of before) old.set(paper, new Set(keys));
  const put: [number, string][] = [];
  for (const [paper, keys] of now) for (const k of keys) if (!old.get(paper)?.delete(k)) put.push([k, paper]);
  const gone: [number, string][] = [];
  for (const [paper, keys] of old) for (const k of keys) gone.push([k, paper]);
  return { gone, put: put.sort(byKey), refill: refill(gone.length + put.length, s.count("paper_keys")) };
}

/** The reach's merge decisions, when they differ from those stored for its papers (in the order stored). */
function decisionChanges(s: Statements, before: ReadonlyMap<string, number[]>, now: DecisionValues[]): DerivedChanges["decisions"] {
  const values = s.decisions(before.keys()).map((r) => r.slice(1) as DecisionValues);
  if (sameDecisions(values, now)) return undefined;
  return { replace: [...before.keys()], put: now };
}

const compareEdges = (a: readonly [string, string], b: readonly [string, string]) => compareUtf8(a[0], b[0]) || compareUtf8(a[1], b[1]);

/** Two sorted lists as one (neither holding what the other does). */
function mergeSorted<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compare(a[i] as T, b[j] as T) <= 0 ? (a[i++] as T) : (b[j++] as T));
  while (i < a.length) out.push(a[i++] as T);
  while (j < b.length) out.push(b[j++] as T);
  return out;
}
