/**
 * A loaded citation graph: the papers of a database, its traversal index and its search index,
 * and the answers the CLI and HTTP API give (paper references, closures, paths, search).
 */
import type { LineageDb } from "../db/lineage-db.ts";
import { brief, type PaperBrief, type PaperRow } from "../db/paper-queries.ts";
import { parseIdentifier } from "../ingest/identifiers.ts";
import { normalizeTitle } from "../ingest/titles.ts";
import { CitationIndex, type Direction } from "./citation-index.ts";
import { closure } from "./closure.ts";
import { allShortestPaths } from "./shortest-paths.ts";
import { longestPath } from "./longest-path.ts";
import { SearchIndex } from "./search.ts";

export type RefResult =
  | { kind: "found"; paper: PaperRow }
  | { kind: "ambiguous"; candidates: PaperBrief[] }
  | { kind: "unknown" };

export class LineageGraph {
  readonly index: CitationIndex;
  private readonly rows: PaperRow[];
  private searchIndex?: SearchIndex;

  constructor(private readonly db: LineageDb) {
    this.rows = db.queries.allPapers();
    this.index = new CitationIndex(
      this.rows.map((r) => r.id),
      db.queries.edges(),
    );
  }

  row(index: number): PaperRow {
    const row = this.rows[index];
    if (!row) throw new Error(`lineage graph: no paper at ${index}`);
    return row;
  }

  brief(index: number): PaperBrief {
    return brief(this.row(index));
  }

  /**
   * A paper reference as users type it: an arXiv ID in any form, a DOI, an ACL ID, an internal
   * id, or a title (exact after normalisation, then fuzzy).
   */
  resolveRef(ref: string): RefResult {
    const text = ref.trim();
    if (!text) return { kind: "unknown" };
    const internal = this.db.queries.paper(text);
    if (internal) return { kind: "found", paper: internal };
    const parsed = parseIdentifier(text);
    if (parsed) {
      const rows = this.db.queries.byIdentifier(parsed.scheme, parsed.value);
      if (rows.length === 1 && rows[0]) return { kind: "found", paper: rows[0] };
      if (rows.length > 1) return { kind: "ambiguous", candidates: rows.map(brief) };
      return { kind: "unknown" };
    }
    const exact = this.db.queries.byTitle(normalizeTitle(text));
    if (exact.length === 1 && exact[0]) return { kind: "found", paper: exact[0] };
    if (exact.length > 1) return { kind: "ambiguous", candidates: exact.map(brief) };
    const hits = this.search(text, 5);
    const [top, second] = hits;
    if (!top) return { kind: "unknown" };
    const words = normalizeTitle(text).split(" ").length;
    // A fuzzy title is taken only when it matched every word and clearly beats the runner-up.
    if (top.score >= words * 10 + words && (!second || top.score - second.score >= 5)) {
      return { kind: "found", paper: this.row(top.index) };
    }
    return { kind: "ambiguous", candidates: hits.map((h) => this.brief(h.index)) };
  }

  closure(id: string, direction: Direction, depth: number): (PaperBrief & { depth: number })[] {
    const seed = this.index.index(id);
    if (seed === undefined) return [];
    return closure(this.index, seed, direction, depth).map((r) => ({ ...this.brief(r.index), depth: r.depth }));
  }

  /** All shortest chains FROM → … → TO in which each paper builds on the next. */
  paths(fromId: string, toId: string, maxPaths?: number): { paths: PaperBrief[][]; truncated: boolean } {
    const from = this.index.index(fromId);
    const to = this.index.index(toId);
    if (from === undefined || to === undefined) return { paths: [], truncated: false };
    const result = allShortestPaths(this.index, from, to, maxPaths);
    return { paths: result.paths.map((p) => p.map((i) => this.brief(i))), truncated: result.truncated };
  }

  /** The longest chain FROM → … → TO; citation cycles on it are collapsed into one step. */
  longestPath(fromId: string, toId: string): (PaperBrief & { members: PaperBrief[] })[] {
    const from = this.index.index(fromId);
    const to = this.index.index(toId);
    if (from === undefined || to === undefined) return [];
    return longestPath(this.index, from, to, (i) => this.row(i).cited_by_count ?? 0).map((step) => ({
      ...this.brief(step.index),
      members: step.members.map((m) => this.brief(m)),
    }));
  }

  search(query: string, limit = 20): { index: number; score: number }[] {
    this.searchIndex ??= new SearchIndex(
      this.rows.map((r) => ({
        id: r.id,
        title: r.title,
        authors: JSON.parse(r.authors_json) as string[],
        identifiers: [r.id, r.arxiv_id, r.doi, r.acl_id, r.openreview_id, r.s2_id].filter((x): x is string => Boolean(x)),
        citedByCount: r.cited_by_count,
      })),
    );
    return this.searchIndex.search(query, limit);
  }
}
