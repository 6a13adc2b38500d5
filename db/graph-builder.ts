/**
 * Rebuilds the derived graph (papers, edges, their provenance and the merge log) from every
 * stored mention. Identity comes from vocabulary/identity.ts and each paper's facts from
 * db/paper-facts.ts; this module reads the mentions, writes the derived rows (their secondary
 * indexes built once at the end, see db/derived-indexes.ts), records which page asserted each
 * edge through its mentions, and rebuilds the search index from the new papers in the same
 * transaction (db/search-index.ts).
 */
import type { Db } from "./connection.ts";
import { resolveIdentities, type MentionRole, type Resolution } from "../vocabulary/identity.ts";
import type { Identifiers } from "../vocabulary/paper-page.ts";
import { chooseFacts, countReport, type MentionRow } from "./paper-facts.ts";
import { withoutIndexes } from "./derived-indexes.ts";
import { rebuildSearchIndex } from "./search-index.ts";
import { titleParts } from "../vocabulary/titles.ts";
import { createHash } from "node:crypto";

export interface BuildSummary {
  papers: number;
  edges: number;
  selfCitationsDropped: number;
}

const ROLE_RANK: Record<MentionRole, number> = { self: 0, builds_on: 1, built_by: 2 };

// Raw rows: better-sqlite3 hands back arrays faster than row objects (BENCHMARKS.md, ingest).
type PageRaw = [id: number, dataThrough: string | null, factsJson: string, format: string, source: string, ingestedAt: string];
type MentionRaw = [
  id: number,
  pageId: number,
  role: MentionRole,
  position: number,
  title: string | null,
  normTitle: string | null,
  year: number | null,
  arxiv: string | null,
  doi: string | null,
  acl: string | null,
  openreview: string | null,
  s2: string | null,
  citedByCount: number | null,
  abstract: string | null,
  titleInferred: number,
  authorsJson: string | null,
  venue: string | null,
  date: string | null,
];

/**
 * Every stored mention, in id order and in identity order. Identity order never depends on
 * arrival: pages by content hash, then list and position, packed into one number as
 * rank * 2^22 + role * 2^20 + position; ties by mention id.
 */
function readMentions(db: Db): { byId: MentionRow[]; sorted: MentionRow[]; pages: Map<number, PageRaw> } {
  const pages = db.prepare("SELECT id, data_through, facts_json, format, source, ingested_at FROM pages ORDER BY content_hash, id").raw().all() as PageRaw[];
  const rankOf = new Map<number, number>();
  pages.forEach(([id], rank) => rankOf.set(id, rank));
  const select = db.prepare(
    `SELECT id, page_id, role, position, title, norm_title, year, arxiv, doi, acl, openreview, s2, cited_by_count,
       abstract, title_inferred, authors_json, venue, date
     FROM mentions ORDER BY id`,
  );
  const byId: MentionRow[] = [];
  // Iterated, not read whole with all(): holding every raw row at once costs more in garbage collection.
  for (const r of select.raw().iterate() as Iterable<MentionRaw>) {
    const [id, pageId, role, position, title, normTitle, year, arxiv, doi, acl, openreview, s2, citedByCount] = r;
    const rank = rankOf.get(pageId) ?? 0;
    const page = pages[rank];
    const ids: Identifiers = {};
    if (arxiv) ids.arxiv = arxiv;
    if (doi) ids.doi = doi;
    if (acl) ids.acl = acl;
    if (openreview) ids.openreview = openreview;
    if (s2) ids.s2 = s2;
    const row: MentionRow = {
      id,
      sortKey: rank * 4_194_304 + ROLE_RANK[role] * 1_048_576 + Math.min(position, 1_048_575),
      role,
      ids,
      page_id: pageId,
      title,
      cited_by_count: citedByCount,
      data_through: page?.[1] ?? null,
    };
    if (normTitle) row.normTitle = normTitle;
    const parts = title ? titleParts(title) : undefined;
    if (parts) row.titleParts = parts;
    if (year !== null) row.year = year;
    if (role === "self") {
      row.self = { abstract: r[13], title_inferred: r[14], authors_json: r[15], venue: r[16], date: r[17], facts_json: page?.[2] ?? "{}", format: page?.[3] ?? "" };
      if (r[14]) row.titleInferred = true;
    }
    byId.push(row);
  }
  const sorted = [...byId].sort((x, y) => x.sortKey - y.sortKey || x.id - y.id);
  return { byId, sorted, pages: new Map(pages.map((p) => [p[0], p])) };
}

/**
 * Page cache while rebuilding (KiB, negative as the pragma takes it): the derived tables and their
 * indexes are rewritten whole, and with SQLite's default 2 MiB the same b-tree pages are evicted
 * to the log and read back many times over.
 */
const REBUILD_CACHE_KIB = 131_072;

