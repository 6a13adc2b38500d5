/**
 * The graph sigma draws, derived from the API's graph (gephi-lite's `dataGraphToSigmaGraph`): one
 * graphology instance, cleared and refilled when the filters change. It holds data only (titles,
 * years, the precomputed ForceAtlas2 positions, colours by direction, sizes by citations); hover,
 * selection, highlighted sets and paths are applied by reducers (see emphasis.ts), never written here.
 */
import Graph from "graphology";
import type { GraphPayload } from "../api/types.ts";
import { shortLabel } from "../paper/format.ts";

export interface CitationNodeAttributes {
  x: number;
  y: number;
  /** Where ForceAtlas2 put the paper; the timeline layout keeps `forceY` and replaces x. */
  forceX: number;
  forceY: number;
  size: number;
  color: string;
  label: string;
  title: string;
  year: number | null;
  stub: boolean;
  citedByCount: number;
  direction: string | null;
  /** Every direction its pages place it in (the first is `direction`). */
  directions: string[];
  /** Its community in the stored layout. */
  community: number;
  arxivId: string | null;
}

export interface CitationEdgeAttributes {
  kind: "cites";
}

export type CitationGraph = Graph<CitationNodeAttributes, CitationEdgeAttributes>;

export function createCitationGraph(): CitationGraph {
  return new Graph<CitationNodeAttributes, CitationEdgeAttributes>({ type: "directed", multi: false, allowSelfLoops: false });
}

export const FALLBACK_NODE_COLOR = "#8c8c8c";

function finite(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** The graph's background, onto which translucent colours are flattened. */
export const GRAPH_BACKGROUND: [number, number, number] = [251, 251, 252];

/**
 * An opaque colour for a node: `#rrggbbaa` / `#rgba` colours are mixed onto the background here,
 * since sigma blends with premultiplied alpha and would draw them brighter than meant.
 */
export function opaqueColor(color: string, background = GRAPH_BACKGROUND): string {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!m?.[1]) return color;
  let hex = m[1];
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  if (hex.length === 6) return `#${hex.toLowerCase()}`;
  const alpha = parseInt(hex.slice(6, 8), 16) / 255;
  const channel = (i: number) => {
    const value = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return Math.round(value * alpha + (background[i] ?? 255) * (1 - alpha))
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** Sizes when the server sends none: area grows with citations, clamped to 2..16 px. */
export function sizeForCitations(citedBy: number): number {
  return Math.min(16, 2 + Math.sqrt(Math.max(0, citedBy)) / 3);
}

export interface LoadReport {
  nodes: number;
  edges: number;
  /** Nodes that came without a finite position (placed at the origin). */
  unplaced: number;
  /** Edges dropped because an end is not in the graph, or that loop on one paper. */
  droppedEdges: number;
}

/** Replaces the graph's contents with the API graph, in one import (one sigma refresh). */
export function loadCitationGraph(graph: CitationGraph, data: Pick<GraphPayload, "nodes" | "edges">): LoadReport {
  let unplaced = 0;
  const nodes = data.nodes.map(({ key, attributes: a }) => {
    if (!(typeof a.x === "number" && Number.isFinite(a.x) && typeof a.y === "number" && Number.isFinite(a.y))) unplaced++;
    const x = finite(a.x, 0);
    const y = finite(a.y, 0);
    const citedByCount = finite(a.citedByCount, 0);
    const title = a.title ?? a.label ?? key;
    return {
      key,
      attributes: {
        x,
        y,
        forceX: x,
        forceY: y,
        size: finite(a.size, sizeForCitations(citedByCount)),
        color: opaqueColor(a.color || FALLBACK_NODE_COLOR),
        label: shortLabel(a.label ?? title),
        title,
        year: typeof a.year === "number" ? a.year : null,
        stub: a.stub === true,
        citedByCount,
        direction: a.direction ?? null,
        directions: a.directions ?? (a.direction ? [a.direction] : []),
        community: typeof a.community === "number" ? a.community : 0,
        arxivId: a.arxivId ?? null,
      },
    };
  });
  const keys = new Set(nodes.map((n) => n.key));
  const seen = new Set<string>();
  const edges: { source: string; target: string; attributes: CitationEdgeAttributes }[] = [];
  for (const e of data.edges) {
    const id = `${e.source}\u0000${e.target}`;
    if (e.source === e.target || !keys.has(e.source) || !keys.has(e.target) || seen.has(id)) continue;
    seen.add(id);
    edges.push({ source: e.source, target: e.target, attributes: { kind: "cites" } });
  }
  graph.clear();
  graph.import({ nodes, edges });
  return { nodes: graph.order, edges: graph.size, unplaced, droppedEdges: data.edges.length - edges.length };
}
