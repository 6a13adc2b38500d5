/**
 * What structured sources said about a paper's direct citations (Semantic Scholar's intents,
 * isInfluential and citing sentences, kept on the list mention that asserts an edge), in one
 * query per paper: the list entries of the paper's own pages, and the entries naming it on the
 * pages of other papers. Each row is one page's word on one citation, with the paper on the
 * other side and which way the citation goes.
 */
import type { Db } from "./connection.ts";
import type { EdgeAttributes } from "../vocabulary/paper-page.ts";

export interface CitationAttributeRow {
  /** The paper on the other side of the citation. */
  other: string;
  /** buildsOn: the paper cites `other`; builtBy: `other` cites the paper. */
  direction: "buildsOn" | "builtBy";
  source: string;
  attributes: EdgeAttributes;
}

interface Row {
  other: string;
  cites: number;
  source: string;
  attributes_json: string;
}

export class CitationAttributeQueries {
  constructor(private readonly db: Db) {}

  /** At most `limit` rows, ordered by the other paper and the page. */
  ofPaper(paperId: string, limit = 20_000): CitationAttributeRow[] {
    // `cites` is 1 when the paper cites the other one: its own page's builds_on entry, or
    // another page's built_by entry naming it.
    return this.db
      .prepare<[{ paper: string; limit: number }], Row>(
        `SELECT pl.paper_id AS other, l.role = 'builds_on' AS cites, p.source, l.attributes_json
         FROM paper_mentions ps
         JOIN mentions s ON s.id = ps.mention_id AND s.role = 'self'
         JOIN pages p ON p.id = s.page_id
         JOIN mentions l ON l.page_id = p.id AND l.role IN ('builds_on', 'built_by') AND l.attributes_json IS NOT NULL
         JOIN paper_mentions pl ON pl.mention_id = l.id
         WHERE ps.paper_id = @paper AND pl.paper_id <> @paper
         UNION ALL
         SELECT ps.paper_id AS other, l.role = 'built_by' AS cites, p.source, l.attributes_json
         FROM paper_mentions pl
         JOIN mentions l ON l.id = pl.mention_id AND l.role IN ('builds_on', 'built_by') AND l.attributes_json IS NOT NULL
         JOIN pages p ON p.id = l.page_id
         JOIN mentions s ON s.page_id = p.id AND s.role = 'self'
         JOIN paper_mentions ps ON ps.mention_id = s.id
         WHERE pl.paper_id = @paper AND ps.paper_id <> @paper
         ORDER BY other, source LIMIT @limit`,
      )
      .all({ paper: paperId, limit })
      .map((r) => ({ other: r.other, direction: r.cites === 1 ? "buildsOn" : "builtBy", source: r.source, attributes: JSON.parse(r.attributes_json) as EdgeAttributes }));
  }
}
