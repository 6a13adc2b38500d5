/**
 * The derived graph (papers, edges, which paper each mention names, and the merge log) from every
 * mention of a set of pages: the stored ones (`storedMentions`), or those a batch will leave
 * (db/page-batch.ts), derived in memory before anything is written (`deriveGraph`), with the
 * graph's fingerprint, so that the write itself only stores rows (db/derived-writer.ts). Identity
 * comes from vocabulary/identity.ts and each paper's facts from db/paper-facts.ts (with who
 * reported its citation count, `countReport`).
 */
import type { Db } from "./connection.ts";
import { resolveIdentities, type MentionRole, type Resolution } from "../vocabulary/identity.ts";
import { storedKeys } from "./identity-keys.ts";
import type { Identifiers, PageFacts } from "../vocabulary/paper-page.ts";
import { chooseFacts, countReport, type MentionRow } from "./paper-facts.ts";
import type { MentionDetails, MentionValues, PaperColumns } from "./page-writer.ts";
import { titleParts } from "../vocabulary/titles.ts";
import { workAliases } from "../vocabulary/aliases.ts";
import { passageOf } from "../vocabulary/identity-passages.ts";
import { createHash } from "node:crypto";

export interface BuildSummary {
  papers: number;
  edges: number;
  selfCitationsDropped: number;
}

/** A page as the builder reads it. */
export interface PageInfo {
  id: number;
  contentHash: string;
  dataThrough: string | null;
  factsJson: string;
  format: string;
  source: string;
  ingestedAt: string;
}

/** A mention as the builder reads it, its columns in the order of `storedMentions`'s select. */
export type MentionRaw = [id: number, pageId: number, role: MentionRole, position: number, ...paper: PaperColumns, ...details: MentionDetails];

/** A paper row's values, in the order of the papers table's insert (db/derived-writer.ts). */
export type PaperValues = [
  id: string,
  ...paper: PaperColumns,
  abstract: string | null,
  titleInferred: number,
  stub: number,
  venue: string | null,
  date: string | null,
  authorsJson: string,
  directionsJson: string,
  citedByCount: number | null,
  fieldSourcesJson: string,
  /** Who reported the count, and when (JSON of db/paper-facts.ts `CountReport`). */
  citedByReportJson: string | null,
];

/** A merge log row's values (without its id). */
export type DecisionValues = [paperA: string, paperB: string, decision: string, rule: string, detail: string, mentionA: number, mentionB: number];

/** The graph as its layout and traversal index read it: its papers and citations, in key order, and its fingerprint. */
export interface GraphShape {
  /** Paper ids in UTF-8 byte order, as SQLite sorts them. */
  ids: readonly string[];
  /** Every citation once, [citing, cited], in key order. */
  edges: readonly (readonly [string, string])[];
  /** The fingerprint of the papers and citations (graph_meta 'version'). */
  version: string;
}

export interface DerivedGraph extends DerivedPapers {
  /** Every citation once, [citing, cited], in key order. */
  edges: [string, string][];
  summary: BuildSummary;
  /** The fingerprint of the papers and citations (graph_meta 'version'). */
  version: string;
}

const ROLE_RANK: Record<MentionRole, number> = { self: 0, builds_on: 1, built_by: 2 };

/** The columns of `pages` that make a `PageInfo`. */
export const PAGE_INFO_COLUMNS = "id, content_hash, data_through, facts_json, format, source, ingested_at";
export type PageInfoRow = [id: number, contentHash: string, dataThrough: string | null, factsJson: string, format: string, source: string, ingestedAt: string];
export const pageInfo = ([id, contentHash, dataThrough, factsJson, format, source, ingestedAt]: PageInfoRow): PageInfo => ({ id, contentHash, dataThrough, factsJson, format, source, ingestedAt });

