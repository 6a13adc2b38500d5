/**
 * The answers to a collection's reads (api/endpoints.ts, `CollectionRead`), one handler per route,
 * each returning the answer type the route declares: the graph's payload, papers, closures, paths,
 * analytics, saved lists, what a watch found and the researcher's library, from the newest graph of a live source. Unknown
 * papers and lists are refused 404, ambiguous references 409 (library/named.ts), and expensive
 * queries stop at their time budget (400, naming it): every refusal is an EndpointError, whatever
 * part of the library it came from, so the server has one error to answer.
 */
import { EndpointError } from "../api/endpoint-error.ts";
import { endpointUrl, type Answer, type CollectionRead, type Params } from "../api/endpoints.ts";
import { MAX_CLOSURE_PAPERS, MAX_LISTS_LISTED, MAX_PATHS, QUERY_BUDGET_MS } from "../api/limits.ts";
import type { GraphPayload, ReachedPaper } from "../api/types.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import type { Paper } from "../db/paper-queries.ts";
import { QueryBudgetExceeded, timeBudget } from "../graph/query-budget.ts";
import { similarityScores } from "../graph/similarity.ts";
import { citationContexts } from "./citation-contexts.ts";
import { directionsPayload, graphPayload } from "./graph-payload.ts";
import { AnalyticsInputError, LineageAnalytics } from "./lineage-analytics.ts";
import type { GraphSource, LineageGraph } from "./lineage-graph.ts";
import { namedList, namedPaper, noListNamed } from "./named.ts";
import { searchPapers } from "./paper-search.ts";
import { paperView } from "./paper-view.ts";
import { collectionReadingList, libraryMissing } from "./library-analytics.ts";
import { libraryOverview } from "./library-view.ts";
import { listJson, resolveEntries } from "./saved-lists.ts";
import { listWatchState } from "./watch-state.ts";

/** Limits of the expensive queries (tests lower them to see them bite). */
export interface QueryLimits {
  queryBudgetMs: number;
  maxClosurePapers: number;
}

/** One read of a collection: its route and validated parameters. */
export type CollectionReadRequest = { [E in CollectionRead]: { endpoint: E; params: Params<E> } }[CollectionRead];

