/** The colour key: the directions with most papers, then how papers without one are coloured. */
import type { DirectionSummary } from "../core/api/types.ts";

export function Legend({ directions, max = 8 }: { directions: DirectionSummary[]; max?: number }) {
  const shown = [...directions].sort((a, b) => b.count - a.count).slice(0, max);
  return (
    <div className="legend" aria-label="Colours by direction" role="group">
      <ul>
        {shown.map((d) => (
          <li key={d.name}>
            <span className="swatch" style={{ background: d.color }} aria-hidden="true" />
            {d.name}
          </li>
        ))}
        {directions.length > shown.length && <li className="muted">+{directions.length - shown.length} more directions</li>}
        <li className="muted">
          <span className="swatch" style={{ background: "#b8b8b8" }} aria-hidden="true" />
          Known only as a reference
        </li>
        <li className="muted">Pale tones: no stated direction (grouped by community)</li>
      </ul>
    </div>
  );
}
