/**
 * The map's clusters as regions, the way a geographic map draws countries (after GMap: Gansner,
 * Hu & Kobourov, "GMap: Visualizing graphs and clusters as maps", IEEE PacificVis 2010, which
 * turns a clustered graph layout into country-like regions). Here the regions come from density:
 * each group's papers (a stated direction, else a labelled community: what the paper's colour
 * says) are spread over a grid with a small Gaussian kernel; each cell belongs to the group
 * densest there, when any is dense enough; each group's share is traced with marching squares
 * into closed outlines (interpolated, so they follow the density and not the cells) and the
 * label goes at the point of the region deepest inside it (a distance transform over its cells).
 * Regions never overlap, papers a filter hides count for nothing (a hidden cluster has no region
 * and no label), a group's stray papers far from the rest make no island of their own (islands
 * under MIN_ISLAND cells or MIN_ISLAND_PAPERS papers are dropped), and a hole no other group claims is filled (a paper's
 * references laid out in a ring round it make a disc, not an annulus). The grid is finer for
 * more papers (about 0.6 cells per √paper, 24 to 90 along the longer side). Pure: graph
 * coordinates in, outlines out.
 */

import { framedBounds } from "./camera.ts";

export interface RegionPoint {
  x: number;
  y: number;
  /** The group the paper belongs to, or null (small communities, stubs: no region). */
  group: string | null;
}

export interface RegionGroup {
  key: string;
  label: string;
  color: string;
  /**
   * Its papers are put together by the layout itself (the disc of papers no citation touches):
   * its region is drawn however few they are, since its name says why they are there.
   */
  placed?: boolean;
}

export interface Region extends RegionGroup {
  /** Closed outlines in graph coordinates (islands and holes alike: filled with even-odd). */
  rings: { x: number; y: number }[][];
  /** Where the label goes: the point deepest inside the region's largest island. */
  anchor: { x: number; y: number };
  /** Papers of the group in the region's cells. */
  papers: number;
  /** Cells owned (the region's area, for ordering labels by size). */
  cells: number;
}

export interface RegionOptions {
  /** Cells along the longer side of the map (by default from the number of papers). */
  resolution?: number;
  /** Density a cell needs to belong to a region, in papers per cell (after the kernel). */
  threshold?: number;
}

/** Cells along the longer side for a map of `papers`. */
export function resolutionFor(papers: number): number {
  return Math.min(90, Math.max(24, Math.round(Math.sqrt(papers) * 0.6)));
}

/**
 * Islands smaller than this many cells, holding under MIN_ISLAND_SHARE of the group's papers, or
 * fewer than MIN_ISLAND_PAPERS papers, are dropped: a region gathers papers, and a blob round one
 * or two papers (a small map's scattered papers, each in a bubble of its own) says nothing.
 */
export const MIN_ISLAND = 6;
export const MIN_ISLAND_SHARE = 0.03;
export const MIN_ISLAND_PAPERS = 3;

/** The Gaussian kernel (sigma one cell, radius two). */
const KERNEL: { dx: number; dy: number; w: number }[] = [];
for (let dx = -2; dx <= 2; dx++) for (let dy = -2; dy <= 2; dy++) KERNEL.push({ dx, dy, w: Math.exp(-(dx * dx + dy * dy) / 2) });

interface Grid {
  minX: number;
  minY: number;
  cell: number;
  w: number;
  h: number;
}

