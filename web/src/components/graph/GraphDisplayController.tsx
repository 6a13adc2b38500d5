/**
 * Draws the display model (emphasis, filters, reading-list marks; core/graph/display.ts) through
 * one pair of sigma reducers, set once for the renderer's life. A new model redraws only the papers
 * and citations it changes, a slice at a time (core/graph/refresh-queue.ts), a new graph's once
 * sigma has indexed it. Renders nothing.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type { CitationGraph } from "../../core/graph/citation-graph.ts";
import { EMPTY_DISPLAY, displayChange, edgeDisplay, nodeDisplay, type DisplayModel } from "../../core/graph/display.ts";
import { redrawQueueOf } from "./redraw-queue.ts";

export function GraphDisplayController({ model, graphVersion }: { model: DisplayModel; graphVersion: number }) {
  const sigma = useSigma();
  const current = useRef<DisplayModel>(EMPTY_DISPLAY);

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
    // A new graph was reduced with the model of the moment while it was imported; the queue holds
    // what the new model changes until sigma has indexed the graph.
    queue.enqueue(() => displayChange(graph, before, model));
  }, [sigma, model, graphVersion]);

  return null;
}
