/**
 * What the graph emphasises and how: the hovered paper and its neighbours, else an influence path,
 * else the lineage view's main path and key routes, else the highlighted builds-on/built-by set,
 * else the selected paper's neighbourhood. Drawn through display.ts's reducers; the graph itself
 * is never written. Every lookup there is O(1), since reducers run for each of ~10^5 items.
 */
import type { CitationGraph } from "./citation-graph.ts";
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
  /** Papers drawn with a label and a halo. */
  primary: ReadonlySet<string>;
  /** Citations drawn; the rest are hidden. */
  edges: ReadonlySet<string>;
  /** Citations drawn strongest (the chain shown in the list). */
  strongEdges: ReadonlySet<string>;
  /** Label every emphasised paper (small sets only). */
  labelAll: boolean;
}

const LABEL_ALL_BELOW = 40;

function neighbourhood(graph: CitationGraph, key: string, extraPrimary: (string | null)[]): Emphasis {
  const nodes = new Set<string>([key]);
  const edges = new Set<string>();
  graph.forEachEdge(key, (edge, _a, source, target) => {
    edges.add(edge);
    nodes.add(source);
    nodes.add(target);
  });
  const primary = new Set<string>([key]);
  for (const k of extraPrimary) {
    if (!k || !graph.hasNode(k)) continue;
    nodes.add(k);
    primary.add(k);
  }
  return { nodes, primary, edges, strongEdges: new Set(), labelAll: nodes.size <= LABEL_ALL_BELOW };
}

function chainEdges(graph: CitationGraph, chain: readonly string[], into: Set<string>): void {
  for (let i = 0; i + 1 < chain.length; i++) {
    const a = chain[i];
    const b = chain[i + 1];
    if (a === undefined || b === undefined || !graph.hasNode(a) || !graph.hasNode(b)) continue;
    const edge = graph.edge(a, b);
    if (edge !== undefined) into.add(edge);
  }
}

/** Citations from a paper of the newer step to one of the older step, and inside a collapsed cycle. */
function stepEdges(graph: CitationGraph, older: RouteStep, newer: RouteStep, into: Set<string>): void {
  const targets = new Set(older.filter((k) => graph.hasNode(k)));
  const cycle = new Set(newer.filter((k) => graph.hasNode(k)));
  for (const k of cycle) {
    graph.forEachOutEdge(k, (edge, _a, _source, target) => {
      if (targets.has(target) || cycle.has(target)) into.add(edge);
    });
  }
}

function lineageEmphasis(graph: CitationGraph, routes: readonly Route[], selected: string | null): Emphasis {
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
  return { nodes, primary, edges, strongEdges, labelAll: nodes.size <= LABEL_ALL_BELOW };
}

/** The emphasis for the current state, or null when nothing is emphasised. */
export function computeEmphasis(graph: CitationGraph, input: EmphasisInput): Emphasis | null {
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
    return { nodes, primary, edges, strongEdges, labelAll: nodes.size <= LABEL_ALL_BELOW };
  }

  if (lineage && lineage.length > 0) return lineageEmphasis(graph, lineage, selected);

  if (selected && highlighted) {
    const nodes = new Set<string>();
    for (const k of highlighted) if (graph.hasNode(k)) nodes.add(k);
    if (graph.hasNode(selected)) nodes.add(selected);
    const edges = new Set<string>();
    for (const k of nodes) {
      graph.forEachOutEdge(k, (edge, _a, _source, target) => {
        if (nodes.has(target)) edges.add(edge);
      });
    }
    const primary = new Set(graph.hasNode(selected) ? [selected] : []);
    return { nodes, primary, edges, strongEdges: new Set(), labelAll: nodes.size <= LABEL_ALL_BELOW };
  }

  if (selected && graph.hasNode(selected)) return neighbourhood(graph, selected, []);
  return null;
}
