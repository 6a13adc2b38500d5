/**
 * Every label on the map without overlap (core/graph/label-placement.ts), placed by importance:
 * sets sigma's label and hover drawers once, and before each frame clears the placements, bounds
 * them to the canvas, takes the panels over the map as placed (anything in the graph pane marked
 * `data-map-obstacle`, and sigma's zoom buttons), then places the labels that matter most: the
 * selected paper at its right, the reading list's papers, the emphasis' other primary papers (a
 * path's, a main path's) in order, then at the overview the regions' names
 * (core/graph/region-labels.ts), so that sigma's paper labels fit round them. After each frame
 * the regions' names are drawn on sigma's label canvas. The canvas' element says which names it
 * drew (`data-region-labels`), the papers' labels it drew (`data-paper-labels`, as drawn, "…" where
 * cut), where every label went (`data-label-boxes`) and the panels it kept
 * clear of (`data-obstacles`, both JSON [x, y, width, height]), for people reading the page with
 * tools and for the browser tests. Renders nothing.
 */
import { useEffect, useMemo, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type Sigma from "sigma";
import { LabelPlacer, type Box, type DrawnLabel, type DrawnMark } from "../../core/graph/label-placement.ts";
import { TextWidths, createHoverDrawer, createLabelDrawer, labelFont } from "../../core/graph/node-labels.ts";
import { NAMES_FROM, REGION_FONT, drawRegionLabels, placeRegionLabels, type PlacedRegionLabel } from "../../core/graph/region-labels.ts";
import type { Region } from "../../core/graph/regions.ts";
import { framedPoint } from "../../core/graph/camera.ts";

export interface LabelControllerProps {
  /** The selected paper, labelled at its right whatever it covers. */
  selected: string | null;
  /** Papers whose labels are boxed in the hover layer (the emphasis' primary papers). */
  primary: ReadonlySet<string> | null;
  /** Papers whose labels come next (the reading list's). */
  marked: ReadonlyMap<string, number>;
  /** The regions to name at the overview (none in the timeline). */
  regions?: readonly Region[];
  /** Names fainter while papers are emphasised. */
  faint?: boolean;
  /** Where to record what each frame drew (for an image of the map). */
  frame?: FrameRecord;
}

const NO_REGIONS: readonly Region[] = [];

/** What the last frame drew in labels (filled after each frame, read by MapExport). */
export interface FrameRecord {
  labels: DrawnLabel[];
  marks: DrawnMark[];
  regionNames: PlacedRegionLabel[];
}

export function emptyFrameRecord(): FrameRecord {
  return { labels: [], marks: [], regionNames: [] };
}

/** The panels over the map, as boxes in the canvas' pixels. */
export function obstaclesOf(sigma: Sigma): Box[] {
  const container = sigma.getContainer();
  const pane = container.closest(".graph-pane") ?? container.parentElement;
  if (!pane) return [];
  const origin = container.getBoundingClientRect();
  const boxes: Box[] = [];
  for (const el of pane.querySelectorAll<HTMLElement>("[data-map-obstacle], .react-sigma-controls")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    boxes.push({ x: r.left - origin.left - 4, y: r.top - origin.top - 4, width: r.width + 8, height: r.height + 8 });
  }
  return boxes;
}

export function LabelController({ selected, primary, marked, regions = NO_REGIONS, faint = false, frame }: LabelControllerProps) {
  const sigma = useSigma();
  const placer = useMemo(() => new LabelPlacer(), []);
  const widths = useMemo(() => new TextWidths(), []);
  const first = useRef({ selected, primary, marked, regions, faint });

  useEffect(() => {
    first.current = { selected, primary, marked, regions, faint };
    sigma.scheduleRender();
  }, [sigma, selected, primary, marked, regions, faint]);

  useEffect(() => {
    const drawLabel = createLabelDrawer(placer, widths);
    sigma.setSettings({ defaultDrawNodeLabel: drawLabel, defaultDrawNodeHover: createHoverDrawer(placer, widths) });
    const context = sigma.getCanvases().labels?.getContext("2d") ?? null;
    let names: PlacedRegionLabel[] = [];
    let obstacles: Box[] = [];
    const beforeRender = () => {
      placer.reset();
      names = [];
      if (!context) return;
      const { width, height } = sigma.getDimensions();
      placer.setBounds({ x: 2, y: 2, width: width - 4, height: height - 4 });
      obstacles = obstaclesOf(sigma);
      for (const box of obstacles) placer.occupy(box);
      const settings = sigma.getSettings();
      const font = labelFont(settings);
      // Before a frame sigma still holds the last frame's matrix: the camera's state is the one drawn.
      const cameraState = sigma.getCamera().getState();
      const reserve = (key: string, right: boolean) => {
        const data = sigma.getNodeDisplayData(key);
        if (!data || data.hidden || !data.label) return;
        const { x, y } = sigma.framedGraphToViewport(data, { cameraState });
        const w = widths.measure(context, font, data.label);
        placer.reserve(key, x, y, sigma.scaleSize(data.size), w, settings.labelSize, right ? "right" : undefined);
      };
      const { selected: chosen, primary: main, marked: list, regions: shown } = first.current;
      for (const [key, mark] of list) {
        const data = sigma.getNodeDisplayData(key);
        if (!data || data.hidden) continue;
        const { x, y } = sigma.framedGraphToViewport(data, { cameraState });
        placer.occupyMark(key, x, y, sigma.scaleSize(data.size), mark);
      }
      if (chosen) reserve(chosen, true);
      for (const key of list.keys()) if (key !== chosen) reserve(key, false);
      for (const key of main ?? []) if (key !== chosen && !list.has(key)) reserve(key, false);
      if (shown.length > 0 && cameraState.ratio >= NAMES_FROM) {
        const bbox = sigma.getBBox();
        const toViewport = (p: { x: number; y: number }) => sigma.framedGraphToViewport(framedPoint(bbox, p), { cameraState });
        names = placeRegionLabels(shown, toViewport, (text) => widths.measure(context, REGION_FONT, text), placer);
      }
    };
    const afterRender = () => {
      if (context && names.length > 0) drawRegionLabels(context, names, first.current.faint ? 0.45 : 1);
      if (frame) {
        frame.labels = [...placer.drawn.labels];
        frame.marks = [...placer.drawn.marks];
        frame.regionNames = names;
      }
      const container = sigma.getContainer();
      container.dataset.regionLabels = names.map((n) => n.text).join("\n");
      container.dataset.paperLabels = placer.drawn.labels.map((l) => l.text).join("\n");
      const rounded = (b: Box) => [Math.round(b.x), Math.round(b.y), Math.round(b.width), Math.round(b.height)];
      container.dataset.labelBoxes = JSON.stringify(placer.placed.slice(obstacles.length).map(rounded));
      container.dataset.obstacles = JSON.stringify(obstacles.map(rounded));
    };
    sigma.on("beforeRender", beforeRender);
    sigma.on("afterRender", afterRender);
    // A frame drawn while the canvas had no size yet placed nothing inside it: once the canvas
    // has its size, draw again (sigma itself only listens to the window's resizing).
    const resized = new ResizeObserver(() => sigma.scheduleRender());
    resized.observe(sigma.getContainer());
    return () => {
      resized.disconnect();
      sigma.off("beforeRender", beforeRender);
      sigma.off("afterRender", afterRender);
    };
  }, [sigma, placer, widths, frame]);

  return null;
}
