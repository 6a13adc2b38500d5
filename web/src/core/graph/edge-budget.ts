/**
 * Which citations the map draws (issue 25). Sigma processes and draws every citation it holds in
 * every frame, and in software GL (no GPU: VMs, remote desktops) a frame's cost is the page's
 * main thread's, so the map draws at most a budget of them, as VOSviewer draws at most its
 * "maximum number of lines", the strongest first:
 * - at the overview, every citation of a graph within the budget, else the citations between the
 *   most prominent papers (ranked by the smaller of the two papers' sizes, which grow with
 *   citations): the map's skeleton, not its haze;
 * - with something emphasised, its citations nearest the selection first (the path's or main
 *   path's own, then those of the selected paper, then the next ring; emphasis.ts gives each its
 *   distance), up to the budget; the rest are counted as left out.
 * The map says so when it draws fewer than it has (`citationsNote`), as VOSviewer's legend does.
 */
import type { Emphasis } from "./emphasis.ts";
import type { LinkGraph } from "./citation-graph.ts";
import { formatCount } from "../count-format.ts";

/** Citations drawn at the overview of a large graph. */
export const OVERVIEW_EDGES = 4_000;
/** Citations drawn for what is emphasised. */
export const EMPHASIS_EDGES = 8_000;

/**
 * The overview's citations: all of them within the budget, else those between the most
 * prominent papers (heaviest first, ties by key). Only the citations at or above the budget's
 * weight are sorted: on AAN, 4,000-odd of 95,000, not all of them in one task.
 */
export function overviewEdges(links: LinkGraph, sizeOf: (key: string) => number, budget = OVERVIEW_EDGES): string[] {
  if (links.size <= budget) return links.edges();
  if (budget <= 0) return [];
  const weights = new Float64Array(links.size);
  let n = 0;
  links.forEachEdge((_key, _attributes, source, target) => {
    weights[n++] = Math.min(sizeOf(source), sizeOf(target));
  });
  // The budget's weight: the budget-th heaviest (a numeric sort of a copy, no comparator).
  const floor = Float64Array.from(weights).sort()[links.size - budget] ?? -Infinity;
  const ranked: { key: string; weight: number }[] = [];
  n = 0;
  links.forEachEdge((key) => {
    const weight = weights[n++] ?? -Infinity;
    if (weight >= floor) ranked.push({ key, weight });
  });
  ranked.sort((a, b) => b.weight - a.weight || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return ranked.slice(0, budget).map((e) => e.key);
}

export interface ShownEdges {
  keys: string[];
  /** Citations of the emphasis left out for the budget. */
  leftOut: number;
}

/** The citations to draw: the overview's, or the emphasis' nearest the selection, within the budget. */
export function shownEdges(emphasis: Emphasis | null, overview: readonly string[], budget = EMPHASIS_EDGES): ShownEdges {
  if (!emphasis) return { keys: [...overview], leftOut: 0 };
  const keys = [...emphasis.strongEdges];
  const byDistance = [...emphasis.edges.entries()].filter(([key]) => !emphasis.strongEdges.has(key));
  byDistance.sort((a, b) => a[1] - b[1]);
  for (const [key] of byDistance) {
    if (keys.length >= budget) break;
    keys.push(key);
  }
  return { keys, leftOut: emphasis.strongEdges.size + byDistance.length - keys.length };
}

/** Citations among `keys` whose two papers are on show. */
export function citationsOnShow(keys: Iterable<string>, links: LinkGraph, hidden: ReadonlySet<string> | null): number {
  let n = 0;
  for (const key of keys) if (links.hasEdge(key) && !hidden?.has(links.source(key)) && !hidden?.has(links.target(key))) n++;
  return n;
}

/** What the map says of the citations it draws, when it draws fewer than it could (else null). */
export function citationsNote(drawn: number, of: number, emphasised: boolean): string | null {
  if (drawn >= of) return null;
  return `${formatCount(drawn)} of ${formatCount(of)} citations drawn: ${emphasised ? "those nearest the selection" : "those between the most cited papers"}`;
}