/** Every stored page, as the builder reads it. */
export function storedPages(db: Db): PageInfo[] {
  // Raw rows: better-sqlite3 hands back arrays faster than row objects (BENCHMARKS.md, ingest).
  const rows = db.prepare(`SELECT ${PAGE_INFO_COLUMNS} FROM pages`).raw().all() as PageInfoRow[];
  return rows.map(pageInfo);
}

/** The columns of `mentions m` that make a `MentionRaw`, in its order. */
export const MENTION_RAW_COLUMNS =
  "m.id, m.page_id, m.role, m.position, m.title, m.norm_title, m.year, m.arxiv, m.doi, m.acl, m.openreview, m.s2, m.cited_by_count, m.abstract, m.title_inferred, m.authors_json, m.venue, m.date";

/** Every stored mention, in id order; iterated, not read whole: holding every raw row at once costs more in garbage collection. */
export function storedMentions(db: Db): Iterable<MentionRaw> {
  return db.prepare(`SELECT ${MENTION_RAW_COLUMNS} FROM mentions m ORDER BY m.id`).raw().iterate() as Iterable<MentionRaw>;
}

/** A mention about to be stored (db/page-writer.ts's values) as the builder would read it back. */
export function mentionRaw(id: number, pageId: number, v: MentionValues): MentionRaw {
  return [id, pageId, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[11], v[12], v[13], v[14], v[15], v[16]];
}

/**
 * The builder's rows of `mentions` from `pages`, in id order and in identity order. Identity
 * order never depends on arrival: pages by content hash (then id), then list and position, packed
 * into one number as rank * 2^22 + role * 2^20 + position; ties by mention id.
 */
export function mentionRows(pages: readonly PageInfo[], mentions: Iterable<MentionRaw>): MentionRows {
  const pageOf = new Map(pages.map((p) => [p.id, p]));
  const byId: MentionRow[] = [];
  for (const r of mentions) byId.push(mentionRow(r, pageOf.get(r[1])));
  return inIdentityOrder(byId, pages);
}

/**
 * Sets each row's sort key from the rank of its page among `pages` (only their order matters, so
 * the rows of some pages are ordered as among all) and sorts them; `byId` must be in id order.
 */
export function inIdentityOrder(byId: MentionRow[], pages: readonly PageInfo[]): MentionRows {
  const ordered = [...pages].sort((a, b) => compareUtf8(a.contentHash, b.contentHash) || a.id - b.id);
  const rankOf = new Map<number, number>();
  ordered.forEach((p, rank) => rankOf.set(p.id, rank));
  for (const row of byId) row.sortKey = (rankOf.get(row.page_id) ?? 0) * 4_194_304 + ROLE_RANK[row.role] * 1_048_576 + Math.min(row.position, 1_048_575);
  const sorted = [...byId].sort((x, y) => x.sortKey - y.sortKey || x.id - y.id);
  return { byId, sorted, pages: new Map(pages.map((p) => [p.id, p])) };
}

/** One mention as identity and facts read it, on `page` (its sort key is set by `inIdentityOrder`). */
export function mentionRow(r: MentionRaw, page: PageInfo | undefined): MentionRow {
  const [id, pageId, role, position, title, normTitle, year, arxiv, doi, acl, openreview, s2, citedByCount] = r;
  const ids: Identifiers = {};
  if (arxiv) ids.arxiv = arxiv;
  if (doi) ids.doi = doi;
  if (acl) ids.acl = acl;
  if (openreview) ids.openreview = openreview;
  if (s2) ids.s2 = s2;
  const row: MentionRow = { id, sortKey: 0, role, position, ids, page_id: pageId, title, cited_by_count: citedByCount, data_through: page?.dataThrough ?? null };
  if (normTitle) row.normTitle = normTitle;
  const parts = title ? titleParts(title) : undefined;
  if (parts) row.titleParts = parts;
  if (year !== null) row.year = year;
  if (role === "self") {
    row.self = { abstract: r[13], title_inferred: r[14], authors_json: r[15], venue: r[16], date: r[17], facts_json: page?.factsJson ?? "{}", format: page?.format ?? "" };
    const passage = passageOf(r[13] ?? undefined);
    if (passage) row.passage = passage;
    if (r[14]) row.titleInferred = true;
    else if (title) {
      const aliases = workAliases(title, r[13] ?? undefined);
      if (aliases.length > 0) row.aliases = aliases;
    }
  }
  return row;
}

