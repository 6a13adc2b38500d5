/**
 * The paper panel's states before a paper is shown: loading, unknown (404), ambiguous (409, with
 * the candidates to choose from) or failed; then the panel itself.
 */
import type { PaperBrief, PaperDetail, Resource } from "../core/api/types.ts";
import { displayTitle } from "../core/paper/format.ts";
import type { ReactNode } from "react";

export interface PaperLookupProps {
  requested: string;
  paper: Resource<PaperDetail> & { body?: unknown };
  onSelect: (paper: PaperBrief) => void;
  children: (paper: PaperDetail) => ReactNode;
}

function candidatesOf(body: unknown): PaperBrief[] {
  if (typeof body !== "object" || body === null || !("candidates" in body)) return [];
  const list = (body as { candidates: unknown }).candidates;
  return Array.isArray(list) ? (list.filter((c) => typeof c === "object" && c !== null && typeof (c as PaperBrief).id === "string") as PaperBrief[]) : [];
}

export function PaperLookup({ requested, paper, onSelect, children }: PaperLookupProps) {
  if (paper.status === "ready") return <>{children(paper.data)}</>;
  if (paper.status === "idle") return null;
  if (paper.status === "loading") {
    return (
      <section className="panel" aria-busy="true" aria-label="Paper">
        <p className="muted">Loading “{requested}”…</p>
      </section>
    );
  }
  const candidates = paper.httpStatus === 409 ? candidatesOf(paper.body) : [];
  return (
    <section className="panel" aria-label="Paper">
      {paper.httpStatus === 404 ? (
        <p className="error">No paper “{requested}” in this graph.</p>
      ) : candidates.length > 0 ? (
        <>
          <p>Several papers match “{requested}”; choose one:</p>
          <ul className="paper-list" aria-label="Matching papers">
            {candidates.map((c) => (
              <li key={c.id}>
                <button type="button" className="link-button" onClick={() => onSelect(c)}>
                  <span className="paper-list-title">{displayTitle(c)}</span>
                  <span className="paper-list-meta">{c.year ?? "n.d."}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="error">{paper.error}</p>
      )}
    </section>
  );
}
