/**
 * The explorer's state: what the user is looking at. Everything here except `pathDraft` is written
 * to the page URL, so every view is a link (the reading list being edited is core/reading-list's). Data fetched from the API is not state here; it is
 * derived from this (see views/use-explorer-data.ts).
 */
import type { CitationDirection, PathMode } from "../api/types.ts";
import type { MapFilters } from "../graph/map-filters.ts";
import type { TimelineY } from "../graph/timeline.ts";

export type GraphLayout = "force" | "timeline";

/** What the page shows: the citation graph, or the lineage view (main path on a time axis). */
export type ExplorerMode = "graph" | "lineage";

/**
 * Key routes the lineage view offers beside the main path (`?keyRoute=K`, 0 for none): a choice
 * of the first ten; the API answers up to api/limits.ts MAX_KEY_ROUTES.
 */
export const KEY_ROUTES_OFFERED = 10;

export { MAX_SEEDS } from "../../../../api/limits.ts";

export type Depth = 1 | 2 | 3;

/** The builds-on or built-by set of the selected paper, highlighted in the graph. */
export interface Highlight {
  direction: CitationDirection;
  depth: Depth;
}

/** An influence path between two papers, FROM (newer) building on … on TO (older). */
export interface PathQuery {
  from: string;
  to: string;
  mode: PathMode;
}

/** One end of a path the user has picked ("Path from here") before picking the other. */
export interface PathEnd {
  ref: string;
  title: string;
}

export interface ViewState {
  /** The collection shown (`?collection=NAME`), null for the server's default (its first). */
  collection: string | null;
  /** The selected paper, as a REF the API resolves (arXiv ID, DOI, ACL ID or internal id). */
  paper: string | null;
  path: PathQuery | null;
  filters: MapFilters;
  layout: GraphLayout;
  /** The timeline's y axis: the force layout's, or citations (Litmaps' choice). */
  timelineY: TimelineY;
  highlight: Highlight | null;
  mode: ExplorerMode;
  /** Seed papers (REFs): the lineage view's scope and a reading list's starting points. */
  seeds: string[];
  /** Key routes drawn beside the main path, 0 to KEY_ROUTES_OFFERED. */
  keyRoutes: number;
  /** The saved reading list shown in the reading-list panel. */
  list: string | null;
}

export interface ExplorerState extends ViewState {
  pathDraft: { from: PathEnd | null; to: PathEnd | null };
}

export type ExplorerAction =
  | { type: "select"; ref: string }
  | { type: "clearSelection" }
  | { type: "setFilters"; filters: Partial<MapFilters> }
  | { type: "setLayout"; layout: GraphLayout }
  | { type: "setTimelineY"; y: TimelineY }
  | { type: "setHighlight"; highlight: Highlight | null }
  | { type: "pathFrom"; end: PathEnd }
  | { type: "pathTo"; end: PathEnd }
  | { type: "showPath"; path: PathQuery }
  | { type: "setPathMode"; mode: PathMode }
  | { type: "swapPath" }
  | { type: "clearPath" }
  | { type: "escape" }
  | { type: "setMode"; mode: ExplorerMode }
  | { type: "addSeed"; ref: string }
  | { type: "removeSeed"; ref: string }
  | { type: "clearSeeds" }
  | { type: "setKeyRoutes"; keyRoutes: number }
  | { type: "openList"; name: string | null }
  | { type: "switchCollection"; name: string }
  | { type: "restore"; view: ViewState };
