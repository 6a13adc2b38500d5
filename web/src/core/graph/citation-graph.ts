/**
 * The graph sigma draws, derived from the API's graph (gephi-lite's `dataGraphToSigmaGraph`): one
 * graphology instance, cleared and refilled when a new graph arrives. It holds data only (titles,
 * years, the precomputed ForceAtlas2 positions, colours by direction, sizes by citations); hover,
 * selection, highlighted sets and paths are applied by reducers (see emphasis.ts), never written here.
 *
 * Every citation is kept in a graph of links of its own (`LinkGraph`, keys only), which emphasis,
 * counts and paths read; the graph sigma draws holds every paper but only the citations on show
 * (edge-budget.ts): sigma processes and draws every citation it holds in every frame, and AAN's
 * 95,000 are a grey haze at the overview that costs seconds per frame in software GL. A large
 * graph is prepared a slice at a time (`prepareInSlices`), so no task of the load runs long.
 */
import Graph from "graphology";
import type { GraphPayload } from "../api/types.ts";
import { CitationLinks, type LinkGraph } from "./citation-links.ts";
import { toColumns, type GraphColumns } from "./graph-columns.ts";
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
  /**
   * Papers of the map citing it: counted over every citation, not over those the map draws (a
   * large map draws a few thousand; web/src/core/graph/edge-budget.ts).
   */
  citedInMap: number;
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

export type { LinkGraph } from "./citation-links.ts";

export function createCitationGraph(): CitationGraph {
  return new Graph<CitationNodeAttributes, CitationEdgeAttributes>({ type: "directed", multi: false, allowSelfLoops: false });
}

