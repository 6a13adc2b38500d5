/**
 * The reading list being edited in the explorer: papers in reading order, each with the one-line
 * reason the graph gives for it, generated from seed papers or loaded from a saved list. Only the
 * saved list's name is in the page URL (`?list=NAME`); the items live here until saved.
 */
import type { SavedListItem } from "../api/types.ts";

/**
 * An item being edited: a saved list's item without what only the server knows (its position in
 * the saved list, whether it is still in the graph). `ref` is the saved list's own reference, or
 * the paper's readable identifier for a list not saved yet.
 */
export type ReadingItem = Omit<SavedListItem, "position" | "inGraph">;

export interface ReadingListState {
  /** The name the items are saved under, or null for a list not saved yet. */
  saved: string | null;
  items: ReadingItem[];
  /** Edited since it was generated, loaded or saved. */
  dirty: boolean;
  /** What the items came from, said above them. */
  origin: { kind: "empty" } | { kind: "generated"; seeds: string[] } | { kind: "saved"; name: string };
  /** The last move or removal, for the status line and to keep keyboard focus on the moved paper. */
  lastEdit: { kind: "move"; ref: string; position: number; by: "up" | "down" } | { kind: "remove"; ref: string; title: string; index: number } | null;
}

export type ReadingListAction =
  | { type: "generated"; items: ReadingItem[]; seeds: string[] }
  | { type: "loaded"; name: string; items: ReadingItem[] }
  | { type: "moveUp"; ref: string }
  | { type: "moveDown"; ref: string }
  | { type: "remove"; ref: string }
  | { type: "add"; item: ReadingItem }
  /** The saved list was deleted: the items stay, as a list not saved. */
  | { type: "unsaved" }
  | { type: "clear" };

/** The state of the panel's last request (generate, open, save, delete), said in its status line. */
export type ListOperation = { kind: "idle" } | { kind: "busy"; message: string } | { kind: "done"; message: string } | { kind: "error"; message: string };
