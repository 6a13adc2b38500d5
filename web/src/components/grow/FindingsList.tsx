/**
 * What a watch check found for a saved list, as a list: each new paper citing the list (its title,
 * when it appeared, which of the list's papers it cites and how, where the source says), with
 * "Add to map" (online only) and "Dismiss"; papers added since show "Show in map". Pure view:
 * the requests are the caller's. Every title and sentence is rendered as text.
 */
import type { WatchFindingJson } from "../../core/api/types.ts";
import { citesAs } from "./citation-wording.ts";

export interface FindingsListProps {
  findings: readonly WatchFindingJson[];
  /** Whether "Add to map" may be offered (the server is online). */
  online: boolean;
  /** A request about the findings is on its way: the buttons wait. */
  busy: boolean;
  onAdd: (finding: WatchFindingJson) => void;
  onDismiss: (finding: WatchFindingJson) => void;
  /** Selects an added finding's paper in the map, by its DOI or arXiv ID. */
  onShow?: (ref: string) => void;
}

/** How the map can be asked for a finding's paper once added. */
export function findingRef(f: WatchFindingJson): string | null {
  return f.doi ?? (f.arxivId ? `arXiv:${f.arxivId}` : null) ?? f.aclId;
}

export function FindingsList({ findings, online, busy, onAdd, onDismiss, onShow }: FindingsListProps) {
  const shown = findings.filter((f) => f.state !== "dismissed");
  if (shown.length === 0) return <p className="muted">No new papers cite the list.</p>;
  return (
    <ul className="findings" aria-label="New papers citing the list">
      {shown.map((f) => {
        const ref = findingRef(f);
        const title = f.title?.trim() ? f.title : `(untitled paper ${f.id})`;
        return (
          <li key={`${f.source}:${f.id}`} className={`finding finding-${f.state}`} data-finding={f.id}>
            <span className="finding-title">{title}</span>
            <span className="paper-list-meta">{f.date ? `appeared ${f.date}` : f.year ? `appeared ${f.year}` : "date unknown"}</span>
            {f.newInLastCheck && f.state === "new" && <span className="finding-badge">new in the last check</span>}
            <ul className="finding-cites" aria-label="Cites in the list">
              {f.cites.map((c, i) => (
                <li key={`${c.ref}-${i}`}>
                  {citesAs(c.intents, `“${c.title ?? c.ref}”`) ?? `cites “${c.title ?? c.ref}”`}
                  {c.isInfluential ? " · influential" : ""}
                  {c.contexts[0] && <blockquote className="context-sentence">{c.contexts[0]}</blockquote>}
                </li>
              ))}
            </ul>
            <div className="finding-actions">
              {f.state === "new" ? (
                <>
                  {online && (
                    <button type="button" className="small-button" disabled={busy} onClick={() => onAdd(f)}>
                      Add to map
                    </button>
                  )}
                  <button type="button" className="small-button" disabled={busy} onClick={() => onDismiss(f)}>
                    Dismiss
                  </button>
                </>
              ) : (
                <>
                  <span className="muted">Added to the map</span>
                  {onShow && ref && (
                    <button type="button" className="small-button" onClick={() => onShow(ref)}>
                      Show in map
                    </button>
                  )}
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
