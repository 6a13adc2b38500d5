/**
 * The shapes the Lineage HTTP API returns (web/server/): the graph in graphology's serialisation,
 * directions, search hits, one paper's full view, closures, influence paths, main paths, reading
 * lists and saved lists. The front end uses nothing else.
 */

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
}

export interface SearchHit extends PaperBrief {
  score: number;
}

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
  community: number;
  stub: boolean;
  citedByCount: number | null;
  arxivId: string | null;
}

export interface GraphEdgeAttributes {
  kind: "cites";
}

/** graphology's `graph.export()`: each edge's source builds on its target. */
export interface SerializedCitationGraph {
  attributes?: Record<string, unknown>;
  options?: { type?: string; multi?: boolean; allowSelfLoops?: boolean };
  nodes: { key: string; attributes: GraphNodeAttributes }[];
  edges: { key?: string; source: string; target: string; attributes?: GraphEdgeAttributes }[];
}

export interface DirectionSummary {
  name: string;
  area: string | null;
  count: number;
  color: string;
}

export interface PaperDirection {
  name: string;
  area?: string | null;
  url?: string | null;
  directionsInArea?: number | null;
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

export interface Editorial {
  summary?: string | null;
  takeaway?: string | null;
  topics?: string[];
  audience?: string[];
  source?: string | null;
  field?: string | null;
}

export interface RelatedLink {
  title: string;
  note?: string | null;
  url?: string | null;
}

export interface PaperSource {
  source: string;
  format: string;
  contentHash: string;
  dataThrough: string | null;
  role: "self" | "builds_on" | "built_by";
}

/** `GET /api/papers/{REF}`. */
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
  directions: PaperDirection[];
  citedByCount: number | null;
  buildsOnCount: number;
  builtByCount: number;
  coverage: Coverage;
  citationsPerYear: Record<string, number> | null;
  onMap: boolean | null;
  editorial: Editorial | null;
  related: RelatedLink[];
  sources: PaperSource[];
}

export type CitationDirection = "buildsOn" | "builtBy";

/** `GET /api/papers/{REF}/builds-on|built-by?depth=N`. */
export interface ClosureResponse {
  paper: PaperBrief;
  direction: string;
  depth: number;
  papers: (PaperBrief & { depth: number })[];
}

export type PathMode = "shortest" | "longest";

/** `GET /api/path?from=&to=&mode=`: each paper in a path builds on the next, FROM first. */
export interface PathResponse {
  from: PaperBrief;
  to: PaperBrief;
  mode: PathMode;
  paths: PaperBrief[][];
  truncated: boolean;
}

/** Filters of `GET /api/graph`. */
export interface GraphFilters {
  direction: string | null;
  minYear: number | null;
  maxYear: number | null;
  hideStubs: boolean;
}

/** A value being fetched: the state of one request, as a discriminated union. */
export type Resource<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; error: string; httpStatus?: number };

/** One step of a main path: a paper, or a citation cycle collapsed into its most cited member. */
export interface MainPathStep extends PaperBrief {
  /** The other papers of a collapsed cycle. */
  members: PaperBrief[];
  /** The search path count of the citation from the previous step (0 for the first). */
  spc: number;
  spcExact: string;
}

export interface KeyRoute {
  /** The key citation the route is built around: `to` builds on `from`. */
  from: string;
  to: string;
  spc: number;
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

/** One item of `GET /api/reading-list`: foundations first, each with a one-line reason. */
export interface ReadingListItemResponse extends PaperBrief {
  position: number;
  reason: string;
  score: number;
  seed: boolean;
  direction: string | null;
  onMainPath: boolean;
}

export interface ReadingListResponse {
  seeds: PaperBrief[];
  direction: string | null;
  items: ReadingListItemResponse[];
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

/** `GET /api/lists/{name}` and the answer to `PUT /api/lists/{name}`. */
export interface SavedList extends Omit<SavedListSummary, "items"> {
  items: SavedListItem[];
}

export type ListFormat = "md" | "bibtex" | "csl" | "ris" | "json";

/** A list rendered for download by `POST /api/lists/{name}/export`. */
export interface ExportedFile {
  filename: string;
  type: string;
  text: string;
}
