/**
 * The timeline layout (as in Litmaps): x becomes the publication year; y stays where ForceAtlas2
 * put the paper, or (Litmaps' own choice) becomes its citations, on a log scale. Papers of one
 * year are spread a little across their year's column by a hash of their id (deterministic).
 * Papers without a year get a lane of their own, labelled, past the newest year: drawn at the
 * oldest end they read as papers from before the first year (issue 18: BLEU's citing papers
 * fanned out to "1963").
 */
import type { CitationGraph, CitationNodeAttributes } from "./citation-graph.ts";
import type { GraphLayout } from "../explorer/types.ts";

/** What the timeline's y axis means. */
export type TimelineY = "layout" | "citations";

export interface YearScale {
  minYear: number;
  maxYear: number;
  /** Graph x of `minYear`'s column centre, and the width of one year. */
  x0: number;
  step: number;
  /** The force layout's vertical extent, which the citation scale spans too. */
  minY: number;
  maxY: number;
  /** Papers without a year (drawn in their own lane). */
  undated: number;
}

/** Years between the newest year's column and the lane of papers without a year. */
export const UNDATED_GAP = 2.5;

/**
 * The year → x scale, or null when no paper has a year. It spans the force layout's width, widened
 * to 1.6 times its height when that is more, so the years spread across a landscape screen.
 */
export function yearScale(graph: CitationGraph): YearScale | null {
  let minYear = Infinity;
  let maxYear = -Infinity;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let undated = 0;
  graph.forEachNode((_key, a) => {
    if (a.forceX < minX) minX = a.forceX;
    if (a.forceX > maxX) maxX = a.forceX;
    if (a.forceY < minY) minY = a.forceY;
    if (a.forceY > maxY) maxY = a.forceY;
    if (a.year !== null) {
      if (a.year < minYear) minYear = a.year;
      if (a.year > maxYear) maxYear = a.year;
    } else undated++;
  });
  if (!Number.isFinite(minYear)) return null;
  const span = Math.max(1, maxYear - minYear);
  const width = Math.max(maxX - minX, (maxY - minY) * 1.6) || span * 10;
  return { minYear, maxYear, x0: minX, step: width / span, minY, maxY: maxY > minY ? maxY : minY + width / 1.6, undated };
}

export function yearToX(scale: YearScale, year: number): number {
  return scale.x0 + (year - scale.minYear) * scale.step;
}

/** The x of the lane of papers without a year. */
export function undatedX(scale: YearScale): number {
  return yearToX(scale, scale.maxYear + UNDATED_GAP);
}

/** A stable number in [0, 1) from a string (FNV-1a). */
export function hashUnit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 4294967296;
}

/** The best known citation count of a paper: its page's figure, or the map's, whichever is more. */
export function citationsOf(a: CitationNodeAttributes): number {
  return Math.max(a.citedByCount, a.citedInMap);
}

/** Citations → y on a log scale over the force layout's height: 0 at the bottom, the most cited at the top. */
export interface CitationScale {
  max: number;
  toY: (citations: number) => number;
}

export function citationScale(graph: CitationGraph, scale: YearScale): CitationScale {
  let max = 0;
  graph.forEachNode((_key, a) => {
    max = Math.max(max, citationsOf(a));
  });
  const top = Math.log1p(Math.max(1, max));
  // Sigma's y grows upwards on screen: more citations, higher up.
  return { max, toY: (c) => scale.minY + (Math.log1p(Math.max(0, c)) / top) * (scale.maxY - scale.minY) };
}

/** Target positions of every node for a layout. */
export function layoutPositions(graph: CitationGraph, layout: GraphLayout, y: TimelineY = "layout"): Map<string, { x: number; y: number }> {
  const positions = new Map<string, { x: number; y: number }>();
  const scale = layout === "timeline" ? yearScale(graph) : null;
  const citations = scale && y === "citations" ? citationScale(graph, scale) : null;
  const rowJitter = scale ? (scale.maxY - scale.minY) / 120 : 0;
  graph.forEachNode((key, a) => {
    if (!scale) {
      positions.set(key, { x: a.forceX, y: a.forceY });
      return;
    }
    const h = hashUnit(key);
    const jitter = (h - 0.5) * 0.6 * scale.step;
    const x = a.year === null ? undatedX(scale) : yearToX(scale, a.year);
    const py = citations ? citations.toY(citationsOf(a)) + (hashUnit(`${key}#y`) - 0.5) * rowJitter : a.forceY;
    positions.set(key, { x: x + jitter, y: py });
  });
  return positions;
}

/** Writes a layout's positions into the graph in one batch (one sigma refresh). */
export function applyLayout(graph: CitationGraph, layout: GraphLayout, y: TimelineY = "layout"): void {
  const positions = layoutPositions(graph, layout, y);
  graph.updateEachNodeAttributes(
    (key, a) => {
      const p = positions.get(key);
      return p ? { ...a, x: p.x, y: p.y } : a;
    },
    { attributes: ["x", "y"] },
  );
}

/**
 * Writes the positions without telling sigma, for graphs too large to reprocess in one task: the
 * caller redraws the papers and their citations a slice at a time (refresh-queue.ts). Positions
 * are the layout's data, not UI state; the attributes written are only x and y.
 */
export function placeQuietly(graph: CitationGraph, positions: ReadonlyMap<string, { x: number; y: number }>): void {
  graph.forEachNode((key, a) => {
    const p = positions.get(key);
    if (!p) return;
    a.x = p.x;
    a.y = p.y;
  });
}

/** Years to label on the timeline axis: every year, or every 2, 5, 10… when they are many. */
export function yearTicks(scale: YearScale, maxTicks: number): number[] {
  const span = scale.maxYear - scale.minYear;
  const steps = [1, 2, 5, 10, 20, 50, 100];
  const every = steps.find((s) => span / s <= Math.max(1, maxTicks)) ?? 100;
  const ticks: number[] = [];
  const first = Math.ceil(scale.minYear / every) * every;
  for (let y = first; y <= scale.maxYear; y += every) ticks.push(y);
  if (ticks.length === 0) ticks.push(scale.minYear);
  return ticks;
}

/** Citation counts to label on the y axis: 0, 1, 10, 100… up to the most cited. */
export function citationTicks(max: number): number[] {
  const ticks = [0, 1];
  for (let t = 10; t <= Math.max(1, max); t *= 10) ticks.push(t);
  return ticks;
}
