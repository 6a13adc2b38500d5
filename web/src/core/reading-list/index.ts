/**
 * The reading list's actions: a pure reducer over ReadingListState (no React, no fetching), and
 * the conversions between the API's shapes and a list's items. A move swaps a paper with its
 * neighbour; every item keeps its reason and note wherever it goes.
 */
import type { ListItemInput } from "../api/client.ts";
import type { ReadingListItem, SavedList } from "../api/types.ts";
import { paperRef } from "../paper/format.ts";
import type { ReadingItem, ReadingListAction, ReadingListState } from "./types.ts";

export const EMPTY_READING_LIST: ReadingListState = { saved: null, items: [], dirty: false, origin: { kind: "empty" }, lastEdit: null };

export function readingListReducer(state: ReadingListState, action: ReadingListAction): ReadingListState {
  switch (action.type) {
    case "generated":
      return { saved: null, items: action.items, dirty: false, origin: { kind: "generated", seeds: action.seeds }, lastEdit: null };
    case "loaded":
      return { saved: action.name, items: action.items, dirty: false, origin: { kind: "saved", name: action.name }, lastEdit: null };
    case "moveUp":
    case "moveDown": {
      const from = state.items.findIndex((item) => item.ref === action.ref);
      const to = action.type === "moveUp" ? from - 1 : from + 1;
      if (from < 0 || to < 0 || to >= state.items.length) return state;
      const items = [...state.items];
      const [moved] = items.splice(from, 1);
      if (!moved) return state;
      items.splice(to, 0, moved);
      return { ...state, items, dirty: true, lastEdit: { kind: "move", ref: action.ref, position: to + 1, by: action.type === "moveUp" ? "up" : "down" } };
    }
    case "remove": {
      const index = state.items.findIndex((item) => item.ref === action.ref);
      const removed = state.items[index];
      if (!removed) return state;
      return {
        ...state,
        items: state.items.filter((_, k) => k !== index),
        dirty: true,
        lastEdit: { kind: "remove", ref: action.ref, title: removed.title ?? removed.ref, index },
      };
    }
    case "add":
      if (state.items.some((item) => item.ref === action.item.ref || (item.id !== null && item.id === action.item.id))) return state;
      return { ...state, items: [...state.items, action.item], dirty: true, lastEdit: null };
    case "unsaved":
      return state.saved === null ? state : { ...state, saved: null, dirty: state.items.length > 0, origin: { kind: "empty" }, lastEdit: null };
    case "clear":
      return EMPTY_READING_LIST;
  }
}

/** A generated reading list's item: the paper under its readable identifier, with its reason. */
export function fromGenerated(item: ReadingListItem): ReadingItem {
  const { id, title, year, arxivId, doi, aclId, reason } = item;
  return { ref: paperRef(item), id, title, year, arxivId, doi, aclId, reason, note: "" };
}

/** A saved list's items, under the references the list stores. */
export function fromSaved(list: SavedList): ReadingItem[] {
  return list.items.map(({ ref, id, title, year, arxivId, doi, aclId, reason, note }) => ({ ref, id, title, year, arxivId, doi, aclId, reason, note }));
}

/** What `PUT /api/lists/{name}` and the export take. */
export function toListInput(items: readonly ReadingItem[]): ListItemInput[] {
  return items.map((item) => ({ ref: item.ref, title: item.title, reason: item.reason, note: item.note }));
}

/** The link that opens a saved list: this page with `?list=NAME` and nothing else. */
export function shareLink(location: { origin: string; pathname: string }, name: string): string {
  return `${location.origin}${location.pathname}?list=${encodeURIComponent(name)}`;
}
