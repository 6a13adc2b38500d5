/**
 * The shapes of Lineage's answers, declared once: the HTTP API returns them (web/server/), the
 * explorer reads them (web/src/core/api/), and the CLI prints them with --json (scripts/cli/).
 * library/ builds them from the database and the graph algorithms; the compiler checks every
 * producer and every consumer against these declarations. Types, and the constant lists that
 * their unions are made from; no behaviour.
 */
import type { Direction, EdgeAttributes, PageFacts, RelatedLink } from "../vocabulary/paper-page.ts";

export type { Direction, RelatedLink };

/** Which way a traversal follows citations: to what a paper builds on, or to what builds on it. */
export type CitationDirection = "buildsOn" | "builtBy";

/** A paper as lists, search results and paths carry it. */
export interface PaperBrief {
  id: string;
  title: string | null;
  year: number | null;
  arxivId: string | null;
  doi: string | null;
  aclId: string | null;
  citedByCount: number | null;
  stub: boolean;
  titleInferred: boolean;
  /** The first author as a person ("Kishore Papineni"), and how many authors there are. */
  firstAuthor: string | null;
  authorCount: number;
  /** Papers in this graph that build on it (null where the answer did not count them). */
  builtByCount: number | null;
}

/** `GET /api/stats` (and `lineage stats --json`, which adds the database's path). */
export interface StatsResponse {
  papers: number;
  stubs: number;
  edges: number;
  pages: number;
  mentions: number;
  pagesByFormat: Record<string, number>;
}

export interface SearchHit extends PaperBrief {
  score: number;
}

/** `GET /api/search?q=&limit=`. */
export interface SearchResponse {
  query: string;
  results: SearchHit[];
}

export interface GraphNodeAttributes {
  label: string | null;
  title: string | null;
  year: number | null;
  x: number;
  y: number;
  size: number;
  color: string;
  direction: string | null;
  /** Every direction the paper's pages place it in, when there is more than one. */
  directions?: string[];
  community: number;
  stub: boolean;
  citedByCount: number | null;
  arxivId: string | null;
}

/** A community of the stored layout as the map labels it: its colour, size and title words. */
export interface GraphCommunity {
  id: number;
  /** Papers in it (in the whole graph). */
  size: number;
  /** Its most distinctive title words, joined ("sense, word, disambiguation"). */
  label: string;
  color: string;
}

export interface GraphEdgeAttributes {
  kind: "cites";
}

/** `GET /api/graph`: graphology's `graph.export()`; each edge's source builds on its target. */
export interface GraphPayload {
  attributes: {
    totalPapers: number;
    totalEdges: number;
    /** True when the stored layout predates the graph (papers it does not place are put near their neighbours). */
    layoutStale: boolean;
    /** The largest communities, largest first, each with a colour of its own. */
    communities: GraphCommunity[];
    /** The colour of papers in the other, smaller communities. */
    otherCommunityColor: string;
  };
  options: { type: "directed"; multi: false; allowSelfLoops: false };
  nodes: { key: string; attributes: GraphNodeAttributes }[];
  edges: { key?: string; source: string; target: string; attributes?: GraphEdgeAttributes }[];
}

/** Filters of `GET /api/graph`. */
export interface GraphFilters {
  direction: string | null;
  minYear: number | null;
  maxYear: number | null;
  hideStubs: boolean;
}

/** `GET /api/directions`: the research directions pages place papers in, most papers first. */
export interface DirectionSummary {
  name: string;
  area: string | null;
  count: number;
  color: string;
}

export interface Coverage {
  buildsOn: {
    inGraph: number;
    reportedInMap: number | null;
    reportedTotal: number | null;
    source: string | null;
    dataThrough: string | null;
  };
  builtBy: {
    inGraph: number;
    reported: number | null;
    source: string | null;
    dataThrough: string | null;
  };
}

/** The editorial fields a summary page gives (ingest/adapters/editorial.ts). */
export type Editorial = Partial<Pick<PageFacts, "source" | "field" | "depth" | "summary" | "takeaway" | "insights" | "topics" | "audience">>;

/** A page that names the paper, as its own subject or in one of its lists. */
export interface PaperSource {
  source: string;
  format: string;
  contentHash: string;
  dataThrough: string | null;
  ingestedAt: string;
  role: "self" | "builds_on" | "built_by";
}

