/**
 * Moves the camera to what the user asked to see: the selected paper when it changes, or the whole
 * influence path when one arrives. Waits one frame so sigma has processed a freshly loaded graph.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import { fitPoints } from "../../core/graph/camera.ts";

export interface CameraControllerProps {
  selected: string | null;
  /** Papers to fit in view (an influence path), or null. */
  focus: readonly string[] | null;
  graphVersion: number;
}

export function CameraController({ selected, focus, graphVersion }: CameraControllerProps) {
  const sigma = useSigma();
  const done = useRef<string | null>(null);

  useEffect(() => {
    const keys = focus && focus.length > 0 ? focus : selected ? [selected] : [];
    const target = keys.join("\u0000");
    if (!target || done.current === target) return;
    const graph = sigma.getGraph();
    const present = keys.filter((k) => graph.hasNode(k));
    if (present.length === 0) return;
    const frame = requestAnimationFrame(() => {
      const points = present.map((k) => sigma.getNodeDisplayData(k)).filter((d) => d !== undefined);
      const camera = sigma.getCamera();
      const state = fitPoints(points, camera.getState().ratio);
      if (!state) return;
      done.current = target;
      camera.animate(state, { duration: 600 });
    });
    return () => cancelAnimationFrame(frame);
  }, [sigma, selected, focus, graphVersion]);

  return null;
}