/** The links of a graph not loaded yet. */
export function noLinks(): LinkGraph {
  return new CitationLinks([], new Int32Array(0), new Int32Array(0));
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

type NodeEntry = { key: string; attributes: CitationNodeAttributes };
type EdgeEntry = { key: string; source: string; target: string };

/** The API graph made ready to draw: papers with their attributes, every citation in `links`. */
export interface PreparedGraph {
  nodes: NodeEntry[];
  links: LinkGraph;
  report: LoadReport;
}

function orNull(v: number | undefined): number | null {
  return v !== undefined && Number.isFinite(v) ? v : null;
}

/**
 * Papers are drawn smaller on a crowded map: full size up to 4,000 papers, then as 1/√papers, to
 * half size (AAN). At the overview a 19,000-paper map's discs at full size cover one another
 * (the "confetti hairball"), and in software GL each drawn pixel costs the main thread.
 */
export function sizeScaleFor(papers: number): number {
  return Math.min(1, Math.max(0.5, Math.sqrt(4000 / Math.max(1, papers))));
}

/** Paper `i` of the columns, as the graph sigma draws holds it. */
function nodeEntry(c: GraphColumns, i: number, scale: number, citedInMap: number): NodeEntry {
  const key = c.keys[i] ?? "";
  const x = finite(c.x[i], 0);
  const y = finite(c.y[i], 0);
  const citedByCount = finite(c.citedBy[i], 0);
  const title = c.titles[i] ?? c.labels[i] ?? key;
  const direction = c.direction[i] ?? null;
  return {
    key,
    attributes: {
      x,
      y,
      forceX: x,
      forceY: y,
      size: finite(c.size[i], sizeForCitations(citedByCount)) * scale,
      color: opaqueColor(c.colors[i] || FALLBACK_NODE_COLOR),
      label: shortLabel(c.labels[i] ?? title),
      title,
      year: orNull(c.year[i]),
      stub: c.stub[i] === 1,
      citedByCount,
      citedInMap,
      direction,
      directions: c.directions[i] ?? (direction ? [direction] : []),
      community: c.community[i] ?? 0,
      arxivId: c.arxivIds[i] ?? null,
    },
  };
}

/**
 * Prepares the graph's columns: papers with their attributes, yielding after every `step` so
 * that a caller may let the browser run in between, then the citations' links (typed arrays:
 * quick); returns the prepared graph.
 */
function* prepare(c: GraphColumns, step: number): Generator<void, PreparedGraph> {
  const nodes: NodeEntry[] = [];
  let unplaced = 0;
  const scale = sizeScaleFor(c.keys.length);
  const citedInMap = new Uint32Array(c.keys.length);
  for (const t of c.cited) if (t >= 0 && t < citedInMap.length) citedInMap[t] = (citedInMap[t] ?? 0) + 1;
  for (let i = 0; i < c.keys.length; i++) {
    if (!(Number.isFinite(c.x[i]) && Number.isFinite(c.y[i]))) unplaced++;
    nodes.push(nodeEntry(c, i, scale, citedInMap[i] ?? 0));
    if (i % step === step - 1) yield;
  }
  const links = new CitationLinks(c.keys, c.citing, c.cited);
  return { nodes, links, report: { nodes: nodes.length, edges: links.size, unplaced, droppedEdges: c.droppedEdges } };
}

/** Prepares the graph in one go (small graphs, tests). */
export function prepareGraph(data: GraphColumns): PreparedGraph {
  const steps = prepare(data, Number.MAX_SAFE_INTEGER);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Prepares the graph a slice of about `budgetMs` at a time, yielding to the browser between slices; null when cancelled. */
export async function prepareInSlices(data: GraphColumns, cancelled: () => boolean, budgetMs = 25): Promise<PreparedGraph | null> {
  let prepared: PreparedGraph | null = null;
  const steps = prepare(data, 256);
  const collect = (function* () {
    prepared = yield* steps;
  })();
  return (await runInSlices(collect, cancelled, budgetMs)) ? prepared : null;
}

/** The citations `keys` of `links`, as the graph sigma draws takes them. */
export function edgeEntries(links: LinkGraph, keys: Iterable<string>): EdgeEntry[] {
  const out: EdgeEntry[] = [];
  for (const key of keys) if (links.hasEdge(key)) out.push({ key, source: links.source(key), target: links.target(key) });
  return out;
}

/**
 * Replaces what sigma draws with the prepared graph's papers and the citations `edges`, yielding
 * after every `step` additions: sigma reduces each paper as it arrives, so a large graph goes in
 * over several tasks (and is processed whole once the last slice is in).
 */
export function* showInSteps(graph: CitationGraph, prepared: PreparedGraph, edges: Iterable<string>, step: number): Generator<void, void> {
  graph.clear();
  let n = 0;
  for (const { key, attributes } of prepared.nodes) {
    graph.addNode(key, attributes);
    if (++n % step === 0) yield;
  }
  for (const e of edgeEntries(prepared.links, edges)) {
    graph.addDirectedEdgeWithKey(e.key, e.source, e.target, { kind: "cites" });
    if (++n % step === 0) yield;
  }
}

/** Replaces what sigma draws with the prepared graph's papers and the citations `edges`, at once. */
export function showGraph(graph: CitationGraph, prepared: PreparedGraph, edges: Iterable<string>): void {
  const steps = showInSteps(graph, prepared, edges, Number.MAX_SAFE_INTEGER);
  while (!steps.next().done);
}

/** Runs a generator's steps a slice of about `budgetMs` at a time, yielding to the browser between slices; false when cancelled. */
export async function runInSlices(steps: Generator<void, unknown>, cancelled: () => boolean, budgetMs = 25): Promise<boolean> {
  let sliceStart = performance.now();
  for (;;) {
    if (steps.next().done) return true;
    if (performance.now() - sliceStart < budgetMs) continue;
    await new Promise<void>((done) => setTimeout(done, 0));
    if (cancelled()) return false;
    sliceStart = performance.now();
  }
}

/** Replaces the graph's contents with the API graph and every citation (small graphs, tests). */
export function loadCitationGraph(graph: CitationGraph, data: Pick<GraphPayload, "nodes" | "edges">): LoadReport {
  const prepared = prepareGraph(toColumns(data));
  showGraph(graph, prepared, prepared.links.edges());
  return prepared.report;
}
