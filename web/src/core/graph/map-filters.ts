/**
 * The map's filters, applied in the browser to the graph already loaded: which papers they hide
 * (drawn through display.ts, so a filter change redraws only the papers it hides or shows instead
 * of fetching and rebuilding a 19,000-paper graph), and what is left to count.
 * Direction and community come from the legend too; years and stubs from the toolbar.
 */
import type { GraphFilters } from "../api/types.ts";
import type { CitationGraph, CitationNodeAttributes, LinkGraph } from "./citation-graph.ts";

export interface MapFilters extends GraphFilters {
  /** A community of the stored layout, chosen in the legend. */
  community: number | null;
}

export function hasFilters(f: MapFilters): boolean {
  return f.direction !== null || f.community !== null || f.minYear !== null || f.maxYear !== null || f.hideStubs;
}

/** Whether a paper passes the filters (the server's /api/graph filters, and the community). */
export function passes(f: MapFilters, a: CitationNodeAttributes): boolean {
  if (f.hideStubs && a.stub) return false;
  if (f.minYear !== null && (a.year === null || a.year < f.minYear)) return false;
  if (f.maxYear !== null && (a.year === null || a.year > f.maxYear)) return false;
  if (f.direction !== null && !a.directions.includes(f.direction)) return false;
  if (f.community !== null && a.community !== f.community) return false;
  return true;
}

/** The papers the filters hide, or null when none apply. */
export function hiddenPapers(graph: CitationGraph, f: MapFilters): Set<string> | null {
  if (!hasFilters(f)) return null;
  const hidden = new Set<string>();
  graph.forEachNode((key, a) => {
    if (!passes(f, a)) hidden.add(key);
  });
  return hidden;
}

export interface MapCounts {
  papers: number;
  citations: number;
  stubs: number;
}

/** Papers, citations (both ends shown, of every citation in `links`) and reference-only papers left on the map. */
export function mapCounts(graph: CitationGraph, links: LinkGraph, hidden: ReadonlySet<string> | null): MapCounts {
  let papers = 0;
  let stubs = 0;
  graph.forEachNode((key, a) => {
    if (hidden?.has(key)) return;
    papers++;
    if (a.stub) stubs++;
  });
  let citations = links.size;
  if (hidden && hidden.size > 0) {
    citations = 0;
    links.forEachEdge((_edge, _a, source, target) => {
      if (!hidden.has(source) && !hidden.has(target)) citations++;
    });
  }
  return { papers, citations, stubs };
}
