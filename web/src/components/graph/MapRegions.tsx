/**
 * The map's clusters drawn as regions under the papers (core/graph/regions.ts): a tinted area and
 * an outline in each cluster's colour, on a canvas layer of sigma's below the citations, redrawn
 * after every frame from the regions' outlines in graph coordinates. Fainter while papers are
 * emphasised, and when the camera is close in (a region is then the background of what one is
 * reading). Their names are placed with the papers' labels (LabelController). Renders nothing.
 */
import { useEffect, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type { Region } from "../../core/graph/regions.ts";

const LAYER = "regions";

export interface MapRegionsProps {
  regions: readonly Region[];
  faint: boolean;
}

/** Tint and outline strengths at the overview, close in, and while papers are emphasised. */
export function regionAlpha(ratio: number, faint: boolean): { fill: number; stroke: number } {
  const near = ratio < 0.25;
  if (faint) return { fill: 0.04, stroke: 0.15 };
  return near ? { fill: 0.06, stroke: 0.25 } : { fill: 0.12, stroke: 0.55 };
}

export function MapRegions({ regions, faint }: MapRegionsProps) {
  const sigma = useSigma();
  const current = useRef({ regions, faint });

  useEffect(() => {
    current.current = { regions, faint };
    sigma.scheduleRender();
  }, [sigma, regions, faint]);

  useEffect(() => {
    const canvas = sigma.createCanvas(LAYER, { beforeLayer: "edges" });
    const context = canvas.getContext("2d");
    let size = "";
    const draw = () => {
      if (!context) return;
      const { width, height } = sigma.getDimensions();
      const ratio = window.devicePixelRatio || 1;
      if (size !== `${width}x${height}x${ratio}`) {
        size = `${width}x${height}x${ratio}`;
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
      }
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);
      const { regions: shown, faint: isFaint } = current.current;
      if (shown.length === 0) return;
      const alpha = regionAlpha(sigma.getCamera().getState().ratio, isFaint);
      context.save();
      context.lineJoin = "round";
      for (const region of shown) {
        context.beginPath();
        for (const ring of region.rings) {
          ring.forEach((p, i) => {
            const v = sigma.graphToViewport(p);
            if (i === 0) context.moveTo(v.x, v.y);
            else context.lineTo(v.x, v.y);
          });
          context.closePath();
        }
        context.fillStyle = region.color;
        context.globalAlpha = alpha.fill;
        context.fill("evenodd");
        context.strokeStyle = region.color;
        context.globalAlpha = alpha.stroke;
        context.lineWidth = 1.5;
        context.stroke();
      }
      context.restore();
    };
    sigma.on("afterRender", draw);
    return () => {
      sigma.off("afterRender", draw);
      // A renderer killed first (a collection switch, a new graph) has removed its layers already.
      if (sigma.getCanvases()[LAYER]) sigma.killLayer(LAYER);
    };
  }, [sigma]);

  return null;
}
