/**
 * The year axis of the timeline layout: labels along the top of the graph, moved with the camera
 * after every render (written straight to the DOM, not through React state, to stay cheap while
 * panning), thinned to one label per 2, 5, 10… years when years are narrow on screen.
 */
import { useEffect, useMemo, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type { CitationGraph } from "../../core/graph/citation-graph.ts";
import { yearScale, yearToX } from "../../core/graph/timeline.ts";

const MIN_LABEL_SPACING_PX = 44;

export function YearAxis({ graphVersion }: { graphVersion: number }) {
  const sigma = useSigma();
  const container = useRef<HTMLDivElement>(null);
  const scale = useMemo(() => (graphVersion >= 0 ? yearScale(sigma.getGraph() as CitationGraph) : null), [sigma, graphVersion]);
  const years = useMemo(() => {
    if (!scale) return [];
    const out: number[] = [];
    for (let y = scale.minYear; y <= scale.maxYear && out.length < 400; y++) out.push(y);
    return out;
  }, [scale]);

  useEffect(() => {
    if (!scale) return;
    const place = () => {
      const root = container.current;
      if (!root) return;
      const x0 = sigma.graphToViewport({ x: yearToX(scale, scale.minYear), y: 0 }).x;
      const x1 = sigma.graphToViewport({ x: yearToX(scale, scale.minYear + 1), y: 0 }).x;
      const perYear = Math.abs(x1 - x0) || 1;
      const every = [1, 2, 5, 10, 20, 50, 100].find((s) => s * perYear >= MIN_LABEL_SPACING_PX) ?? 100;
      const width = root.clientWidth;
      root.querySelectorAll<HTMLElement>("[data-year]").forEach((el) => {
        const year = Number(el.dataset.year);
        const x = x0 + (year - scale.minYear) * (x1 - x0);
        const visible = year % every === 0 && x > -40 && x < width + 40;
        el.style.display = visible ? "" : "none";
        if (visible) el.style.transform = `translateX(${x}px) translateX(-50%)`;
      });
    };
    place();
    sigma.on("afterRender", place);
    return () => {
      sigma.off("afterRender", place);
    };
  }, [sigma, scale, years]);

  if (!scale) return null;
  return (
    <div className="year-axis" ref={container} aria-hidden="true">
      {years.map((y) => (
        <span key={y} data-year={y} className="year-tick">
          {y}
        </span>
      ))}
    </div>
  );
}
