/**
 * Positions and communities for drawing the graph, computed once per database change and stored.
 * Layout: ForceAtlas2 (Jacomy, Venturini, Heymann & Bastian, "ForceAtlas2, a Continuous Graph
 * Layout Algorithm for Handy Network Visualization", PLoS ONE 2014), Barnes-Hut above 500
 * papers, citations inside a community pulling three times as hard as those between
 * communities, so clusters read as regions. Communities: Louvain (Blondel et al., "Fast unfolding
 * of communities in large networks", 2008) with a seeded random source, numbered so that they
 * keep their numbers (and colours) as the graph grows (graph/community-numbering.ts).
 *
 * A fresh layout starts from the communities' places (graph/layout-start.ts). A graph that grew
 * starts from the stored layout and is refined, not recomputed: new papers are placed beside the
 * papers they are linked to and find their places with the stored papers held still, then the new
 * papers and their neighbours settle together for a few iterations, no stored paper moving more
 * than MAX_DRIFT of the map's extent; everything else stays where it was, so the clusters a
 * reader has learnt stay where they were. Papers without a citation in
 * the map fill a disc beside it. Seeded throughout: the same graph (and the same stored layout)
 * always gets the same picture.
 */
import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import louvain from "graphology-communities-louvain";
import { matchNumbers, numberBySize } from "./community-numbering.ts";
import { extentOf, placeByCommunity, placeFromPrevious, placeIsolated, type Point } from "./layout-start.ts";

export interface Placement {
  id: string;
  x: number;
  y: number;
  community: number;
}

export interface LayoutOptions {
  seed?: number;
  /** The stored layout, when there is one: a graph that grew is refined from it. */
  previous?: ReadonlyMap<string, Placement>;
  /** Told the iterations done so far (they run in steps of ten: a long layout can say how far it is). */
  onProgress?: (done: number, total: number) => void;
}

/** mulberry32: a small seeded PRNG, so layouts and communities are reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function iterationsFor(order: number): number {
  if (order <= 500) return 300;
  if (order <= 5000) return 120;
  return 50;
}

/** Exact repulsion is O(n^2) per iteration; Barnes-Hut (theta 0.5) is O(n log n). */
const BARNES_HUT_ABOVE = 500;

/** Iterations run between two progress reports. */
const ITERATIONS_PER_STEP = 10;

/** How much harder a citation inside a community pulls than one between communities. */
export const INSIDE_COMMUNITY_WEIGHT = 3;

/** A stored layout is refined when it places at least this share of the papers laid out by force. */
export const REFINE_FROM = 0.5;

/** Refinement: iterations with the stored papers held still, then with the new papers' neighbours free too. */
export const REFINE_ITERATIONS = { newOnly: 40, neighbours: 10 };

/** In a refinement a stored paper moves at most this share of the stored map's extent. */
export const MAX_DRIFT = 0.02;

/** The undirected citation graph, as Louvain sees it (one edge per cited pair, no self-citations). */
export function undirectedGraph(ids: readonly string[], edges: readonly { citing: string; cited: string }[]): Graph {
  const graph = new Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  for (const id of ids) graph.addNode(id);
  for (const e of edges) if (e.citing !== e.cited) graph.mergeEdge(e.citing, e.cited);
  return graph;
}

/** Louvain's partition of `graph`, numbered by size, or as `previous` numbered the same papers. */
export function layoutCommunities(graph: Graph, ids: readonly string[], seed: number, previous?: ReadonlyMap<string, number>): Map<string, number> {
  const raw: Record<string, number> = graph.size > 0 ? louvain(graph, { rng: seededRandom(seed) }) : {};
  const label = (id: string) => raw[id] ?? 0;
  return previous && previous.size > 0 ? matchNumbers(ids, label, previous) : numberBySize(ids, label);
}

