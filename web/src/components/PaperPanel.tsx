/**
 * The selected paper: a region named by its title, with its authors (each a button searching
 * their papers), identifiers linking out, its direction, abstract or editorial summary, reported
 * counts worded as the page meant them beside what the graph holds, citations per year, the
 * "Builds on" / "Built on by" / "Similar papers" lists (each sortable), the highlight-depth
 * control, the path buttons, and the buttons that make it a seed of the lineage view and reading
 * list or add it to the reading list. Every scraped string is rendered as text.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { PaperBrief, PaperDetail, ReachedPaper, Resource, SimilarPaper } from "../core/api/types.ts";
import type { Depth, Highlight, PathEnd } from "../core/explorer/types.ts";
import { buildsOnCoverage, citationFigures, displayTitle, identifierLinks, mapName, safeHref, sourceName } from "../core/paper/format.ts";
import { CitationsChart } from "./CitationsChart.tsx";
import { LibraryMembershipNote } from "./LibraryMembershipNote.tsx";
import { PaperList } from "./PaperList.tsx";
import { formatCount } from "../core/count-format.ts";

export interface PaperPanelProps {
  paper: PaperDetail;
  buildsOn: Resource<ReachedPaper[]>;
  builtBy: Resource<ReachedPaper[]>;
  /** Papers like it (co-citation and bibliographic coupling), when asked for. */
  similar?: Resource<SimilarPaper[]>;
  /** Searches the papers of an author. */
  onAuthor?: (name: string) => void;
  highlight: Highlight | null;
  /** How many papers the highlight covers, once known. */
  highlightSize?: Resource<number>;
  /** Whether the paper is drawn in the graph with the current filters (null: graph not loaded). */
  inGraph?: boolean | null;
  pathDraft?: { from: PathEnd | null; to: PathEnd | null };
  onSelect: (paper: PaperBrief) => void;
  onHighlight: (highlight: Highlight | null) => void;
  onPathFrom: () => void;
  onPathTo: () => void;
  onClose: () => void;
  /** Whether the paper is one of the seeds ("Add as seed" / "Remove as seed"). */
  isSeed?: boolean;
  /** How many seeds there are (the confirmation says which this one is). */
  seedCount?: number;
  onToggleSeed?: () => void;
  /** Whether the paper is on the reading list being edited ("Add to reading list"). */
  inReadingList?: boolean;
  onAddToReadingList?: () => void;
  /** Growing the map from it: Expand, and how it is cited (components/grow/PaperGrowth.tsx). */
  grow?: React.ReactNode;
}

const AUTHORS_SHOWN = 8;

const byRelevance = (p: ReachedPaper) => p.relevance ?? 0;
const bySimilarity = (p: SimilarPaper) => p.score;
const RELEVANCE = "papers citing both, and references both cite (co-citation and bibliographic coupling)";

/** The evidence that selected it, as the server words it ("co-cited with it by 41 papers; similar title"). */
const similarDetail = (p: SimilarPaper): string => p.reason;

/**
 * Connected Papers' split of similar papers (its "prior" and "derivative" works), said as what
 * each group is: older papers like it (it cites them, or they came first), newer ones (they cite
 * it, or came after), and the rest.
 */
const SIMILAR_GROUPS: { relation: SimilarPaper["relation"]; label: string; meaning: string }[] = [
  { relation: "prior", label: "Older, often cited with it", meaning: "Papers like it that came before it or that it cites" },
  { relation: "derivative", label: "Newer, cites what it cites", meaning: "Papers like it that came after it or that cite it" },
  { relation: "related", label: "Other similar papers", meaning: "Papers like it, neither clearly older nor newer" },
];

/**
 * Set when a paper is chosen from the panel's own lists: the button that had focus disappears with
 * the old paper, so focus moves to the new paper's heading instead of falling back to the page.
 */
