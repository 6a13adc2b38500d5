/**
 * What sigma draws for each paper and citation, from the explorer's state: the emphasis (hover,
 * selection, highlighted set, path, lineage routes; emphasis.ts), the papers the filters hide, and
 * the reading list's papers, marked with their place in it, and the researcher's library, ringed. One model, read by one pair of sigma
 * reducers for the life of the renderer (the graph is never written), and the papers and citations
 * whose drawing changes from one model to the next, so that only those are reprocessed
 * (refresh-queue.ts) instead of every one of AAN's 95,000 citations on each click.
 */
import type { EdgeDisplayData, NodeDisplayData } from "sigma/types";
import { GRAPH_BACKGROUND, type CitationGraph } from "./citation-graph.ts";
import type { Emphasis } from "./emphasis.ts";
import { LIBRARY_NODE_TYPE } from "./library-ring.ts";

export interface DisplayModel {
  emphasis: Emphasis | null;
  /** Papers the filters hide (null: none). */
  hidden: ReadonlySet<string> | null;
  /** Papers on the reading list, with their position in it (1 = first). */
  marks: ReadonlyMap<string, number>;
  /** The citations on show (edge-budget.ts); sigma may hold more, hidden (null: all it holds). */
  edges?: ReadonlySet<string> | null;
  /** Papers the researcher's library holds, drawn ringed (the `library` node program). */
  library?: ReadonlySet<string> | null;
}

/** The node type of a library paper, drawn as its disc inside a ring of this colour (library-ring.ts). */
export { LIBRARY_NODE_TYPE, LIBRARY_RING_COLOR } from "./library-ring.ts";

export const EMPTY_DISPLAY: DisplayModel = { emphasis: null, hidden: null, marks: new Map(), edges: null };

/** What a paper carries to the label drawer beyond sigma's own display data. */
export interface MarkedNodeData {
  /** Its position on the reading list, drawn as a numbered ring. */
  mark?: number;
}

/**
 * Translucent, so citations between emphasised papers stay visible through the crowd. Sigma blends
 * with premultiplied alpha (ONE, ONE_MINUS_SRC_ALPHA), so the colour is given premultiplied:
 * rgb(190, 197, 206) at 35% opacity.
 */
export const DIMMED_NODE_COLOR = premultiplied([190, 197, 206], 0.35);

function premultiplied([r, g, b]: [number, number, number], alpha: number): string {
  return `rgba(${Math.round(r * alpha)}, ${Math.round(g * alpha)}, ${Math.round(b * alpha)}, ${alpha})`;
}
export const EDGE_COLOR = "#c3cad3";
export const EMPHASISED_EDGE_COLOR = "#5c6b7a";
/** The next ring's citations: a step fainter with each step from the selection. */
export const NEAR_EDGE_COLOR = "#98a4b1";
export const FAR_EDGE_COLOR = "#c9d0d8";
export const PATH_EDGE_COLOR = "#c2410c";

const fadedColors = new Map<string, string>();

/** A paper's colour, faded halfway to the background: the next ring round a selected paper. */
export function fadedColor(color: string): string {
  let faded = fadedColors.get(color);
  if (faded === undefined) {
    const m = /^#([0-9a-f]{6})$/i.exec(color);
    faded = m?.[1]
      ? `#${[0, 2, 4]
          .map((i, c) =>
            Math.round(parseInt(m[1]?.slice(i, i + 2) ?? "0", 16) * 0.45 + (GRAPH_BACKGROUND[c] ?? 255) * 0.55)
              .toString(16)
              .padStart(2, "0"),
          )
          .join("")}`
      : color;
    if (fadedColors.size > 1000) fadedColors.clear();
    fadedColors.set(color, faded);
  }
  return faded;
}

type NodeData = Partial<NodeDisplayData> & MarkedNodeData;

/**
 * A paper's display data. Sigma hands the reducer a fresh copy of the attributes, so it is
 * completed in place rather than copied again (two allocations per paper per refresh were most
 * of a refresh's garbage on AAN).
 */
