/**
 * The reading list in reach (issue 25): a tab in the header, always there, that counts the
 * list's papers and its seeds (so that "Add as seed" visibly changes it) and brings the reading
 * list's panel into view when pressed.
 */
import { formatCount } from "../core/count-format.ts";

export interface ReadingListTabProps {
  papers: number;
  seeds: number;
  onOpen: () => void;
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function ReadingListTab({ papers, seeds, onOpen }: ReadingListTabProps) {
  const counts = `${plural(papers, "paper", "papers")}, ${plural(seeds, "seed", "seeds")}`;
  return (
    <button type="button" className="reading-list-tab" aria-label={`Reading list: ${counts}`} title={`Reading list: ${counts}`} onClick={onOpen}>
      Reading list{" "}
      <span className="tab-count" data-count="papers">
        {formatCount(papers)}
      </span>
      {seeds > 0 && (
        <span className="tab-count seeds" data-count="seeds">
          {plural(seeds, "seed", "seeds")}
        </span>
      )}
    </button>
  );
}
