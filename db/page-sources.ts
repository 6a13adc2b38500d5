/**
 * Reading which pages name papers, for the paper view's list of sources (library/paper-pages.ts
 * orders and shapes them): a paper's mentions as page-and-role keys, every paper's keys in one
 * pass, a page's listed columns, every page's in one pass, and a page's own figures. Storage
 * reads only; the page-and-role key is one number per row (better-sqlite3 hands back a plucked
 * number faster than a row of two columns).
 */
import type { Db } from "./connection.ts";
import type { PageSource } from "./paper-queries.ts";

export type Role = PageSource["role"];
export const ROLES: readonly Role[] = ["self", "builds_on", "built_by"];

/** A page naming a paper in a role, as one number: page id × 3 + the role's place in ROLES. */
const MENTION_KEY = "m.page_id * 3 + CASE m.role WHEN 'self' THEN 0 WHEN 'builds_on' THEN 1 ELSE 2 END";

export function keyOf(pageId: number, role: Role): number {
  return pageId * 3 + ROLES.indexOf(role);
}

export function pageOfKey(key: number): number {
  return Math.floor(key / 3);
}

export function roleOfKey(key: number): Role {
  return ROLES[key % 3] as Role;
}

/** What a listed page shows: its columns other than its figures. */
export interface PageRow {
  id: number;
  source: string;
  format: string;
  contentHash: string;
  dataThrough: string | null;
  ingestedAt: string;
}

/** A page's own figures, as stored (JSON texts), read only where the page is a paper's own. */
export interface OwnFactsText {
  facts: string;
  related: string;
  warnings: string;
}

type PageColumns = [number, string, string, string, string | null, string];

const rowOf = ([id, source, format, contentHash, dataThrough, ingestedAt]: PageColumns): PageRow => ({ id, source, format, contentHash, dataThrough, ingestedAt });

const PAGE_COLUMNS = "id, source, format, content_hash, data_through, ingested_at";

export class PageSources {
  private readonly keysOfPaperStatement;
  private readonly everyKeyStatement;
  private readonly pageStatement;
  private readonly everyPageStatement;
  private readonly ownFactsStatement;
  private readonly mentionCountStatement;

  constructor(db: Db) {
    this.keysOfPaperStatement = db.prepare<[string], number>(`SELECT ${MENTION_KEY} FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id WHERE pm.paper_id = ?`).pluck();
    // Read from mentions to paper_mentions (the smaller table looked up), one row per paper.
    this.everyKeyStatement = db
      .prepare<[], [string, string]>(`SELECT pm.paper_id, group_concat(${MENTION_KEY}) FROM mentions m CROSS JOIN paper_mentions pm ON pm.mention_id = m.id GROUP BY pm.paper_id`)
      .raw(true);
    this.pageStatement = db.prepare<[number], PageColumns>(`SELECT ${PAGE_COLUMNS} FROM pages WHERE id = ?`).raw(true);
    this.everyPageStatement = db.prepare<[], PageColumns>(`SELECT ${PAGE_COLUMNS} FROM pages`).raw(true);
    this.ownFactsStatement = db.prepare<[number], [string, string, string]>("SELECT facts_json, related_json, warnings_json FROM pages WHERE id = ?").raw(true);
    this.mentionCountStatement = db.prepare<[], number>("SELECT count(*) FROM paper_mentions").pluck();
  }

  /** The page-and-role keys of the pages naming the paper (a page naming it twice in a role gives its key twice). */
  keysOfPaper(paperId: string): number[] {
    return this.keysOfPaperStatement.all(paperId);
  }

  /** Every paper named by a page, with its keys (as `keysOfPaper` gives them, in no particular order). */
  *everyPapersKeys(): IterableIterator<[string, number[]]> {
    for (const [paper, keys] of this.everyKeyStatement.iterate()) yield [paper, keys.split(",").map(Number)];
  }

  page(id: number): PageRow | undefined {
    const columns = this.pageStatement.get(id);
    return columns && rowOf(columns);
  }

  everyPage(): PageRow[] {
    return this.everyPageStatement.all().map(rowOf);
  }

  ownFacts(id: number): OwnFactsText | undefined {
    const row = this.ownFactsStatement.get(id);
    return row && { facts: row[0], related: row[1], warnings: row[2] };
  }

  /** Mentions of papers in the database (what a one-pass read would hold). */
  mentionCount(): number {
    return this.mentionCountStatement.get() ?? 0;
  }
}
