/**
 * Where ForceAtlas2 starts (graph/layout.ts), which decides most of what the map looks like and
 * whether it keeps its shape:
 * - a fresh map starts from its communities: the graph of communities (one node per community,
 *   edges weighted by the citations between them) is laid out first, and each paper starts near
 *   its community's place, so that the force layout separates clusters instead of untangling a
 *   random cloud (on AAN, 50 iterations from random positions leave every community spread over
 *   the whole disc);
 * - a map that grew starts where it was: stored papers at their stored positions, each new paper
 *   beside the papers it is linked to (the mean of their positions, a little apart by a hash of its
 *   id), a new cluster linked to nothing stored at the rim;
 * - papers without a citation in the map are not laid out by force at all (strong gravity pushes
 *   them into arcs round the map, which frame nothing): they fill a disc of their own beside it,
 *   in a sunflower pattern (Vogel, "A better way to construct the sunflower head", Math.
 *   Biosciences 1979), stored ones keeping their places.
 * Every random choice comes from the seeded source or a hash of the id: same input, same start.
 */
import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";

export interface Point {
  x: number;
  y: number;
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

/** The radius fresh layouts start within, as graph/layout.ts always has: 10 units per √paper. */
export function startRadius(papers: number): number {
  return Math.sqrt(papers) * 10 + 1;
}

/**
 * Puts every node of `graph` near its community's place in a layout of the community graph, so
 * that communities start apart; each spreads over a disc whose area grows with its size.
 */
export function placeByCommunity(graph: Graph, communityOf: ReadonlyMap<string, number>, random: () => number): void {
  const radius = startRadius(graph.order);
  const sizes = new Map<number, number>();
  graph.forEachNode((id) => {
    const c = communityOf.get(id) ?? 0;
    sizes.set(c, (sizes.get(c) ?? 0) + 1);
  });
  const communities = new Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  for (const [c, size] of [...sizes.entries()].sort((a, b) => a[0] - b[0])) {
    communities.addNode(String(c), { x: (random() - 0.5) * radius, y: (random() - 0.5) * radius, size });
  }
  graph.forEachEdge((_edge, _attributes, source, target) => {
    const a = String(communityOf.get(source) ?? 0);
    const b = String(communityOf.get(target) ?? 0);
    if (a === b) return;
    if (communities.hasEdge(a, b)) communities.updateEdgeAttribute(a, b, "weight", (w: unknown) => (typeof w === "number" ? w : 0) + 1);
    else communities.addEdge(a, b, { weight: 1 });
  });
  if (communities.size > 0) {
    const settings = Object.assign({}, forceAtlas2.inferSettings(communities), { barnesHutOptimize: communities.order > 2000, scalingRatio: 20, gravity: 1, strongGravityMode: false });
    forceAtlas2.assign(communities, { iterations: 500, settings });
  }
  let extent = 0;
  communities.forEachNode((_c, a) => {
    extent = Math.max(extent, Math.hypot(a.x as number, a.y as number));
  });
  const scale = radius / 2 / (extent || 1);
  graph.forEachNode((id) => {
    const c = communities.getNodeAttributes(String(communityOf.get(id) ?? 0));
    const spread = Math.sqrt(sizes.get(communityOf.get(id) ?? 0) ?? 1) * 3;
    const angle = random() * 2 * Math.PI;
    const r = Math.sqrt(random()) * spread;
    graph.mergeNodeAttributes(id, { x: (c.x as number) * scale + Math.cos(angle) * r, y: (c.y as number) * scale + Math.sin(angle) * r });
  });
}

/**
 * Starts every node of `graph` from `previous` where it has a position there; the others beside
 * their placed neighbours, in rounds (a paper linked only to new papers waits for them), and what
 * is linked to nothing placed on the rim. Returns the papers that had no stored position.
 */
export function placeFromPrevious(graph: Graph, previous: ReadonlyMap<string, Point>): Set<string> {
  const placed = new Map<string, Point>();
  const fresh = new Set<string>();
  graph.forEachNode((id) => {
    const p = previous.get(id);
    if (p) placed.set(id, p);
    else fresh.add(id);
  });
  const spacing = typicalSpacing([...placed.values()]);
  let waiting = [...fresh].sort();
  while (waiting.length > 0) {
    const next: string[] = [];
    const round = new Map<string, Point>();
    for (const id of waiting) {
      let sx = 0;
      let sy = 0;
      let n = 0;
      graph.forEachNeighbor(id, (other) => {
        const p = placed.get(other);
        if (!p) return;
        sx += p.x;
        sy += p.y;
        n++;
      });
      if (n === 0) next.push(id);
      else {
        const angle = hashUnit(id) * 2 * Math.PI;
        const r = spacing * (0.5 + hashUnit(`${id}#r`));
        round.set(id, { x: sx / n + Math.cos(angle) * r, y: sy / n + Math.sin(angle) * r });
      }
    }
    for (const [id, p] of round) placed.set(id, p);
    if (round.size === 0) {
      // Linked to nothing placed: a new cluster of its own, started on the rim, its papers together.
      const { centre, radius } = circleOf([...placed.values()]);
      for (const id of next) {
        const seed = clusterSeed(graph, id);
        const angle = hashUnit(seed) * 2 * Math.PI;
        const jitter = hashUnit(`${id}#j`) * 2 * Math.PI;
        placed.set(id, { x: centre.x + Math.cos(angle) * radius * 1.1 + Math.cos(jitter) * spacing * 3, y: centre.y + Math.sin(angle) * radius * 1.1 + Math.sin(jitter) * spacing * 3 });
      }
      break;
    }
    waiting = next;
  }
  graph.forEachNode((id) => {
    const p = placed.get(id);
    if (p) graph.mergeNodeAttributes(id, { x: p.x, y: p.y });
  });
  return fresh;
}

/** The smallest id of the papers connected to `id` (its component's name, found breadth first). */
function clusterSeed(graph: Graph, id: string): string {
  let least = id;
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0 && seen.size < 10_000) {
    const at = queue.shift() as string;
    graph.forEachNeighbor(at, (other) => {
      if (seen.has(other)) return;
      seen.add(other);
      queue.push(other);
      if (other < least) least = other;
    });
  }
  return least;
}

