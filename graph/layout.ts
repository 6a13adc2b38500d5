/**
 * Positions and communities for drawing the graph, computed once per database change and stored.
 * Layout: ForceAtlas2 (Jacomy, Venturini, Heymann & Bastian, "ForceAtlas2, a Continuous Graph
 * Layout Algorithm for Handy Network Visualization", PLoS ONE 2014), Barnes-Hut above 500
 * papers, from seeded start positions so the same graph always gets the same picture.
 * Communities: Louvain (Blondel et al., "Fast unfolding of communities in large networks", 2008)
 * with a seeded random source, used to colour papers that have no stated direction.
 */
import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import louvain from "graphology-communities-louvain";

export interface Placement {
  id: string;
  x: number;
  y: number;
  community: number;
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

/**
 * Positions and communities for `ids` linked by `edges`. `onProgress` is told the iterations
 * done so far (they run in steps of ten: a long layout can say how far it is).
 */
export function computeLayout(
  ids: readonly string[],
  edges: readonly { citing: string; cited: string }[],
  seed = 42,
  onProgress: (done: number, total: number) => void = () => undefined,
): Placement[] {
  const graph = new Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  const random = seededRandom(seed);
  const radius = Math.sqrt(ids.length) * 10 + 1;
  for (const id of ids) graph.addNode(id, { x: (random() - 0.5) * radius, y: (random() - 0.5) * radius });
  for (const e of edges) if (e.citing !== e.cited) graph.mergeEdge(e.citing, e.cited);
  if (ids.length === 0) return [];
  const communities = graph.size > 0 ? louvain(graph, { rng: seededRandom(seed) }) : {};
  // Papers no citation touches: ForceAtlas2 only pushes them apart and pulls them in, at the full
  // cost of every iteration (a bibliography of 100,000 entries and no citations took minutes).
  // They are laid out around the others instead (issue 29).
  const isolated = ids.filter((id) => graph.degree(id) === 0);
  if (isolated.length < ids.length) for (const id of isolated) graph.dropNode(id);
  else graph.clear();
  const order = graph.order;
  const settings = Object.assign({}, order > 0 ? forceAtlas2.inferSettings(graph) : {}, { barnesHutOptimize: order > BARNES_HUT_ABOVE });
  const total = order > 0 ? iterationsFor(order) : 0;
  for (let done = 0; done < total;) {
    const step = Math.min(ITERATIONS_PER_STEP, total - done);
    forceAtlas2.assign(graph, { iterations: step, settings });
    done += step;
    onProgress(done, total);
  }
  const around = aroundTheGraph(graph, isolated);
  return ids.map((id) => {
    const placed = around.get(id);
    return {
      id,
      x: round(placed?.x ?? (graph.getNodeAttribute(id, "x") as number)),
      y: round(placed?.y ?? (graph.getNodeAttribute(id, "y") as number)),
      community: communities[id] ?? 0,
    };
  });
}

/** Distance between neighbouring papers of the ring of uncited papers. */
const ISOLATED_SPACING = 10;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Positions for papers no citation touches, in their order: a sunflower (Vogel's spiral) ring
 * just outside the laid-out graph, one paper per ISOLATED_SPACING² of area, so they stay apart
 * from each other and from the graph, as ForceAtlas2's repulsion would leave them.
 */
function aroundTheGraph(graph: Graph, isolated: readonly string[]): Map<string, { x: number; y: number }> {
  let cx = 0;
  let cy = 0;
  graph.forEachNode((_, a) => {
    cx += a.x as number;
    cy += a.y as number;
  });
  if (graph.order > 0) {
    cx /= graph.order;
    cy /= graph.order;
  }
  let radius = 0;
  graph.forEachNode((_, a) => {
    radius = Math.max(radius, Math.hypot((a.x as number) - cx, (a.y as number) - cy));
  });
  const inner = graph.order > 0 ? radius + ISOLATED_SPACING : 0;
  const placed = new Map<string, { x: number; y: number }>();
  isolated.forEach((id, k) => {
    const r = Math.sqrt(inner * inner + (k + 0.5) * ISOLATED_SPACING * ISOLATED_SPACING);
    const angle = k * GOLDEN_ANGLE;
    placed.set(id, { x: cx + r * Math.cos(angle), y: cy + r * Math.sin(angle) });
  });
  return placed;
}

function round(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
}
