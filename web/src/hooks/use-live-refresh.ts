/**
 * The live graph in the open explorer (issue 19): `useLiveRefresh(version)` counts the new graphs
 * the collection has committed since the page opened, from the graphVersion its summary gives
 * (hooks/use-collections.ts); the explorer's requests are made again at each (the graph, the open
 * panel), in place. The first version seen is the graph the page loaded, not a refresh.
 * `useDisappearedPaper` deselects a selected paper a refresh no longer finds, with a notice.
 */
import { useEffect, useState } from "react";
import type { Resource } from "../core/api/types.ts";

/** `version`: undefined while not known, null while the collection has no database. */
export function useLiveRefresh(version: string | null | undefined): number {
  const [seen, setSeen] = useState<{ version: string | null | undefined; refreshes: number }>({ version: undefined, refreshes: 0 });
  if (version !== undefined && version !== seen.version) {
    setSeen({ version, refreshes: seen.version === undefined ? 0 : seen.refreshes + 1 });
  }
  // When set just now, React renders again at once with the new count, before anything is shown.
  return seen.refreshes;
}

export interface PaperSeen {
  /** The REF the page asks for (`?paper=`). */
  ref: string | null;
  resource: Resource<{ title: string | null }>;
}

/**
 * Calls `deselect` when a paper shown before a refresh is not found after it (404), and returns
 * the one-line notice saying so until another paper is selected.
 */
export function useDisappearedPaper(refreshes: number, { ref, resource }: PaperSeen, deselect: () => void): string | null {
  // The paper shown, and the refresh it was first shown at (an answer kept while a refresh
  // reloads is still the one from before it).
  const [shown, setShown] = useState<{ ref: string; title: string; since: number } | null>(null);
  const [notice, setNotice] = useState<{ text: string; ref: string } | null>(null);
  const readyTitle = resource.status === "ready" ? (resource.data.title ?? ref) : null;
  if (ref !== null && readyTitle !== null && (shown?.ref !== ref || shown.title !== readyTitle)) {
    setShown({ ref, title: readyTitle, since: shown?.ref === ref ? shown.since : refreshes });
  }
  const gone = ref !== null && shown?.ref === ref && shown.since < refreshes && resource.status === "error" && resource.httpStatus === 404;
  if (gone && notice?.ref !== ref) setNotice({ text: `“${shown.title}” is no longer in this collection, so it was deselected.`, ref });
  useEffect(() => {
    if (gone) deselect();
  }, [gone, deselect]);
  return notice && (ref === null || ref === notice.ref) ? notice.text : null;
}
