/**
 * The axes of the timeline layout: years along the top of the graph (thinned to one label per
 * 2, 5, 10… years when years are narrow on screen), the lane of papers without a year labelled
 * with their count, and, when y is citations, the citation scale down the left. Moved with the
 * camera after every render (written straight to the DOM, not through React state, to stay cheap
 * while panning).
 */
import { useEffect, useMemo, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import type { CitationGraph } from "../../core/graph/citation-graph.ts";
import { citationScale, citationTicks, undatedX, yearScale, yearToX, type TimelineY } from "../../core/graph/timeline.ts";
import { formatCount } from "../../core/count-format.ts";

const MIN_LABEL_SPACING_PX = 44;

export function YearAxis({ graphVersion, y = "layout" }: { graphVersion: number; y?: TimelineY }) {
  const sigma = useSigma();
  const container = useRef<HTMLDivElement>(null);
  const yAxis = useRef<HTMLDivElement>(null);
  const scale = useMemo(() => (graphVersion >= 0 ? yearScale(sigma.getGraph() as CitationGraph) : null), [sigma, graphVersion]);
  const citations = useMemo(() => (scale && y === "citations" ? citationScale(sigma.getGraph() as CitationGraph, scale) : null), [sigma, scale, y]);
  const years = useMemo(() => {
    if (!scale) return [];
    const out: number[] = [];
    for (let year = scale.minYear; year <= scale.maxYear && out.length < 400; year++) out.push(year);
    return out;
  }, [scale]);
  const counts = useMemo(() => (citations ? citationTicks(citations.max) : []), [citations]);

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
      // The lane of papers without a year first: the year labels next to it give way to it.
      const lane = root.querySelector<HTMLElement>("[data-undated]");
      const laneX = sigma.graphToViewport({ x: undatedX(scale), y: 0 }).x;
      let laneHalf = 0;
      if (lane) {
        const visible = laneX > -80 && laneX < width + 80;
        lane.style.display = visible ? "" : "none";
        if (visible) {
          laneHalf = lane.offsetWidth / 2 + 4;
          // Kept inside the axis when the lane is at its edge.
          const x = Math.min(Math.max(laneX, laneHalf), width - laneHalf);
          lane.style.transform = `translateX(${x}px) translateX(-50%)`;
        }
      }
      root.querySelectorAll<HTMLElement>("[data-year]").forEach((el) => {
        const year = Number(el.dataset.year);
        const x = x0 + (year - scale.minYear) * (x1 - x0);
        const visible = year % every === 0 && x > -40 && x < width + 40 && !(laneHalf > 0 && Math.abs(x - laneX) < laneHalf + 18);
        el.style.display = visible ? "" : "none";
        if (visible) el.style.transform = `translateX(${x}px) translateX(-50%)`;
      });
      const left = yAxis.current;
      if (left && citations) {
        const height = left.clientHeight;
        left.querySelectorAll<HTMLElement>("[data-citations]").forEach((el) => {
          const c = Number(el.dataset.citations);
          // The axis starts below the year axis: its ticks are placed in its own box.
          const py = sigma.graphToViewport({ x: 0, y: citations.toY(c) }).y - left.offsetTop;
          const visible = py > 10 && py < height - 10;
          el.style.display = visible ? "" : "none";
          if (visible) el.style.transform = `translateY(${py}px) translateY(-50%)`;
        });
      }
    };
    place();
    sigma.on("afterRender", place);
    return () => {
      sigma.off("afterRender", place);
    };
  }, [sigma, scale, years, citations, counts]);

  if (!scale) return null;
  return (
    <>
      <div className="year-axis" ref={container} aria-hidden="true">
        {years.map((year) => (
          <span key={year} data-year={year} className="year-tick">
            {year}
          </span>
        ))}
        {scale.undated > 0 && (
          <span data-undated="" className="year-tick undated-tick" title="Papers without a year, in a lane of their own">
            no year ({formatCount(scale.undated)})
          </span>
        )}
      </div>
      {citations && (
        <div className="citation-axis" ref={yAxis} aria-hidden="true">
          <span className="citation-axis-title">citations</span>
          {counts.map((c) => (
            <span key={c} data-citations={c} className="citation-tick">
              {formatCount(c)}
            </span>
          ))}
        </div>
      )}
    </>
  );
}