export function mapRegions(points: readonly RegionPoint[], groups: readonly RegionGroup[], options: RegionOptions = {}): Region[] {
  const placed = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const resolution = options.resolution ?? resolutionFor(placed.length);
  const threshold = options.threshold ?? 0.35;
  if (placed.length === 0 || groups.length === 0) return [];
  const { minX, maxX, minY, maxY } = framedBounds(placed);
  const cell = Math.max(maxX - minX, maxY - minY, 1e-9) / resolution;
  // Three cells of margin round the map: outlines close inside the grid.
  const grid: Grid = { minX: minX - 3 * cell, minY: minY - 3 * cell, cell, w: Math.ceil((maxX - minX) / cell) + 7, h: Math.ceil((maxY - minY) / cell) + 7 };
  const index = new Map(groups.map((g, i) => [g.key, i]));
  const density = groups.map(() => new Float32Array(grid.w * grid.h));
  // Papers of no group still claim space, so that regions stop where other papers are.
  const others = new Float32Array(grid.w * grid.h);
  const counts = groups.map(() => new Int32Array(grid.w * grid.h));
  for (const p of placed) {
    const gi = p.group === null ? undefined : index.get(p.group);
    const field = gi === undefined ? others : density[gi];
    if (!field) continue;
    const cx = Math.floor((p.x - grid.minX) / cell);
    const cy = Math.floor((p.y - grid.minY) / cell);
    if (gi !== undefined) {
      const c = counts[gi];
      if (c) c[cy * grid.w + cx] = (c[cy * grid.w + cx] ?? 0) + 1;
    }
    for (const { dx, dy, w } of KERNEL) {
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= grid.w || y >= grid.h) continue;
      field[y * grid.w + x] = (field[y * grid.w + x] ?? 0) + w;
    }
  }
  // Each cell to the densest group, when dense enough and denser than the papers of no group.
  const owner = new Int16Array(grid.w * grid.h).fill(-1);
  for (let i = 0; i < owner.length; i++) {
    let best = -1;
    let bestDensity = Math.max(threshold, others[i] ?? 0);
    density.forEach((field, gi) => {
      const d = field[i] ?? 0;
      if (d > bestDensity) {
        best = gi;
        bestDensity = d;
      }
    });
    owner[i] = best;
  }
  const regions: Region[] = [];
  groups.forEach((group, gi) => {
    const mask = new Uint8Array(owner.length);
    for (let i = 0; i < owner.length; i++) if (owner[i] === gi) mask[i] = 1;
    fillHoles(mask, owner, grid);
    const all = counts[gi];
    let total = 0;
    for (const v of all ?? []) total += v;
    const papersIn = (island: readonly number[]) => island.reduce((sum, i) => sum + (all?.[i] ?? 0), 0);
    const islands = components(mask, grid).filter((c) => c.length >= MIN_ISLAND && papersIn(c) >= Math.max(group.placed ? 1 : MIN_ISLAND_PAPERS, MIN_ISLAND_SHARE * total));
    if (islands.length === 0) return;
    const kept = new Uint8Array(owner.length);
    let papers = 0;
    let cells = 0;
    for (const island of islands) {
      for (const i of island) kept[i] = 1;
      papers += papersIn(island);
      cells += island.length;
    }
    if (papers === 0) return;
    const field = new Float32Array(owner.length);
    const d = density[gi];
    for (let i = 0; i < owner.length; i++) field[i] = kept[i] ? Math.max(d?.[i] ?? 0, threshold * 1.0001) : 0;
    const rings = contours(field, grid, threshold).filter((r) => r.length >= 4);
    const largest = islands.reduce((a, b) => (b.length > a.length ? b : a));
    regions.push({ ...group, rings: rings.map((r) => smooth(r)), anchor: deepestPoint(largest, grid), papers, cells });
  });
  return regions.sort((a, b) => b.cells - a.cells || (a.key < b.key ? -1 : 1));
}

