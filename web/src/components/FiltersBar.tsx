/**
 * The toolbar: the view (graph / lineage), the graph's filters (direction, year range, hide stubs),
 * the layout toggle (force / timeline; the lineage view is always on the time axis) and, on the
 * time axis, what y shows (the layout's position, or citations as in Litmaps).
 * Year fields apply on Enter or when they lose focus, so typing "2019" fetches the graph once.
 */
import { useState } from "react";
import type { DirectionSummary, GraphFilters, Resource } from "../core/api/types.ts";
import type { ExplorerMode, GraphLayout } from "../core/explorer/types.ts";
import type { TimelineY } from "../core/graph/timeline.ts";
import { formatCount } from "../core/count-format.ts";

export interface FiltersBarProps {
  filters: GraphFilters;
  directions: Resource<DirectionSummary[]>;
  layout: GraphLayout;
  mode?: ExplorerMode;
  timelineY?: TimelineY;
  onFilters: (filters: Partial<GraphFilters>) => void;
  onLayout: (layout: GraphLayout) => void;
  onMode?: (mode: ExplorerMode) => void;
  onTimelineY?: (y: TimelineY) => void;
}

function YearField({ label, value, onCommit }: { label: string; value: number | null; onCommit: (year: number | null) => void }) {
  const [text, setText] = useState(value === null ? "" : String(value));
  const commit = () => {
    const trimmed = text.trim();
    const n = Number(trimmed);
    const year = trimmed === "" ? null : Number.isInteger(n) && n > 0 && n < 10000 ? n : value;
    if (year !== value) onCommit(year);
    setText(year === null ? "" : String(year));
  };
  return (
    <label className="year-field">
      {label}{" "}
      <input
        type="number"
        inputMode="numeric"
        min={1900}
        max={2100}
        placeholder="any"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
      />
    </label>
  );
}

export function FiltersBar({ filters, directions, layout, mode = "graph", timelineY = "layout", onFilters, onLayout, onMode, onTimelineY }: FiltersBarProps) {
  const list = directions.status === "ready" ? directions.data : [];
  const selectedMissing = filters.direction !== null && !list.some((d) => d.name === filters.direction);
  const lineage = mode === "lineage";
  return (
    <div className="filters" role="group" aria-label="Graph filters">
      {onMode && (
        <div className="view-switch" role="group" aria-label="View">
          <button type="button" className="toggle-button" aria-pressed={!lineage} onClick={() => onMode("graph")}>
            Graph
          </button>
          <button type="button" className="toggle-button" aria-pressed={lineage} onClick={() => onMode("lineage")} title="The main path on a time axis, and reading lists">
            Lineage
          </button>
        </div>
      )}
      <label>
        Direction{" "}
        <select value={filters.direction ?? ""} onChange={(e) => onFilters({ direction: e.target.value || null })}>
          <option value="">All directions</option>
          {selectedMissing && filters.direction && <option value={filters.direction}>{filters.direction}</option>}
          {list.map((d) => (
            <option key={d.name} value={d.name}>
              {d.name} ({formatCount(d.count)})
            </option>
          ))}
        </select>
      </label>
      <YearField key={`min-${filters.minYear}`} label="From" value={filters.minYear} onCommit={(minYear) => onFilters({ minYear })} />
      <YearField key={`max-${filters.maxYear}`} label="to" value={filters.maxYear} onCommit={(maxYear) => onFilters({ maxYear })} />
      <label className="toggle">
        <input type="checkbox" checked={filters.hideStubs} onChange={(e) => onFilters({ hideStubs: e.target.checked })} /> Hide papers known only as references
      </label>
      <button
        type="button"
        className="toggle-button"
        aria-pressed={lineage || layout === "timeline"}
        disabled={lineage}
        title={lineage ? "The lineage view is always on a time axis" : undefined}
        onClick={() => onLayout(layout === "timeline" ? "force" : "timeline")}
      >
        Timeline layout
      </button>
      {onTimelineY && (
        // Always there (off the time axis, disabled): a control appearing would rewrap the toolbar
        // and resize the graph, which costs seconds in software WebGL on a large graph.
        <label title="On the time axis, y is where the force layout put the paper, or its citations on a log scale: the larger of its citations in this map and the count its pages report">
          Y axis{" "}
          <select value={timelineY} disabled={!(lineage || layout === "timeline")} onChange={(e) => onTimelineY(e.target.value === "citations" ? "citations" : "layout")}>
            <option value="layout">Layout position</option>
            <option value="citations">Citations</option>
          </select>
        </label>
      )}
    </div>
  );
}
