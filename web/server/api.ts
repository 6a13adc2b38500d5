/**
 * The JSON API the explorer uses, as a pure router: a request path and query in, a status and
 * a body out. Every parameter is validated (400), unknown papers are 404, ambiguous titles 409,
 * depths and result sizes are bounded.
 */
import type { LineageDb } from "../../db/lineage-db.ts";
import type { LineageGraph } from "../../library/lineage-graph.ts";
import type { Direction } from "../../graph/citation-index.ts";
import type { PaperRow } from "../../db/paper-queries.ts";
import { paperView } from "../../library/paper-view.ts";
import type { Placement } from "../../graph/layout.ts";
import { directionsPayload, graphPayload, type GraphFilter } from "../../library/graph-payload.ts";
import { AnalyticsInputError, LineageAnalytics, MAX_KEY_ROUTES } from "../../library/lineage-analytics.ts";
import { QueryBudgetExceeded, timeBudget } from "../../graph/query-budget.ts";
import { listJson } from "../../library/saved-lists.ts";

export interface ApiResponse {
  status: number;
  body: unknown;
}

export const MAX_API_DEPTH = 3;
/** Closures, paths and main paths stop after this long (issue 6); the server answers 400. */
export const QUERY_BUDGET_MS = 1000;
/** Builds-on and built-by lists longer than this are cut (`truncated: true`). */
export const MAX_CLOSURE_PAPERS = 20_000;
const MAX_PARAM = 500;

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Limits of the expensive queries (tests lower them to see them bite). */
export interface QueryLimits {
  queryBudgetMs: number;
  maxClosurePapers: number;
}

export class LineageApi {
  private graphCache = new Map<string, unknown>();
  private analyticsCache?: LineageAnalytics;
  private readonly positions?: Map<string, Placement>;

  constructor(
    private readonly db: LineageDb,
    private readonly graph: LineageGraph,
    private readonly limits: QueryLimits = { queryBudgetMs: QUERY_BUDGET_MS, maxClosurePapers: MAX_CLOSURE_PAPERS },
  ) {
    // The server never writes: a stale stored layout is replaced by one computed here, once.
    if (!db.layoutIsCurrent()) this.positions = new Map(db.computeLayout().map((p) => [p.id, p]));
  }

  handle(pathname: string, query: URLSearchParams): ApiResponse {
    try {
      // One snapshot per request: a paper view's statements agree with each other mid-ingest.
      return { status: 200, body: this.db.reads.run(() => this.route(pathname, query)) };
    } catch (err) {
      if (err instanceof BadRequest) return { status: err.status, body: { error: err.message, ...err.extra } };
      if (err instanceof AnalyticsInputError) return { status: 400, body: { error: err.message } };
      // As datasette answers an interrupted SQL query: a 400 naming the limit.
      if (err instanceof QueryBudgetExceeded) return { status: 400, body: { error: err.message, budgetMs: err.limitMs } };
      throw err;
    }
  }

  private route(pathname: string, q: URLSearchParams): unknown {
    for (const [key, value] of q) {
      if (key.length > 50 || value.length > MAX_PARAM) throw new BadRequest(`parameter ${key.slice(0, 50)} is too long`);
    }
    if (pathname === "/api/graph") return this.graphFor(q);
    if (pathname === "/api/directions") return directionsPayload(this.db);
    if (pathname === "/api/stats") return Object.assign({}, this.db.queries.counts(), { pagesByFormat: this.db.queries.pagesByFormat() });
    if (pathname === "/api/search") {
      const text = required(q, "q");
      const limit = intParam(q, "limit", 20, 1, 100);
      return { query: text, results: this.graph.search(text, limit).map((h) => Object.assign({}, this.graph.brief(h.index), { score: h.score })) };
    }
    if (pathname === "/api/path") return this.path(q);
    if (pathname === "/api/edge") {
      const from = this.paper(required(q, "from"), "from");
      const to = this.paper(required(q, "to"), "to");
      const assertedBy = this.db.queries.edgeAssertions(from.id, to.id);
      return { citing: from.id, cited: to.id, exists: assertedBy.length > 0, assertedBy };
    }
    if (pathname === "/api/main-path") return this.mainPath(q);
    if (pathname === "/api/reading-list") return this.readingList(q);
    if (pathname === "/api/lists") return this.db.lists.all();
    const list = /^\/api\/lists\/([^/]+)$/.exec(pathname);
    if (list?.[1]) return this.list(list[1]);
    const m = /^\/api\/papers\/([^/]+)(?:\/(builds-on|built-by|similar))?$/.exec(pathname);
    if (m?.[1]) {
      let ref: string;
      try {
        ref = decodeURIComponent(m[1]);
      } catch {
        throw new BadRequest("paper reference is not valid URL encoding");
      }
      if (ref.length > MAX_PARAM) throw new BadRequest("paper reference is too long");
      const paper = this.paper(ref, "paper");
      if (!m[2]) return paperView(this.db, this.graph, paper);
      if (m[2] === "similar") return this.analytics.similar(paper.id, intParam(q, "limit", 20, 1, 100));
      const direction: Direction = m[2] === "builds-on" ? "buildsOn" : "builtBy";
      const depth = intParam(q, "depth", 1, 1, MAX_API_DEPTH);
      const { maxClosurePapers } = this.limits;
      const papers = this.graph.closure(paper.id, direction, depth, { maxPapers: maxClosurePapers, budget: this.budget() });
      const truncated = papers.length > maxClosurePapers;
      return {
        paper: this.graph.brief(this.graph.index.index(paper.id) ?? 0),
        direction,
        depth,
        papers: truncated ? papers.slice(0, maxClosurePapers) : papers,
        truncated,
      };
    }
    throw new BadRequest(`no such endpoint: ${pathname.slice(0, 100)}`, 404);
  }