/** A page about the paper itself, with the figures and fields it reported. */
export interface SelfPaperSource extends PaperSource {
  role: "self";
  reported: {
    citedByCount?: number;
    referencesInMap?: number;
    referencesTotal?: number;
    citationsPerYear?: Record<string, number>;
    onMap?: boolean;
  };
  directions: Direction[];
  editorial?: Editorial;
  related: RelatedLink[];
  warnings: string[];
}

/** `GET /api/papers/{REF}` and `lineage show --json`. */
export interface PaperDetail {
  id: string;
  title: string | null;
  year: number | null;
  arxivId: string | null;
  doi: string | null;
  aclId: string | null;
  openreviewId: string | null;
  s2Id: string | null;
  abstract: string | null;
  titleInferred: boolean;
  stub: boolean;
  venue: string | null;
  date: string | null;
  authors: string[];
  directions: Direction[];
  citedByCount: number | null;
  buildsOnCount: number;
  builtByCount: number;
  coverage: Coverage;
  citationsPerYear: Record<string, number> | null;
  onMap: boolean | null;
  editorial: Editorial | null;
  related: RelatedLink[];
  /** Field name → the page (file or URL) that asserted it. */
  fieldSources: Record<string, string | null>;
  sources: (PaperSource | SelfPaperSource)[];
  /** Where the researcher's own library (Zotero) holds it; null when it does not. */
  library: LibraryMembership | null;
}

/** A collection of the researcher's library, with the names of its ancestors. */
export interface LibraryCollectionRef {
  key: string;
  name: string;
  /** Names from the root: ["Evaluation", "Benchmarks"]. */
  path: string[];
}

/** A paper the researcher's library holds (`lineage import zotero`). */
export interface LibraryMembership {
  source: "zotero";
  /** The item's key in the library (the first, when the library holds the paper twice). */
  key: string;
  /** Every item of the library that is this paper (duplicates in the library). */
  keys: string[];
  /** The collections its items are filed in. */
  collections: LibraryCollectionRef[];
  tags: string[];
}

/**
 * A paper reached by a traversal, with its distance (1 = direct). In one-step lists the HTTP API
 * also gives its similarity to the paper the traversal started from (co-citation plus
 * bibliographic coupling, graph/similarity.ts; 0 when they share nothing), which the explorer
 * sorts "by relevance"; deeper closures, which the explorer only highlights, do not carry it.
 */
export type ReachedPaper = PaperBrief & { depth: number; relevance?: number };

/** `GET /api/papers/{REF}/builds-on|built-by?depth=N`. */
export interface ClosureResponse {
  paper: PaperBrief;
  direction: CitationDirection;
  depth: number;
  papers: ReachedPaper[];
  truncated: boolean;
}

export type PathMode = "shortest" | "longest";

/** A step of a longest chain: a paper, or a citation cycle collapsed into its most cited member. */
export type ChainStep = PaperBrief & { members?: PaperBrief[] };

/** `GET /api/path?from=&to=&mode=`: each paper in a path builds on the next, FROM first. */
export interface PathResponse {
  from: PaperBrief;
  to: PaperBrief;
  mode: PathMode;
  paths: ChainStep[][];
  truncated: boolean;
}

/** A page that asserts a citation, with what a structured source said of it. */
export interface EdgeAssertion {
  source: string;
  format: string;
  contentHash: string;
  dataThrough: string | null;
  /** The list of the asserting page the edge came from. */
  listedUnder: CitationDirection;
  attributes?: EdgeAttributes;
}

/** `GET /api/edge?from=&to=`: whether FROM builds on TO, and which pages say so. */
export interface EdgeResponse {
  citing: string;
  cited: string;
  exists: boolean;
  assertedBy: EdgeAssertion[];
}

/** One step of a main path: a paper, or a citation cycle collapsed into its most cited member. */
export interface MainPathStep extends PaperBrief {
  /** The other papers of a collapsed cycle. */
  members: PaperBrief[];
  /** The search path count of the citation from the previous step (0 for the first), rounded. */
  spc: number;
  /** The same, exactly, as a decimal integer. */
  spcExact: string;
}

export interface KeyRoute {
  /** The key citation the route is built around: `to` builds on `from`. */
  from: string;
  to: string;
  spc: number;
  spcExact: string;
  weight: number;
  weightExact: string;
  path: MainPathStep[];
}