/** The builder's rows (`mentionRows`), and the pages they are on. */
export interface MentionRows {
  byId: MentionRow[];
  sorted: MentionRow[];
  pages: ReadonlyMap<number, PageInfo>;
}

/** Who the mentions' papers are, their facts and identity keys, and why (`derivePapers`). */
export interface DerivedPapers {
  /** One row per paper, in id order (UTF-8 byte order, as SQLite sorts them). */
  papers: PaperValues[];
  /** Mention id → the paper it names. */
  paperOf: Map<number, string>;
  decisions: DecisionValues[];
  /** Each paper's identity keys as stored, each once (db/identity-keys.ts). */
  keys: Map<string, number[]>;
}

/** The papers the mentions make: who is one paper, its facts, and why. */
export function derivePapers({ byId, sorted, pages }: MentionRows): DerivedPapers {
  const resolution = resolveIdentities(sorted, { identifierMerges: false });
  const papers = paperRows(byId, resolution, pages).sort((a, b) => compareUtf8(a[0], b[0]));
  const decisions: DecisionValues[] = [];
  // Merges by a shared identifier are explained by the mentions' own identifiers (explain lists
  // them); only title merges and refusals need a record of their own.
  for (const d of resolution.decisions) {
    if (d.rule !== "identifier") decisions.push([resolution.paperOf.get(d.a) ?? "", resolution.paperOf.get(d.b) ?? "", d.decision, d.rule, d.detail, d.a, d.b]);
  }
  const paperOf = new Map<number, string>();
  // A paper holds a few keys: an array looked through is enough.
  const keys = new Map<string, number[]>();
  for (const r of byId) {
    const paper = resolution.paperOf.get(r.id);
    if (paper === undefined) continue;
    paperOf.set(r.id, paper);
    let its = keys.get(paper);
    if (!its) keys.set(paper, (its = []));
    for (const k of storedKeys(r)) if (!its.includes(k)) its.push(k);
  }
  return { papers, paperOf, decisions, keys };
}

/** The graph the mentions make: who is one paper, its facts, its citations, and why. */
export function deriveGraph(rows: MentionRows): DerivedGraph {
  const derived = derivePapers(rows);
  const { edges, selfCitationsDropped } = edgesOf(rows.byId, derived.paperOf);
  const ids = derived.papers.map((p) => p[0]);
  return { ...derived, edges, summary: { papers: ids.length, edges: edges.length, selfCitationsDropped }, version: fingerprint(ids, edges) };
}

/** The graph the stored pages make. */
export function storedGraph(db: Db): DerivedGraph {
  return deriveGraph(mentionRows(storedPages(db), storedMentions(db)));
}

/** The address a page says it is a copy of (`PageFacts.origin`), read from its stored facts. */
function originOf(factsJson: string): string | undefined {
  const origin = (JSON.parse(factsJson) as PageFacts).origin;
  return typeof origin === "string" ? origin : undefined;
}