export function nodeDisplay(model: DisplayModel, key: string, data: NodeData): NodeData {
  if (model.hidden?.has(key)) {
    data.hidden = true;
    return data;
  }
  const mark = model.marks.get(key);
  const { emphasis } = model;
  if (emphasis?.faint.has(key)) {
    data.color = fadedColor(data.color ?? "#8c8c8c");
    data.label = null;
    data.zIndex = 0;
    data.forceLabel = mark !== undefined;
    data.highlighted = false;
  } else if (emphasis && !emphasis.nodes.has(key)) {
    data.color = DIMMED_NODE_COLOR;
    data.size = Math.max(1.5, (data.size ?? 2) * 0.7);
    data.label = null;
    data.zIndex = 0;
    data.forceLabel = mark !== undefined;
    data.highlighted = false;
  } else if (emphasis) {
    const primary = emphasis.primary.has(key);
    data.zIndex = primary ? 2 : 1;
    data.forceLabel = primary || emphasis.labelAll || mark !== undefined;
    data.highlighted = primary;
  } else if (mark !== undefined) {
    data.forceLabel = true;
  }
  if (mark !== undefined) {
    data.mark = mark;
    data.size = Math.max(data.size ?? 0, 4);
  }
  if (model.library?.has(key)) {
    data.type = LIBRARY_NODE_TYPE;
    data.size = Math.max(data.size ?? 0, 5);
  }
  return data;
}

export function edgeDisplay(model: DisplayModel, key: string, data: Partial<EdgeDisplayData>): Partial<EdgeDisplayData> {
  const { emphasis } = model;
  if (model.edges && !model.edges.has(key)) {
    data.hidden = true;
    return data;
  }
  if (!emphasis) return data;
  const distance = emphasis.edges.get(key);
  if (emphasis.strongEdges.has(key)) {
    data.color = PATH_EDGE_COLOR;
    data.size = 3;
    data.zIndex = 2;
  } else if (distance === undefined) data.hidden = true;
  else {
    // Fainter and thinner with each step from the selection.
    data.color = distance <= 1 ? EMPHASISED_EDGE_COLOR : distance === 2 ? NEAR_EDGE_COLOR : FAR_EDGE_COLOR;
    data.size = distance <= 1 ? 1.2 : distance === 2 ? 0.9 : 0.7;
    data.zIndex = 1;
  }
  return data;
}

/** Papers and citations to redraw, or "all". */
export interface DisplayChange {
  nodes: "all" | string[];
  edges: "all" | string[];
}

function symmetricDifference(a: ReadonlySet<string> | null | undefined, b: ReadonlySet<string> | null | undefined, into: Set<string>): void {
  if (a === b) return;
  for (const k of a ?? []) if (!b?.has(k)) into.add(k);
  for (const k of b ?? []) if (!a?.has(k)) into.add(k);
}

/** What changes between two models of one graph. */
export function displayChange(graph: CitationGraph, before: DisplayModel, after: DisplayModel): DisplayChange {
  const e0 = before.emphasis;
  const e1 = after.emphasis;
  // Emphasis on or off dims or restores every paper and hides or shows every citation.
  if ((e0 === null) !== (e1 === null)) return { nodes: "all", edges: "all" };
  const nodes = new Set<string>();
  const edges = new Set<string>();
  if (e0 && e1 && e0 !== e1) {
    symmetricDifference(e0.nodes, e1.nodes, nodes);
    symmetricDifference(e0.faint, e1.faint, nodes);
    symmetricDifference(e0.primary, e1.primary, nodes);
    if (e0.labelAll !== e1.labelAll) {
      for (const k of e0.nodes) nodes.add(k);
      for (const k of e1.nodes) nodes.add(k);
    }
    for (const [k, d] of e0.edges) if (e1.edges.get(k) !== d) edges.add(k);
    for (const k of e1.edges.keys()) if (!e0.edges.has(k)) edges.add(k);
    symmetricDifference(e0.strongEdges, e1.strongEdges, edges);
  }
  symmetricDifference(before.edges, after.edges, edges);
  const unhidden = new Set<string>();
  symmetricDifference(before.hidden, after.hidden, unhidden);
  for (const k of unhidden) {
    nodes.add(k);
    // Sigma draws a citation only when both its papers are drawn: it is redrawn with them.
    if (graph.hasNode(k)) graph.forEachEdge(k, (edge) => edges.add(edge));
  }
  if (before.library !== after.library) symmetricDifference(before.library, after.library, nodes);
  if (before.marks !== after.marks) {
    for (const [k, v] of before.marks) if (after.marks.get(k) !== v) nodes.add(k);
    for (const k of after.marks.keys()) if (!before.marks.has(k)) nodes.add(k);
  }
  return { nodes: [...nodes].filter((k) => graph.hasNode(k)), edges: [...edges].filter((k) => graph.hasEdge(k)) };
}
