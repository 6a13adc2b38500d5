/**
 * Loads the API graph into the one graph instance sigma draws (clear + import), applies the layout
 * (force positions, or the timeline with y as the layout's or as citations), and tunes sigma for
 * the graph's size: large graphs hide edges while the camera moves and draw plain lines instead
 * of arrows. Small graphs glide to a new layout; large ones get the new positions written quietly
 * and redrawn a slice at a time (no task over 200 ms on AAN), and the camera frames them.
 * Renders nothing.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import { animateNodes } from "sigma/utils";
import type { GraphPayload } from "../../core/api/types.ts";
import type { GraphLayout } from "../../core/explorer/types.ts";
import { loadCitationGraph, type CitationGraph, type LoadReport } from "../../core/graph/citation-graph.ts";
import { fitAll, framedPoint } from "../../core/graph/camera.ts";
import { layoutPositions, placeQuietly, type TimelineY } from "../../core/graph/timeline.ts";
import { redrawQueueOf } from "./redraw-queue.ts";

/** Above this many papers a layout switch is a swap, not an animation (each frame reprocesses all). */
const ANIMATE_BELOW = 4000;

export interface GraphDataControllerProps {
  data: GraphPayload | null;
  layout: GraphLayout;
  timelineY: TimelineY;
  onLoaded: (report: LoadReport) => void;
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
    const graph = sigma.getGraph() as CitationGraph;
    // Settings first, on the emptied graph: each setting change makes sigma re-reduce every paper
    // and citation it holds, at once (four times over AAN's 95,000 citations, when set after).
    graph.clear();
    const order = data.nodes.length;
    const size = data.edges.length;
    sigma.setSettings({
      hideEdgesOnMove: size > 20_000 || order > 5_000,
      hideLabelsOnMove: order > 15_000,
      defaultEdgeType: size > 30_000 ? "line" : "arrow",
      // Labels: the label grid keeps the biggest (most cited) papers per cell; small graphs label more.
      labelRenderedSizeThreshold: order <= 100 ? 0 : order <= 1_000 ? 5 : 8,
    });
    const report = loadCitationGraph(graph, data);
    const { layout: l, y } = wanted.current;
    // Before sigma processes the new graph, so the positions go in with it.
    if (l !== "force") placeQuietly(graph, layoutPositions(graph, l, y));
    applied.current = arrangement(l, y);
    if (!loadedOnce.current) {
      loadedOnce.current = true;
      sigma.getCamera().setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
    }
    onLoadedRef.current(report);
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
