/**
 * Which paper is under the pointer, from the papers' positions (issue 25). Sigma 3 answers it by
 * drawing every paper a second time into a picking framebuffer and reading the pixel under the
 * pointer back with `readPixels` on every mouse move, click and wheel step; that read waits for
 * the graphics driver to finish every frame queued before it, which in software GL blocks the
 * page for seconds. Here the papers are kept in a uniform grid of their positions (sigma's
 * framed graph coordinates, rebuilt only after the positions or the drawing changed) and a point
 * is answered from the cells round it: the drawn disc holding the point, the one drawn on top
 * (highest zIndex, then nearest) among several. O(papers in a few cells) per question.
 */

export interface PickableNode {
  x: number;
  y: number;
  /** Radius on screen, in pixels, at the camera's current zoom. */
  size: number;
  hidden?: boolean;
  zIndex?: number;
}

/** What the picker asks of the renderer. */
export interface PickSource {
  keys(): Iterable<string>;
  /** The paper as drawn (framed graph coordinates), or undefined. */
  node(key: string): PickableNode | undefined;
  /** Pixels per framed-graph unit at the current camera. */
  pixelsPerUnit(): number;
  /** A viewport point in framed graph coordinates. */
  toFramed(point: { x: number; y: number }): { x: number; y: number };
  /** A paper's radius in pixels at the current camera. */
  radius(size: number): number;
}

const CELLS_PER_SIDE = 128;

export class NodePicker {
  private cells = new Map<number, string[]>();
  private minX = 0;
  private minY = 0;
  private cell = 1;
  private stale = true;
  private largestSize = 0;

  constructor(private readonly source: PickSource) {}

  /** The positions or the drawing changed: the grid is rebuilt before the next question. */
  invalidate(): void {
    this.stale = true;
  }

  private rebuild(): void {
    this.stale = false;
    this.cells.clear();
    const items: { key: string; x: number; y: number }[] = [];
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    this.largestSize = 0;
    for (const key of this.source.keys()) {
      const n = this.source.node(key);
      if (!n || !Number.isFinite(n.x) || !Number.isFinite(n.y)) continue;
      items.push({ key, x: n.x, y: n.y });
      minX = Math.min(minX, n.x);
      maxX = Math.max(maxX, n.x);
      minY = Math.min(minY, n.y);
      maxY = Math.max(maxY, n.y);
      this.largestSize = Math.max(this.largestSize, n.size);
    }
    if (items.length === 0) return;
    this.minX = minX;
    this.minY = minY;
    this.cell = Math.max(maxX - minX, maxY - minY, 1e-9) / CELLS_PER_SIDE;
    for (const item of items) {
      const id = this.cellId(Math.floor((item.x - minX) / this.cell), Math.floor((item.y - minY) / this.cell));
      const list = this.cells.get(id);
      if (list) list.push(item.key);
      else this.cells.set(id, [item.key]);
    }
  }

  private cellId(cx: number, cy: number): number {
    return (cx + 1) * (CELLS_PER_SIDE + 3) + (cy + 1);
  }

  /** The paper drawn at a viewport point, or null. */
  pick(point: { x: number; y: number }): string | null {
    if (this.stale) this.rebuild();
    if (this.cells.size === 0) return null;
    const p = this.source.toFramed(point);
    const perUnit = this.source.pixelsPerUnit();
    if (!(perUnit > 0)) return null;
    // The largest disc that could hold the point, in framed units; a few pixels of slack.
    const reach = (this.source.radius(this.largestSize) + 2) / perUnit;
    const x0 = Math.floor((p.x - reach - this.minX) / this.cell);
    const x1 = Math.floor((p.x + reach - this.minX) / this.cell);
    const y0 = Math.floor((p.y - reach - this.minY) / this.cell);
    const y1 = Math.floor((p.y + reach - this.minY) / this.cell);
    // Far outside the grid, or zoomed out past where cells mean anything: nothing, or every cell.
    if (x1 < -1 || y1 < -1 || x0 > CELLS_PER_SIDE + 1 || y0 > CELLS_PER_SIDE + 1) return null;
    let best: string | null = null;
    let bestZ = -Infinity;
    let bestDistance = Infinity;
    for (let cx = Math.max(-1, x0); cx <= Math.min(CELLS_PER_SIDE + 1, x1); cx++) {
      for (let cy = Math.max(-1, y0); cy <= Math.min(CELLS_PER_SIDE + 1, y1); cy++) {
        for (const key of this.cells.get(this.cellId(cx, cy)) ?? []) {
          const n = this.source.node(key);
          if (!n || n.hidden) continue;
          const distance = Math.hypot(n.x - p.x, n.y - p.y) * perUnit;
          if (distance > this.source.radius(n.size) + 1) continue;
          const z = n.zIndex ?? 0;
          if (z > bestZ || (z === bestZ && distance < bestDistance)) {
            best = key;
            bestZ = z;
            bestDistance = distance;
          }
        }
      }
    }
    return best;
  }
}
