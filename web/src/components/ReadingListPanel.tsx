/**
 * The reading-list panel (a region named "Reading list"): generate a list from the seed papers
 * (or the selected paper), read it in order with each paper's one-line reason, reorder it with
 * "Move up" / "Move down" (keyboard focus follows the moved paper), remove papers, save it under a
 * name, open saved lists, export it and share it by link (`?list=NAME`). Editing is the reducer's
 * (core/reading-list); requests are the caller's. Every title and reason is rendered as text.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { ExportedFile, ListFormat, Resource, SavedListSummary } from "../core/api/types.ts";
import type { ListOperation, ReadingItem, ReadingListAction, ReadingListState } from "../core/reading-list/types.ts";
import { displayTitle } from "../core/paper/format.ts";
import { ExportMenu } from "./ExportMenu.tsx";
import type { SeedLabel } from "./MainPathList.tsx";

export const LIST_SIZES = [10, 20, 30, 50] as const;

export interface ReadingListPanelProps {
  /** Changes when the reading-list tab asks to see the panel: it scrolls into view and takes focus. */
  reveal?: number;
  state: ReadingListState;
  dispatch: (action: ReadingListAction) => void;
  seeds: readonly SeedLabel[];
  /** Used when there are no seeds: the selected paper. */
  selectedPaper: SeedLabel | null;
  operation: ListOperation;
  /** A saved list being fetched for `?list=NAME`, or the reason it could not be. */
  opening: { name: string; error: string | null } | null;
  savedLists: Resource<SavedListSummary[]>;
  /** The link that opens the saved list, when it is saved. */
  shareUrl: string | null;
  onGenerate: (limit: number) => void;
  onRemoveSeed: (ref: string) => void;
  onSave: (name: string) => void;
  onOpen: (name: string) => void;
  onDeleteSaved: () => void;
  onExport: (format: ListFormat) => Promise<ExportedFile>;
  onSelect: (item: ReadingItem) => void;
  /** Frames the list's papers on the map (absent where the map already shows them all: the lineage view). */
  onShowOnMap?: () => void;
  /** Closes the panel (absent where the panel always shows: the lineage view). */
  onClose?: () => void;
  /** Shown for a saved list: Expand it, check it for new papers (components/grow/ListGrowth.tsx). */
  savedListTools?: React.ReactNode;
}

