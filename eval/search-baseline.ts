/**
 * The baseline `npm run eval -- search` measures Lineage's search against: SQLite's FTS5 (as
 * better-sqlite3 bundles it) over each paper's title and authors, ranked by bm25 plus a citation
 * prior, in an in-memory database built in the same run from the same papers. The query's words
 * must all match (FTS5's implicit AND); when none does, any may (OR). Rank: bm25 (negative, lower
 * is better) minus ln(1 + citations), where citations are the paper's citations in the map or the
 * count its pages report, whichever is more. The ten-line search a reader would write first.
 */
import Database from "better-sqlite3";

export interface BaselinePaper {
  id: string;
  title: string | null;
  authors: readonly string[];
  citations: number;
}

export class Fts5Baseline {
  private readonly db = new Database(":memory:");
  private readonly ids: string[] = [];
  private readonly select;

  constructor(papers: readonly BaselinePaper[]) {
    this.db.exec("CREATE VIRTUAL TABLE papers USING fts5(title, authors, prior UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')");
    const insert = this.db.prepare("INSERT INTO papers (rowid, title, authors, prior) VALUES (?, ?, ?, ?)");
    this.db.transaction(() => {
      papers.forEach((p, i) => {
        this.ids.push(p.id);
        insert.run(i + 1, p.title ?? "", p.authors.join("; "), Math.log1p(p.citations));
      });
    })();
    this.select = this.db.prepare<[string, number], { rowid: number }>("SELECT rowid FROM papers WHERE papers MATCH ? ORDER BY bm25(papers) - prior LIMIT ?");
  }

  search(query: string, limit: number): string[] {
    const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return [];
    const quoted = words.map((w) => `"${w}"`);
    let rows = this.select.all(quoted.join(" "), limit);
    if (rows.length === 0) rows = this.select.all(quoted.join(" OR "), limit);
    return rows.map((r) => this.ids[r.rowid - 1] ?? "");
  }

  close(): void {
    this.db.close();
  }
}
