/**
 * Pointer events on the graph: a click selects a paper; hovering reports the paper under the
 * pointer after a short delay (debounced, so sweeping across the graph does not refresh it for
 * every paper passed). Renders nothing.
 */
import { useEffect, useRef } from "react";
import { useRegisterEvents, useSigma } from "@react-sigma/core";
import type { CitationGraph, CitationNodeAttributes } from "../../core/graph/citation-graph.ts";

const HOVER_DELAY_MS = 90;

export interface GraphEventsControllerProps {
  onClickNode: (key: string, attributes: CitationNodeAttributes) => void;
  onHover: (key: string | null) => void;
}

export function GraphEventsController({ onClickNode, onHover }: GraphEventsControllerProps) {
  const sigma = useSigma();
  const registerEvents = useRegisterEvents();
  const handlers = useRef({ onClickNode, onHover });
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    handlers.current = { onClickNode, onHover };
  });

  useEffect(() => {
    const later = (key: string | null) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => handlers.current.onHover(key), HOVER_DELAY_MS);
    };
    registerEvents({
      clickNode: ({ node }) => {
        const graph = sigma.getGraph() as CitationGraph;
        if (graph.hasNode(node)) handlers.current.onClickNode(node, graph.getNodeAttributes(node));
      },
      enterNode: ({ node }) => {
        sigma.getContainer().style.cursor = "pointer";
        // Passing over papers while dragging or while the camera glides is not hovering.
        if (sigma.getMouseCaptor().isMouseDown || sigma.getCamera().isAnimated()) return;
        later(node);
      },
      leaveNode: () => {
        sigma.getContainer().style.cursor = "";
        later(null);
      },
    });
    return () => window.clearTimeout(timer.current);
  }, [registerEvents, sigma]);

  return null;
}
