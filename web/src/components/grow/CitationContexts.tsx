/**
 * How the papers citing the selected one cite it, where a source said (Semantic Scholar's
 * intents, influential flags and citing sentences, kept on the edges): each citing paper, "cites
 * it as background / method / result", an "influential" mark, and its sentences, influential
 * ones first; the first few shown, then "Show more". Everything is rendered as text: the
 * sentences are scraped. Shown only when a source described at least one citation.
 */
import { useState } from "react";
import { CONTEXTS_SHOWN } from "../../../../api/limits.ts";
import type { CitationContext, CitationContextsResponse, PaperBrief, Resource } from "../../core/api/types.ts";
import { fetchCitationContexts } from "../../core/api/grow-client.ts";
import { displayTitle } from "../../core/paper/format.ts";
import { useResource } from "../../hooks/use-resource.ts";
import { citesAs } from "./citation-wording.ts";
import { formatCount } from "../../core/count-format.ts";

/** Citations asked for at once (the server's default); the panel shows CONTEXTS_SHOWN more at a time. */
const ASKED = 100;

export interface CitationContextsProps {
  paperId: string;
  /** Changes when the map changes, so that new citations show. */
  version?: string | null;
  onSelect: (paper: PaperBrief) => void;
}

export function CitationContexts({ paperId, version = null, onSelect }: CitationContextsProps) {
  const answer = useResource(`${paperId}\u0000${version ?? ""}`, (signal) => fetchCitationContexts(paperId, "builtBy", ASKED, signal));
  return <CitationContextsView key={paperId} answer={answer} onSelect={onSelect} />;
}

export function CitationContextsView({ answer, onSelect }: { answer: Resource<CitationContextsResponse>; onSelect: (paper: PaperBrief) => void }) {
  const [shown, setShown] = useState(CONTEXTS_SHOWN);
  if (answer.status !== "ready" || answer.data.described === 0) return null;
  const { citations, described, direct, truncated } = answer.data;
  const visible = citations.slice(0, shown);
  const more = citations.length - visible.length;
  return (
    <section className="citation-contexts" aria-label="How it is cited">
      <h3>How it is cited</h3>
      <p className="muted">
        A source says how {formatCount(described)} of the {formatCount(direct)} papers citing it in this map cite it.
      </p>
      <ul className="context-list">
        {visible.map((c) => (
          <ContextRow key={c.id} citation={c} onSelect={onSelect} />
        ))}
      </ul>
      {more > 0 && (
        <button type="button" className="small-button" onClick={() => setShown((n) => n + CONTEXTS_SHOWN)}>
          Show more ({formatCount(more)} more)
        </button>
      )}
      {more === 0 && truncated && (
        <p className="muted">
          {formatCount(described - citations.length)} more: see <code>lineage contexts</code>.
        </p>
      )}
    </section>
  );
}

function ContextRow({ citation, onSelect }: { citation: CitationContext; onSelect: (paper: PaperBrief) => void }) {
  const how = citesAs(citation.intents);
  return (
    <li className="context-item">
      <button type="button" className="link-button" onClick={() => onSelect(citation)}>
        {displayTitle(citation)}
      </button>
      <span className="paper-list-meta">{citation.year ?? "n.d."}</span>
      <p className="context-how">
        {how ?? "cites it (no intent given)"}
        {citation.isInfluential && (
          <span className="influential" title="The source counts this citation as influential">
            {" "}
            · influential
          </span>
        )}
      </p>
      {citation.contexts.map((sentence, i) => (
        <blockquote key={i} className="context-sentence">
          {sentence}
        </blockquote>
      ))}
    </li>
  );
}
