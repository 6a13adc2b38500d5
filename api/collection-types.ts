/**
 * The shapes of a collection and the work run on it as the API answers them (api/types.ts
 * re-exports them): error bodies, progress, jobs, collections, what a structured source says of a
 * citation, whether the server may go online, and the requests that grow a map. Types only.
 */
import type { CitationDirection, PaperBrief } from "./types.ts";

/** The body of an error answer (4xx, 5xx). */
export interface ErrorBody {
  error: string;
  /** For an ambiguous reference (409): the papers it could mean. */
  candidates?: PaperBrief[];
  /** For a query stopped by its time budget. */
  budgetMs?: number;
}

/** How far a long piece of work is (library/progress.ts). */
export interface ProgressReport {
  step: "read" | "store" | "rebuild" | "layout" | "index" | "fetch";
  done: number;
  total: number;
  label: string;
  /** Fetching: the requests still to send, an estimate (`lineage expand`, `add`, `watch`). */
  queued?: number;
  /** Fetching: the seconds they will take at the rate limits, an estimate. */
  secondsLeft?: number;
}

/** Work the server runs in a process of its own: building a collection, growing a map. */
export interface JobSummary {
  id: number;
  kind: "build" | "expand" | "add" | "watch";
  collection: string;
  /** What it is doing, in a few words ("Building ACL Anthology Network"). */
  title: string;
  state: "running" | "done" | "failed" | "cancelled";
  progress: ProgressReport | null;
  startedAt: string;
  finishedAt: string | null;
  /** Seconds it has run. */
  elapsedSeconds: number;
  /** Why it failed, in one line. */
  error: string | null;
}

/** `GET /api/collections`: the databases this server serves, and the state of each. */
export interface CollectionSummary {
  name: string;
  title: string;
  /** Where it comes from and under what terms, when the server knows. */
  about: string | null;
  /** ready: papers to explore; empty: a database with no papers; missing: no database yet; unreadable: not a Lineage database. */
  status: "ready" | "empty" | "missing" | "unreadable";
  /** Why it is not ready, in one line. */
  reason: string | null;
  papers: number;
  citations: number;
  /** Changes whenever a write commits a new graph: the explorer reloads the graph then. */
  graphVersion: string | null;
  /** Whether the server can build it from bundled files (`POST /api/collections/{name}/build`). */
  buildable: boolean;
  /** The job building or growing it, if one runs or ran last. */
  job: JobSummary | null;
  /** Commands that fill its database, for the empty state. */
  fill: string[];
}

/** How one paper cites another, as a structured source (Semantic Scholar) says. */
export interface CitationContext extends PaperBrief {
  /** Why it cites: "background", "methodology", "result" (the source's words, as given). */
  intents: string[];
  /** Whether the source counts the citation as influential; null when it does not say. */
  isInfluential: boolean | null;
  /** The citing paper's sentences that cite it (at most five, each at most 400 characters). */
  contexts: string[];
  /** The pages that say so. */
  sources: string[];
}

/**
 * `GET /api/papers/{REF}/citations?direction=buildsOn|builtBy` (api/endpoints.ts
 * citationContexts) and `lineage contexts REF --json`: how a paper's direct citations cite,
 * where a source said (papers it builds on, or papers building on it); influential ones first.
 */
export interface CitationContextsResponse {
  paper: PaperBrief;
  direction: CitationDirection;
  /** Its direct citations that way in the graph. */
  direct: number;
  /** Of them, those a source described (the length of `citations` before the limit). */
  described: number;
  citations: CitationContext[];
  truncated: boolean;
}
/**
 * `GET /api/online`: whether the explorer may start jobs that reach the network (`lineage serve
 * --online`, or LINEAGE_ONLINE=1), and the API hosts such jobs ask.
 */
export interface OnlineStatus {
  online: boolean;
  /** The hosts a network job asks (the Semantic Scholar and OpenAlex API bases). */
  hosts: string[];
  /** When offline: why, and how to start the server online. */
  reason: string | null;
  /** When online: each API the server has no key for, and what going without one means (crawl/api-access.ts). */
  keyless: KeylessApi[];
}

/** An API a network job would ask without a key. */
export interface KeylessApi {
  source: "s2" | "openalex";
  note: string;
}

/** `POST /api/collections/{name}/add`: one paper's record from an API, into the map. */
export interface AddPaperRequest {
  /** A DOI, arXiv ID or URL, ACL ID, OpenAlex W…, S2 paper ID or URL, or CorpusId:… (crawl/api-refs.ts). */
  ref: string;
}

/** `POST /api/collections/{name}/expand`: a paper (`ref`) or a saved list (`list`) with its neighbours. */
export interface ExpandRequest {
  ref?: string;
  list?: string;
  depth: 1 | 2;
  /** Papers asked of the API at most (1 to MAX_EXPAND_PAPERS; DEFAULT_EXPAND_PAPERS when absent). */
  maxPapers?: number;
}
