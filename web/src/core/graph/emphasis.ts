/**
 * What the graph emphasises and how: the hovered paper and its neighbours, else an influence path,
 * else the lineage view's main path and key routes, else the highlighted builds-on/built-by set,
 * else the selected paper's neighbourhood. Each citation drawn carries its distance from the
 * selection (1: the selected paper's own; 2: the next ring), and the map fades it with that
 * distance; a paper's neighbourhood shows its neighbours' own citations too, faintly, when they
 * are few. Computed over every citation of the graph (its links, citation-graph.ts) and drawn
 * through display.ts's reducers; the graph itself is never written. Every lookup there is O(1),
 * since reducers run for each of ~10^5 items.
 */
import type { LinkGraph } from "./citation-graph.ts";
import type { Route, RouteStep } from "../lineage/main-path.ts";

export interface EmphasisInput {
  hovered: string | null;
  selected: string | null;
  /** The builds-on or built-by set of the selected paper, when one is highlighted. */
  highlighted: ReadonlySet<string> | null;
  /** Influence chains (node keys, FROM first) and which of them is shown in the list. */
  path: { chains: readonly (readonly string[])[]; current: number } | null;
  /** The lineage view: the main path first (drawn strongest), then key routes; each oldest first. */
  lineage?: readonly Route[] | null;
}

export interface Emphasis {
  /** Papers drawn in colour; the rest are dimmed. */
  nodes: ReadonlySet<string>;
  /** Papers drawn faded: reached only by the next ring's citations. */
  faint: ReadonlySet<string>;
  /** Papers drawn with a label and a halo. */
  primary: ReadonlySet<string>;
  /** Citations drawn, each with its distance from the selection (1 nearest); the rest are hidden. */
  edges: ReadonlyMap<string, number>;
  /** Citations drawn strongest (the chain shown in the list), also in `edges`. */
  strongEdges: ReadonlySet<string>;
  /** Label every emphasised paper (small sets only). */
  labelAll: boolean;
}

const LABEL_ALL_BELOW = 40;

/** A paper's neighbourhood shows its neighbours' own citations when they are at most this many. */
export const NEXT_RING_MAX = 1_500;

const NONE: ReadonlySet<string> = new Set();

function neighbourhood(graph: LinkGraph, key: string, extraPrimary: (string | null)[]): Emphasis {
  const nodes = new Set<string>([key]);
  const edges = new Map<string, number>();
  graph.forEachEdge(key, (edge, _a, source, target) => {
    edges.set(edge, 1);
    nodes.add(source);
    nodes.add(target);
  });
  // The next ring: the neighbours' other citations, faint, when they are few enough to read.
  let ring = 0;
  for (const n of nodes) if (n !== key) ring += graph.degree(n) - 1;
  const faint = new Set<string>();
  if (ring <= NEXT_RING_MAX) {
    for (const n of nodes) {
      if (n === key) continue;
      graph.forEachEdge(n, (edge, _a, source, target) => {
        if (edges.has(edge)) return;
        edges.set(edge, 2);
        for (const end of [source, target]) if (!nodes.has(end)) faint.add(end);
      });
    }
  }
  const primary = new Set<string>([key]);
  for (const k of extraPrimary) {
    if (!k || !graph.hasNode(k)) continue;
    nodes.add(k);
    faint.delete(k);
    primary.add(k);
  }
  return { nodes, faint, primary, edges, strongEdges: new Set(), labelAll: nodes.size <= LABEL_ALL_BELOW };
}

function chainEdges(graph: LinkGraph, chain: readonly string[], into: Set<string>): void {
  for (let i = 0; i + 1 < chain.length; i++) {
    const a = chain[i];
    const b = chain[i + 1];
    if (a === undefined || b === undefined || !graph.hasNode(a) || !graph.hasNode(b)) continue;
    const edge = graph.edge(a, b);
    if (edge !== undefined) into.add(edge);
  }
}

/** Citations from a paper of the newer step to one of the older step, and inside a collapsed cycle. */
function stepEdges(graph: LinkGraph, older: RouteStep, newer: RouteStep, into: Set<string>): void {
  const targets = new Set(older.filter((k) => graph.hasNode(k)));
  const cycle = new Set(newer.filter((k) => graph.hasNode(k)));
  for (const k of cycle) {
    graph.forEachOutEdge(k, (edge, _a, _source, target) => {
      if (targets.has(target) || cycle.has(target)) into.add(edge);
    });
  }
}

