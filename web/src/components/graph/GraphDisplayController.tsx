/**
 * Draws the display model (emphasis, filters, reading-list marks, the citations on show;
 * core/graph/display.ts) through one pair of sigma reducers, set once for the renderer's life. A
 * new model redraws only the papers and citations it changes, a slice at a time
 * (core/graph/refresh-queue.ts), a new graph's once sigma has indexed it. Sigma holds only the
 * citations that have been on show since the graph was loaded (core/graph/edge-budget.ts chooses
 * them): those a model wants and sigma lacks go in a slice at a time, those it no longer wants
 * are hidden, not dropped, since sigma re-reduces every paper and citation whenever a citation
 * is dropped; past POOL_MAX they are cleared once and the wanted ones go in again. Renders nothing.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import { edgeEntries, type CitationGraph, type LinkGraph } from "../../core/graph/citation-graph.ts";
import { EMPTY_DISPLAY, displayChange, edgeDisplay, nodeDisplay, type DisplayModel } from "../../core/graph/display.ts";
import { redrawQueueOf } from "./redraw-queue.ts";

/** Citations added to sigma's graph per task. */
const EDGES_PER_SLICE = 1_500;
/** Citations sigma may hold (shown or hidden) before those not on show are cleared. */
export const POOL_MAX = 24_000;

export interface GraphDisplayControllerProps {
  model: DisplayModel;
  graphVersion: number;
  /** Every citation of the loaded graph. */
  links: LinkGraph;
}

export function GraphDisplayController({ model, graphVersion, links }: GraphDisplayControllerProps) {
  const sigma = useSigma();
  const current = useRef<DisplayModel>(EMPTY_DISPLAY);
  const drawnVersion = useRef(-1);

  useEffect(() => {
    // The reducers read the model through the ref: they stay the same functions, so setting them
    // costs one refresh here and none per change.
    sigma.setSetting("nodeReducer", (key, data) => nodeDisplay(current.current, key, data) as typeof data);
    sigma.setSetting("edgeReducer", (key, data) => edgeDisplay(current.current, key, data) as typeof data);
    const queue = redrawQueueOf(sigma);
    return () => queue.clear();
  }, [sigma]);

  useEffect(() => {
    const graph = sigma.getGraph() as CitationGraph;
    const queue = redrawQueueOf(sigma);
    const before = current.current;
    current.current = model;
    if (graph.order === 0) return;
    const wanted = model.edges ? [...model.edges].filter((k) => !graph.hasEdge(k)) : [];
    if (graph.size + wanted.length > POOL_MAX && model.edges) {
      // Clearing the citations re-reduces every paper with the new model: nothing else to redraw.
      queue.clear();
      graph.clearEdges();
      wanted.splice(0, wanted.length, ...model.edges);
    } else if (drawnVersion.current !== graphVersion) {
      // A new graph was reduced with the model of the moment while it was imported (its citations'
      // keys are not the old graph's): everything is redrawn with this one, once sigma has indexed it.
      queue.enqueue({ nodes: "all", edges: "all" });
    } else queue.enqueue(() => displayChange(graph, before, model));
    drawnVersion.current = graphVersion;
    const entries = edgeEntries(links, wanted);
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const addSlice = () => {
      const end = Math.min(entries.length, next + EDGES_PER_SLICE);
      for (; next < end; next++) {
        const e = entries[next];
        if (e && graph.hasNode(e.source) && graph.hasNode(e.target) && !graph.hasEdge(e.key)) graph.addDirectedEdgeWithKey(e.key, e.source, e.target, { kind: "cites" });
      }
      if (next < entries.length) timer = setTimeout(addSlice, 0);
    };
    addSlice();
    return () => clearTimeout(timer);
  }, [sigma, model, graphVersion, links]);

  return null;
}
