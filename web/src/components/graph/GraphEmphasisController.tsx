/**
 * Applies the emphasis (hover, selection, highlighted set, influence path) to sigma as node and edge
 * reducers. The graph is never written; a change here costs one sigma refresh. Renders nothing.
 */
import { useEffect, useMemo } from "react";
import { useSigma } from "@react-sigma/core";
import type { CitationGraph } from "../../core/graph/citation-graph.ts";
import { computeEmphasis, edgeReducerFor, nodeReducerFor, type EmphasisInput } from "../../core/graph/emphasis.ts";

export function GraphEmphasisController({ input, graphVersion }: { input: EmphasisInput; graphVersion: number }) {
  const sigma = useSigma();
  const emphasis = useMemo(
    () => (graphVersion >= 0 ? computeEmphasis(sigma.getGraph() as CitationGraph, input) : null),
    [sigma, input, graphVersion],
  );
  useEffect(() => {
    sigma.setSetting("nodeReducer", nodeReducerFor(emphasis) as never);
    sigma.setSetting("edgeReducer", edgeReducerFor(emphasis) as never);
  }, [sigma, emphasis]);
  return null;
}
