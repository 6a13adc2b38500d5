/**
 * What structured sources said about one citation (Semantic Scholar's `isInfluential` and
 * `intents`), read back from the list mentions that assert the edge, with the page that said it.
 */
import type { Db } from "./connection.ts";
import type { EdgeAttributes } from "../ingest/types.ts";

export class EdgeAttributeQueries {
  private readonly forEdge;

  constructor(db: Db) {
    this.forEdge = db.prepare<[string, string], { source: string; attributes_json: string }>(
      `SELECT p.source, m.attributes_json
       FROM edge_sources es
       JOIN pages p ON p.id = es.page_id
       JOIN mentions m ON m.page_id = es.page_id AND m.role <> 'self' AND m.attributes_json IS NOT NULL
       JOIN paper_mentions pm ON pm.mention_id = m.id
       WHERE es.citing = ? AND es.cited = ?
         AND pm.paper_id = CASE WHEN m.role = 'builds_on' THEN es.cited ELSE es.citing END
       ORDER BY p.source LIMIT 100`,
    );
  }

  of(citing: string, cited: string): { source: string; attributes: EdgeAttributes }[] {
    return this.forEdge.all(citing, cited).map((r) => ({ source: r.source, attributes: JSON.parse(r.attributes_json) as EdgeAttributes }));
  }
}
