/**
 * A collection's reads as HTTP answers: a read request (api/endpoints.ts, read once by the
 * dispatcher or here from its path and query) in, a status and a body out, through the library's
 * handlers (library/read-answers.ts), whose refusals (EndpointError) become their status and
 * error body. The main thread and the long-request worker both answer through it.
 */
import { EndpointError, readEndpoint, type CollectionRead, type EndpointRequest, type Answer } from "../../api/endpoints.ts";
import type { ErrorBody } from "../../api/types.ts";
import type { GraphSource, LineageGraph } from "../../library/lineage-graph.ts";
import { ReadAnswers, type CollectionReadRequest, type QueryLimits } from "../../library/read-answers.ts";
import type { Store } from "../../library/store.ts";

export type { QueryLimits };

export interface ApiResponse {
  status: number;
  body: Answer<CollectionRead> | ErrorBody;
  /** Headers an answer comes with (a page of saved lists: X-Total-Count, Link). */
  headers?: Readonly<Record<string, string>>;
}

/** Whether a request is one of a collection's reads (what ReadAnswers answers). */
export function isCollectionRead(request: EndpointRequest): request is CollectionReadRequest {
  return request.endpoint in READS;
}

const READS: Record<CollectionRead, true> = {
  graph: true,
  directions: true,
  stats: true,
  search: true,
  paper: true,
  closure: true,
  similar: true,
  citationContexts: true,
  path: true,
  edge: true,
  mainPath: true,
  readingList: true,
  lists: true,
  list: true,
  listSuggestions: true,
  listWatch: true,
  library: true,
  libraryMissing: true,
  libraryReadingList: true,
};

export class LineageApi {
  private readonly answers: ReadAnswers;

  constructor(db: Store, source: GraphSource, limits?: QueryLimits) {
    this.answers = new ReadAnswers(db, source, limits);
  }

  /** The graph the last request was answered from. */
  get answeredFrom(): LineageGraph {
    return this.answers.answeredFrom;
  }

  /** The answer to a read request; `read` is the request already read from the URL, when the caller has it. */
  handle(pathname: string, query: URLSearchParams, read?: EndpointRequest): ApiResponse {
    try {
      return this.respond(this.request(pathname, query, read));
    } catch (err) {
      if (err instanceof EndpointError) return { status: err.status, body: err.body() };
      throw err;
    }
  }

  /** The answer to a read request as it was read. */
  respond(request: CollectionReadRequest): ApiResponse {
    try {
      return Object.assign({ status: 200 }, this.answers.answer(request));
    } catch (err) {
      if (err instanceof EndpointError) return { status: err.status, body: err.body() };
      throw err;
    }
  }

  /**
   * The answer, if it takes at most `budgetMs` here; undefined when it would take longer (the
   * server then hands the request to its worker thread, with the full budget).
   */
  answerWithin(pathname: string, query: URLSearchParams, budgetMs: number, read?: EndpointRequest): ApiResponse | undefined {
    try {
      const answered = this.answers.answerWithin(this.request(pathname, query, read), budgetMs);
      return answered === undefined ? undefined : Object.assign({ status: 200 }, answered);
    } catch (err) {
      if (err instanceof EndpointError) return { status: err.status, body: err.body() };
      throw err;
    }
  }

  private request(pathname: string, query: URLSearchParams, read: EndpointRequest | undefined): CollectionReadRequest {
    const request = read ?? readEndpoint(pathname, query);
    if (!isCollectionRead(request)) throw new EndpointError(`no such endpoint: ${pathname.slice(0, 100)}`, 404);
    return request;
  }
}
