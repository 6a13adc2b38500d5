/**
 * The map's key, with counts, that filters (issue 18): the research directions pages place papers
 * in, then the largest communities of papers that state none (labelled by their title words), each
 * a toggle that narrows the map to it; then how the rest is coloured. The researcher's own rings
 * (the reading list's, the library's with its filter) come first, above the list that scrolls.
 * Keyboard reachable: every entry that filters is a button with aria-pressed.
 */
import type { DirectionSummary, GraphCommunity } from "../core/api/types.ts";
import { LibraryLegend, type LibraryLegendProps } from "./LibraryLegend.tsx";
import { formatCount } from "../core/count-format.ts";

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
  /** The researcher's library on the map (ringed), and its filter; absent without one. */
  library?: LibraryLegendProps;
}

export const STUB_COLOR = "#b8b8b8";

function count(n: number): string {
  return formatCount(n);
}

/** One entry that filters: its swatch, name and count, pressed while the map shows only it. */
function LegendEntry(props: { color: string; name: string; count: number; pressed: boolean; onToggle: () => void; showOnly: string }) {
  const { color, name, pressed, onToggle, showOnly } = props;
  return (
    <button type="button" className="legend-entry" aria-pressed={pressed} onClick={onToggle} title={pressed ? "Show every paper again" : showOnly}>
      <span className="swatch" style={{ background: color }} aria-hidden="true" />
      <span className="legend-name">{name}</span> <span className="legend-count">{count(props.count)}</span>
    </button>
  );
}

export function Legend(props: LegendProps) {
  const { directions, communities, otherCommunityColor, direction, community, onDirection, onCommunity, max = 8, defaultOpen = true, marked = 0, library } = props;
  const shown = [...directions].sort((a, b) => b.count - a.count).slice(0, max);
  const chosen = directions.find((d) => d.name === direction);
  if (chosen && !shown.includes(chosen)) shown.push(chosen);
  return (
    <details className="legend" open={defaultOpen} data-map-obstacle="">
      <summary>Legend</summary>
      {/* The rings first: on a large map the communities' list scrolls, and these are the researcher's own. */}
      {(library || marked > 0) && (
        <ul className="legend-rings">
          {marked > 0 && (
            <li className="legend-marked">
              <span className="swatch ring" aria-hidden="true" />
              Ringed and numbered: on your reading list ({count(marked)})
            </li>
          )}
          {library && <LibraryLegend {...library} />}
        </ul>
      )}
      <div role="group" aria-label="Colours by direction and community">
        {shown.length > 0 && (
          <>
            <h4>Directions</h4>
            <ul>
              {shown.map((d) => (
                <li key={d.name}>
                  <LegendEntry
                    color={d.color}
                    name={d.name}
                    count={d.count}
                    pressed={direction === d.name}
                    onToggle={() => onDirection(direction === d.name ? null : d.name)}
                    showOnly={`Show only “${d.name}”`}
                  />
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
                  <LegendEntry
                    color={c.color}
                    name={c.label}
                    count={c.size}
                    pressed={community === c.id}
                    onToggle={() => onCommunity(community === c.id ? null : c.id)}
                    showOnly={`Show only this community (${count(c.size)} papers)`}
                  />
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
        </ul>
      </div>
    </details>
  );
}
