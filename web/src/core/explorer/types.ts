/**
 * The explorer's state: what the user is looking at. Everything here except `pathDraft` is written
 * to the page URL, so every view is a link. Data fetched from the API is not state here; it is
 * derived from this (see views/use-explorer-data.ts).
 */
import type { CitationDirection, GraphFilters, PathMode } from "../api/types.ts";

export type GraphLayout = "force" | "timeline";

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
  /** The selected paper, as a REF the API resolves (arXiv ID, DOI, ACL ID or internal id). */
  paper: string | null;
  path: PathQuery | null;
  filters: GraphFilters;
  layout: GraphLayout;
  highlight: Highlight | null;
}

export interface ExplorerState extends ViewState {
  pathDraft: { from: PathEnd | null; to: PathEnd | null };
}

export type ExplorerAction =
  | { type: "select"; ref: string }
  | { type: "clearSelection" }
  | { type: "setFilters"; filters: Partial<GraphFilters> }
  | { type: "setLayout"; layout: GraphLayout }
  | { type: "setHighlight"; highlight: Highlight | null }
  | { type: "pathFrom"; end: PathEnd }
  | { type: "pathTo"; end: PathEnd }
  | { type: "showPath"; path: PathQuery }
  | { type: "setPathMode"; mode: PathMode }
  | { type: "swapPath" }
  | { type: "clearPath" }
  | { type: "escape" }
  | { type: "restore"; view: ViewState };
