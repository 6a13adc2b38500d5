/** The order of a paper list: a labelled select (keyboard reachable), one per list. */
import { SORTS, isPaperSort, type PaperSort } from "../core/paper/sort.ts";

export interface SortControlProps {
  /** The list's name: the control is named "Sort <list>". */
  list: string;
  value: PaperSort;
  onChange: (sort: PaperSort) => void;
  /** What relevance means for this list, said on hover. */
  relevance: string;
}

export function SortControl({ list, value, onChange, relevance }: SortControlProps) {
  return (
    <label className="sort-control">
      <span className="visually-hidden">Sort {list}</span>
      <span aria-hidden="true">Sort</span>{" "}
      <select aria-label={`Sort ${list}`} value={value} title={`Relevance: ${relevance}`} onChange={(e) => isPaperSort(e.target.value) && onChange(e.target.value)}>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