/** One row per cluster. */
function paperRows(byId: readonly MentionRow[], resolution: Resolution, pages: ReadonlyMap<number, PageInfo>): PaperValues[] {
  const reportOf = (pageId: number | null): string | null => {
    const page = pageId === null ? undefined : pages.get(pageId);
    return page ? JSON.stringify(countReport(page.source, page.format, page.dataThrough, page.ingestedAt, originOf(page.factsJson))) : null;
  };
  const rowOf = new Map<number, MentionRow>();
  for (const r of byId) rowOf.set(r.id, r);
  const papers: PaperValues[] = [];
  for (const members of resolution.clusters.values()) {
    const first = members[0];
    if (first === undefined) continue;
    const rows: MentionRow[] = [];
    for (const m of members) {
      const r = rowOf.get(m);
      if (r !== undefined) rows.push(r);
    }
    const f = chooseFacts(rows);
    papers.push([
      resolution.paperOf.get(first) ?? "",
      f.title,
      f.normTitle,
      f.year,
      f.arxiv,
      f.doi,
      f.acl,
      f.openreview,
      f.s2,
      f.abstract,
      f.titleInferred,
      f.stub,
      f.venue,
      f.date,
      f.authors,
      f.directions,
      f.citedByCount,
      f.fieldSources,
      f.citedByCount === null ? null : reportOf(f.citedByCountPage),
    ]);
  }
  return papers;
}

/** Each list mention links its page's paper and the paper it names, once; self-citations are dropped and counted. */
function edgesOf(byId: readonly MentionRow[], paperOf: ReadonlyMap<number, string>): { edges: [string, string][]; selfCitationsDropped: number } {
  const selfOfPage = new Map<number, number>();
  for (const r of byId) if (r.role === "self") selfOfPage.set(r.page_id, r.id);
  const edges: [string, string][] = [];
  let selfCitationsDropped = 0;
  for (const r of byId) {
    if (r.role === "self") continue;
    const self = selfOfPage.get(r.page_id);
    const edge = citation(r.role, self === undefined ? undefined : paperOf.get(self), paperOf.get(r.id));
    if (edge === undefined) continue;
    if (edge === "self") selfCitationsDropped++;
    else edges.push(edge);
  }
  // In key order, so each insert lands at the end of the table's b-tree; each citation once.
  return { edges: sortedCitations(edges), selfCitationsDropped };
}

/** The citation a list mention of `role` makes between its page's paper and the paper it names ("self" when they are one). */
export function citation(role: MentionRole, pagePaper: string | undefined, named: string | undefined): [string, string] | "self" | undefined {
  if (!pagePaper || !named) return undefined;
  if (pagePaper === named) return "self";
  return role === "builds_on" ? [pagePaper, named] : [named, pagePaper];
}

/** Citations in key order, each once. */
export function sortedCitations(edges: [string, string][]): [string, string][] {
  edges.sort((a, b) => compareUtf8(a[0], b[0]) || compareUtf8(a[1], b[1]));
  return edges.filter((e, k) => k === 0 || e[0] !== edges[k - 1]?.[0] || e[1] !== edges[k - 1]?.[1]);
}

/**
 * Strings in the order SQLite's BINARY collation gives them (their UTF-8 bytes): JavaScript's
 * `<` compares UTF-16 code units, which differs for characters above U+FFFF against U+E000–U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return utf8Rank(x) - utf8Rank(y);
    return x - y;
  }
  return a.length - b.length;
}

/** Surrogates (characters above U+FFFF) after U+E000–U+FFFF, as in UTF-8. */
function utf8Rank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit <= 0xdfff) return unit + 0x2000;
  return unit;
}

/** A fingerprint of the graph's shape (papers and edges, both in key order): the stored layout and index are valid for it. */
export function fingerprint(ids: readonly string[], edges: readonly (readonly [string, string])[]): string {
  const hash = createHash("sha1");
  for (const id of ids) hash.update(id + "\n");
  for (const [citing, cited] of edges) hash.update(`${citing}>${cited}\n`);
  return hash.digest("hex");
}

/** The fingerprint of the stored papers and citations. */
export function graphFingerprint(db: Db): string {
  return fingerprint(
    db.prepare<[], string>("SELECT id FROM papers ORDER BY id").pluck().all() as unknown as string[],
    db.prepare("SELECT citing, cited FROM edges ORDER BY citing, cited").raw().all() as [string, string][],
  );
}