/** Every citation of `sets`, at distance 1 (the strong ones among them too). */
function atDistanceOne(...sets: ReadonlySet<string>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const set of sets) for (const k of set) out.set(k, 1);
  return out;
}

function lineageEmphasis(graph: LinkGraph, routes: readonly Route[], selected: string | null): Emphasis {
  const nodes = new Set<string>();
  const primary = new Set<string>();
  const edges = new Set<string>();
  const strongEdges = new Set<string>();
  routes.forEach((route, r) => {
    route.forEach((step, i) => {
      for (const k of step) if (graph.hasNode(k)) nodes.add(k);
      const listed = step[0];
      if (r === 0 && listed !== undefined && graph.hasNode(listed)) primary.add(listed);
      const older = route[i - 1];
      if (older) stepEdges(graph, older, step, r === 0 ? strongEdges : edges);
      else if (step.length > 1) stepEdges(graph, [], step, r === 0 ? strongEdges : edges);
    });
  });
  if (selected && graph.hasNode(selected)) {
    nodes.add(selected);
    primary.add(selected);
  }
  return { nodes, faint: NONE, primary, edges: atDistanceOne(strongEdges, edges), strongEdges, labelAll: nodes.size <= LABEL_ALL_BELOW };
}

/**
 * The citations among a highlighted set, each at its distance from the selected paper: one more
 * than the nearer of its papers' distances, counted over the set's own citations either way.
 */
function setEdges(graph: LinkGraph, nodes: ReadonlySet<string>, selected: string): Map<string, number> {
  const distance = new Map<string, number>([[selected, 0]]);
  const queue = [selected];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head] as string;
    const d = distance.get(at) ?? 0;
    graph.forEachNeighbor(at, (other) => {
      if (!nodes.has(other) || distance.has(other)) return;
      distance.set(other, d + 1);
      queue.push(other);
    });
  }
  const edges = new Map<string, number>();
  for (const k of nodes) {
    graph.forEachOutEdge(k, (edge, _a, source, target) => {
      if (!nodes.has(target)) return;
      edges.set(edge, Math.min(distance.get(source) ?? 2, distance.get(target) ?? 2) + 1);
    });
  }
  return edges;
}

/** The emphasis for the current state, or null when nothing is emphasised. */
export function computeEmphasis(graph: LinkGraph, input: EmphasisInput): Emphasis | null {
  const { hovered, selected, highlighted, path, lineage } = input;
  if (hovered && graph.hasNode(hovered)) return neighbourhood(graph, hovered, [selected]);

  if (path && path.chains.length > 0) {
    const nodes = new Set<string>();
    const edges = new Set<string>();
    const strongEdges = new Set<string>();
    for (const chain of path.chains) {
      for (const k of chain) if (graph.hasNode(k)) nodes.add(k);
      chainEdges(graph, chain, edges);
    }
    const current = path.chains[path.current] ?? path.chains[0] ?? [];
    chainEdges(graph, current, strongEdges);
    const primary = new Set(current.filter((k) => graph.hasNode(k)));
    if (selected && graph.hasNode(selected)) {
      nodes.add(selected);
      primary.add(selected);
    }
    return { nodes, faint: NONE, primary, edges: atDistanceOne(strongEdges, edges), strongEdges, labelAll: nodes.size <= LABEL_ALL_BELOW };
  }

  if (lineage && lineage.length > 0) return lineageEmphasis(graph, lineage, selected);

  if (selected && highlighted) {
    const nodes = new Set<string>();
    for (const k of highlighted) if (graph.hasNode(k)) nodes.add(k);
    if (graph.hasNode(selected)) nodes.add(selected);
    const edges = graph.hasNode(selected) ? setEdges(graph, nodes, selected) : new Map<string, number>();
    const primary = new Set(graph.hasNode(selected) ? [selected] : []);
    return { nodes, faint: NONE, primary, edges, strongEdges: new Set(), labelAll: nodes.size <= LABEL_ALL_BELOW };
  }

  if (selected && graph.hasNode(selected)) return neighbourhood(graph, selected, []);
  return null;
}
