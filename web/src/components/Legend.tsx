/**
 * The map's key, with counts, that filters (issue 18): the research directions pages place papers
 * in, then the largest communities of papers that state none (labelled by their title words), each
 * a toggle that narrows the map to it; then how the rest is coloured. Keyboard reachable: every
 * entry that filters is a button with aria-pressed.
 */
import type { DirectionSummary, GraphCommunity } from "../core/api/types.ts";

export interface LegendProps {
  directions: DirectionSummary[];
  communities: readonly GraphCommunity[];
  otherCommunityColor: string;
  direction: string | null;
  community: number | null;
  onDirection: (name: string | null) => void;
  onCommunity: (id: number | null) => void;
  max?: number;
  /** Open at first (the timeline starts it closed: it would cover the axes). */
  defaultOpen?: boolean;
  /** Papers of the reading list drawn on the map (ringed, with their number). */
  marked?: number;
}

export const STUB_COLOR = "#b8b8b8";

function count(n: number): string {
  return n.toLocaleString("en-US");
}

export function Legend(props: LegendProps) {
  const { directions, communities, otherCommunityColor, direction, community, onDirection, onCommunity, max = 8, defaultOpen = true, marked = 0 } = props;
  const shown = [...directions].sort((a, b) => b.count - a.count).slice(0, max);
  const chosen = directions.find((d) => d.name === direction);
  if (chosen && !shown.includes(chosen)) shown.push(chosen);
  return (
    <details className="legend" open={defaultOpen}>
      <summary>Legend</summary>
      <div role="group" aria-label="Colours by direction and community">
        {shown.length > 0 && (
          <>
            <h4>Directions</h4>
            <ul>
              {shown.map((d) => (
                <li key={d.name}>
                  <button
                    type="button"
                    className="legend-entry"
                    aria-pressed={direction === d.name}
                    onClick={() => onDirection(direction === d.name ? null : d.name)}
                    title={direction === d.name ? "Show every paper again" : `Show only “${d.name}”`}
                  >
                    <span className="swatch" style={{ background: d.color }} aria-hidden="true" />
                    <span className="legend-name">{d.name}</span> <span className="legend-count">{count(d.count)}</span>
                  </button>
                </li>
              ))}
              {directions.length > shown.length && <li className="muted">+{directions.length - shown.length} more directions</li>}
            </ul>
          </>
        )}
        {communities.length > 0 && (
          <>
            <h4>Communities{shown.length > 0 ? " (no stated direction)" : ""}</h4>
            <ul>
              {communities.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="legend-entry"
                    aria-pressed={community === c.id}
                    onClick={() => onCommunity(community === c.id ? null : c.id)}
                    title={community === c.id ? "Show every paper again" : `Show only this community (${count(c.size)} papers)`}
                  >
                    <span className="swatch" style={{ background: c.color }} aria-hidden="true" />
                    <span className="legend-name">{c.label}</span> <span className="legend-count">{count(c.size)}</span>
                  </button>
                </li>
              ))}
              <li className="muted">
                <span className="swatch" style={{ background: otherCommunityColor }} aria-hidden="true" />
                Smaller communities
              </li>
            </ul>
          </>
        )}
        <ul>
          <li className="muted">
            <span className="swatch" style={{ background: STUB_COLOR }} aria-hidden="true" />
            Known only as a reference
          </li>
          {marked > 0 && (
            <li className="legend-marked">
              <span className="swatch ring" aria-hidden="true" />
              Ringed and numbered: on your reading list ({count(marked)})
            </li>
          )}
        </ul>
      </div>
    </details>
  );
}