export function rebuildGraph(db: Db): BuildSummary {
  const cacheSize = db.pragma("cache_size", { simple: true }) as number;
  db.pragma(`cache_size = ${-REBUILD_CACHE_KIB}`);
  try {
    return rebuild(db);
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}

function rebuild(db: Db): BuildSummary {
  const { byId, sorted, pages } = readMentions(db);
  const resolution = resolveIdentities(sorted, { identifierMerges: false });
  db.exec("DELETE FROM edges; DELETE FROM paper_mentions; DELETE FROM merge_log; DELETE FROM papers;");
  const selfCitationsDropped = withoutIndexes(db, ["papers", "paper_mentions", "edges", "merge_log"], () => {
    writePapers(db, byId, resolution, pages);
    const dropped = writeEdges(db, byId, resolution);
    writeDecisions(db, resolution);
    return dropped;
  });
  const count = (sql: string) => db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
  const summary = {
    papers: count("SELECT count(*) AS n FROM papers"),
    edges: count("SELECT count(*) AS n FROM edges"),
    selfCitationsDropped,
  };
  db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('built', ?)").run(JSON.stringify(summary));
  db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('version', ?)").run(graphFingerprint(db));
  rebuildSearchIndex(db);
  return summary;
}

/** One row per cluster, in cluster order; then each mention's paper, in mention id order. */
function writePapers(db: Db, byId: readonly MentionRow[], resolution: Resolution, pages: ReadonlyMap<number, PageRaw>): void {
  const insertPaper = db.prepare(
    `INSERT INTO papers (id, title, norm_title, year, arxiv_id, doi, acl_id, openreview_id, s2_id, abstract, title_inferred, stub,
       venue, date, authors_json, directions_json, cited_by_count, field_sources_json, cited_by_report)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const reportOf = (pageId: number | null): string | null => {
    const page = pageId === null ? undefined : pages.get(pageId);
    return page ? JSON.stringify(countReport(page[4], page[3], page[1], page[5])) : null;
  };
  const rowOf = new Map<number, MentionRow>();
  for (const r of byId) rowOf.set(r.id, r);
  for (const members of resolution.clusters.values()) {
    const first = members[0];
    if (first === undefined) continue;
    const rows: MentionRow[] = [];
    for (const m of members) {
      const r = rowOf.get(m);
      if (r !== undefined) rows.push(r);
    }
    const f = chooseFacts(rows);
    insertPaper.run(
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
    );
  }
  const insertPaperMention = db.prepare("INSERT INTO paper_mentions (mention_id, paper_id) VALUES (?, ?)");
  for (const r of byId) {
    const paperId = resolution.paperOf.get(r.id);
    if (paperId !== undefined) insertPaperMention.run(r.id, paperId);
  }
}

/** Each list mention links its page's paper and the paper it names; returns self-citations dropped. */
function writeEdges(db: Db, byId: readonly MentionRow[], resolution: Resolution): number {
  const selfOfPage = new Map<number, number>();
  for (const r of byId) if (r.role === "self") selfOfPage.set(r.page_id, r.id);
  const edges: [string, string][] = [];
  let selfCitationsDropped = 0;
  for (const r of byId) {
    if (r.role === "self") continue;
    const self = selfOfPage.get(r.page_id);
    const pagePaper = self === undefined ? undefined : resolution.paperOf.get(self);
    const other = resolution.paperOf.get(r.id);
    if (!pagePaper || !other) continue;
    const edge: [string, string] = r.role === "builds_on" ? [pagePaper, other] : [other, pagePaper];
    if (edge[0] === edge[1]) {
      selfCitationsDropped++;
      continue;
    }
    edges.push(edge);
  }
  // In key order, so each insert lands at the end of the table's b-tree.
  edges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const insertEdge = db.prepare("INSERT OR IGNORE INTO edges (citing, cited) VALUES (?, ?)");
  for (const [citing, cited] of edges) insertEdge.run(citing, cited);
  return selfCitationsDropped;
}

/**
 * Merges by a shared identifier are explained by the mentions' own identifiers (explain lists
 * them); only title merges and refusals need a record of their own.
 */
function writeDecisions(db: Db, resolution: Resolution): void {
  const insertDecision = db.prepare("INSERT INTO merge_log (paper_a, paper_b, decision, rule, detail, mention_a, mention_b) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const d of resolution.decisions) {
    if (d.rule === "identifier") continue;
    insertDecision.run(resolution.paperOf.get(d.a) ?? "", resolution.paperOf.get(d.b) ?? "", d.decision, d.rule, d.detail, d.a, d.b);
  }
}

/** A fingerprint of the graph's shape (papers and edges): the stored layout is valid for it. */
export function graphFingerprint(db: Db): string {
  const hash = createHash("sha1");
  for (const r of db.prepare<[], { id: string }>("SELECT id FROM papers ORDER BY id").iterate()) hash.update(r.id + "\n");
  for (const e of db.prepare<[], { citing: string; cited: string }>("SELECT citing, cited FROM edges ORDER BY citing, cited").iterate()) {
    hash.update(`${e.citing}>${e.cited}\n`);
  }
  return hash.digest("hex");
}
