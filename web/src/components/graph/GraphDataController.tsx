/**
 * Loads the API graph into the one graph instance sigma draws (clear + import), applies the layout
 * (force positions, or the timeline with y as the layout's or as citations), and tunes sigma for
 * the graph's size: large graphs hide edges while the camera moves and draw plain lines instead
 * of arrows. The graph is prepared a slice at a time while the old one stays on screen
 * (citation-graph.ts prepareInSlices), then handed to sigma with its papers and only the
 * overview's citations (edge-budget.ts); every citation goes up in the links graph. A new graph
 * of the same map (a live refresh) keeps the camera on the same papers. Small graphs glide to a
 * new layout; large ones get the new positions written quietly and redrawn a slice at a time (no
 * task over 200 ms on AAN), and the camera frames them. Renders nothing.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import { animateNodes } from "sigma/utils";
import type { GraphColumns } from "../../core/graph/graph-columns.ts";
import type { GraphLayout } from "../../core/explorer/types.ts";
import { prepareInSlices, runInSlices, showInSteps, type CitationGraph, type LinkGraph, type LoadReport } from "../../core/graph/citation-graph.ts";
import { overviewEdges } from "../../core/graph/edge-budget.ts";
import { fitAll, framedPoint, keptCamera } from "../../core/graph/camera.ts";
import { layoutPositions, placeQuietly, type TimelineY } from "../../core/graph/timeline.ts";
import { redrawQueueOf } from "./redraw-queue.ts";

/** Above this many papers a layout switch is a swap, not an animation (each frame reprocesses all). */
const ANIMATE_BELOW = 4000;

/** A loaded graph: what the load found, every citation, and those the overview draws. */
export interface LoadedGraph {
  report: LoadReport;
  links: LinkGraph;
  overview: string[];
}

export interface GraphDataControllerProps {
  data: GraphColumns | null;
  layout: GraphLayout;
  timelineY: TimelineY;
  onLoaded: (loaded: LoadedGraph) => void;
}

type Arrangement = `${GraphLayout}:${TimelineY}`;

function arrangement(layout: GraphLayout, y: TimelineY): Arrangement {
  return `${layout}:${layout === "timeline" ? y : "layout"}`;
}

export function GraphDataController({ data, layout, timelineY, onLoaded }: GraphDataControllerProps) {
  const sigma = useSigma();
  const wanted = useRef<{ layout: GraphLayout; y: TimelineY }>({ layout, y: timelineY });
  const applied = useRef<Arrangement>("force:layout");
  const loadedOnce = useRef(false);
  const onLoadedRef = useRef(onLoaded);

  useEffect(() => {
    onLoadedRef.current = onLoaded;
    wanted.current = { layout, y: timelineY };
  });

  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    const isCancelled = () => cancelled;
    void (async () => {
      const prepared = await prepareInSlices(data, isCancelled);
      if (!prepared || cancelled) return;
      const graph = sigma.getGraph() as CitationGraph;
      const before = graph.order > 0 ? sigma.getBBox() : null;
      const order = data.keys.length;
      const size = data.citing.length;
      // Settings first, on the emptied graph: each setting change makes sigma re-reduce every
      // paper and citation it holds, at once.
      graph.clear();
      sigma.setSettings({
        hideEdgesOnMove: size > 20_000 || order > 5_000,
        hideLabelsOnMove: order > 15_000,
        defaultEdgeType: size > 30_000 ? "line" : "arrow",
        // Labels: the label grid keeps the biggest (most cited) papers per cell; small graphs label more.
        labelRenderedSizeThreshold: order <= 100 ? 0 : order <= 1_000 ? 5 : 8,
      });
      const sizes = new Map(prepared.nodes.map((n) => [n.key, n.attributes.size]));
      const overview = overviewEdges(prepared.links, (key) => sizes.get(key) ?? 0);
      // Sigma frames the graph by the extent of what it holds: while the papers go in a slice at a
      // time, it frames them by the whole graph's, so the picture does not grow as they arrive.
      const extent = { x: [Infinity, -Infinity] as [number, number], y: [Infinity, -Infinity] as [number, number] };
      for (const { attributes: a } of prepared.nodes) {
        extent.x = [Math.min(extent.x[0], a.x), Math.max(extent.x[1], a.x)];
        extent.y = [Math.min(extent.y[0], a.y), Math.max(extent.y[1], a.y)];
      }
      if (prepared.nodes.length > 0) sigma.setCustomBBox(extent);
      const done = await runInSlices(showInSteps(graph, prepared, overview, 256), isCancelled);
      sigma.setCustomBBox(null);
      if (!done) return;
      const { layout: l, y } = wanted.current;
      // Before sigma processes the whole graph, so the positions go in with it.
      if (l !== "force") placeQuietly(graph, layoutPositions(graph, l, y));
      applied.current = arrangement(l, y);
      const camera = sigma.getCamera();
      if (!loadedOnce.current) {
        loadedOnce.current = true;
        camera.setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
      } else if (before) {
        // The same map grew or changed: once sigma has framed the new extent, the camera moves
        // with it, so the papers one was looking at stay where they were on screen.
        const state = camera.getState();
        sigma.once("afterProcess", () => camera.setState(keptCamera(state, before, sigma.getBBox())));
      }
      onLoadedRef.current({ report: prepared.report, links: prepared.links, overview });
    })();
    return () => {
      cancelled = true;
    };
  }, [sigma, data]);

  useEffect(() => {
    const graph = sigma.getGraph() as CitationGraph;
    const previous = applied.current;
    const next = arrangement(layout, timelineY);
    if (previous === next || graph.order === 0) return;
    applied.current = next;
    const camera = sigma.getCamera();
    if (graph.order >= ANIMATE_BELOW) {
      // In a task of its own, after the one that switched the view (React's work is in that one).
      const timer = setTimeout(() => {
        const positions = layoutPositions(graph, layout, timelineY);
        placeQuietly(graph, positions);
        redrawQueueOf(sigma).enqueue({ nodes: "all", edges: "all" });
        // Sigma keeps the framing of the layout it last indexed: frame the new positions in it.
        const extent = sigma.getBBox();
        const target = fitAll([...positions.values()].map((p) => framedPoint(extent, p)));
        if (target) camera.animate(target, { duration: 300 });
      }, 0);
      return () => {
        clearTimeout(timer);
        applied.current = previous;
      };
    }
    const positions = layoutPositions(graph, layout, timelineY);
    const targets: Record<string, Record<string, number>> = {};
    for (const [key, p] of positions) targets[key] = { x: p.x, y: p.y };
    const cancel = animateNodes(graph, targets, { duration: 600, easing: "quadraticInOut" }, () => {
      camera.animatedReset({ duration: 300 });
    });
    return () => {
      // Interrupted (a new layout, unmount, or StrictMode's second run): the next run starts over.
      cancel();
      applied.current = previous;
    };
  }, [sigma, layout, timelineY]);

  return null;
}