/** The 4-connected components of a mask, as lists of cell indices. */
function components(mask: Uint8Array, grid: Grid): number[][] {
  const seen = new Uint8Array(mask.length);
  const out: number[][] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const list: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      list.push(i);
      for (const j of neighbours(i, grid)) {
        if (mask[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    out.push(list);
  }
  return out;
}

/** Cells no group owns that the outside cannot reach without crossing the mask join it. */
function fillHoles(mask: Uint8Array, owner: Int16Array, grid: Grid): void {
  const outside = new Uint8Array(mask.length);
  const stack: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    const x = i % grid.w;
    const y = (i - x) / grid.w;
    if ((x === 0 || y === 0 || x === grid.w - 1 || y === grid.h - 1) && !mask[i]) {
      outside[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    for (const j of neighbours(i, grid)) {
      if (mask[j] || outside[j]) continue;
      outside[j] = 1;
      stack.push(j);
    }
  }
  for (let i = 0; i < mask.length; i++) if (!mask[i] && !outside[i] && owner[i] === -1) mask[i] = 1;
}

/** The 4-neighbours of cell `i` inside the grid. */
function neighbours(i: number, grid: Grid): number[] {
  const x = i % grid.w;
  const y = (i - x) / grid.w;
  const out: number[] = [];
  if (x > 0) out.push(i - 1);
  if (x < grid.w - 1) out.push(i + 1);
  if (y > 0) out.push(i - grid.w);
  if (y < grid.h - 1) out.push(i + grid.w);
  return out;
}

/** The cell of an island farthest from its edge (breadth-first distance from its border), in graph coordinates. */
function deepestPoint(island: readonly number[], grid: Grid): { x: number; y: number } {
  const inside = new Set(island);
  const seen = new Set<number>();
  let frontier = island.filter((i) => neighbours(i, grid).length < 4 || neighbours(i, grid).some((j) => !inside.has(j)));
  for (const i of frontier) seen.add(i);
  let deepest = frontier;
  while (frontier.length > 0) {
    deepest = frontier;
    const next: number[] = [];
    for (const i of frontier) {
      for (const j of neighbours(i, grid)) {
        if (!inside.has(j) || seen.has(j)) continue;
        seen.add(j);
        next.push(j);
      }
    }
    frontier = next;
  }
  const best = deepest.reduce((a, b) => (b < a ? b : a), deepest[0] ?? island[0] ?? 0);
  const x = best % grid.w;
  const y = (best - x) / grid.w;
  return { x: grid.minX + (x + 0.5) * grid.cell, y: grid.minY + (y + 0.5) * grid.cell };
}

/**
 * Closed isolines of `field` at `level` by marching squares over cell centres, with linear
 * interpolation along each edge; saddles resolved by the mean of the four corners.
 */
export function contours(field: Float32Array, grid: Grid, level: number): { x: number; y: number }[][] {
  const { w, h } = grid;
  const v = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : (field[y * w + x] ?? 0));
  const at = (x: number, y: number) => ({ x: grid.minX + (x + 0.5) * grid.cell, y: grid.minY + (y + 0.5) * grid.cell });
  const lerp = (x0: number, y0: number, x1: number, y1: number) => {
    const a = v(x0, y0);
    const b = v(x1, y1);
    const t = a === b ? 0.5 : (level - a) / (b - a);
    return { x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t };
  };
  // Segments keyed by their end points (edge ids), joined into rings afterwards.
  const next = new Map<string, { key: string; point: { x: number; y: number } }>();
  const points = new Map<string, { x: number; y: number }>();
  const edge = (x: number, y: number, side: "h" | "v") => {
    const key = `${side}${x},${y}`;
    if (!points.has(key)) points.set(key, side === "h" ? lerp(x, y, x + 1, y) : lerp(x, y, x, y + 1));
    return key;
  };
  for (let y = -1; y < h; y++) {
    for (let x = -1; x < w; x++) {
      const tl = v(x, y) > level ? 1 : 0;
      const tr = v(x + 1, y) > level ? 1 : 0;
      const br = v(x + 1, y + 1) > level ? 1 : 0;
      const bl = v(x, y + 1) > level ? 1 : 0;
      const code = (tl << 3) | (tr << 2) | (br << 1) | bl;
      if (code === 0 || code === 15) continue;
      const top = () => edge(x, y, "h");
      const bottom = () => edge(x, y + 1, "h");
      const left = () => edge(x, y, "v");
      const right = () => edge(x + 1, y, "v");
      const link = (a: string, b: string) => next.set(a, { key: b, point: points.get(b) as { x: number; y: number } });
      // Each segment runs with the inside on its left, so that rings close consistently.
      const centre = (v(x, y) + v(x + 1, y) + v(x + 1, y + 1) + v(x, y + 1)) / 4 > level;
      switch (code) {
        case 1:
          link(left(), bottom());
          break;
        case 2:
          link(bottom(), right());
          break;
        case 3:
          link(left(), right());
          break;
        case 4:
          link(right(), top());
          break;
        case 5:
          if (centre) {
            link(left(), top());
            link(right(), bottom());
          } else {
            link(left(), bottom());
            link(right(), top());
          }
          break;
        case 6:
          link(bottom(), top());
          break;
        case 7:
          link(left(), top());
          break;
        case 8:
          link(top(), left());
          break;
        case 9:
          link(top(), bottom());
          break;
        case 10:
          if (centre) {
            link(top(), right());
            link(bottom(), left());
          } else {
            link(top(), left());
            link(bottom(), right());
          }
          break;
        case 11:
          link(top(), right());
          break;
        case 12:
          link(right(), left());
          break;
        case 13:
          link(right(), bottom());
          break;
        case 14:
          link(bottom(), left());
          break;
      }
    }
  }
  const rings: { x: number; y: number }[][] = [];
  const used = new Set<string>();
  for (const start of next.keys()) {
    if (used.has(start)) continue;
    const ring: { x: number; y: number }[] = [];
    let key: string | undefined = start;
    while (key !== undefined && !used.has(key)) {
      used.add(key);
      const p = points.get(key);
      if (p) ring.push(at(p.x, p.y));
      key = next.get(key)?.key;
    }
    if (ring.length >= 3) rings.push(ring);
  }
  return rings;
}

/** One round of Chaikin's corner cutting ("An algorithm for high-speed curve generation", 1974) on a closed ring. */
function smooth(ring: readonly { x: number; y: number }[]): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as { x: number; y: number };
    const b = ring[(i + 1) % ring.length] as { x: number; y: number };
    out.push({ x: 0.75 * a.x + 0.25 * b.x, y: 0.75 * a.y + 0.25 * b.y }, { x: 0.25 * a.x + 0.75 * b.x, y: 0.25 * a.y + 0.75 * b.y });
  }
  return out;
}
