/**
 * Camera targets in sigma's framed-graph space (the graph's extent normalised to [0, 1]): centre
 * on one paper, or fit a set of papers (an influence path) with a margin.
 */
export interface CameraTarget {
  x: number;
  y: number;
  ratio: number;
}

/** The smallest box holding every point (infinite bounds when there is none). */
function boundsOf(points: Iterable<{ x: number; y: number }>): { minX: number; maxX: number; minY: number; maxY: number } {
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

export function fitPoints(points: readonly { x: number; y: number }[], current: number, margin = 1.5): CameraTarget | null {
  if (points.length === 0) return null;
  const { minX, maxX, minY, maxY } = boundsOf(points);
  const extent = Math.max(maxX - minX, maxY - minY);
  const ratio = points.length === 1 ? Math.min(current, 0.5) : Math.min(1.2, Math.max(0.08, extent * margin));
  // Labels are drawn right of their papers: a set is framed a little right of its centre to fit them.
  const labelRoom = points.length === 1 ? 0 : (maxX - minX) * 0.12;
  return { x: (minX + maxX) / 2 + labelRoom, y: (minY + maxY) / 2, ratio };
}

/** A graph position as sigma frames it, given the extent it last indexed (`sigma.getBBox()`). */
export function framedPoint(extent: { x: [number, number]; y: [number, number] }, p: { x: number; y: number }): { x: number; y: number } {
  const ratio = Math.max(extent.x[1] - extent.x[0], extent.y[1] - extent.y[0]) || 1;
  return { x: 0.5 + (p.x - (extent.x[0] + extent.x[1]) / 2) / ratio, y: 0.5 + (p.y - (extent.y[0] + extent.y[1]) / 2) / ratio };
}

/** The camera that shows every point (framed coordinates), with a margin. */
export function fitAll(points: Iterable<{ x: number; y: number }>, margin = 1.05): CameraTarget | null {
  const { minX, maxX, minY, maxY } = boundsOf(points);
  if (!Number.isFinite(minX)) return null;
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2, ratio: Math.max(0.05, Math.max(maxX - minX, maxY - minY) * margin) };
}
