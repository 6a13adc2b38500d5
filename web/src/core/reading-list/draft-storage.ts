/**
 * A reading list's unsaved edits kept in the browser's localStorage (issue 18: they vanished on
 * reload), so a reload or a closed tab brings them back. Only a list with something to lose is
 * kept: edited since it was generated, loaded or saved, or generated and never saved. What is read
 * back is checked field by field; anything else is ignored, as a damaged or old entry must not
 * break the page.
 */
import type { ReadingItem, ReadingListState } from "./types.ts";

/** The part of `Storage` used (a test passes a Map-backed one). */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const VERSION = 1;

/** One draft per page and collection: `?collection=` names it where the server serves several. */
export function draftKey(location: { pathname: string; search: string }): string {
  const collection = new URLSearchParams(location.search).get("collection") ?? "";
  return `lineage.reading-list-draft:${location.pathname}:${collection}`;
}

export function worthKeeping(state: ReadingListState): boolean {
  return state.items.length > 0 && (state.dirty || state.saved === null);
}

export function saveDraft(store: DraftStore, key: string, state: ReadingListState): void {
  try {
    if (!worthKeeping(state)) {
      store.removeItem(key);
      return;
    }
    const { saved, items, dirty, origin } = state;
    store.setItem(key, JSON.stringify({ version: VERSION, saved, items, dirty, origin }));
  } catch {
    // Storage full or forbidden (private mode): the list still works, it is just not kept.
  }
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function item(value: unknown): ReadingItem | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const ref = text(v.ref);
  if (!ref) return null;
  const year = typeof v.year === "number" && Number.isInteger(v.year) ? v.year : null;
  return {
    ref,
    id: text(v.id),
    title: text(v.title),
    year,
    arxivId: text(v.arxivId),
    doi: text(v.doi),
    aclId: text(v.aclId),
    reason: text(v.reason) ?? "",
    note: text(v.note) ?? "",
  };
}

function origin(value: unknown): ReadingListState["origin"] {
  if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    if (v.kind === "generated" && Array.isArray(v.seeds)) return { kind: "generated", seeds: v.seeds.filter((s): s is string => typeof s === "string") };
    if (v.kind === "saved" && typeof v.name === "string") return { kind: "saved", name: v.name };
  }
  return { kind: "empty" };
}

/** The kept draft, or null when there is none or it cannot be read. */
export function loadDraft(store: DraftStore, key: string): ReadingListState | null {
  try {
    const raw = store.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (parsed.version !== VERSION || !Array.isArray(parsed.items)) return null;
    const items = parsed.items.map(item).filter((x): x is ReadingItem => x !== null);
    if (items.length === 0) return null;
    return { saved: text(parsed.saved), items, dirty: parsed.dirty === true, origin: origin(parsed.origin), lastEdit: null };
  } catch {
    return null;
  }
}
