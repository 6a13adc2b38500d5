/**
 * The read side of the JSON API, as a pure router: a request path and query in, a status and a
 * body out. Requests are read and validated by api/endpoints.ts (400 for a bad parameter); each
 * endpoint's handler returns that endpoint's declared answer type; unknown papers are 404,
 * ambiguous references 409, and expensive queries stop at their time budget (400, naming it).
 */
import type { LineageDb } from "../../db/lineage-db.ts";
import type { Paper } from "../../db/paper-queries.ts";
import type { GraphSource, LineageGraph } from "../../library/lineage-graph.ts";
import { paperView } from "../../library/paper-view.ts";
import { directionsPayload, graphPayload } from "../../library/graph-payload.ts";
import { AnalyticsInputError, LineageAnalytics } from "../../library/lineage-analytics.ts";
import { listJson, resolveEntries } from "../../library/saved-lists.ts";
import { libraryOverview, LibraryRefError } from "../../library/library-view.ts";
import { collectionReadingList, libraryMissing } from "../../library/library-analytics.ts";
import { QueryBudgetExceeded, timeBudget } from "../../graph/query-budget.ts";
import { EndpointError, readEndpoint, type Answer, type Endpoint, type EndpointRequest, type Params } from "../../api/endpoints.ts";
import { MAX_CLOSURE_PAPERS, MAX_PATHS, QUERY_BUDGET_MS } from "../../api/limits.ts";
import type { ErrorBody, GraphPayload, ReachedPaper, SearchHit } from "../../api/types.ts";
import { similarityScores } from "../../graph/similarity.ts";
import { parseIdentifier } from "../../vocabulary/identifiers.ts";

export interface ApiResponse {
  status: number;
  body: Answer<Endpoint> | ErrorBody;
}

/** A request the API refuses: its status, a one-line reason, and what else the error body says. */
class ApiRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly extra: Omit<ErrorBody, "error"> = {},
  ) {
    super(message);
  }
}

/** Limits of the expensive queries (tests lower them to see them bite). */
export interface QueryLimits {
  queryBudgetMs: number;
  maxClosurePapers: number;
}

type Handlers = { [E in Endpoint]: (params: Params<E>) => Answer<E> };

export class LineageApi {
  private readonly graphCache = new Map<string, GraphPayload>();
  private analyticsCache?: LineageAnalytics;
  /** The graph the request being answered reads (one per request), and the caches above were made from. */
  private graph: LineageGraph;
  private readonly handlers: Handlers;

