/**
 * Read queries over a Lineage database: papers by identifier or title, their provenance, the
 * edge list for the traversal index, the merge log, and counts. Every statement is prepared once.
 * Papers leave this module as `Paper` objects (camelCase, JSON columns parsed): the one place a
 * papers row is turned into what the rest of Lineage works with.
 */
import type { Db } from "./connection.ts";
import { PageSources } from "./page-sources.ts";
import type { CountReport } from "./paper-facts.ts";
import type { EdgeAttributes, IdScheme, PageFacts, RelatedLink, Direction } from "../vocabulary/paper-page.ts";

/** A paper as the database holds it: identity, facts, and which page asserted each fact. */
export interface Paper {
  id: string;
  title: string | null;
  normTitle: string | null;
  year: number | null;
  arxivId: string | null;
  doi: string | null;
  aclId: string | null;
  openreviewId: string | null;
  s2Id: string | null;
  abstract: string | null;
  /** The title was inferred from the abstract's first sentence, not read as a title. */
  titleInferred: boolean;
  /** Known only from other pages' lists. */
  stub: boolean;
  venue: string | null;
  date: string | null;
  authors: string[];
  directions: Direction[];
  citedByCount: number | null;
  /** Who reported citedByCount and when; null when no page reports a count. */
  citedByReport: CountReport | null;
  /** Field name → id of the page that asserted it. */
  fieldSources: Record<string, number>;
}

/** A row of the papers table, as SQLite gives it. */
interface PaperRow {
  id: string;
  title: string | null;
  norm_title: string | null;
  year: number | null;
  arxiv_id: string | null;
  doi: string | null;
  acl_id: string | null;
  openreview_id: string | null;
  s2_id: string | null;
  abstract: string | null;
  title_inferred: number;
  stub: number;
  venue: string | null;
  date: string | null;
  authors_json: string;
  directions_json: string;
  cited_by_count: number | null;
  field_sources_json: string;
  cited_by_report: string | null;
}

function paperOf(row: PaperRow): Paper {
  return {
    id: row.id,
    title: row.title,
    normTitle: row.norm_title,
    year: row.year,
    arxivId: row.arxiv_id,
    doi: row.doi,
    aclId: row.acl_id,
    openreviewId: row.openreview_id,
    s2Id: row.s2_id,
    abstract: row.abstract,
    titleInferred: row.title_inferred === 1,
    stub: row.stub === 1,
    venue: row.venue,
    date: row.date,
    authors: JSON.parse(row.authors_json) as string[],
    directions: JSON.parse(row.directions_json) as Direction[],
    citedByCount: row.cited_by_count,
    citedByReport: row.cited_by_count === null || !row.cited_by_report ? null : (JSON.parse(row.cited_by_report) as CountReport),
    fieldSources: JSON.parse(row.field_sources_json) as Record<string, number>,
  };
}

interface EdgeAssertionRow {
  source: string;
  format: string;
  content_hash: string;
  data_through: string | null;
  role: "builds_on" | "built_by";
  attributes_json: string | null;
}

export interface EdgeAssertion {
  source: string;
  format: string;
  contentHash: string;
  dataThrough: string | null;
  /** The list of the asserting page the edge came from. */
  listedUnder: "buildsOn" | "builtBy";
  attributes?: EdgeAttributes;
}

export interface MentionOfPaper {
  source: string;
  format: string;
  role: "self" | "builds_on" | "built_by";
  title: string | null;
  year: number | null;
  arxiv: string | null;
  doi: string | null;
  acl: string | null;
  openreview: string | null;
  s2: string | null;
}

/** A paper as the explorer draws it: its stored position, and how often the graph cites it. */
export interface DrawablePaper {
  id: string;
  title: string | null;
  year: number | null;
  stub: boolean;
  citedByCount: number | null;
  arxivId: string | null;
  directions: Direction[];
  /** The stored layout's position, or null when the layout does not place the paper. */
  x: number | null;
  y: number | null;
  community: number | null;
  inDegree: number;
}

export interface PageSource {
  source: string;
  format: string;
  contentHash: string;
  dataThrough: string | null;
  ingestedAt: string;
  /** How the page names the paper: as its own subject, or in one of its lists. */
  role: "self" | "builds_on" | "built_by";
}

