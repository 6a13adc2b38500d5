/**
 * The researcher's Zotero library in the sidebar (issue 27): what was imported and when, a
 * collection to work from (the whole library, or one collection with those under it), a reading
 * list seeded by that collection, and "what cites my library that I don't have": the papers the
 * library lacks that build on, or are built on by, at least two of its papers, ranked by the
 * relevance engine, each with its reason; choosing one selects it on the map. Text only.
 */
import { useState } from "react";
import type { LibraryMissingResponse, LibraryNeighbour, PaperBrief, Resource } from "../core/api/types.ts";
import { PaperList } from "./PaperList.tsx";
import { collectionLabel, type LibraryIndex } from "../core/library/index.ts";
import { formatCount } from "../core/count-format.ts";

export interface LibraryPanelProps {
  library: LibraryIndex;
  missing: Resource<LibraryMissingResponse>;
  /** Asks what cites the library (or one collection) that it lacks. */
  onFindMissing: (collection: string | null) => void;
  /** Seeds a reading list with a collection's papers. */
  onReadingList: (collection: { key: string; path: readonly string[] }) => void;
  onSelect: (paper: PaperBrief) => void;
  onClose: () => void;
}

export function LibraryPanel({ library, missing, onFindMissing, onReadingList, onSelect, onClose }: LibraryPanelProps) {
  const [collection, setCollection] = useState<string>("");
  const chosen = library.collections.find((c) => c.key === collection) ?? null;
  const r = library.response;
  return (
    <section className="panel library-panel" aria-labelledby="library-heading">
      <header className="panel-header">
        <h2 id="library-heading">Your library</h2>
        <button type="button" className="icon-button" aria-label="Close your library" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="muted">
        {formatCount(library.papers.size)} of its {formatCount(r.items)} Zotero items are papers of this map (ringed on it). Imported {r.importedAt?.slice(0, 10) ?? ""} from{" "}
        {r.readAs === "local-api" ? "Zotero’s local API" : "a copy of zotero.sqlite"}.
      </p>
      <label className="library-collection">
        Collection{" "}
        <select value={collection} onChange={(e) => setCollection(e.target.value)}>
          <option value="">The whole library</option>
          {library.collections.map((c) => (
            <option key={c.key} value={c.key}>
              {"\u2003".repeat(c.path.length - 1)}
              {c.name} ({formatCount(c.papers)})
            </option>
          ))}
        </select>
      </label>
      <div className="library-actions">
        <button type="button" disabled={chosen === null || chosen.papers === 0} title={chosen ? undefined : "Choose a collection first"} onClick={() => chosen && onReadingList(chosen)}>
          Reading list from this collection
        </button>
        <button type="button" onClick={() => onFindMissing(collection || null)}>
          What cites {chosen ? "it" : "my library"} that I don’t have
        </button>
      </div>
      <MissingList missing={missing} onSelect={onSelect} />
    </section>
  );
}

const byScore = (p: LibraryNeighbour) => p.score;
const reasonOf = (p: LibraryNeighbour) => p.reason;

function MissingList({ missing, onSelect }: { missing: Resource<LibraryMissingResponse>; onSelect: (paper: PaperBrief) => void }) {
  if (missing.status === "idle") return null;
  if (missing.status === "loading") return <p className="muted">Looking for papers linked to your library…</p>;
  if (missing.status === "error") return <p className="error">{missing.error}</p>;
  const m = missing.data;
  const scope = m.collection ? `“${collectionLabel(m.collection)}”` : "your library";
  return (
    <div className="library-missing">
      <h3>Not in your library, linked to {scope}</h3>
      <p className="muted">
        {formatCount(m.candidates)} paper{m.candidates === 1 ? "" : "s"} build on, or are built on by, at least {m.min} of its {formatCount(m.seeds)} papers; the most relevant first.
      </p>
      <PaperList
        label={`Not in ${scope}`}
        papers={{ status: "ready", data: m.items }}
        onSelect={onSelect}
        empty="None in this map."
        relevance={byScore}
        relevanceMeaning="how strongly it is linked to your library's papers (the relevance engine's score)"
        detail={reasonOf}
      />
    </div>
  );
}
