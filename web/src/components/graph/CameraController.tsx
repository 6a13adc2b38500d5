/**
 * Moves the camera to what the user asked to see: the whole graph when it first loads, the
 * selected paper when it changes, or the whole influence path or lineage when one arrives; the
 * reading list's papers once each time they are asked for ("Show on map"); what a
 * filter leaves when the filters change (every paper again when they are cleared); and back to
 * the whole graph when the user presses Esc (`resetToken` changes). "The whole graph", what a
 * filter leaves and a path or lineage are framed in the part of the canvas the open legend
 * leaves free (core/graph/camera.ts freeArea). Waits one
 * frame so sigma has processed a freshly loaded graph. The graph's container says what the camera
 * last framed (`data-camera`: "whole graph", "filtered", "paper", "papers"), for people reading
 * the page with tools and for the browser tests, and where the camera is (`data-camera-state`:
 * "x,y,ratio,angle", in sigma's framed coordinates, which change with the graph's extent) and
 * what it shows (`data-camera-view`: the corners of the canvas in graph coordinates,
 * "left,top,right,bottom"), so a test can see that a live refresh left the view where it was.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type Sigma from "sigma";
import { fitIntoArea, fitPoints, fitSetIntoArea, framedBounds, framedPoint, freeArea, type CameraTarget } from "../../core/graph/camera.ts";
import { obstaclesOf } from "./LabelController.tsx";

export interface CameraControllerProps {
  selected: string | null;
  /** Papers to fit in view (an influence path), or null. */
  focus: readonly string[] | null;
  /** Papers to frame once, when `token` changes (the reading list's "Show on map"); the camera is the user's after. */
  frameRequest?: { keys: readonly string[]; token: number };
  graphVersion: number;
  /** Changes when the camera should return to the whole graph. */
  resetToken?: number;
  /** Papers the filters hide (null: none), and a key that changes when the filters do. */
  hidden?: ReadonlySet<string> | null;
  filtersKey?: string;
}

/** What one framed unit measures on screen at ratio 1, along x and y (signed). */
function scaleOf(sigma: Sigma): { x: number; y: number } {
  const cameraState = { x: 0.5, y: 0.5, ratio: 1, angle: 0 };
  const o = sigma.framedGraphToViewport({ x: 0, y: 0 }, { cameraState });
  const ux = sigma.framedGraphToViewport({ x: 1, y: 0 }, { cameraState });
  const uy = sigma.framedGraphToViewport({ x: 0, y: 1 }, { cameraState });
  return { x: ux.x - o.x, y: uy.y - o.y };
}

/** The box holding all but a share `trim` of the points at each end of each axis. */
function coreBounds(points: readonly { x: number; y: number }[], trim: number) {
  const xs = points.map((p) => p.x).sort((a, b) => a - b);
  const ys = points.map((p) => p.y).sort((a, b) => a - b);
  const lo = Math.floor(trim * (points.length - 1));
  const hi = Math.ceil((1 - trim) * (points.length - 1));
  return { minX: xs[lo] ?? NaN, maxX: xs[hi] ?? NaN, minY: ys[lo] ?? NaN, maxY: ys[hi] ?? NaN };
}

/** The camera that shows the papers on show (all, or those `hidden` leaves) where they are now, in the canvas' free area. */
export function fittedCamera(sigma: Sigma, hidden: ReadonlySet<string> | null = null): CameraTarget | null {
  // A container not laid out yet (sigma then counts it 1 pixel wide) has nothing to fit into.
  const container = sigma.getContainer();
  if (container.offsetWidth < 2 || container.offsetHeight < 2) return null;
  sigma.resize();
  const extent = sigma.getBBox();
  const points: { x: number; y: number }[] = [];
  sigma.getGraph().forEachNode((key, a: { x?: unknown; y?: unknown }) => {
    if (hidden?.has(key)) return;
    if (typeof a.x === "number" && typeof a.y === "number") points.push(framedPoint(extent, { x: a.x, y: a.y }));
  });
  if (points.length === 0) return null;
  const { width, height } = sigma.getDimensions();
  // A filter's few stray papers far from the rest do not shrink the picture of the others.
  const box = hidden && points.length > 100 ? coreBounds(points, 0.01) : framedBounds(points);
  // A filtered view keeps a wider margin: its core's edge papers and their citations stay on screen.
  const target = fitIntoArea(box, freeArea(width, height, obstaclesOf(sigma)), { width, height }, scaleOf(sigma), hidden ? 0.2 : undefined);
  if (!target) return null;
  // A fit beyond sigma's widest view, or centred far off the papers, comes of a viewport not
  // measured yet (sigma's framing of a container still being laid out): wait for the next try.
  const widest = sigma.getSetting("maxCameraRatio") ?? Infinity;
  const off = Math.max(Math.abs(target.x - (box.minX + box.maxX) / 2), Math.abs(target.y - (box.minY + box.maxY) / 2));
  if (target.ratio > widest || off > 2 * target.ratio + 1) return null;
  // A single paper, or papers at one spot: not closer than a paper's own view.
  return { ...target, ratio: Math.max(target.ratio, points.length < 3 ? 0.3 : 0.05) };
}

/**
 * Moves the camera onto `keys` (papers in the graph): one paper centred, a set (a path, a
 * lineage, a reading list) fitted where the open legend leaves room (the end of a chain under the
 * legend was out of sight). False when there is no camera to move to yet.
 */
