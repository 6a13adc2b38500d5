/**
 * Moves the camera to what the user asked to see: the selected paper when it changes, or the whole
 * influence path or lineage when one arrives; and back to the whole graph when the user presses
 * Esc (`resetToken` changes). Waits one frame so sigma has processed a freshly loaded graph. The
 * graph's container says what the camera last framed (`data-camera`: "whole graph", "paper",
 * "papers"), for people reading the page with tools and for the browser tests, and where the
 * camera is (`data-camera-state`: "x,y,ratio,angle"), so a test can see that a live refresh
 * left it where it was.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type Sigma from "sigma";
import { fitAll, fitPoints, framedPoint } from "../../core/graph/camera.ts";

export interface CameraControllerProps {
  selected: string | null;
  /** Papers to fit in view (an influence path), or null. */
  focus: readonly string[] | null;
  graphVersion: number;
  /** Changes when the camera should return to the whole graph. */
  resetToken?: number;
}

/** The camera that shows every paper where it is now (a timeline may differ from what sigma indexed). */
export function wholeGraph(sigma: Sigma) {
  const extent = sigma.getBBox();
  const points: { x: number; y: number }[] = [];
  sigma.getGraph().forEachNode((_key, a: { x?: unknown; y?: unknown }) => {
    if (typeof a.x === "number" && typeof a.y === "number") points.push(framedPoint(extent, { x: a.x, y: a.y }));
  });
  return fitAll(points);
}

function framed(sigma: Sigma, what: string): void {
  sigma.getContainer().dataset.camera = what;
}

export function CameraController({ selected, focus, graphVersion, resetToken = 0 }: CameraControllerProps) {
  const sigma = useSigma();
  const done = useRef<string | null>(null);
  const resets = useRef(resetToken);

  useEffect(() => {
    const camera = sigma.getCamera();
    const container = sigma.getContainer();
    const write = (s: { x: number; y: number; ratio: number; angle: number }) => {
      container.dataset.cameraState = `${s.x},${s.y},${s.ratio},${s.angle}`;
    };
    write(camera.getState());
    camera.on("updated", write);
    return () => {
      camera.removeListener("updated", write);
    };
  }, [sigma]);

  useEffect(() => {
    if (resets.current === resetToken) return;
    resets.current = resetToken;
    done.current = null;
    const target = wholeGraph(sigma);
    if (target) sigma.getCamera().animate(target, { duration: 500 }, () => framed(sigma, "whole graph"));
  }, [sigma, resetToken]);

  useEffect(() => {
    const keys = focus && focus.length > 0 ? focus : selected ? [selected] : [];
    const target = keys.join("\u0000");
    if (!target || done.current === target) return;
    const graph = sigma.getGraph();
    const present = keys.filter((k) => graph.hasNode(k));
    if (present.length === 0) return;
    const frame = requestAnimationFrame(() => {
      // From the papers' positions, not their last drawing: a timeline's positions are written
      // before every paper has been redrawn at them.
      const extent = sigma.getBBox();
      const points = present.map((k) => {
        const a = graph.getNodeAttributes(k) as { x: number; y: number };
        return framedPoint(extent, a);
      });
      const camera = sigma.getCamera();
      const state = fitPoints(points, camera.getState().ratio);
      if (!state) return;
      done.current = target;
      camera.animate(state, { duration: 600 }, () => framed(sigma, present.length === 1 ? "paper" : "papers"));
    });
    return () => cancelAnimationFrame(frame);
  }, [sigma, selected, focus, graphVersion]);

  return null;
}
