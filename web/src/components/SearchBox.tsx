/**
 * The paper search: an ARIA combobox ("Search papers") over `GET /api/search`, with a listbox of
 * results. Arrow keys move through the options, Enter or a click selects, Escape closes the list
 * (and, when the list is already closed, clears the text). Requests are debounced and aborted.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { isAbort, searchPapers } from "../core/api/client.ts";
import type { SearchHit } from "../core/api/types.ts";
import { displayTitle } from "../core/paper/format.ts";

export interface SearchBoxProps {
  onSelect: (hit: SearchHit) => void;
  /** The accessible name of the input. */
  label?: string;
  placeholder?: string;
  limit?: number;
  debounceMs?: number;
  ref?: Ref<HTMLInputElement>;
}

type SearchState =
  | { status: "idle" }
  | { status: "loading"; query: string; stale: SearchHit[] }
  | { status: "ready"; query: string; results: SearchHit[] }
  | { status: "error"; query: string; error: string };

export function SearchBox({ onSelect, label = "Search papers", placeholder = "Search papers (press /)", limit = 12, debounceMs = 150, ref }: SearchBoxProps) {
  const listId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [search, setSearch] = useState<SearchState>({ status: "idle" });
  const query = text.trim();
  const latest = useRef(0);

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
  const results = search.status === "ready" ? search.results : search.status === "loading" ? search.stale : [];
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

  const status =
    !query
      ? ""
      : search.status === "error" && search.query === query
        ? `Search failed: ${search.error}`
        : search.status === "ready" && search.query === query
          ? search.results.length === 0
            ? `No paper matches “${query}”.`
            : `${search.results.length} result${search.results.length === 1 ? "" : "s"}; use the arrow keys and Enter to choose.`
          : "Searching…";

  return (
    <div className="search">
      <input
        ref={ref}
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
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
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
              <span className="result-meta">
                {hit.year ?? "year unknown"}
                {hit.arxivId ? ` · arXiv ${hit.arxivId}` : ""}
                {hit.stub ? " · reference only" : ""}
              </span>
            </li>
          ))}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {open ? status : ""}
      </div>
      {open && query && (search.status === "error" || (search.status === "ready" && results.length === 0)) && search.query === query && (
        <div className="search-note">{status}</div>
      )}
    </div>
  );
}
