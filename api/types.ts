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
  /**
   * The citation count its pages report: a figure of another collection at another date, with
   * who reported it and when (`citedByReport`); null when no page reports one (unknown, not 0).
   */
  citedByCount: number | null;
  citedByReport: CountReport | null;
  stub: boolean;
  titleInferred: boolean;
  /** The first author as a person ("Kishore Papineni"), and how many authors there are. */
  firstAuthor: string | null;
  authorCount: number;
  /** Papers in this map that cite it: "cited by N in this map" (null where the answer did not count them). */
  builtByCount: number | null;
}

/**
 * Who reported a citation count and when: "Semantic Scholar", "OpenAlex", the site a page was
 * read from, else the page's file; the date its figures run through, when it says; the day it
 * was read into this map.
 */
export interface CountReport {
  by: string;
  through: string | null;
  read: string;
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
  venue: string | null;
  /** Its score within its tier (library/search-ranking.ts): higher ranks first. */
  score: number;
  /** How the query found it. */
  match: SearchMatch;
  /** Other papers the query names as a reference alongside this one (issue 16). */
  alsoMatches?: string[];
}

/**
 * How a search found a paper: an identifier naming it, its exact title, one of its names (with
 * where that name was learnt), or words of its title, authors, venue or identifiers (`field`:
 * all in its title or names, all in one author's name, or spread), some typed words read as
 * corrections (`corrected`); "some words" when no paper held every word.
 */
export interface SearchMatch {
  how: "identifier" | "title" | "alias" | "words" | "some words";
  field?: "title" | "author" | "other";
  alias?: { alias: string; kind: string; source: string };
  corrected?: { typed: string; as: string[] }[];
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
  /** The user's own note the page holds (a Markdown note's free text), shown as text. */
  note?: string;
  related: RelatedLink[];
  warnings: string[];
}

/** `GET /api/papers/{REF}` and `lineage show --json`. */
export interface PaperDetail {
  id: string;
  title: string | null;
  year: number | null;
  /** No page gives a year: `year` is the first version's, from the arXiv identifier. */
  yearDerived: boolean;
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
  /** The count its pages report, and who reported it when (as PaperBrief's). */
  citedByCount: number | null;
  /** The user's own notes about the paper, from the notes ingested with it: their file and text. */
  notes: { source: string; text: string }[];
  citedByReport: CountReport | null;
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

import type { ReadingListResponse } from "./list-types.ts";

export * from "./list-types.ts";
export * from "./collection-types.ts";

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
