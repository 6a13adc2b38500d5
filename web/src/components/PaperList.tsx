/**
 * A named list of papers ("Builds on", "Built on by") whose items are buttons selecting that paper.
 * Long lists show their first items and a button for the rest.
 */
import { useState } from "react";
import type { PaperBrief, Resource } from "../core/api/types.ts";
import { displayTitle } from "../core/paper/format.ts";

export interface PaperListProps {
  label: string;
  papers: Resource<PaperBrief[]>;
  onSelect: (paper: PaperBrief) => void;
  empty: string;
  initialLimit?: number;
}

export function PaperList({ label, papers, onSelect, empty, initialLimit = 40 }: PaperListProps) {
  const [expanded, setExpanded] = useState(false);
  if (papers.status === "idle") return null;
  if (papers.status === "loading") return <p className="muted">Loading…</p>;
  if (papers.status === "error") return <p className="error">Could not load “{label}”: {papers.error}</p>;
  if (papers.data.length === 0) return <p className="muted">{empty}</p>;
  const shown = expanded ? papers.data : papers.data.slice(0, initialLimit);
  return (
    <>
      <ul className="paper-list" aria-label={label}>
        {shown.map((p) => (
          <li key={p.id}>
            <button type="button" className="link-button" onClick={() => onSelect(p)}>
              <span className="paper-list-title">{displayTitle(p)}</span>
              <span className="paper-list-meta">
                {p.year ?? "n.d."}
                {p.stub ? " · reference only" : ""}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {papers.data.length > shown.length && (
        <button type="button" className="small-button" onClick={() => setExpanded(true)}>
          Show all {papers.data.length.toLocaleString("en-US")}
        </button>
      )}
    </>
  );
}