  constructor(
    private readonly db: LineageDb,
    private readonly source: GraphSource,
    private readonly limits: QueryLimits = { queryBudgetMs: QUERY_BUDGET_MS, maxClosurePapers: MAX_CLOSURE_PAPERS },
  ) {
    this.graph = source.current();
    this.handlers = {
      graph: (filters) => this.graphFor(filters),
      directions: () => directionsPayload(this.db),
      stats: () => this.db.read(() => ({ ...this.db.queries.counts(), pagesByFormat: this.db.queries.pagesByFormat() })),
      search: ({ q, limit }) => ({ query: q, results: this.search(q, limit) }),
      paper: ({ ref }) => paperView(this.db, this.graph, this.paper(ref, "paper"), this.source.pageListing?.()),
      closure: ({ ref, direction, depth }) => {
        const paper = this.paper(ref, "paper");
        const { maxClosurePapers } = this.limits;
        const papers = this.graph.closure(paper.id, direction, depth, { maxPapers: maxClosurePapers, budget: this.budget() });
        const truncated = papers.length > maxClosurePapers;
        const listed = truncated ? papers.slice(0, maxClosurePapers) : papers;
        // The panel's lists (one step) are sorted by relevance; deeper closures are highlight sets.
        return { paper: this.briefOf(paper), direction, depth, papers: depth === 1 ? this.withRelevance(paper.id, listed) : listed, truncated };
      },
      similar: ({ ref, limit }) => this.relevanceReady().similar(this.paper(ref, "paper").id, limit, this.budget()),
      path: ({ from, to, mode }) => {
        const a = this.paper(from, "from");
        const b = this.paper(to, "to");
        if (mode === "longest") {
          const chain = this.graph.longestPath(a.id, b.id, this.budget());
          return { from: this.briefOf(a), to: this.briefOf(b), mode, paths: chain.length > 0 ? [chain] : [], truncated: false };
        }
        const { paths, truncated } = this.graph.paths(a.id, b.id, MAX_PATHS, this.budget());
        return { from: this.briefOf(a), to: this.briefOf(b), mode, paths, truncated };
      },
      edge: ({ from, to }) => {
        const a = this.paper(from, "from");
        const b = this.paper(to, "to");
        const assertedBy = this.db.queries.edgeAssertions(a.id, b.id);
        return { citing: a.id, cited: b.id, exists: assertedBy.length > 0, assertedBy };
      },
      mainPath: ({ seeds, direction, keyRoutes }) => this.analytics.mainPath({ seeds: this.seedIds(seeds), direction: direction ?? undefined, keyRoutes, budget: this.budget() }),
      readingList: ({ seeds, direction, limit, includeSeeds }) =>
        this.relevanceReady().readingList({ seeds: this.seedIds(seeds), direction: direction ?? undefined, limit, includeSeeds, budget: this.budget() }),
      lists: () => this.db.lists.all(),
      list: ({ name }) => {
        const list = this.db.read(() => this.db.lists.get(name));
        if (!list) throw new ApiRefusal(`no list named "${name.slice(0, 100)}"`, 404);
        return listJson(list, this.graph);
      },
      listSuggestions: ({ name, limit }) => {
        const list = this.db.read(() => this.db.lists.get(name));
        if (!list) throw new ApiRefusal(`no list named "${name.slice(0, 100)}"`, 404);
        const ids = resolveEntries(list, this.graph).flatMap((e) => (e.paper ? [e.paper.id] : []));
        return this.relevanceReady().moreLikeList(list.name, ids, limit, this.budget());
      },
      library: () => libraryOverview(this.db),
      libraryMissing: ({ collection, min, limit }) => libraryMissing(this.graph, this.relevanceReady(), libraryOverview(this.db), { collection, min, limit, budget: this.budget() }),
      libraryReadingList: ({ collection, limit }) => collectionReadingList(this.relevanceReady(), libraryOverview(this.db), collection, { limit, budget: this.budget() }),
    };
  }

  /** The graph the last request was answered from. */
  get answeredFrom(): LineageGraph {
    return this.graph;
  }

  /** The answer to a read request; `read` is the request already read from the URL, when the caller has it. */
  handle(pathname: string, query: URLSearchParams, read?: EndpointRequest): ApiResponse {
    // The newest graph, for a live source; a new one empties the caches made from the old.
    const graph = this.source.current();
    if (graph !== this.graph) {
      this.graphCache.clear();
      this.analyticsCache = undefined;
      this.graph = graph;
    }
    try {
      const request = read ?? readEndpoint(pathname, query);
      const handler = this.handlers[request.endpoint] as (params: typeof request.params) => Answer<Endpoint>;
      // Answers read from several statements take one snapshot for them (db.read), so that they
      // agree with each other while another process writes; the rest come from the loaded graph.
      return { status: 200, body: handler(request.params) };
    } catch (err) {
      if (err instanceof EndpointError) return { status: err.status, body: { error: err.message } };
      if (err instanceof ApiRefusal) return { status: err.status, body: { error: err.message, ...err.extra } };
      if (err instanceof AnalyticsInputError) return { status: 400, body: { error: err.message } };
      if (err instanceof LibraryRefError) return { status: 404, body: { error: err.message } };
      // As datasette answers an interrupted SQL query: a 400 naming the limit.
      if (err instanceof QueryBudgetExceeded) return { status: 400, body: { error: err.message, budgetMs: err.limitMs } };
      throw err;
    }
  }