/** `GET /api/main-path?seed=&direction=&keyRoute=K`: oldest first, each step building on the one before. */
export interface MainPathResponse {
  path: MainPathStep[];
  weight: number;
  weightExact: string;
  method: "SPC";
  scope: { seeds: string[]; direction: string | null; papers: number };
  totalPaths: string;
  keyRoutes: KeyRoute[];
  keyRouteLinks: { from: string; to: string; spc: number }[];
}

/**
 * The facts that put a paper on a reading list or among similar papers, all exact counts in the
 * graph; the seeds are named by their ids.
 */
export interface RelevanceEvidence {
  /** Seeds it is co-cited with, and by how many papers, most first. */
  coCitedWith: { seed: string; papers: number }[];
  /** Seeds it shares references with, and how many, most first. */
  sharedReferencesWith: { seed: string; papers: number }[];
  /** Seeds that build on it directly. */
  builtOnBySeeds: string[];
  /** Seeds it builds on directly. */
  buildsOnSeeds: string[];
  /** The seed whose title (and abstract) is closest to its own, when they share telling words. */
  similarText: { seed: string; similarity: number } | null;
  /** Papers citing it in the graph. */
  citedBy: number;
}

/** A paper like another, and why (`GET /api/papers/{REF}/similar`). */
export interface SimilarPaper extends PaperBrief {
  /** Papers that build on both. */
  coCitations: number;
  /** Papers both build on. */
  sharedReferences: number;
  score: number;
  /** One line from the evidence: "co-cited with it by 41 papers; similar title". */
  reason: string;
  /** Connected Papers' split: a prior work (older, or built on by it), a derivative work (newer, or building on it), or neither. */
  relation: "prior" | "derivative" | "related";
  evidence: RelevanceEvidence;
}

export interface SimilarResponse {
  paper: PaperBrief;
  similar: SimilarPaper[];
}

/** `lineage communities --json`. */
export interface CommunitiesResponse {
  count: number;
  modularity: number;
  communities: {
    id: number;
    size: number;
    label: string;
    words: string[];
    direction: string | null;
    top: PaperBrief[];
    members: string[];
  }[];
}

/** Where a paper sits in a reading list: what the seeds build on, the seeds' own company, or what came of them. */
export type ReadingGroup = "foundations" | "core" | "follow-ups";

/** One item of a reading list: chosen for relevance to the seeds, ordered foundations first, each with a one-line reason. */
export interface ReadingListItem extends PaperBrief {
  position: number;
  reason: string;
  score: number;
  seed: boolean;
  group: ReadingGroup;
  direction: string | null;
  directionInferred: boolean;
  /** The facts behind the reason (null for a seed). */
  evidence: RelevanceEvidence | null;
  /** Seeds that build on it, directly or through others in the graph. */
  builtOnBySeeds: string[];
  /** Seeds it builds on, directly or through others. */
  buildsOnSeeds: string[];
  /** Citation steps to the nearest seed it builds on or is built on by (0 for a seed, null when it neither builds on one nor is built on by one). */
  depth: number | null;
}

/** `GET /api/reading-list?seed=&direction=&limit=&includeSeeds=` and `lineage reading-list --json`. */
export interface ReadingListResponse {
  seeds: PaperBrief[];
  direction: string | null;
  limit: number | null;
  includeSeeds: boolean;
  items: ReadingListItem[];
}

/** `GET /api/lists/{name}/suggestions`: more papers like a saved list (its own papers left out). */
export interface ListSuggestionsResponse {
  list: string;
  /** The list's papers still in the graph, which the suggestions are like. */
  basedOn: number;
  items: ReadingListItem[];
}

/** `GET /api/lists`. */
export interface SavedListSummary {
  name: string;
  description: string;
  items: number;
  createdAt: string;
  updatedAt: string;
}

/** An item of a saved list: `ref` is what the list stores; the rest is the paper as the graph knows it now. */
export interface SavedListItem {
  position: number;
  /** The reference the list stores: what the server resolves the paper by. */
  ref: string;
  /** The paper's id in the graph, or null when it has left the graph since the list was saved. */
  id: string | null;
  title: string | null;
  year: number | null;
  arxivId: string | null;
  doi: string | null;
  aclId: string | null;
  reason: string;
  note: string;
  inGraph: boolean;
}

/** `GET /api/lists/{name}`, and the answer to the writes of `/api/lists/{name}`. */
export interface SavedList extends Omit<SavedListSummary, "items"> {
  spec: unknown;
  items: SavedListItem[];
}