/** The centre of a set of points and the distance to its farthest one. */
export function circleOf(points: readonly Point[]): { centre: Point; radius: number } {
  if (points.length === 0) return { centre: { x: 0, y: 0 }, radius: 0 };
  let cx = 0;
  let cy = 0;
  for (const p of points) {
    cx += p.x;
    cy += p.y;
  }
  cx /= points.length;
  cy /= points.length;
  let radius = 0;
  for (const p of points) radius = Math.max(radius, Math.hypot(p.x - cx, p.y - cy));
  return { centre: { x: cx, y: cy }, radius };
}

/** The smallest box holding every point (infinite bounds when there is none). */
export function boundsOf(points: readonly Point[]): { minX: number; maxX: number; minY: number; maxY: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  return { minX, maxX, minY, maxY };
}

/** The larger side of the box holding the points (0 for none). */
export function extentOf(points: readonly Point[]): number {
  const { minX, maxX, minY, maxY } = boundsOf(points);
  return Number.isFinite(minX) ? Math.max(maxX - minX, maxY - minY) : 0;
}

/** About the distance between neighbouring points: the side of each point's share of the area. */
export function typicalSpacing(points: readonly Point[]): number {
  if (points.length < 2) return 10;
  const { minX, maxX, minY, maxY } = boundsOf(points);
  return Math.sqrt(Math.max(1e-6, (maxX - minX) * (maxY - minY)) / points.length) || 10;
}

/** The golden angle: consecutive sunflower slots are this far apart. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/** Slot `k` of a sunflower disc round `centre` with `spacing` between neighbouring slots. */
export function sunflowerSlot(k: number, centre: Point, spacing: number): Point {
  const r = spacing * Math.sqrt(k + 0.5);
  return { x: centre.x + r * Math.cos(k * GOLDEN_ANGLE), y: centre.y + r * Math.sin(k * GOLDEN_ANGLE) };
}

/** Papers without a citation are packed closer than the map's own papers: they are context, not structure. */
export const ISOLATED_SPACING = 0.4;

/**
 * Positions for papers without a citation in the map: a disc right of the laid-out papers
 * (`map`), stored ones where they were, new ones in the slots after theirs, in id order.
 */
export function placeIsolated(ids: readonly string[], map: readonly Point[], previous: ReadonlyMap<string, Point>): Map<string, Point> {
  const out = new Map<string, Point>();
  const kept = ids.filter((id) => previous.has(id));
  const fresh = ids.filter((id) => !previous.has(id)).sort();
  for (const id of kept) out.set(id, previous.get(id) as Point);
  if (fresh.length === 0) return out;
  const spacing = ISOLATED_SPACING * (map.length >= 2 ? typicalSpacing(map) : 10);
  let centre: Point;
  if (kept.length > 0) centre = circleOf(kept.map((id) => previous.get(id) as Point)).centre;
  else {
    const { maxX, minY, maxY } = boundsOf(map);
    const discRadius = spacing * Math.sqrt(ids.length + 0.5);
    centre = map.length > 0 ? { x: maxX + spacing * 4 + discRadius, y: (minY + maxY) / 2 } : { x: 0, y: 0 };
  }
  fresh.forEach((id, j) => out.set(id, sunflowerSlot(kept.length + j, centre, spacing)));
  return out;
}
