/**
 * The header's collection switch (issue 18: one map per project): a labelled select of the
 * collections the server serves, each with its title and its paper count or state. A native
 * select, so it is reached with Tab and changed with the arrow keys like any other.
 */
import type { CollectionSummary } from "../core/api/types.ts";
import { collectionLabel } from "../core/collections/summary-words.ts";

export interface CollectionSwitchProps {
  collections: readonly CollectionSummary[];
  /** The name of the collection shown. */
  current: string;
  onSwitch: (name: string) => void;
}

export function CollectionSwitch({ collections, current, onSwitch }: CollectionSwitchProps) {
  const known = collections.some((c) => c.name === current);
  const shown = collections.find((c) => c.name === current);
  return (
    <label className="collection-switch" title={shown?.about ?? undefined}>
      <span className="collection-switch-label">Collection</span>
      <select value={current} onChange={(e) => onSwitch(e.target.value)}>
        {!known && <option value={current}>{current} · not on this server</option>}
        {collections.map((c) => (
          <option key={c.name} value={c.name}>
            {collectionLabel(c)}
          </option>
        ))}
      </select>
    </label>
  );
}
