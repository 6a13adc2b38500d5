/**
 * A loaded citation graph: the papers of a database, its traversal index and its search index,
 * and the answers the CLI and HTTP API give (paper references, closures, paths, search).
 */
import type { LineageDb } from "../db/lineage-db.ts";
import { frozenWithText } from "../graph/json-text.ts";
import { brief, type PaperBrief, type PaperRow } from "../db/paper-queries.ts";
import { parseIdentifier } from "../ingest/identifiers.ts";
import { normalizeTitle } from "../ingest/titles.ts";
import type { CitationIndex, Direction } from "../graph/citation-index.ts";
import { closure, type ClosureLimits } from "../graph/closure.ts";
import { allShortestPaths } from "../graph/shortest-paths.ts";
import { longestPath } from "../graph/longest-path.ts";
import { SearchIndex } from "../graph/search.ts";
import type { QueryBudget } from "../graph/query-budget.ts";

export type RefResult =
  | { kind: "found"; paper: PaperRow }
  | { kind: "ambiguous"; candidates: PaperBrief[] }
  | { kind: "unknown" };

/** Past this many papers the graph reads no rows in bulk and keeps no brief texts: memory first. */
const BULK_ROWS_MAX = 200_000;

export class LineageGraph {
  readonly index: CitationIndex;
  /** Paper rows, read when first needed: a graph of a million papers starts without reading them all. */
  private readonly rows: (PaperRow | undefined)[] = [];
  /** Briefs as lists return them, made once per paper (frozen: every answer shares them). */
  private readonly briefs: (PaperBrief | undefined)[] = [];
  /**
   * The same with the distance closures list them at (1 to 3, as the API allows), also made once,
   * with their JSON text (graph/json-text.ts). Only on graphs small enough to hold every one of
   * them: on a million papers a long-running server would keep four copies of each it ever listed.
   */
  private readonly briefsAtDepth?: (PaperBrief & { depth: number })[][];
  private allRowsRead = false;
  private rowsRead = 0;
  private searchIndex?: SearchIndex;

  constructor(private readonly db: LineageDb) {
    this.index = db.graphIndex();
    if (this.index.size <= BULK_ROWS_MAX) this.briefsAtDepth = [[], [], []];
  }

  row(index: number): PaperRow {
    const cached = this.rows[index];
    if (cached) return cached;
    const id = this.index.ids[index];
    if (id === undefined) throw new Error(`lineage graph: no paper at ${index}`);
    // Whole-graph work (analytics) asks for every row: past a quarter of them, read all in one go
    // (not on graphs so large that reading every row would stall a server for seconds).
    if (++this.rowsRead > Math.max(2000, this.index.size / 4) && !this.allRowsRead && this.index.size <= BULK_ROWS_MAX) {
      this.readAllRows();
      const row = this.rows[index];
      if (row) return row;
    }
    // A concurrent ingest may have renamed the paper since the index was loaded: answer from the
    // index alone rather than fail (the server reloads nothing mid-flight; see issue 6).
    const row = this.db.queries.paper(id) ?? missingRow(id);
    this.rows[index] = row;
    return row;
  }

  /** Every row at once, for whole-graph work (search, analytics): one query, not one per paper. */
  private readAllRows(): void {
    if (this.allRowsRead) return;
    for (const r of this.db.queries.allPapers()) {
      const i = this.index.index(r.id);
      if (i !== undefined) this.rows[i] ??= r;
    }
    this.allRowsRead = true;
  }

  brief(index: number): PaperBrief {
    let made = this.briefs[index];
    if (!made) {
      const fresh = brief(this.row(index));
      // Their JSON text too, on the graphs that keep it (see briefsAtDepth).
      made = this.briefsAtDepth ? frozenWithText(fresh) : Object.freeze(fresh);
      this.briefs[index] = made;
    }
    return made;
  }

  /** A brief with the distance a closure reached it at. */
  briefAt(index: number, depth: number): PaperBrief & { depth: number } {
    const cache = this.briefsAtDepth?.[depth - 1];
    if (!cache) return Object.assign({}, this.brief(index), { depth });
    let made = cache[index];
    if (!made) {
      made = frozenWithText(Object.assign({}, this.brief(index), { depth }));
      cache[index] = made;
    }
    return made;
  }

  /**
   * A paper reference as users type it: an arXiv ID in any form, a DOI, an ACL ID, an internal
   * id, or a title (exact after normalisation, then fuzzy).
   */
  resolveRef(ref: string): RefResult {
    const text = ref.trim();
    if (!text) return { kind: "unknown" };
    // An internal id the loaded index knows answers from memory; the database is asked otherwise.
    const known = this.index.index(text);
    if (known !== undefined) return { kind: "found", paper: this.row(known) };
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

  /** With `limits.maxPapers`, one paper more than the limit is listed when there are more. */
  closure(id: string, direction: Direction, depth: number, limits: ClosureLimits = {}): (PaperBrief & { depth: number })[] {
    const seed = this.index.index(id);
    if (seed === undefined) return [];
    return closure(this.index, seed, direction, depth, limits).map((r) => this.briefAt(r.index, r.depth));
  }

  /** All shortest chains FROM → … → TO in which each paper builds on the next. */
  paths(fromId: string, toId: string, maxPaths?: number, budget?: QueryBudget): { paths: PaperBrief[][]; truncated: boolean } {
    const from = this.index.index(fromId);
    const to = this.index.index(toId);
    if (from === undefined || to === undefined) return { paths: [], truncated: false };
    const result = allShortestPaths(this.index, from, to, maxPaths, budget);
    return { paths: result.paths.map((p) => p.map((i) => this.brief(i))), truncated: result.truncated };
  }

  /** The longest chain FROM → … → TO; citation cycles on it are collapsed into one step. */
  longestPath(fromId: string, toId: string, budget?: QueryBudget): (PaperBrief & { members: PaperBrief[] })[] {
    const from = this.index.index(fromId);
    const to = this.index.index(toId);
    if (from === undefined || to === undefined) return [];
    return longestPath(this.index, from, to, (i) => this.row(i).cited_by_count ?? 0, budget).map((step) =>
      Object.assign({}, this.brief(step.index), { members: step.members.map((m) => this.brief(m)) }),
    );
  }

  search(query: string, limit = 20): { index: number; score: number }[] {
    if (!this.searchIndex) this.readAllRows();
    this.searchIndex ??= new SearchIndex(
      this.index.ids.map((_, i) => this.row(i)).map((r) => ({
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

/** A paper the index knows but the database no longer holds under that id. */
function missingRow(id: string): PaperRow {
  return {
    id,
    title: null,
    norm_title: null,
    year: null,
    arxiv_id: null,
    doi: null,
    acl_id: null,
    openreview_id: null,
    s2_id: null,
    abstract: null,
    title_inferred: 0,
    stub: 1,
    venue: null,
    date: null,
    authors_json: "[]",
    directions_json: "[]",
    cited_by_count: null,
    field_sources_json: "{}",
  };
}