let focusNextHeading = false;

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function PaperPanel(props: PaperPanelProps) {
  const { paper, buildsOn, builtBy, highlight, highlightSize, inGraph, pathDraft, onSelect, onHighlight, onPathFrom, onPathTo, onClose } = props;
  const { isSeed = false, seedCount = 0, onToggleSeed, inReadingList = false, onAddToReadingList, similar, onAuthor } = props;
  // What the seed button just did, said beside it (for this paper only).
  const [seedChange, setSeedChange] = useState<{ id: string; added: boolean } | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusNextHeading) return;
    focusNextHeading = false;
    headingRef.current?.focus({ preventScroll: true });
  }, [paper.id]);

  const selectFromPanel = (next: PaperBrief) => {
    focusNextHeading = next.id !== paper.id;
    onSelect(next);
  };

  const title = displayTitle(paper);
  const ids = identifierLinks(paper);
  const summary = paper.abstract ?? paper.editorial?.summary ?? null;
  const summaryKind = paper.abstract ? "Abstract" : "Summary";
  const authors = paper.authors.slice(0, AUTHORS_SHOWN);
  const moreAuthors = paper.authors.length - authors.length;
  const highlightValue = highlight?.direction ?? "none";
  const figures = citationFigures(paper);

  return (
    <section className="panel paper-panel" role="region" aria-labelledby={headingId}>
      <header className="panel-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close paper" title="Close (Esc)" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="paper-meta">
        {paper.year === null ? (
          "Year unknown"
        ) : paper.yearDerived ? (
          <span title={`No page gives a year: the arXiv identifier ${paper.arxivId ?? ""} dates the first version`}>{paper.year} (from its arXiv identifier)</span>
        ) : (
          paper.year
        )}
        {paper.venue ? ` · ${paper.venue}` : ""}
        {paper.date && !paper.venue ? ` · first posted ${paper.date}` : ""}
      </p>
      {paper.titleInferred && <p className="note">Title inferred from the first sentence of the abstract.</p>}
      {paper.stub && <p className="note">Known only as a reference: no page about this paper has been read.</p>}
      {paper.library && <LibraryMembershipNote library={paper.library} />}
      {inGraph === false && <p className="note">Not drawn in the graph with the current filters.</p>}
      {authors.length > 0 && (
        <p className="authors" aria-label="Authors">
          {authors.map((name, i) => (
            <span key={`${name}-${i}`}>
              {i > 0 ? ", " : ""}
              {onAuthor ? (
                <button type="button" className="link-button inline author-link" title={`Search the papers of ${name}`} onClick={() => onAuthor(name)}>
                  {name}
                </button>
              ) : (
                name
              )}
            </span>
          ))}
          {moreAuthors > 0 ? ` and ${formatCount(moreAuthors)} other${moreAuthors === 1 ? "" : "s"}` : ""}
        </p>
      )}

      {ids.length > 0 && (
        <ul className="identifiers" aria-label="Identifiers">
          {ids.map((id) => (
            <li key={id.scheme}>
              <span className="id-scheme">{id.scheme}</span> <ExternalLink href={id.href}>{id.value}</ExternalLink>
            </li>
          ))}
        </ul>
      )}

      {paper.directions.length > 0 && (
        <p className="directions">
          Direction:{" "}
          {paper.directions.map((d, i) => {
            const href = safeHref(d.url);
            const text = `${d.name}${d.area ? ` (${d.area})` : ""}`;
            return (
              <span key={`${d.name}-${i}`}>
                {i > 0 ? "; " : ""}
                {href ? <ExternalLink href={href}>{text}</ExternalLink> : text}
              </span>
            );
          })}
        </p>
      )}

      <div className="paper-actions">
        <button type="button" onClick={onPathFrom}>
          Path from here
        </button>
        <button type="button" onClick={onPathTo}>
          Path to here
        </button>
      </div>
      {(onToggleSeed || onAddToReadingList) && (
        <div className="paper-actions">
          {onToggleSeed && (
            <button
              type="button"
              onClick={() => {
                setSeedChange({ id: paper.id, added: !isSeed });
                onToggleSeed();
              }}
              title="Seeds scope the lineage view and start a reading list"
            >
              {isSeed ? "Remove as seed" : "Add as seed"}
            </button>
          )}
          {onAddToReadingList && (
            <button type="button" onClick={onAddToReadingList} disabled={inReadingList}>
              {inReadingList ? "On the reading list" : "Add to reading list"}
            </button>
          )}
        </div>
      )}
      {/* A live region, not a role=status: the page's status is the search box's count. */}
      <p className="note seed-change" aria-live="polite" aria-atomic="true">
        {seedChange?.id === paper.id && seedChange.added === isSeed ? (isSeed ? `✓ Seed ${seedCount} of the reading list and the lineage view` : "Removed from the seeds") : ""}
      </p>
      {pathDraft?.from && pathDraft.from.ref && (
        <p className="note" role="status">
          Path from “{pathDraft.from.title}”: select an older paper and choose “Path to here”.
        </p>
      )}
      {pathDraft?.to && pathDraft.to.ref && (
        <p className="note" role="status">
          Path to “{pathDraft.to.title}”: select a newer paper and choose “Path from here”.
        </p>
      )}

      <section className="coverage" aria-label="Coverage">
        <p title={paper.coverage.buildsOn.source ?? undefined}>{buildsOnCoverage(paper.coverage.buildsOn, mapName(paper, paper.coverage.buildsOn.source))}</p>
        <p className="citation-figure">{figures.inMap}</p>
        <p className="citation-figure" title={paper.coverage.builtBy.source ?? undefined}>
          {figures.reported}
        </p>
      </section>

      {props.grow}

      {paper.citationsPerYear && <CitationsChart perYear={paper.citationsPerYear} />}

      {summary && (
        <details className="summary" open>
          <summary>{summaryKind}</summary>
          <p>{summary}</p>
          {paper.editorial?.takeaway && (
            <p>
              <strong>Takeaway:</strong> {paper.editorial.takeaway}
            </p>
          )}
        </details>
      )}

      {paper.notes.length > 0 && (
        <details className="user-notes" open>
          <summary>{paper.notes.length === 1 ? "Your note" : `Your notes (${paper.notes.length})`}</summary>
          {paper.notes.map((n) => (
            <pre key={n.source} className="note-text" title={n.source}>
              {n.text}
            </pre>
          ))}
        </details>
      )}

      <fieldset className="highlight-control">
        <legend>Highlight in graph</legend>
        <label>
          Set{" "}
          <select
            value={highlightValue}
            onChange={(e) => {
              const v = e.target.value;
              onHighlight(v === "buildsOn" || v === "builtBy" ? { direction: v, depth: highlight?.depth ?? 1 } : null);
            }}
          >
            <option value="none">Neighbours only</option>
            <option value="buildsOn">What it builds on</option>
            <option value="builtBy">What builds on it</option>
          </select>
        </label>
        <label>
          Depth{" "}
          <select
            value={highlight?.depth ?? 1}
            disabled={!highlight}
            onChange={(e) => {
              const depth = Number(e.target.value) as Depth;
              if (highlight) onHighlight({ ...highlight, depth });
            }}
          >
            <option value={1}>1 (direct)</option>
            <option value={2}>2</option>
            <option value={3}>3</option>
          </select>
        </label>
        {highlight && highlightSize && (
          <span className="muted" role="status">
            {highlightSize.status === "ready"
              ? `${formatCount(highlightSize.data)} paper${highlightSize.data === 1 ? "" : "s"} highlighted`
              : highlightSize.status === "error"
                ? `Could not load: ${highlightSize.error}`
                : "Loading…"}
          </span>
        )}
      </fieldset>

      <h3>Builds on</h3>
      <PaperList
        label="Builds on"
        papers={buildsOn}
        onSelect={selectFromPanel}
        onAuthor={onAuthor}
        relevance={byRelevance}
        relevanceMeaning={`ties to this paper: ${RELEVANCE}`}
        empty="Builds on no paper in this graph."
      />
      <h3>Built on by</h3>
      <PaperList
        label="Built on by"
        papers={builtBy}
        onSelect={selectFromPanel}
        onAuthor={onAuthor}
        relevance={byRelevance}
        relevanceMeaning={`ties to this paper: ${RELEVANCE}`}
        empty="No paper in this graph builds on it."
      />
      {similar && (
        <>
          <h3>Similar papers</h3>
          {similar.status === "ready" && similar.data.length === 0 && <p className="muted">No paper shares a citing paper, a reference or telling title words with it.</p>}
          {similar.status !== "ready" && <PaperList label="Similar papers" papers={similar} onSelect={selectFromPanel} empty="" />}
          {similar.status === "ready" &&
            SIMILAR_GROUPS.map(({ relation, label, meaning }) => {
              const papers = similar.data.filter((p) => p.relation === relation);
              if (papers.length === 0) return null;
              return (
                <section key={relation} className="similar-group">
                  <h4 title={meaning}>{label}</h4>
                  <PaperList
                    label={label}
                    papers={{ status: "ready", data: papers }}
                    onSelect={selectFromPanel}
                    onAuthor={onAuthor}
                    relevance={bySimilarity}
                    relevanceMeaning={`similarity: ${RELEVANCE}, each normalised by Salton's cosine, with title and abstract similarity`}
                    detail={similarDetail}
                    empty=""
                  />
                </section>
              );
            })}
        </>
      )}

      {paper.related.length > 0 && (
        <>
          <h3>Related (recommended, not cited)</h3>
          <ul className="related" aria-label="Related">
            {paper.related.map((r, i) => {
              const href = safeHref(r.url);
              return (
                <li key={`${r.title}-${i}`}>
                  {href ? <ExternalLink href={href}>{r.title}</ExternalLink> : r.title}
                  {r.note ? <span className="muted"> — {r.note}</span> : null}
                </li>
              );
            })}
          </ul>
        </>
      )}

      {paper.sources.length > 0 && (
        <details className="sources">
          <summary>Sources ({paper.sources.length})</summary>
          <ul>
            {paper.sources.map((s, i) => (
              <li key={`${s.contentHash}-${s.role}-${i}`} title={s.source}>
                {sourceName(s.source)} · {s.format}
                {s.role === "self" ? " · about this paper" : s.role === "builds_on" ? " · lists it under Builds on" : " · lists it under Built on by"}
                {s.dataThrough ? ` · data through ${s.dataThrough}` : ""}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
