/**
 * Rebuilds the derived graph (papers, edges, their provenance and the merge log) from every
 * stored mention. Identity comes from ingest/identity.ts; this module chooses each paper's
 * facts (a page about the paper beats a list that mentions it; a newer capture beats an older
 * one) and records which page asserted each fact and each edge.
 */
import type { Db } from "./connection.ts";
import { resolveIdentities, type Mention, type MentionRole } from "../ingest/identity.ts";
import type { Direction, PageFacts } from "../ingest/types.ts";
import { createHash } from "node:crypto";

interface MentionRow {
  id: number;
  page_id: number;
  role: MentionRole;
  sort_key: number;
  title: string | null;
  norm_title: string | null;
  year: number | null;
  arxiv: string | null;
  doi: string | null;
  acl: string | null;
  openreview: string | null;
  s2: string | null;
  cited_by_count: number | null;
  data_through: string | null;
  /** What only a page's own subject carries; read for self mentions alone. */
  self?: SelfColumns;
}

interface SelfColumns {
  abstract: string | null;
  title_inferred: number;
  authors_json: string | null;
  venue: string | null;
  date: string | null;
  facts_json: string;
}

export interface BuildSummary {
  papers: number;
  edges: number;
  selfCitationsDropped: number;
}

export function rebuildGraph(db: Db): BuildSummary {
  // Mentions are ordered by their page's content hash (never by arrival), then list and
  // position; the order is packed into one number: rank * 2^22 + role * 2^20 + position.
  const pageRank = new Map<number, number>();
  const dataThrough = new Map<number, string | null>();
  let rank = 0;
  for (const [id, through] of db.prepare("SELECT id, data_through FROM pages ORDER BY content_hash, id").raw().iterate() as Iterable<[number, string | null]>) {
    pageRank.set(id, rank++);
    dataThrough.set(id, through);
  }
  const rows: MentionRow[] = [];
  const ROLE_RANK: Record<MentionRole, number> = { self: 0, builds_on: 1, built_by: 2 };
  // Raw rows: better-sqlite3 builds row objects three times slower than arrays.
  type Raw = [number, number, MentionRole, number, string | null, string | null, number | null, string | null, string | null, string | null, string | null, string | null, number | null];
  for (const r of db
    .prepare("SELECT id, page_id, role, position, title, norm_title, year, arxiv, doi, acl, openreview, s2, cited_by_count FROM mentions")
    .raw()
    .iterate() as Iterable<Raw>) {
    const [id, page_id, role, position, title, norm_title, year, arxiv, doi, acl, openreview, s2, cited_by_count] = r;
    const sort_key = (pageRank.get(page_id) ?? 0) * 4_194_304 + ROLE_RANK[role] * 1_048_576 + Math.min(position, 1_048_575);
    rows.push({ id, page_id, role, sort_key, title, norm_title, year, arxiv, doi, acl, openreview, s2, cited_by_count, data_through: dataThrough.get(page_id) ?? null });
  }
  const selfColumns = db.prepare<[], SelfColumns & { id: number }>(
    `SELECT m.id, m.abstract, m.title_inferred, m.authors_json, m.venue, m.date, p.facts_json
     FROM mentions m JOIN pages p ON p.id = m.page_id WHERE m.role = 'self'`,
  );
  const selfById = new Map<number, SelfColumns>();
  for (const r of selfColumns.iterate()) selfById.set(r.id, r);
  for (const r of rows) if (r.role === "self") r.self = selfById.get(r.id);
  const mentions: Mention[] = rows.map((r) => ({
    id: r.id,
    sortKey: r.sort_key,
    role: r.role,
    ids: {
      ...(r.arxiv ? { arxiv: r.arxiv } : {}),
      ...(r.doi ? { doi: r.doi } : {}),
      ...(r.acl ? { acl: r.acl } : {}),
      ...(r.openreview ? { openreview: r.openreview } : {}),
      ...(r.s2 ? { s2: r.s2 } : {}),
    },
    ...(r.norm_title ? { normTitle: r.norm_title } : {}),
    ...(r.year !== null ? { year: r.year } : {}),
  }));
  const resolution = resolveIdentities(mentions);
  const byId = new Map(rows.map((r) => [r.id, r]));

  db.exec("DELETE FROM edges; DELETE FROM paper_mentions; DELETE FROM merge_log; DELETE FROM papers;");
  const insertPaper = db.prepare(
    `INSERT INTO papers (id, title, norm_title, year, arxiv_id, doi, acl_id, openreview_id, s2_id, abstract, title_inferred, stub,
       venue, date, authors_json, directions_json, cited_by_count, field_sources_json)
     VALUES (@id, @title, @normTitle, @year, @arxiv, @doi, @acl, @openreview, @s2, @abstract, @titleInferred, @stub,
       @venue, @date, @authors, @directions, @citedByCount, @fieldSources)`,
  );
  const insertPaperMention = db.prepare("INSERT INTO paper_mentions (mention_id, paper_id) VALUES (?, ?)");
  for (const members of resolution.clusters.values()) {
    const first = members[0];
    if (first === undefined) continue;
    const paperId = resolution.paperOf.get(first) ?? "";
    const facts = chooseFacts(members.map((m) => byId.get(m)).filter((r): r is MentionRow => r !== undefined));
    insertPaper.run({ id: paperId, ...facts });
    for (const m of members) insertPaperMention.run(m, paperId);
  }

  const selfOfPage = new Map<number, number>();
  for (const r of rows) if (r.role === "self") selfOfPage.set(r.page_id, r.id);
  const insertEdge = db.prepare("INSERT OR IGNORE INTO edges (citing, cited) VALUES (?, ?)");
  let selfCitationsDropped = 0;
  for (const r of rows) {
    if (r.role === "self") continue;
    const self = selfOfPage.get(r.page_id);
    const pagePaper = self === undefined ? undefined : resolution.paperOf.get(self);
    const other = resolution.paperOf.get(r.id);
    if (!pagePaper || !other) continue;
    const [citing, cited] = r.role === "builds_on" ? [pagePaper, other] : [other, pagePaper];
    if (citing === cited) {
      selfCitationsDropped++;
      continue;
    }
    insertEdge.run(citing, cited);
  }

  const insertDecision = db.prepare(
    "INSERT INTO merge_log (paper_a, paper_b, decision, rule, detail, mention_a, mention_b) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  // Merges by a shared identifier are explained by the mentions' own identifiers (explain lists
  // them); only title merges and refusals need a record of their own.
  for (const d of resolution.decisions) {
    if (d.rule === "identifier") continue;
    insertDecision.run(resolution.paperOf.get(d.a) ?? "", resolution.paperOf.get(d.b) ?? "", d.decision, d.rule, d.detail, d.a, d.b);
  }
  const count = (sql: string) => (db.prepare<[], { n: number }>(sql).get()?.n ?? 0);
  const summary = {
    papers: count("SELECT count(*) AS n FROM papers"),
    edges: count("SELECT count(*) AS n FROM edges"),
    selfCitationsDropped,
  };
  db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('built', ?)").run(JSON.stringify(summary));
  db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('version', ?)").run(graphVersion(db));
  return summary;
}

/** Newest page first; undated pages after dated ones; then the deterministic sort key. */
function newestFirst(a: MentionRow, b: MentionRow): number {
  const da = a.data_through ?? "";
  const dbb = b.data_through ?? "";
  if (da !== dbb) return da < dbb ? 1 : -1;
  return a.sort_key - b.sort_key;
}

function chooseFacts(members: MentionRow[]) {
  const selfs = members.filter((m) => m.role === "self").sort(newestFirst);
  const lists = members.filter((m) => m.role !== "self").sort(newestFirst);
  const sources: Record<string, number> = {};
  const pick = <T>(field: string, candidates: MentionRow[], get: (m: MentionRow) => T | null | undefined): T | null => {
    for (const m of candidates) {
      const v = get(m);
      if (v !== null && v !== undefined && v !== "") {
        sources[field] = m.page_id;
        return v;
      }
    }
    return null;
  };
  const hasTitle = (ms: MentionRow[]) => ms.some((m) => m.title);
  const realTitleSelf = selfs.filter((m) => !m.self?.title_inferred);
  const titleCandidates = hasTitle(realTitleSelf) ? realTitleSelf : hasTitle(lists) ? mostCommon(lists, (m) => m.title) : selfs;
  const title = pick("title", titleCandidates, (m) => m.title);
  const titleMention = members.find((m) => m.page_id === sources.title && m.title === title);
  const year = pick("year", selfs, (m) => m.year) ?? pick("year", mostCommon(lists, (m) => m.year), (m) => m.year);
  const factsOf = (m: MentionRow): PageFacts | undefined => (m.self ? (JSON.parse(m.self.facts_json) as PageFacts) : undefined);
  const directions = pick<Direction[]>("directions", selfs, (m) => {
    const d = factsOf(m)?.directions;
    return d && d.length > 0 ? d : null;
  });
  const citedByCount =
    pick("citedByCount", selfs, (m) => factsOf(m)?.citedByCount ?? m.cited_by_count) ??
    pick("citedByCount", lists, (m) => m.cited_by_count);
  const ids = (get: (m: MentionRow) => string | null) => pick<string>("ids", [...selfs, ...lists], get);
  return {
    title,
    normTitle: titleMention?.norm_title ?? null,
    year,
    arxiv: ids((m) => m.arxiv),
    doi: ids((m) => m.doi),
    acl: ids((m) => m.acl),
    openreview: ids((m) => m.openreview),
    s2: ids((m) => m.s2),
    abstract: pick("abstract", selfs, (m) => m.self?.abstract),
    titleInferred: titleMention?.self?.title_inferred ? 1 : 0,
    stub: selfs.length === 0 ? 1 : 0,
    venue: pick("venue", selfs, (m) => m.self?.venue),
    date: pick("date", selfs, (m) => m.self?.date),
    authors: pick("authors", selfs, (m) => (m.self?.authors_json && m.self.authors_json !== "[]" ? m.self.authors_json : null)) ?? "[]",
    directions: JSON.stringify(directions ?? []),
    citedByCount,
    fieldSources: JSON.stringify(sources),
  };
}

/** Candidates whose value is the most frequent first (ties: earliest candidate wins). */
function mostCommon<T>(candidates: MentionRow[], get: (m: MentionRow) => T | null): MentionRow[] {
  const counts = new Map<T, number>();
  for (const m of candidates) {
    const v = get(m);
    if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...candidates].sort((a, b) => {
    const ca = counts.get(get(a) as T) ?? 0;
    const cb = counts.get(get(b) as T) ?? 0;
    return cb - ca;
  });
}

/** A fingerprint of the graph's shape (papers and edges): the stored layout is valid for it. */
export function graphVersion(db: Db): string {
  const hash = createHash("sha1");
  for (const r of db.prepare<[], { id: string }>("SELECT id FROM papers ORDER BY id").iterate()) hash.update(r.id + "\n");
  for (const e of db.prepare<[], { citing: string; cited: string }>("SELECT citing, cited FROM edges ORDER BY citing, cited").iterate()) {
    hash.update(`${e.citing}>${e.cited}\n`);
  }
  return hash.digest("hex");
}
