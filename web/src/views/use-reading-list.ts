/**
 * The reading list's requests, around its reducer (core/reading-list): generating from seeds,
 * opening the saved list named in the URL (`?list=NAME`), saving, deleting and exporting. The URL
 * names the saved list the panel shows; generating a new list leaves it, saving puts it there.
 * Unsaved edits are kept in localStorage and come back on reload (draft-storage.ts). Each request
 * is aborted when superseded or on unmount.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { deleteList, exportList, fetchCollectionReadingList, fetchReadingList, fetchSavedList, fetchSavedLists, isAbort, saveList } from "../core/api/client.ts";
import type { ExportedFile, ListFormat } from "../core/api/types.ts";
import { displayTitle } from "../core/paper/format.ts";
import { EMPTY_READING_LIST, fromGenerated, fromSaved, readingListReducer, toListInput } from "../core/reading-list/index.ts";
import { draftKey, loadDraft, saveDraft } from "../core/reading-list/draft-storage.ts";
import type { ListOperation } from "../core/reading-list/types.ts";
import { useResource } from "../hooks/use-resource.ts";

export interface ReadingListOptions {
  /** The saved list named in the URL. */
  list: string | null;
  onListChange: (name: string | null) => void;
  direction: string | null;
}

const IDLE: ListOperation = { kind: "idle" };

export function useReadingList({ list, onListChange, direction }: ReadingListOptions) {
  const [storageKey] = useState(() => draftKey(window.location));
  const [state, dispatch] = useReducer(readingListReducer, undefined, () => {
    const draft = loadDraft(window.localStorage, storageKey);
    return draft && (list === null || draft.saved === list) ? draft : EMPTY_READING_LIST;
  });
  // A draft of another list than the one the link opens stays kept until this list is edited.
  const first = useRef<typeof state | null>(state);
  useEffect(() => {
    if (first.current === EMPTY_READING_LIST && state === EMPTY_READING_LIST) return;
    first.current = null;
    saveDraft(window.localStorage, storageKey, state);
  }, [storageKey, state]);
  const [operation, setOperation] = useState<ListOperation>(IDLE);
  const [listsVersion, setListsVersion] = useState(0);
  const savedLists = useResource(`lists:${listsVersion}`, fetchSavedLists);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  /** Runs one request at a time: a new one aborts the last. */
  const run = useCallback(async (busy: string, work: (signal: AbortSignal) => Promise<string>) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setOperation({ kind: "busy", message: busy });
    try {
      const message = await work(controller.signal);
      if (!controller.signal.aborted) setOperation({ kind: "done", message });
    } catch (err) {
      if (!controller.signal.aborted && !isAbort(err)) setOperation({ kind: "error", message: (err as Error).message });
    }
  }, []);

  // `?list=NAME`: open it, unless it is the list the panel shows already.
  const wanted = list !== null && list !== state.saved ? list : null;
  const [openError, setOpenError] = useState<{ name: string; error: string } | null>(null);
  useEffect(() => {
    if (wanted === null) return;
    const controller = new AbortController();
    fetchSavedList(wanted, controller.signal).then(
      (saved) => dispatch({ type: "loaded", name: wanted, items: fromSaved(saved) }),
      (err: unknown) => {
        if (!controller.signal.aborted && !isAbort(err)) setOpenError({ name: wanted, error: (err as Error).message });
      },
    );
    return () => controller.abort();
  }, [wanted]);
  const opening = wanted === null ? null : { name: wanted, error: openError?.name === wanted ? openError.error : null };

  const generate = useCallback(
    (seeds: readonly string[], limit: number) =>
      run("Generating the reading list…", async (signal) => {
        const response = await fetchReadingList({ seeds, direction, limit }, signal);
        dispatch({ type: "generated", items: response.items.map(fromGenerated), seeds: response.seeds.map(displayTitle) });
        onListChange(null);
        const n = response.items.length;
        return n === 0 ? "No papers found in the seeds’ lineage." : `${n} paper${n === 1 ? "" : "s"}, foundations first.`;
      }),
    [run, direction, onListChange],
  );

  // A collection of the researcher's library as the seeds (issue 27): its papers, and those of the collections under it.
  const generateFromCollection = useCallback(
    (collection: { key: string; path: readonly string[] }, limit: number) =>
      run(`Generating the reading list from “${collection.path.join(" › ")}”…`, async (signal) => {
        const response = await fetchCollectionReadingList(collection.key, limit, signal);
        dispatch({ type: "generated", items: response.items.map(fromGenerated), seeds: response.seeds.map(displayTitle) });
        onListChange(null);
        const n = response.items.length;
        return `${n} paper${n === 1 ? "" : "s"} from ${response.seeds.length} of the collection’s papers, foundations first.`;
      }),
    [run, onListChange],
  );

  const save = useCallback(
    (name: string) =>
      run(`Saving “${name}”…`, async (signal) => {
        const saved = await saveList(name, toListInput(state.items), signal);
        dispatch({ type: "loaded", name: saved.name, items: fromSaved(saved) });
        onListChange(saved.name);
        setListsVersion((v) => v + 1);
        return `Saved as “${saved.name}”.`;
      }),
    [run, state.items, onListChange],
  );

  const removeSaved = useCallback(() => {
    const name = state.saved;
    if (!name) return;
    void run(`Deleting “${name}”…`, async (signal) => {
      await deleteList(name, signal);
      dispatch({ type: "unsaved" });
      onListChange(null);
      setListsVersion((v) => v + 1);
      return `Deleted the saved list “${name}”; the papers stay here until you close the panel.`;
    });
  }, [run, state.saved, onListChange]);

  const exportAs = useCallback((format: ListFormat): Promise<ExportedFile> => exportList(state.saved ?? "Reading list", format, toListInput(state.items)), [state.saved, state.items]);

  const close = useCallback(() => {
    pending.current?.abort();
    setOperation(IDLE);
    dispatch({ type: "clear" });
    onListChange(null);
  }, [onListChange]);

  return { state, dispatch, operation, opening, savedLists, generate, generateFromCollection, save, removeSaved, exportAs, close };
}