export function ReadingListPanel(props: ReadingListPanelProps) {
  const { state, dispatch, seeds, selectedPaper, operation, opening, savedLists, shareUrl } = props;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const [limit, setLimit] = useState<number>(20);
  const generateFrom = seeds.length > 0 ? seeds : selectedPaper ? [selectedPaper] : [];
  const busy = operation.kind === "busy";

  // Keyboard focus follows the paper that was moved, or the next one after a removal.
  const { lastEdit } = state;
  const handledEdit = useRef(lastEdit);
  useEffect(() => {
    const list = listRef.current;
    if (lastEdit === handledEdit.current) return;
    handledEdit.current = lastEdit;
    if (!lastEdit) return;
    const rows = list ? [...list.querySelectorAll<HTMLLIElement>(":scope > li")] : [];
    if (lastEdit.kind === "move") {
      const row = rows.find((li) => li.dataset.ref === lastEdit.ref);
      const wanted = row?.querySelector<HTMLButtonElement>(`button[data-action="${lastEdit.by}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`button[data-action="${lastEdit.by === "up" ? "down" : "up"}"]`);
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    } else {
      const row = rows[Math.min(lastEdit.index, rows.length - 1)];
      const next = row?.querySelector<HTMLButtonElement>('button[data-action="remove"]');
      if (next) next.focus();
      else headingRef.current?.focus();
    }
  }, [lastEdit]);

  // The tab was pressed: the panel comes into view whatever is above it in the sidebar.
  const { reveal = 0 } = props;
  const revealed = useRef(0);
  useEffect(() => {
    if (reveal === revealed.current) return;
    revealed.current = reveal;
    // Only the sidebar scrolls (scrollIntoView would scroll the page under the header too).
    const section = sectionRef.current;
    const sidebar = section?.closest<HTMLElement>(".sidebar");
    if (section && sidebar) sidebar.scrollTop += section.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
    headingRef.current?.focus({ preventScroll: true });
  }, [reveal]);

  return (
    <section className="panel reading-list-panel" role="region" aria-labelledby={headingId} ref={sectionRef}>
      <header className="panel-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          Reading list
        </h2>
        {props.onClose && (
          <button type="button" className="icon-button" aria-label="Close reading list" title="Close" onClick={props.onClose}>
            ×
          </button>
        )}
      </header>

      <div className="seeds" role="group" aria-label="Seeds">
        {seeds.length > 0 ? (
          <>
            <span className="muted">Seeds:</span>
            <ul className="seed-chips">
              {seeds.map((seed) => (
                <li key={seed.ref} className="chip">
                  <span className="chip-title">{seed.title}</span>
                  <button type="button" className="chip-remove" aria-label={`Remove seed ${seed.title}`} onClick={() => props.onRemoveSeed(seed.ref)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : selectedPaper ? (
          <p className="muted">From the selected paper, “{selectedPaper.title}”. Add more with “Add as seed” in a paper’s panel.</p>
        ) : (
          <p className="muted">Select a paper, or add seeds with “Add as seed” in a paper’s panel, then generate a list of what to read first.</p>
        )}
      </div>
      <div className="generate-row">
        <button type="button" disabled={generateFrom.length === 0 || busy} onClick={() => props.onGenerate(limit)}>
          Generate reading list
        </button>
        <label>
          Papers{" "}
          <select value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
            {LIST_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>

      <p className="list-origin muted">
        {originText(state, opening)}
        {props.onShowOnMap && state.items.some((item) => item.id !== null) && (
          <>
            {" "}
            <button type="button" className="link-button inline" onClick={props.onShowOnMap}>
              Show on map
            </button>
          </>
        )}
      </p>
      {opening?.error && <p className="error">{opening.error}</p>}

      {state.items.length > 0 && (
        <ol className="reading-list" aria-label="Reading order" ref={listRef}>
          {state.items.map((item, i) => (
            <ReadingRow key={item.ref} item={item} index={i} count={state.items.length} dispatch={dispatch} onSelect={props.onSelect} />
          ))}
        </ol>
      )}
      {state.items.length === 0 && state.origin.kind !== "empty" && <p className="muted">The list is empty.</p>}

      <p className="list-status" role="status" aria-live="polite">
        {statusText(state, operation)}
      </p>

      <SaveForm key={state.saved ?? ""} saved={state.saved} disabled={state.items.length === 0 || busy} savedLists={savedLists} onSave={props.onSave} />

      <div className="list-actions">
        <ExportMenu disabled={state.items.length === 0} onExport={props.onExport} />
        <OpenSaved savedLists={savedLists} current={state.saved} onOpen={props.onOpen} />
      </div>

      {state.saved && props.savedListTools}

      {state.saved && shareUrl && <ShareAndDelete name={state.saved} dirty={state.dirty} shareUrl={shareUrl} busy={busy} onDelete={props.onDeleteSaved} />}
    </section>
  );
}

function originText(state: ReadingListState, opening: ReadingListPanelProps["opening"]): string {
  if (opening && !opening.error) return `Opening the saved list “${opening.name}”…`;
  const changes = state.dirty ? " · unsaved changes" : "";
  switch (state.origin.kind) {
    case "empty":
      return state.items.length > 0 ? `Not saved yet${changes}.` : "";
    case "generated": {
      const from = state.origin.seeds.length === 1 ? `“${state.origin.seeds[0] ?? ""}”` : `${state.origin.seeds.length} seeds`;
      return `Generated from ${from}, foundations first${state.saved ? ` · saved as “${state.saved}”` : " · not saved"}${changes}.`;
    }
    case "saved":
      return `Saved list “${state.origin.name}”${changes}.`;
  }
}

function statusText(state: ReadingListState, operation: ListOperation): string {
  if (operation.kind !== "idle" && operation.kind !== "done") return operation.message;
  const edit = state.lastEdit;
  if (edit?.kind === "move") {
    const item = state.items.find((x) => x.ref === edit.ref);
    return `Moved “${item ? displayTitle({ title: item.title, id: item.ref }) : edit.ref}” to position ${edit.position} of ${state.items.length}.`;
  }
  if (edit?.kind === "remove") return `Removed “${edit.title}”.`;
  return operation.kind === "done" ? operation.message : "";
}

interface ReadingRowProps {
  item: ReadingItem;
  index: number;
  count: number;
  dispatch: (action: ReadingListAction) => void;
  onSelect: (item: ReadingItem) => void;
}

function ReadingRow({ item, index, count, dispatch, onSelect }: ReadingRowProps) {
  const titleId = useId();
  const title = displayTitle({ title: item.title, id: item.ref });
  return (
    <li data-ref={item.ref}>
      <span className="reading-position" aria-hidden="true">
        {index + 1}
      </span>
      <div className="reading-body">
        {item.id !== null ? (
          <button type="button" id={titleId} className="link-button reading-title" onClick={() => onSelect(item)}>
            {title}
          </button>
        ) : (
          <span id={titleId} className="reading-title">
            {title} <span className="muted">(no longer in this graph)</span>
          </span>
        )}
        <span className="paper-list-meta">{item.year ?? "n.d."}</span>
        <p className="reading-reason">{item.reason || "added by hand"}</p>
        {item.note && <p className="reading-note">{item.note}</p>}
      </div>
      <div className="reading-actions">
        <button type="button" data-action="up" aria-label="Move up" aria-describedby={titleId} title="Move up" disabled={index === 0} onClick={() => dispatch({ type: "moveUp", ref: item.ref })}>
          ↑
        </button>
        <button
          type="button"
          data-action="down"
          aria-label="Move down"
          aria-describedby={titleId}
          title="Move down"
          disabled={index === count - 1}
          onClick={() => dispatch({ type: "moveDown", ref: item.ref })}
        >
          ↓
        </button>
        <button type="button" data-action="remove" aria-label="Remove" aria-describedby={titleId} title="Remove from the list" onClick={() => dispatch({ type: "remove", ref: item.ref })}>
          ×
        </button>
      </div>
    </li>
  );
}

function SaveForm({ saved, disabled, savedLists, onSave }: { saved: string | null; disabled: boolean; savedLists: Resource<SavedListSummary[]>; onSave: (name: string) => void }) {
  const [name, setName] = useState(saved ?? "");
  const trimmed = name.trim();
  const replaces = trimmed !== "" && trimmed !== saved && savedLists.status === "ready" && savedLists.data.some((l) => l.name === trimmed);
  return (
    <form
      className="save-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed && !disabled) onSave(trimmed);
      }}
    >
      <label>
        List name <input type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="e.g. Evaluation basics" />
      </label>
      <button type="submit" disabled={disabled || !trimmed}>
        Save list
      </button>
      {replaces && <p className="note">Saving replaces the saved list “{trimmed}”.</p>}
    </form>
  );
}

function OpenSaved({ savedLists, current, onOpen }: { savedLists: Resource<SavedListSummary[]>; current: string | null; onOpen: (name: string) => void }) {
  const [choice, setChoice] = useState("");
  if (savedLists.status === "error") return <p className="error">Could not load the saved lists: {savedLists.error}</p>;
  const lists = savedLists.status === "ready" ? savedLists.data : [];
  if (lists.length === 0) return null;
  const chosen = lists.some((l) => l.name === choice) ? choice : "";
  return (
    <div className="open-saved">
      <label>
        Saved lists{" "}
        <select value={chosen} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose…</option>
          {lists.map((l) => (
            <option key={l.name} value={l.name}>
              {l.name} ({l.items})
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={!chosen || chosen === current} onClick={() => onOpen(chosen)}>
        Open
      </button>
    </div>
  );
}

function ShareAndDelete({ name, dirty, shareUrl, busy, onDelete }: { name: string; dirty: boolean; shareUrl: string; busy: boolean; onDelete: () => void }) {
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="share">
      <p>
        <a href={shareUrl}>Link to “{name}”</a>{" "}
        <button
          type="button"
          className="small-button inline"
          onClick={() => {
            navigator.clipboard?.writeText(shareUrl).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? "Copied" : "Copy link"}
        </button>
      </p>
      {dirty && <p className="muted">The link opens the saved version: save to share your changes.</p>}
      {confirming ? (
        <p>
          Delete the saved list “{name}”?{" "}
          <button type="button" className="small-button inline danger" disabled={busy} onClick={onDelete}>
            Delete
          </button>{" "}
          <button type="button" className="small-button inline" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </p>
      ) : (
        <button type="button" className="small-button" onClick={() => setConfirming(true)}>
          Delete saved list…
        </button>
      )}
    </div>
  );
}