/** Positions and communities for `ids` linked by `edges`. */
export function computeLayout(ids: readonly string[], edges: readonly { citing: string; cited: string }[], options: LayoutOptions = {}): Placement[] {
  const { seed = 42, previous, onProgress = () => undefined } = options;
  if (ids.length === 0) return [];
  const graph = undirectedGraph(ids, edges);
  const stored = previous ? new Map([...previous].map(([id, p]) => [id, p.community])) : undefined;
  const community = layoutCommunities(graph, ids, seed, stored);

  const isolated = ids.filter((id) => graph.degree(id) === 0);
  for (const id of isolated) graph.dropNode(id);
  graph.forEachEdge((edge, _a, source, target) => graph.setEdgeAttribute(edge, "weight", community.get(source) === community.get(target) ? INSIDE_COMMUNITY_WEIGHT : 1));

  let placedBefore = 0;
  if (previous) graph.forEachNode((id) => void (previous.has(id) && placedBefore++));
  const refine = previous !== undefined && graph.order > 0 && placedBefore >= REFINE_FROM * graph.order;
  if (refine) refineLayout(graph, previous, onProgress);
  else if (graph.order > 0) {
    placeByCommunity(graph, community, seededRandom(seed));
    runForceAtlas2(graph, iterationsFor(graph.order), 0, iterationsFor(graph.order), onProgress);
  }

  const laidOut: Point[] = [];
  graph.forEachNode((_id, a) => void laidOut.push({ x: a.x as number, y: a.y as number }));
  const aside = placeIsolated(isolated, laidOut, refine && previous ? previous : new Map());
  return ids.map((id) => {
    const p = graph.hasNode(id) ? (graph.getNodeAttributes(id) as Point) : (aside.get(id) ?? { x: 0, y: 0 });
    return { id, x: round(p.x), y: round(p.y), community: community.get(id) ?? 0 };
  });
}

/** Starts from the stored positions; new papers settle first, then with their neighbours. */
function refineLayout(graph: Graph, previous: ReadonlyMap<string, Point>, onProgress: (done: number, total: number) => void): void {
  const fresh = placeFromPrevious(graph, previous);
  const { newOnly, neighbours } = REFINE_ITERATIONS;
  const total = fresh.size > 0 ? newOnly + neighbours : 0;
  if (total === 0) return onProgress(0, 0);
  graph.forEachNode((id) => graph.setNodeAttribute(id, "fixed", !fresh.has(id)));
  runForceAtlas2(graph, newOnly, 0, total, onProgress);
  for (const id of fresh) graph.forEachNeighbor(id, (other) => graph.setNodeAttribute(other, "fixed", false));
  runForceAtlas2(graph, neighbours, newOnly, total, onProgress);
  graph.forEachNode((id) => graph.removeNodeAttribute(id, "fixed"));
  // A stored paper that gained many links (its own page arrived) would be pulled across the map:
  // it keeps its place, within MAX_DRIFT, and its new neighbours gather round it.
  const limit = MAX_DRIFT * extentOf([...previous.values()]);
  graph.forEachNode((id, a) => {
    const was = previous.get(id);
    if (!was) return;
    const dx = (a.x as number) - was.x;
    const dy = (a.y as number) - was.y;
    const moved = Math.hypot(dx, dy);
    if (moved > limit) graph.mergeNodeAttributes(id, { x: was.x + (dx * limit) / moved, y: was.y + (dy * limit) / moved });
  });
}

function runForceAtlas2(graph: Graph, iterations: number, before: number, total: number, onProgress: (done: number, total: number) => void): void {
  const settings = Object.assign({}, forceAtlas2.inferSettings(graph), { barnesHutOptimize: graph.order > BARNES_HUT_ABOVE });
  for (let done = 0; done < iterations;) {
    const step = Math.min(ITERATIONS_PER_STEP, iterations - done);
    forceAtlas2.assign(graph, { iterations: step, settings });
    done += step;
    onProgress(before + done, total);
  }
}

function round(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
}