  /**
   * Search results; a query that is an identifier in any form the CLI takes (an arXiv URL,
   * `arXiv:…`, a DOI or its URL, an ACL ID, an internal id) is resolved as a reference first, and
   * the paper it names leads the results (issue 18).
   */
  private search(q: string, limit: number): SearchHit[] {
    const named = this.identified(q);
    const found = this.graph.search(q, limit);
    const top = (found[0]?.score ?? 0) + 1;
    const hits: SearchHit[] = named.map((i) => Object.assign(this.graph.brief(i), { score: top }));
    const seen = new Set(named);
    for (const h of found) {
      if (hits.length >= limit) break;
      if (!seen.has(h.index)) hits.push(Object.assign(this.graph.brief(h.index), { score: h.score }));
    }
    return hits.slice(0, limit);
  }

  /** The papers an identifier-shaped query names (none for other text). */
  private identified(q: string): number[] {
    const text = q.trim();
    if (this.graph.index.index(text) === undefined && !parseIdentifier(text)) return [];
    const result = this.graph.resolveRef(text);
    const ids = result.kind === "found" ? [result.paper.id] : result.kind === "ambiguous" ? result.candidates.map((c) => c.id) : [];
    return ids.map((id) => this.graph.index.index(id)).filter((i): i is number => i !== undefined);
  }

  private graphFor(filters: Params<"graph">): GraphPayload {
    const key = JSON.stringify(filters);
    let payload = this.graphCache.get(key);
    if (!payload) {
      payload = this.db.read(() => graphPayload(this.db, filters));
      if (this.graphCache.size > 32) this.graphCache.clear();
      this.graphCache.set(key, payload);
    }
    return payload;
  }

  /** Set while answerWithin runs: the budget of an answer tried on the main thread first. */
  private inlineBudgetMs: number | undefined;

  /**
   * The answer, if it takes at most `budgetMs` here; undefined when it would take longer (the
   * server then hands the request to its worker thread, with the full budget).
   */
  answerWithin(pathname: string, query: URLSearchParams, budgetMs: number, read?: EndpointRequest): ApiResponse | undefined {
    this.inlineBudgetMs = budgetMs;
    try {
      const answer = this.handle(pathname, query, read);
      const body = answer.body as { budgetMs?: unknown };
      return answer.status === 400 && body.budgetMs === budgetMs ? undefined : answer;
    } finally {
      this.inlineBudgetMs = undefined;
    }
  }

  private budget() {
    return timeBudget(this.inlineBudgetMs ?? this.limits.queryBudgetMs);
  }

  /**
   * The analytics with what the relevance engine reads built (its text index, the communities):
   * built once per graph, so the first question after a new graph waits for it but is not charged
   * for it in its budget (on AAN, building them takes 1–2.5 s; a request's budget is 1 s).
   */
  private relevanceReady(): LineageAnalytics {
    this.analytics.prepareRelevance();
    return this.analytics;
  }

  private get analytics(): LineageAnalytics {
    this.analyticsCache ??= new LineageAnalytics(this.graph);
    return this.analyticsCache;
  }

  private seedIds(refs: readonly string[]): string[] {
    return refs.map((ref) => this.paper(ref, "seed").id);
  }

  /** Each paper's similarity to `id`, for the explorer's "relevance" order. */
  private withRelevance(id: string, papers: ReachedPaper[]): ReachedPaper[] {
    const i = this.graph.index.index(id);
    if (i === undefined) return papers;
    const scores = similarityScores(this.graph.index, i);
    for (const p of papers) {
      const j = this.graph.index.index(p.id);
      const score = j === undefined ? undefined : scores.get(j)?.score;
      p.relevance = score === undefined ? 0 : Math.round(score * 10000) / 10000;
    }
    return papers;
  }

  private briefOf(paper: Paper) {
    return this.graph.brief(this.graph.index.index(paper.id) ?? 0);
  }

  private paper(ref: string, what: string): Paper {
    const result = this.graph.resolveRef(ref);
    if (result.kind === "found") return result.paper;
    if (result.kind === "ambiguous") throw new ApiRefusal(`${what}: "${ref}" is ambiguous`, 409, { candidates: result.candidates });
    throw new ApiRefusal(`${what}: no paper "${ref}" in the graph`, 404);
  }
}
