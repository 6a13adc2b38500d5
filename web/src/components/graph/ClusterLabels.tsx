/**
 * Community and direction labels drawn at their clusters on the force layout (issue 18), in each
 * cluster's colour, the largest first and none over another (core/graph/label-placement.ts).
 * Positioned after every render straight in the DOM, as the year axis is. Text only; the legend
 * is what filters.
 */
import { useEffect, useMemo, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type { GraphCommunity } from "../../core/api/types.ts";
import type { CitationGraph } from "../../core/graph/citation-graph.ts";
import { clusterLabels } from "../../core/graph/clusters.ts";
import { LabelPlacer } from "../../core/graph/label-placement.ts";

export interface ClusterLabelsProps {
  graphVersion: number;
  communities: readonly GraphCommunity[];
  directionColors: ReadonlyMap<string, string>;
  /** Fainter while papers are emphasised. */
  faint: boolean;
}

export function ClusterLabels({ graphVersion, communities, directionColors, faint }: ClusterLabelsProps) {
  const sigma = useSigma();
  const root = useRef<HTMLDivElement>(null);
  const labels = useMemo(
    () => (graphVersion >= 0 ? clusterLabels(sigma.getGraph() as CitationGraph, communities, (name) => directionColors.get(name) ?? "#5c6b7a") : []),
    [sigma, graphVersion, communities, directionColors],
  );

  useEffect(() => {
    const placer = new LabelPlacer();
    const widths = new Map<string, number>();
    const place = () => {
      const el = root.current;
      if (!el) return;
      placer.reset();
      const { width, height } = sigma.getDimensions();
      el.querySelectorAll<HTMLElement>("[data-cluster]").forEach((span) => {
        const key = span.dataset.cluster ?? "";
        const label = labels.find((l) => l.key === key);
        if (!label) return;
        let w = widths.get(key);
        if (w === undefined) {
          span.style.display = "";
          w = span.offsetWidth;
          widths.set(key, w);
        }
        const p = sigma.graphToViewport({ x: label.x, y: label.y });
        const box = { x: p.x - w / 2, y: p.y - 10, width: w, height: 20 };
        const onScreen = box.x > -w && box.x < width && box.y > -20 && box.y < height;
        const show = onScreen && placer.free(box);
        span.style.display = show ? "" : "none";
        if (show) {
          placer.occupy(box);
          span.style.transform = `translate(${Math.round(box.x)}px, ${Math.round(box.y)}px)`;
        }
      });
    };
    place();
    sigma.on("afterRender", place);
    return () => {
      sigma.off("afterRender", place);
    };
  }, [sigma, labels]);

  return (
    <div className={faint ? "cluster-labels faint" : "cluster-labels"} ref={root} aria-hidden="true">
      {labels.map((l) => (
        <span key={l.key} data-cluster={l.key} className={`cluster-label ${l.kind}`} style={{ color: l.color }}>
          {l.text}
        </span>
      ))}
    </div>
  );
}