function frameKeys(sigma: Sigma, keys: readonly string[]): boolean {
  const graph = sigma.getGraph();
  // From the papers' positions, not their last drawing: a timeline's positions are written
  // before every paper has been redrawn at them.
  const extent = sigma.getBBox();
  const points = keys.map((k) => framedPoint(extent, graph.getNodeAttributes(k) as { x: number; y: number }));
  const camera = sigma.getCamera();
  const { width, height } = sigma.getDimensions();
  const state = points.length > 1 ? fitSetIntoArea(points, freeArea(width, height, obstaclesOf(sigma)), { width, height }, scaleOf(sigma)) : fitPoints(points, camera.getState().ratio);
  if (!state) return false;
  camera.animate(state, { duration: 600 }, () => framed(sigma, keys.length === 1 ? "paper" : "papers"));
  return true;
}

function framed(sigma: Sigma, what: string): void {
  sigma.getContainer().dataset.camera = what;
}

export function CameraController({ selected, focus, frameRequest, graphVersion, resetToken = 0, hidden = null, filtersKey = "" }: CameraControllerProps) {
  const sigma = useSigma();
  const done = useRef<string | null>(null);
  const resets = useRef(resetToken);
  const fitted = useRef(false);
  const filtered = useRef(filtersKey);
  const hiddenNow = useRef(hidden);

  useEffect(() => {
    hiddenNow.current = hidden;
  });

  useEffect(() => {
    const camera = sigma.getCamera();
    const container = sigma.getContainer();
    const write = (s: { x: number; y: number; ratio: number; angle: number }) => {
      container.dataset.cameraState = `${s.x},${s.y},${s.ratio},${s.angle}`;
    };
    write(camera.getState());
    camera.on("updated", write);
    // What a frame showed, in the papers' own coordinates (independent of sigma's framing).
    const view = () => {
      const { width, height } = sigma.getDimensions();
      const a = sigma.viewportToGraph({ x: 0, y: 0 });
      const b = sigma.viewportToGraph({ x: width, y: height });
      const next = [a.x, a.y, b.x, b.y].map((v) => v.toPrecision(6)).join(",");
      if (container.dataset.cameraView !== next) container.dataset.cameraView = next;
    };
    sigma.on("afterRender", view);
    return () => {
      camera.removeListener("updated", write);
      sigma.off("afterRender", view);
    };
  }, [sigma]);

  // The first graph: framed whole, once sigma has processed it and its container has a size,
  // and framed again whenever the container is resized until someone moves the camera (a fit
  // made while the page was still being laid out would otherwise stay off to one side).
  useEffect(() => {
    if (graphVersion === 0 || fitted.current) return;
    const camera = sigma.getCamera();
    let set: string | null = null;
    const key = () => {
      const c = camera.getState();
      return `${c.x},${c.y},${c.ratio},${c.angle}`;
    };
    const fit = () => {
      if (fitted.current && set !== key()) return;
      const target = fittedCamera(sigma, hiddenNow.current);
      if (!target) return;
      fitted.current = true;
      camera.setState(target);
      set = key();
      framed(sigma, hiddenNow.current ? "filtered" : "whole graph");
    };
    const frame = requestAnimationFrame(fit);
    const resized = new ResizeObserver(() => requestAnimationFrame(fit));
    resized.observe(sigma.getContainer());
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
    };
  }, [sigma, graphVersion]);

  useEffect(() => {
    if (resets.current === resetToken) return;
    resets.current = resetToken;
    done.current = null;
    const target = fittedCamera(sigma, hiddenNow.current);
    if (target) sigma.getCamera().animate(target, { duration: 500 }, () => framed(sigma, hiddenNow.current ? "filtered" : "whole graph"));
  }, [sigma, resetToken]);

  // The filters changed: frame what they leave (every paper, when they are cleared).
  useEffect(() => {
    if (filtered.current === filtersKey) return;
    filtered.current = filtersKey;
    if (!fitted.current) return;
    const frame = requestAnimationFrame(() => {
      const target = fittedCamera(sigma, hiddenNow.current);
      if (target) sigma.getCamera().animate(target, { duration: 500 }, () => framed(sigma, hiddenNow.current ? "filtered" : "whole graph"));
    });
    return () => cancelAnimationFrame(frame);
  }, [sigma, filtersKey]);

  useEffect(() => {
    const keys = focus && focus.length > 0 ? focus : selected ? [selected] : [];
    const target = keys.join("\u0000");
    if (!target || done.current === target) return;
    const present = keys.filter((k) => sigma.getGraph().hasNode(k));
    if (present.length === 0) return;
    const frame = requestAnimationFrame(() => {
      if (frameKeys(sigma, present)) done.current = target;
    });
    return () => cancelAnimationFrame(frame);
  }, [sigma, selected, focus, graphVersion]);

  // "Show on map": the papers asked for, framed once per ask (those the filters hide left out).
  const asked = useRef(frameRequest?.token ?? 0);
  useEffect(() => {
    if (!frameRequest || asked.current === frameRequest.token) return;
    asked.current = frameRequest.token;
    const present = frameRequest.keys.filter((k) => sigma.getGraph().hasNode(k) && !hiddenNow.current?.has(k));
    if (present.length === 0) return;
    const frame = requestAnimationFrame(() => frameKeys(sigma, present));
    return () => cancelAnimationFrame(frame);
  }, [sigma, frameRequest]);

  return null;
}
