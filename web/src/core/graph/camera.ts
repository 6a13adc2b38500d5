/**
 * Camera targets in sigma's framed-graph space (the graph's extent normalised to [0, 1]): centre
 * on one paper, fit a set of papers (an influence path) with a margin, fit a box into the part
 * of the canvas the panels leave free, and keep papers in place on screen when the graph's extent
 * changes under them (a live refresh).
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

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the canvas the map may use: all of it, less a panel that stands along its left
 * edge and takes over a third of its height (the open legend).
 */
export function freeArea(width: number, height: number, obstacles: readonly Area[]): Area {
  let left = 0;
  for (const o of obstacles) if (o.x < 24 && o.height > height / 3 && o.x + o.width < width / 2) left = Math.max(left, o.x + o.width);
  return { x: left, y: 0, width: Math.max(1, width - left), height };
}

/**
 * The camera that shows a box of framed coordinates inside `area` of a `width` × `height`
 * viewport, with a margin, at a ratio within `ratios`. `scale` is what one framed unit measures
 * in viewport pixels at ratio 1 along x and along y (signed: sigma's y grows upwards, the
 * viewport's downwards).
 */
export function fitIntoArea(
  box: { minX: number; maxX: number; minY: number; maxY: number },
  area: Area,
  viewport: { width: number; height: number },
  scale: { x: number; y: number },
  margin = 0.08,
  ratios: { min: number; max: number } = { min: 0.02, max: Infinity },
): CameraTarget | null {
  if (!Number.isFinite(box.minX) || !(Math.abs(scale.x) > 0) || !(Math.abs(scale.y) > 0)) return null;
  const fit = Math.max(((box.maxX - box.minX) * Math.abs(scale.x)) / (area.width * (1 - margin)), ((box.maxY - box.minY) * Math.abs(scale.y)) / (area.height * (1 - margin)));
  const ratio = Math.min(ratios.max, Math.max(ratios.min, fit));
  const centre = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
  const target = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  return {
    x: centre.x - ((target.x - viewport.width / 2) * ratio) / scale.x,
    y: centre.y - ((target.y - viewport.height / 2) * ratio) / scale.y,
    ratio,
  };
}

/**
 * The camera that shows a set of papers (an influence path, a lineage: framed coordinates) inside
 * `area`, with room on the right for the labels drawn beside them, as close as `fitPoints` would.
 */
export function fitSetIntoArea(points: readonly { x: number; y: number }[], area: Area, viewport: { width: number; height: number }, scale: { x: number; y: number }): CameraTarget | null {
  if (points.length === 0) return null;
  const box = boundsOf(points);
  const labelRoom = Math.max(box.maxX - box.minX, box.maxY - box.minY) * 0.25;
  return fitIntoArea({ ...box, maxX: box.maxX + labelRoom }, area, viewport, scale, 0.2, { min: 0.08, max: 1.2 });
}

/** The camera that keeps graph points where they were on screen when sigma's framing extent changes. */
export function keptCamera(
  camera: { x: number; y: number; ratio: number; angle: number },
  before: { x: [number, number]; y: [number, number] },
  after: { x: [number, number]; y: [number, number] },
): { x: number; y: number; ratio: number; angle: number } {
  const size = (b: { x: [number, number]; y: [number, number] }) => Math.max(b.x[1] - b.x[0], b.y[1] - b.y[0]) || 1;
  const scale = size(before) / size(after);
  const cx = (b: { x: [number, number] }) => (b.x[0] + b.x[1]) / 2;
  const cy = (b: { y: [number, number] }) => (b.y[0] + b.y[1]) / 2;
  return {
    x: 0.5 + (camera.x - 0.5) * scale + (cx(before) - cx(after)) / size(after),
    y: 0.5 + (camera.y - 0.5) * scale + (cy(before) - cy(after)) / size(after),
    ratio: camera.ratio * scale,
    angle: camera.angle,
  };
}

/** The box of framed points (infinite when there is none). */
export { boundsOf as framedBounds };
