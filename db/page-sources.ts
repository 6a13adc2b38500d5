/**
 * The pages that name a paper, as the paper view and `lineage show` list them: each page once per
 * role, its own pages first, then newest data first, then by source, with the figures and
 * editorial fields the paper's own pages reported. One query per paper; a page's facts are read
 * only where it is the paper's own page (a paper named by 800 pages would otherwise copy 800
 * pages' facts out of SQLite to drop them).
 */
import type { Db } from "./connection.ts";
import type { PageFacts, RelatedLink } from "../ingest/types.ts";
import type { PageSource, SelfSource } from "./paper-queries.ts";

type Role = PageSource["role"];

interface SourceRow {
  page_id: number;
  source: string;
  format: string;
  content_hash: string;
  data_through: string | null;
  ingested_at: string;
  role: Role;
  facts_json: string | null;
  related_json: string | null;
  warnings_json: string | null;
}

export interface PaperPages {
  sources: (PageSource | SelfSource)[];
  /** Each listed page's source, by page id. */
  sourceOfPage: Map<number, string>;
}

export class PageSources {
  private readonly ofPaperStatement;
  private readonly sourceStatement;

  constructor(db: Db) {
    this.ofPaperStatement = db.prepare<[string], SourceRow>(
      `SELECT DISTINCT p.id AS page_id, p.source, p.format, p.content_hash, p.data_through, p.ingested_at, m.role,
              CASE m.role WHEN 'self' THEN p.facts_json END AS facts_json,
              CASE m.role WHEN 'self' THEN p.related_json END AS related_json,
              CASE m.role WHEN 'self' THEN p.warnings_json END AS warnings_json
       FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id JOIN pages p ON p.id = m.page_id
       WHERE pm.paper_id = ?
       ORDER BY m.role = 'self' DESC, p.data_through IS NULL, p.data_through DESC, p.source, m.role`,
    );
    this.sourceStatement = db.prepare<[number], string>("SELECT source FROM pages WHERE id = ?").pluck();
  }

  /** The paper's pages, with each listed page's source by page id. Read inside one snapshot (`LineageDb.read`) with what goes with it. */
  ofPaper(id: string): PaperPages {
    const sourceOfPage = new Map<number, string>();
    const sources = this.ofPaperStatement.all(id).map((row) => {
      sourceOfPage.set(row.page_id, row.source);
      return listed(row);
    });
    return { sources, sourceOfPage };
  }

  /** A page's source (file path or URL). */
  sourceOf(pageId: number): string | null {
    return this.sourceStatement.get(pageId) ?? null;
  }
}

function listed(row: SourceRow): PageSource | SelfSource {
  const base: PageSource = { source: row.source, format: row.format, contentHash: row.content_hash, dataThrough: row.data_through, ingestedAt: row.ingested_at, role: row.role };
  if (row.role !== "self") return base;
  const facts = JSON.parse(row.facts_json ?? "{}") as PageFacts;
  const self: SelfSource = {
    ...base,
    role: "self",
    reported: definedOnly({
      citedByCount: facts.citedByCount,
      referencesInMap: facts.referencesInMap,
      referencesTotal: facts.referencesTotal,
      citationsPerYear: facts.citationsPerYear,
      onMap: facts.onMap,
    }),
    directions: facts.directions,
    related: JSON.parse(row.related_json ?? "[]") as RelatedLink[],
    warnings: JSON.parse(row.warnings_json ?? "[]") as string[],
  };
  const editorial = definedOnly({
    source: facts.source,
    field: facts.field,
    depth: facts.depth,
    summary: facts.summary,
    takeaway: facts.takeaway,
    insights: facts.insights,
    topics: facts.topics,
    audience: facts.audience,
  });
  if (Object.keys(editorial).length > 0) self.editorial = editorial;
  return self;
}

function definedOnly<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