/** An answer with headers of its own (a page of saved lists says how many there are, and where the rest is). */
export class Headed<A> {
  constructor(
    readonly answer: A,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

/** A read's answer, and the headers it comes with. */
export interface Answered {
  body: Answer<CollectionRead>;
  headers?: Readonly<Record<string, string>>;
}

type Handlers = { [E in CollectionRead]: (params: Params<E>) => Answer<E> | Headed<Answer<E>> };

export class ReadAnswers {
  private readonly graphCache = new Map<string, GraphPayload>();
  private analyticsCache?: LineageAnalytics;
  /** The graph the request being answered reads (one per request), and the caches above were made from. */
  private graph: LineageGraph;
  private readonly handlers: Handlers;
  /** Set while answerWithin runs: the budget of an answer tried on the main thread first. */
  private inlineBudgetMs: number | undefined;

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
      search: ({ q, limit }) => ({ query: q, results: searchPapers(this.db, this.graph, q, limit) }),
      paper: ({ ref }) => paperView(this.db, this.graph, namedPaper(this.graph, ref, "paper"), this.source.pageListing?.()),
      closure: ({ ref, direction, depth }) => {
        const paper = namedPaper(this.graph, ref, "paper");
        const { maxClosurePapers } = this.limits;
        const papers = this.graph.closure(paper.id, direction, depth, { maxPapers: maxClosurePapers, budget: this.budget() });
        const truncated = papers.length > maxClosurePapers;
        const listed = truncated ? papers.slice(0, maxClosurePapers) : papers;
        // The panel's lists (one step) are sorted by relevance; deeper closures are highlight sets.
        return { paper: this.briefOf(paper), direction, depth, papers: depth === 1 ? this.withRelevance(paper.id, listed) : listed, truncated };
      },
      similar: ({ ref, limit }) => this.relevanceReady().similar(namedPaper(this.graph, ref, "paper").id, limit, this.budget()),
      citationContexts: ({ ref, direction, limit }) => citationContexts(this.db, this.graph, namedPaper(this.graph, ref, "paper"), direction, limit),
      path: ({ from, to, mode }) => {
        const a = namedPaper(this.graph, from, "from");
        const b = namedPaper(this.graph, to, "to");
        if (mode === "longest") {
          const chain = this.graph.longestPath(a.id, b.id, this.budget());
          return { from: this.briefOf(a), to: this.briefOf(b), mode, paths: chain.length > 0 ? [chain] : [], truncated: false };
        }
        const { paths, truncated } = this.graph.paths(a.id, b.id, MAX_PATHS, this.budget());
        return { from: this.briefOf(a), to: this.briefOf(b), mode, paths, truncated };
      },
      edge: ({ from, to }) => {
        const a = namedPaper(this.graph, from, "from");
        const b = namedPaper(this.graph, to, "to");
        const assertedBy = this.db.queries.edgeAssertions(a.id, b.id);
        return { citing: a.id, cited: b.id, exists: assertedBy.length > 0, assertedBy };
      },
      mainPath: ({ seeds, direction, keyRoutes }) => this.analytics.mainPath({ seeds: this.seedIds(seeds), direction: direction ?? undefined, keyRoutes, budget: this.budget() }),
      readingList: ({ seeds, direction, limit, includeSeeds }) =>
        this.relevanceReady().readingList({ seeds: this.seedIds(seeds), direction: direction ?? undefined, limit, includeSeeds, budget: this.budget() }),
      lists: ({ after }) => {
        const page = this.db.lists.page(after, MAX_LISTS_LISTED);
        const headers: Record<string, string> = { "x-total-count": String(page.total) };
        if (page.next !== undefined) headers.link = `<${endpointUrl("lists", { after: page.next })}>; rel="next"`;
        return new Headed(page.lists, headers);
      },
      list: ({ name }) => listJson(namedList(this.db, name), this.graph),
      listSuggestions: ({ name, limit }) => {
        const list = namedList(this.db, name);
        const ids = resolveEntries(list, this.graph).flatMap((e) => (e.paper ? [e.paper.id] : []));
        return this.relevanceReady().moreLikeList(list.name, ids, limit, this.budget());
      },
      listWatch: ({ name }) => {
        const state = listWatchState(this.db, name);
        if (!state) throw noListNamed(name);
        return state;
      },
      library: () => libraryOverview(this.db),
      libraryMissing: ({ libraryCollection, min, limit }) =>
        libraryMissing(this.graph, this.relevanceReady(), libraryOverview(this.db), { collection: libraryCollection, min, limit, budget: this.budget() }),
      libraryReadingList: ({ libraryCollection, limit }) => collectionReadingList(this.relevanceReady(), libraryOverview(this.db), libraryCollection, { limit, budget: this.budget() }),
    };
  }

  /** The graph the last request was answered from. */
  get answeredFrom(): LineageGraph {
    return this.graph;
  }

  /** The answer to a read, or an EndpointError with the reason it is refused. */
  answer(request: CollectionReadRequest): Answered {
    // The newest graph, for a live source; a new one empties the caches made from the old.
    const graph = this.source.current();
    if (graph !== this.graph) {
      this.graphCache.clear();
      this.analyticsCache = undefined;
      this.graph = graph;
    }
    const handler = this.handlers[request.endpoint] as (params: typeof request.params) => Answer<CollectionRead> | Headed<Answer<CollectionRead>>;
    try {
      // Answers read from several statements take one snapshot for them (db.read), so that they
      // agree with each other while another process writes; the rest come from the loaded graph.
      const answered = handler(request.params);
      return answered instanceof Headed ? { body: answered.answer, headers: answered.headers } : { body: answered };
    } catch (err) {
      if (err instanceof AnalyticsInputError) throw new EndpointError(err.message);
      // As datasette answers an interrupted SQL query: a 400 naming the limit.
      if (err instanceof QueryBudgetExceeded) throw new EndpointError(err.message, 400, {}, { budgetMs: err.limitMs });
      throw err;
    }
  }

  /**
   * The answer, if it takes at most `budgetMs` here; undefined when it would take longer (the
   * server then hands the request to its worker thread, with the full budget).
   */
  answerWithin(request: CollectionReadRequest, budgetMs: number): Answered | undefined {
    this.inlineBudgetMs = budgetMs;
    try {
      return this.answer(request);
    } catch (err) {
      if (err instanceof EndpointError && err.extra.budgetMs === budgetMs) return undefined;
      throw err;
    } finally {
      this.inlineBudgetMs = undefined;
    }
  }

  private budget() {
    return timeBudget(this.inlineBudgetMs ?? this.limits.queryBudgetMs);
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
    return refs.map((ref) => namedPaper(this.graph, ref, "seed").id);
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
}
