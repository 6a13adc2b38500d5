/**
 * Loads the API graph into the one graph instance sigma draws (clear + import), applies the layout
 * (force positions, or the timeline), and tunes sigma for the graph's size: large graphs hide edges
 * while the camera moves and draw plain lines instead of arrows. Renders nothing.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import { animateNodes } from "sigma/utils";
import type { GraphPayload } from "../../core/api/types.ts";
import type { GraphLayout } from "../../core/explorer/types.ts";
import { loadCitationGraph, type CitationGraph, type LoadReport } from "../../core/graph/citation-graph.ts";
import { applyLayout, layoutPositions } from "../../core/graph/timeline.ts";

/** Above this many papers a layout switch is a swap, not an animation (each frame reprocesses all). */
const ANIMATE_BELOW = 4000;

export interface GraphDataControllerProps {
  data: GraphPayload | null;
  layout: GraphLayout;
  onLoaded: (report: LoadReport) => void;
}

export function GraphDataController({ data, layout, onLoaded }: GraphDataControllerProps) {
  const sigma = useSigma();
  const layoutRef = useRef(layout);
  const applied = useRef<GraphLayout>("force");
  const loadedOnce = useRef(false);
  const onLoadedRef = useRef(onLoaded);

  useEffect(() => {
    onLoadedRef.current = onLoaded;
    layoutRef.current = layout;
  });

  useEffect(() => {
    if (!data) return;
    const graph = sigma.getGraph() as CitationGraph;
    const report = loadCitationGraph(graph, data);
    if (layoutRef.current !== "force") applyLayout(graph, layoutRef.current);
    applied.current = layoutRef.current;
    sigma.setSetting("hideEdgesOnMove", graph.size > 20_000 || graph.order > 5_000);
    sigma.setSetting("hideLabelsOnMove", graph.order > 15_000);
    sigma.setSetting("defaultEdgeType", graph.size > 30_000 ? "line" : "arrow");
    // Labels: the label grid keeps the biggest (most cited) papers per cell; small graphs label more.
    sigma.setSetting("labelRenderedSizeThreshold", graph.order <= 100 ? 0 : graph.order <= 1_000 ? 5 : 8);
    if (!loadedOnce.current) {
      loadedOnce.current = true;
      sigma.getCamera().setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
    }
    onLoadedRef.current(report);
  }, [sigma, data]);

  useEffect(() => {
    const graph = sigma.getGraph() as CitationGraph;
    const previous = applied.current;
    if (previous === layout || graph.order === 0) return;
    applied.current = layout;
    const camera = sigma.getCamera();
    if (graph.order >= ANIMATE_BELOW) {
      applyLayout(graph, layout);
      camera.animatedReset({ duration: 300 });
      return;
    }
    const targets: Record<string, Record<string, number>> = {};
    for (const [key, p] of layoutPositions(graph, layout)) targets[key] = { x: p.x, y: p.y };
    const cancel = animateNodes(graph, targets, { duration: 600, easing: "quadraticInOut" }, () => {
      camera.animatedReset({ duration: 300 });
    });
    return () => {
      // Interrupted (a new layout, unmount, or StrictMode's second run): the next run starts over.
      cancel();
      applied.current = previous;
    };
  }, [sigma, layout]);

  return null;
}
