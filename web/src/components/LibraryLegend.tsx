/**
 * The legend's entry for the researcher's library (issue 27): the ring its papers are drawn with,
 * how many of them the map holds, and the map's filter on it: every paper, only the library's, or
 * only the papers it lacks. Buttons with aria-pressed, like the legend's other filters.
 */
import type { LibraryFilter } from "../core/library/index.ts";
import { formatCount } from "../core/count-format.ts";

export interface LibraryLegendProps {
  /** Papers of the map the library holds. */
  count: number;
  filter: LibraryFilter;
  onFilter: (filter: LibraryFilter) => void;
}

const CHOICES: readonly { filter: LibraryFilter; label: string }[] = [
  { filter: "all", label: "All papers" },
  { filter: "only", label: "Only my library" },
  { filter: "not", label: "Not in my library" },
];

export function LibraryLegend({ count, filter, onFilter }: LibraryLegendProps) {
  return (
    <li className="legend-library">
      <span className="swatch library-ring" aria-hidden="true" />
      In your Zotero library ({formatCount(count)})
      <span className="library-filter" role="group" aria-label="Show papers by your library">
        {CHOICES.map((c) => (
          <button key={c.filter} type="button" aria-pressed={filter === c.filter} onClick={() => onFilter(c.filter)}>
            {c.label}
          </button>
        ))}
      </span>
    </li>
  );
}