export const LIST_FORMATS = ["md", "bibtex", "csl", "ris", "json", "zotero"] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** What a list is saved from: each paper by a reference the server resolves, with its reason. */
export interface ListItemInput {
  ref: string;
  title?: string | null;
  reason?: string;
  note?: string;
}

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
 * citationContextsUrl) and `lineage contexts REF --json`: how a paper's direct citations cite,
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

/** A paper a watch check found citing a list's papers that the map did not hold as doing so. */
export interface WatchFindingJson {
  /** The citing paper at the source: a Semantic Scholar paperId or an OpenAlex W…. */
  id: string;
  source: string;
  title: string | null;
  year: number | null;
  /** When it appeared: its publication date, as precise as the source gives it. */
  date: string | null;
  doi: string | null;
  arxivId: string | null;
  aclId: string | null;
  /** The list's papers it cites, with how it cites them where the source says. */
  cites: { ref: string; title: string | null; intents: string[]; isInfluential: boolean | null; contexts: string[] }[];
  state: "new" | "added" | "dismissed";
  firstSeenAt: string;
  lastSeenAt: string;
  /** First seen by the last check. */
  newInLastCheck: boolean;
}

/** `GET /api/lists/{name}/watch` (api/endpoints.ts listWatchPath) and `lineage watch NAME --status --json`. */
export interface ListWatchState {
  list: string;
  /** False until the list is first checked. */
  watched: boolean;
  source: string | null;
  lastCheckedAt: string | null;
  previousCheckedAt: string | null;
  papersChecked: number;
  /** The list's papers the last check could not ask about, and why. */
  problems: { ref: string; reason: string }[];
  counts: { new: number; added: number; dismissed: number };
  /** Newest first seen first; at most MAX_WATCH_FINDINGS. */
  findings: WatchFindingJson[];
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

/** `POST /api/collections/{name}/watch`: check a saved list for new papers citing it. */
export interface WatchCheckRequest {
  list: string;
}

/** `POST /api/collections/{name}/watch/add` (a job: the findings are fetched) and `/watch/dismiss` (local). */
export interface WatchFindingsRequest {
  list: string;
  /** The findings' IDs at the source (WatchFindingJson.id). */
  findings: string[];
}

/** A collection of the researcher's library as `GET /api/library` lists it. */
export interface LibraryCollectionSummary extends LibraryCollectionRef {
  parentKey: string | null;
  /** Items filed directly in it, and of them the papers the map holds. */
  items: number;
  papers: number;
}

/** `GET /api/library` and `lineage library --json`: the researcher's library in the map, and its last import. */
export interface LibraryResponse {
  source: "zotero";
  /** False until a library was imported into this map. */
  imported: boolean;
  /** The file or API it was read from, how, and when. */
  origin: string | null;
  readAs: "copy" | "local-api" | null;
  modifiedAt: string | null;
  importedAt: string | null;
  items: number;
  /** In tree order (a parent before its children). */
  collections: LibraryCollectionSummary[];
  /** Every paper of the map the library holds: its id, item key and the collections it is filed in (keys). */
  papers: { id: string; key: string; collections: string[] }[];
}

/** A paper the library does not hold that builds on, or is built on by, several of its papers. */
export interface LibraryNeighbour extends PaperBrief {
  position: number;
  /** The relevance engine's score against the library's papers, and its reason in one line. */
  score: number;
  reason: string;
  evidence: RelevanceEvidence;
  /** Library papers it builds on (cites), and library papers that build on it. */
  buildsOnLibrary: number;
  builtOnByLibrary: number;
  /** Some of those library papers (ids), most cited first. */
  linkedTo: string[];
}

/**
 * `GET /api/library/missing?libraryCollection=&min=&limit=` and `lineage library missing --json`: what
 * cites the library (or is cited by it) that the library does not hold, ranked by the relevance
 * engine with the library's papers (or one collection's) as seeds.
 */
export interface LibraryMissingResponse {
  /** The collection asked about, or null for the whole library. */
  collection: LibraryCollectionRef | null;
  /** The library papers the ranking was seeded with (the engine reads at most its seed limit). */
  seeds: number;
  seedsUsed: number;
  /** Library papers a paper must build on or be built on by to be listed. */
  min: number;
  /** Papers that met `min`, before the limit. */
  candidates: number;
  items: LibraryNeighbour[];
}

/** `GET /api/library/reading-list?libraryCollection=&limit=`: a reading list seeded by a collection's papers (and those of the collections under it). */
export interface CollectionReadingListResponse extends ReadingListResponse {
  collection: LibraryCollectionRef;
}
