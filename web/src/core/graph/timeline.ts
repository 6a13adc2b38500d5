/**
 * The timeline layout (as in Litmaps): x becomes the publication year, y stays where ForceAtlas2
 * put the paper. Papers of one year are spread a little across their year's column by a hash of
 * their id (deterministic), and papers without a year sit in a column left of the first year.
 */
import type { CitationGraph } from "./citation-graph.ts";
import type { GraphLayout } from "../explorer/types.ts";

export interface YearScale {
  minYear: number;
  maxYear: number;
  /** Graph x of `minYear`'s column centre, and the width of one year. */
  x0: number;
  step: number;
}

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
  graph.forEachNode((_key, a) => {
    if (a.forceX < minX) minX = a.forceX;
    if (a.forceX > maxX) maxX = a.forceX;
    if (a.forceY < minY) minY = a.forceY;
    if (a.forceY > maxY) maxY = a.forceY;
    if (a.year !== null) {
      if (a.year < minYear) minYear = a.year;
      if (a.year > maxYear) maxYear = a.year;
    }
  });
  if (!Number.isFinite(minYear)) return null;
  const span = Math.max(1, maxYear - minYear);
  const width = Math.max(maxX - minX, (maxY - minY) * 1.6) || span * 10;
  return { minYear, maxYear, x0: minX, step: width / span };
}

export function yearToX(scale: YearScale, year: number): number {
  return scale.x0 + (year - scale.minYear) * scale.step;
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

/** Target positions of every node for a layout. */
export function layoutPositions(graph: CitationGraph, layout: GraphLayout): Map<string, { x: number; y: number }> {
  const positions = new Map<string, { x: number; y: number }>();
  const scale = layout === "timeline" ? yearScale(graph) : null;
  graph.forEachNode((key, a) => {
    if (!scale) {
      positions.set(key, { x: a.forceX, y: a.forceY });
      return;
    }
    const jitter = (hashUnit(key) - 0.5) * 0.6 * scale.step;
    const x = a.year === null ? scale.x0 - 1.5 * scale.step : yearToX(scale, a.year);
    positions.set(key, { x: x + jitter, y: a.forceY });
  });
  return positions;
}

/** Writes a layout's positions into the graph in one batch (one sigma refresh). */
export function applyLayout(graph: CitationGraph, layout: GraphLayout): void {
  const positions = layoutPositions(graph, layout);
  graph.updateEachNodeAttributes(
    (key, a) => {
      const p = positions.get(key);
      return p ? { ...a, x: p.x, y: p.y } : a;
    },
    { attributes: ["x", "y"] },
  );
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