export interface SelfSource extends PageSource {
  role: "self";
  reported: {
    citedByCount?: number;
    referencesInMap?: number;
    referencesTotal?: number;
    citationsPerYear?: Record<string, number>;
    onMap?: boolean;
  };
  directions: Direction[];
  editorial?: Pick<PageFacts, "source" | "field" | "depth" | "summary" | "takeaway" | "insights" | "topics" | "audience">;
  /** The user's own note the page holds (a Markdown note's free text). */
  note?: string;
  related: RelatedLink[];
  warnings: string[];
}

const ID_COLUMN: Record<IdScheme, string> = {
  arxiv: "arxiv_id",
  doi: "doi",
  acl: "acl_id",
  openreview: "openreview_id",
  s2: "s2_id",
};

export class PaperQueries {
  private readonly byId;
  private readonly byNormTitle;
  private readonly byNormTitleRange;
  private readonly byIdColumn: Record<IdScheme, ReturnType<Db["prepare"]>>;
  /** Which pages name papers, for the paper view's sources (page-sources.ts). */
  readonly pages: PageSources;
  private readonly edgeList;
  private readonly edgeAssertionList;
  private readonly decisions;
  private readonly mentions;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[string], PaperRow>("SELECT * FROM papers WHERE id = ?");
    this.byNormTitle = db.prepare<[string], PaperRow>("SELECT * FROM papers WHERE norm_title = ? ORDER BY year, id");
    this.byNormTitleRange = db.prepare<[string, string, number], PaperRow>("SELECT * FROM papers WHERE norm_title >= ? AND norm_title < ? ORDER BY norm_title, id LIMIT ?");
    this.byIdColumn = Object.fromEntries(Object.entries(ID_COLUMN).map(([scheme, col]) => [scheme, db.prepare(`SELECT * FROM papers WHERE ${col} = ?`)])) as Record<
      IdScheme,
      ReturnType<Db["prepare"]>
    >;
    this.pages = new PageSources(db);
    this.mentions = db.prepare<[string], MentionOfPaper>(
      `SELECT p.source, p.format, m.role, m.title, m.year, m.arxiv, m.doi, m.acl, m.openreview, m.s2
       FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id JOIN pages p ON p.id = m.page_id
       WHERE pm.paper_id = ? ORDER BY m.role = 'self' DESC, p.source, m.position LIMIT 1000`,
    );
    this.edgeList = db.prepare<[], { citing: string; cited: string }>("SELECT citing, cited FROM edges ORDER BY citing, cited");
    // A page asserts citing → cited when it is about one and lists the other in the right list.
    this.edgeAssertionList = db.prepare<[{ citing: string; cited: string }], EdgeAssertionRow>(
      `SELECT p.source, p.format, p.content_hash, p.data_through, l.role, l.attributes_json
       FROM paper_mentions ps
       JOIN mentions s ON s.id = ps.mention_id AND s.role = 'self'
       JOIN pages p ON p.id = s.page_id
       JOIN mentions l ON l.page_id = p.id AND l.role IN ('builds_on', 'built_by')
       JOIN paper_mentions pl ON pl.mention_id = l.id
       WHERE (ps.paper_id = @citing AND l.role = 'builds_on' AND pl.paper_id = @cited)
          OR (ps.paper_id = @cited AND l.role = 'built_by' AND pl.paper_id = @citing)
       ORDER BY p.source LIMIT 1000`,
    );
    this.decisions = db.prepare<[string, string], { paper_a: string; paper_b: string; decision: string; rule: string; detail: string; source_a: string; source_b: string }>(
      `SELECT l.paper_a, l.paper_b, l.decision, l.rule, l.detail, pa.source AS source_a, pb.source AS source_b
       FROM merge_log l JOIN mentions ma ON ma.id = l.mention_a JOIN pages pa ON pa.id = ma.page_id
       JOIN mentions mb ON mb.id = l.mention_b JOIN pages pb ON pb.id = mb.page_id
       WHERE l.paper_a = ? OR l.paper_b = ? ORDER BY l.id`,
    );
  }

  paper(id: string): Paper | undefined {
    const row = this.byId.get(id);
    return row && paperOf(row);
  }

  byIdentifier(scheme: IdScheme, value: string): Paper[] {
    return (this.byIdColumn[scheme].all(value) as PaperRow[]).map(paperOf);
  }

  byTitle(normTitle: string): Paper[] {
    return this.byNormTitle.all(normTitle).map(paperOf);
  }

  /** The papers the graph cites most, most cited first (ties by id). */
  mostCited(limit: number): Paper[] {
    return this.db
      .prepare<[number], PaperRow>(`SELECT p.* FROM papers p JOIN (SELECT cited, count(*) AS n FROM edges GROUP BY cited ORDER BY n DESC, cited LIMIT ?) c ON c.cited = p.id ORDER BY c.n DESC, p.id`)
      .all(limit)
      .map(paperOf);
  }

  /** Papers whose normalised title is `normTitle` and more words after it (by the title index). */
  byTitleBeginning(normTitle: string, limit: number): Paper[] {
    return this.byNormTitleRange.all(`${normTitle} `, `${normTitle}!`, limit).map(paperOf);
  }

  allPapers(): Paper[] {
    return this.db.prepare<[], PaperRow>("SELECT * FROM papers ORDER BY id").all().map(paperOf);
  }

  /** Papers with their stored drawing position and how often the graph cites them. */
  drawablePapers(): DrawablePaper[] {
    type Row = Omit<DrawablePaper, "stub" | "directions" | "citedByCount" | "arxivId" | "inDegree"> & {
      stub: number;
      cited_by_count: number | null;
      arxiv_id: string | null;
      directions_json: string;
      in_degree: number;
    };
    return this.db
      .prepare<[], Row>(
        `SELECT p.id, p.title, p.year, p.stub, p.cited_by_count, p.arxiv_id, p.directions_json,
                l.x, l.y, l.community,
                (SELECT count(*) FROM edges e WHERE e.cited = p.id) AS in_degree
         FROM papers p LEFT JOIN layout l ON l.paper_id = p.id ORDER BY p.id`,
      )
      .all()
      .map((r) => ({
        id: r.id,
        title: r.title,
        year: r.year,
        stub: r.stub === 1,
        citedByCount: r.cited_by_count,
        arxivId: r.arxiv_id,
        directions: JSON.parse(r.directions_json) as Direction[],
        x: r.x,
        y: r.y,
        community: r.community,
        inDegree: r.in_degree,
      }));
  }

  edges(): { citing: string; cited: string }[] {
    return this.edgeList.all();
  }

  /** The pages that assert citing → cited, with what a structured source said of the citation. */
  edgeAssertions(citing: string, cited: string): EdgeAssertion[] {
    return this.edgeAssertionList.all({ citing, cited }).map((r) => ({
      source: r.source,
      format: r.format,
      contentHash: r.content_hash,
      dataThrough: r.data_through,
      listedUnder: r.role === "builds_on" ? "buildsOn" : "builtBy",
      ...(r.attributes_json ? { attributes: JSON.parse(r.attributes_json) as EdgeAttributes } : {}),
    }));
  }

  /** Every mention of the paper: which page named it, how, and with which identity. */
  mentionsOf(id: string): MentionOfPaper[] {
    return this.mentions.all(id);
  }

  mergeDecisions(id: string) {
    return this.decisions.all(id, id);
  }

  counts(): { papers: number; stubs: number; edges: number; pages: number; mentions: number } {
    const one = (sql: string) => this.db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
    return {
      papers: one("SELECT count(*) AS n FROM papers"),
      stubs: one("SELECT count(*) AS n FROM papers WHERE stub = 1"),
      edges: one("SELECT count(*) AS n FROM edges"),
      pages: one("SELECT count(*) AS n FROM pages"),
      mentions: one("SELECT count(*) AS n FROM mentions"),
    };
  }

  pagesByFormat(): Record<string, number> {
    const rows = this.db.prepare<[], { format: string; n: number }>("SELECT format, count(*) AS n FROM pages GROUP BY format ORDER BY format").all();
    return Object.fromEntries(rows.map((r) => [r.format, r.n]));
  }
}
