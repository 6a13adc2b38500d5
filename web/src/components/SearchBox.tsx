/**
 * The paper search: an ARIA combobox ("Search papers") over `GET /api/search`, with a listbox of
 * results wide enough to read, each with its title, first author, year, venue and identifier, its
 * two citation figures with their meaning (cited in this map; reported, by whom), and, when its
 * words do not explain it, why it was found (a name it goes by, a typo read as a word), and a
 * sort control for them (relevance, year, citations in this map) that keeps the list open. Arrow keys move through the options,
 * Enter or a click selects, Escape closes the list (and, when the list is already closed, clears
 * the text). Any identifier the CLI takes can be pasted: the server puts the paper it names first.
 * `request` puts a query in the box from elsewhere (an author's name). Requests are debounced and
 * aborted.
 */
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from "react";
import { isAbort, searchPapers } from "../core/api/client.ts";
import type { SearchHit } from "../core/api/types.ts";
import { displayTitle, figuresTitle, firstAuthorLabel, listedFigures, shownIdentifier } from "../core/paper/format.ts";
import { sortPapers, type PaperSort } from "../core/paper/sort.ts";
import { SortControl } from "./SortControl.tsx";

/** A query asked for from outside the box; `n` tells two asks for the same text apart. */
export interface SearchRequest {
  text: string;
  n: number;
}

export interface SearchBoxProps {
  onSelect: (hit: SearchHit) => void;
  /** The accessible name of the input. */
  label?: string;
  placeholder?: string;
  limit?: number;
  debounceMs?: number;
  ref?: Ref<HTMLInputElement>;
  request?: SearchRequest | null;
}

type SearchState =
  { status: "idle" } | { status: "loading"; query: string; stale: SearchHit[] } | { status: "ready"; query: string; results: SearchHit[] } | { status: "error"; query: string; error: string };

export function SearchBox(props: SearchBoxProps) {
  const { onSelect, label = "Search papers", placeholder = "Search papers or paste an identifier (press /)", limit = 12, debounceMs = 150, ref, request = null } = props;
  const listId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [sort, setSort] = useState<PaperSort>("relevance");
  const [search, setSearch] = useState<SearchState>({ status: "idle" });
  const query = text.trim();
  const latest = useRef(0);
  const input = useRef<HTMLInputElement | null>(null);

  // A query from elsewhere (an author's name): into the box, with the results open.
  const [asked, setAsked] = useState<SearchRequest | null>(null);
  if (request && request !== asked) {
    setAsked(request);
    setText(request.text);
    setOpen(true);
    setActive(-1);
  }
  useEffect(() => {
    if (request) input.current?.focus({ preventScroll: true });
  }, [request]);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const ticket = ++latest.current;
    const timer = window.setTimeout(() => {
      setSearch((s) => ({ status: "loading", query, stale: s.status === "ready" ? s.results : s.status === "loading" ? s.stale : [] }));
      searchPapers(query, limit, controller.signal).then(
        (response) => {
          if (ticket === latest.current) setSearch({ status: "ready", query, results: response.results });
        },
        (err: unknown) => {
          if (!isAbort(err) && ticket === latest.current) setSearch({ status: "error", query, error: (err as Error).message });
        },
      );
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, limit, debounceMs]);

  const current = search.status === "ready" && search.query === query;
  // While a new query runs, the previous results stay up (no flicker) but cannot be chosen by Enter.
  const answered = search.status === "ready" ? search.results : search.status === "loading" ? search.stale : null;
  // Relevance is the server's order: its tiers (an identifier, an exact title or name) come
  // before any score, so re-sorting by score alone would put a named paper below word matches.
  const results = useMemo(() => (answered ? sortPapers(answered, sort) : []), [answered, sort]);
  const expanded = open && query.length > 0 && results.length > 0;
  const activeIndex = active < results.length ? active : -1;

  function choose(hit: SearchHit | undefined) {
    if (!hit) return;
    onSelect(hit);
    setOpen(false);
    setActive(-1);
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setOpen(true);
        if (results.length) setActive((i) => (i + 1 >= results.length ? 0 : i + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setOpen(true);
        if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
        break;
      case "Enter":
        if (current && results.length) {
          event.preventDefault();
          choose(results[activeIndex >= 0 ? activeIndex : 0]);
        }
        break;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText("");
        }
        break;
    }
  }

  const status = !query
    ? ""
    : search.status === "error" && search.query === query
      ? `Search failed: ${search.error}`
      : search.status === "ready" && search.query === query
        ? search.results.length === 0
          ? `No paper matches “${query}”.`
          : `${search.results.length} result${search.results.length === 1 ? "" : "s"}; use the arrow keys and Enter to choose.`
        : "Searching…";

  // The list stays open while the focus is anywhere in the search (its sort control too).
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const setRefs = (el: HTMLInputElement | null) => {
    input.current = el;
    if (typeof ref === "function") ref(el);
    else if (ref) (ref as { current: HTMLInputElement | null }).current = el;
  };

  return (
    <div className={expanded && results.length > 1 ? "search with-sort" : "search"} onBlur={onBlur}>
      <input
        ref={setRefs}
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {expanded && results.length > 1 && (
        <div className="search-sort">
          <SortControl
            list="search results"
            value={sort}
            onChange={setSort}
            relevance="an identifier or exact title or name first, then how well the words match and how cited the paper is, typos allowed"
          />
        </div>
      )}
      <ul id={listId} role="listbox" aria-label={`${label}: results`} className="search-results" hidden={!expanded}>
        {expanded &&
          results.map((hit, i) => (
            <li
              key={hit.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              className={i === activeIndex ? "active" : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(hit)}
            >
              <span className="result-title">{displayTitle(hit)}</span>
              <span className="result-meta">{resultMeta(hit)}</span>
              <span className="result-figures" title={figuresTitle(hit)}>
                {resultFigures(hit)}
              </span>
              {matchNote(hit) && <span className="result-match">{matchNote(hit)}</span>}
            </li>
          ))}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {open ? status : ""}
      </div>
      {open && query && (search.status === "error" || (search.status === "ready" && results.length === 0)) && search.query === query && <div className="search-note">{status}</div>}
    </div>
  );
}

/** "Kishore Papineni et al. · 2002 · ACL · ACL P02-1040 · reference only": who, when, where, which. */
export function resultMeta(hit: SearchHit): string {
  return [firstAuthorLabel(hit) ?? "authors unknown", hit.year === null ? "year unknown" : String(hit.year), hit.venue, shownIdentifier(hit), hit.stub ? "reference only" : null]
    .filter(Boolean)
    .join(" · ");
}

/** "cited by 729 in this map · 7,768 reported by Semantic Scholar": each figure with its meaning. */
export function resultFigures(hit: SearchHit): string {
  return listedFigures(hit).join(" · ");
}

/** Why a hit that its words alone would not explain was found: a name it goes by, a typo read. */
export function matchNote(hit: SearchHit): string | null {
  const m = hit.match;
  if (m.how === "alias" && m.alias) return `known as “${m.alias.alias}”: ${m.alias.source}`;
  if (m.corrected && m.corrected.length > 0) return `read as ${m.corrected.map((c) => `“${c.as[0] ?? c.typed}” for “${c.typed}”`).join(", ")}`;
  if (m.how === "some words") return "holds some of the words";
  return null;
}