  private graphFor(q: URLSearchParams): unknown {
    const filter: GraphFilter = {};
    const direction = q.get("direction");
    if (direction) filter.direction = direction;
    if (q.has("minYear")) filter.minYear = intParam(q, "minYear", 0, 0, 3000);
    if (q.has("maxYear")) filter.maxYear = intParam(q, "maxYear", 0, 0, 3000);
    const hide = q.get("hideStubs");
    if (hide !== null && !["0", "1", "true", "false"].includes(hide)) throw new BadRequest("hideStubs must be 0 or 1");
    filter.hideStubs = hide === "1" || hide === "true";
    const key = JSON.stringify(filter);
    let payload = this.graphCache.get(key);
    if (!payload) {
      payload = graphPayload(this.db, filter, this.positions);
      if (this.graphCache.size > 32) this.graphCache.clear();
      this.graphCache.set(key, payload);
    }
    return payload;
  }

  private path(q: URLSearchParams): unknown {
    const from = this.paper(required(q, "from"), "from");
    const to = this.paper(required(q, "to"), "to");
    const mode = q.get("mode") ?? "shortest";
    if (mode !== "shortest" && mode !== "longest") throw new BadRequest("mode must be shortest or longest");
    const fromBrief = this.graph.brief(this.graph.index.index(from.id) ?? 0);
    const toBrief = this.graph.brief(this.graph.index.index(to.id) ?? 0);
    if (mode === "longest") {
      const chain = this.graph.longestPath(from.id, to.id, this.budget());
      return { from: fromBrief, to: toBrief, mode, paths: chain.length > 0 ? [chain] : [], truncated: false };
    }
    const { paths, truncated } = this.graph.paths(from.id, to.id, 100, this.budget());
    return { from: fromBrief, to: toBrief, mode, paths, truncated };
  }

  private budget() {
    return timeBudget(this.limits.queryBudgetMs);
  }

  private get analytics(): LineageAnalytics {
    this.analyticsCache ??= new LineageAnalytics(this.graph);
    return this.analyticsCache;
  }

  /** `?seed=REF&seed=...&direction=NAME&keyRoute=K`: the SPC main path, oldest first. */
  private mainPath(q: URLSearchParams): unknown {
    const seeds = this.seeds(q);
    const direction = q.get("direction")?.trim() || undefined;
    return this.analytics.mainPath({ seeds, direction, keyRoutes: intParam(q, "keyRoute", 0, 0, MAX_KEY_ROUTES), budget: this.budget() });
  }

  /** `?seed=REF&seed=...&direction=NAME&limit=N&includeSeeds=1`. */
  private readingList(q: URLSearchParams): unknown {
    const seeds = this.seeds(q);
    if (seeds.length === 0) throw new BadRequest("missing parameter seed");
    const include = q.get("includeSeeds");
    if (include !== null && !["0", "1", "true", "false"].includes(include)) throw new BadRequest("includeSeeds must be 0 or 1");
    return this.analytics.readingList({
      seeds,
      direction: q.get("direction")?.trim() || undefined,
      limit: intParam(q, "limit", 20, 1, 200),
      includeSeeds: include === "1" || include === "true",
    });
  }

  private seeds(q: URLSearchParams): string[] {
    const refs = q.getAll("seed");
    if (refs.length > 20) throw new BadRequest("at most 20 seeds");
    return refs.map((ref) => this.paper(ref, "seed").id);
  }

  private list(encoded: string): unknown {
    let name: string;
    try {
      name = decodeURIComponent(encoded);
    } catch {
      throw new BadRequest("list name is not valid URL encoding");
    }
    const list = this.db.lists.get(name);
    if (!list) throw new BadRequest(`no list named "${name.slice(0, 100)}"`, 404);
    return listJson(list, this.graph);
  }

  private paper(ref: string, what: string): PaperRow {
    const result = this.graph.resolveRef(ref);
    if (result.kind === "found") return result.paper;
    if (result.kind === "ambiguous") throw new BadRequest(`${what}: "${ref}" is ambiguous`, 409, { candidates: result.candidates });
    throw new BadRequest(`${what}: no paper "${ref}" in the graph`, 404);
  }
}

function required(q: URLSearchParams, name: string): string {
  const v = q.get(name);
  if (!v || !v.trim()) throw new BadRequest(`missing parameter ${name}`);
  return v;
}

function intParam(q: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = q.get(name);
  if (raw === null) return fallback;
  if (!/^-?\d{1,6}$/.test(raw)) throw new BadRequest(`${name} must be a whole number from ${min} to ${max}`);
  const n = Number(raw);
  if (n < min || n > max) throw new BadRequest(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}
