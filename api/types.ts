/**
 * The shapes of Lineage's answers, declared once: the HTTP API returns them (web/server/), the
 * explorer reads them (web/src/core/api/), and the CLI prints them with --json (scripts/cli/).
 * library/ builds them from the database and the graph algorithms; the compiler checks every
 * producer and every consumer against these declarations. Types, and the constant lists that
 * their unions are made from; no behaviour.
 */
import type { Direction, EdgeAttributes, PageFacts, RelatedLink } from "../ingest/types.ts";

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
}

/**
 * A paper reached by a traversal, with its distance (1 = direct). The HTTP API also gives its
 * similarity to the paper the traversal started from (co-citation plus bibliographic coupling,
 * graph/similarity.ts; 0 when they share nothing), which the explorer sorts "by relevance".
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

/** A paper like another, and why (`GET /api/papers/{REF}/similar`). */
export interface SimilarPaper extends PaperBrief {
  /** Papers that build on both. */
  coCitations: number;
  /** Papers both build on. */
  sharedReferences: number;
  score: number;
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

/** One item of a reading list: foundations first, each with a one-line reason. */
export interface ReadingListItem extends PaperBrief {
  position: number;
  reason: string;
  score: number;
  seed: boolean;
  direction: string | null;
  directionInferred: boolean;
  builtOnBySeeds: string[];
  buildsOnSeeds: string[];
  depth: number;
  onMainPath: boolean;
}

/** `GET /api/reading-list?seed=&direction=&limit=&includeSeeds=` and `lineage reading-list --json`. */
export interface ReadingListResponse {
  seeds: PaperBrief[];
  direction: string | null;
  limit: number | null;
  includeSeeds: boolean;
  mainPath: string[];
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

export const LIST_FORMATS = ["md", "bibtex", "csl", "ris", "json"] as const;
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
