/**
 * A named list of papers ("Builds on", "Built on by", "Similar papers") with a sort control
 * (relevance, year either way, most cited in this map). Each item is a button selecting that
 * paper, with its year, first author, identifier and its two citation figures (cited in this map;
 * reported, by whom, when known; both in full on hover); the first author is a button of its own that
 * searches their papers. Long lists show their first items and a button for the rest.
 */
import { useMemo, useState } from "react";
import type { PaperBrief, Resource } from "../core/api/types.ts";
import { displayTitle, figuresTitle, firstAuthorLabel, listedFigures, shownIdentifier } from "../core/paper/format.ts";
import { sortPapers, type PaperSort } from "../core/paper/sort.ts";
import { SortControl } from "./SortControl.tsx";
import { formatCount } from "../core/count-format.ts";

export interface PaperListProps<T extends PaperBrief = PaperBrief> {
  label: string;
  papers: Resource<T[]>;
  onSelect: (paper: T) => void;
  /** Searches the papers of an author (the first author's button). */
  onAuthor?: (name: string) => void;
  empty: string;
  initialLimit?: number;
  /** The relevance order's score (higher first); without it, relevance is the answer's order. */
  relevance?: (paper: T) => number;
  /** What relevance means here, said on the sort control's hover. */
  relevanceMeaning?: string;
  /** A line under the title, for what only this list knows (why a paper is similar). */
  detail?: (paper: T) => string | null;
}

export function PaperList<T extends PaperBrief>(props: PaperListProps<T>) {
  const { label, papers, onSelect, onAuthor, empty, initialLimit = 40, relevance, relevanceMeaning = "the order the answer gave", detail } = props;
  const [expanded, setExpanded] = useState(false);
  const [sort, setSort] = useState<PaperSort>("relevance");
  const data = papers.status === "ready" ? papers.data : null;
  const sorted = useMemo(() => (data ? sortPapers(data, sort, relevance) : []), [data, sort, relevance]);
  if (papers.status === "idle") return null;
  if (papers.status === "loading") return <p className="muted">Loading…</p>;
  if (papers.status === "error")
    return (
      <p className="error">
        Could not load “{label}”: {papers.error}
      </p>
    );
  if (sorted.length === 0) return <p className="muted">{empty}</p>;
  const shown = expanded ? sorted : sorted.slice(0, initialLimit);
  return (
    <>
      {sorted.length > 1 && <SortControl list={label} value={sort} onChange={setSort} relevance={relevanceMeaning} />}
      <ul className="paper-list" aria-label={label}>
        {shown.map((p) => {
          const author = firstAuthorLabel(p);
          const id = shownIdentifier(p);
          const figures = listedFigures(p);
          const why = detail?.(p) ?? null;
          return (
            <li key={p.id}>
              <button type="button" className="link-button" title={figuresTitle(p)} onClick={() => onSelect(p)}>
                <span className="paper-list-title">{displayTitle(p)}</span>
                <span className="paper-list-meta">
                  {p.year ?? "n.d."}
                  {id ? ` · ${id}` : ""}
                  {figures.map((f) => ` · ${f}`).join("")}
                  {p.stub ? " · reference only" : ""}
                </span>
              </button>
              {author && p.firstAuthor && (
                <span className="paper-list-author">
                  {onAuthor ? (
                    <button type="button" className="link-button inline author-link" title={`Search the papers of ${p.firstAuthor}`} onClick={() => onAuthor(p.firstAuthor ?? "")}>
                      {author}
                    </button>
                  ) : (
                    author
                  )}
                </span>
              )}
              {why && <span className="paper-list-detail muted">{why}</span>}
            </li>
          );
        })}
      </ul>
      {sorted.length > shown.length && (
        <button type="button" className="small-button" onClick={() => setExpanded(true)}>
          Show all {formatCount(sorted.length)}
        </button>
      )}
    </>
  );
}
