/**
 * The explorer's side of collections: which one it shows (the URL's, else the server's first),
 * its summary, how many live refreshes it has had (hooks/use-live-refresh.ts), and whether it has
 * a graph to ask for. When the explorer's state names another collection (the header's switch,
 * or Back to a link of another), the page is told, and mounts an explorer for it
 * (views/ExplorerPage.tsx). `useCollectionFit` then keeps the state true to the collection
 * shown: after a switch, a direction filter the new collection does not have is dropped (a link
 * naming a direction keeps it, as the filters bar shows it), and a selected paper a refresh no
 * longer finds is deselected, with a notice.
 */
import { useCallback, useEffect, type Dispatch } from "react";
import type { CollectionSummary, DirectionSummary, PaperDetail, Resource } from "../core/api/types.ts";
import type { ExplorerAction, ExplorerState } from "../core/explorer/types.ts";
import { useDisappearedPaper, useLiveRefresh } from "../hooks/use-live-refresh.ts";

export interface ShownCollection {
  /** The collection's name, once known (the server's first when the URL names none). */
  name: string | null;
  summary: CollectionSummary | undefined;
  refreshes: number;
  /** False when the summary says there are no papers to draw (the empty state shows instead). */
  available: boolean;
}

export function useShownCollection(
  state: ExplorerState,
  mountedFor: string | null,
  collections: readonly CollectionSummary[] | null,
  onCollectionChange?: (name: string | null) => void,
): ShownCollection {
  const name = state.collection ?? collections?.[0]?.name ?? null;
  const summary = collections?.find((c) => c.name === name);
  const refreshes = useLiveRefresh(summary ? summary.graphVersion : undefined);
  const available = !summary || summary.status === "ready";

  useEffect(() => {
    if (state.collection !== mountedFor) onCollectionChange?.(state.collection);
  }, [state.collection, mountedFor, onCollectionChange]);

  return { name, summary, refreshes, available };
}

export function useCollectionFit(
  state: ExplorerState,
  dispatch: Dispatch<ExplorerAction>,
  refreshes: number,
  afterSwitch: boolean,
  directions: Resource<DirectionSummary[]>,
  paper: Resource<PaperDetail>,
): string | null {
  const direction = state.filters.direction;
  const unknownDirection = afterSwitch && direction !== null && directions.status === "ready" && !directions.data.some((d) => d.name === direction);
  useEffect(() => {
    if (unknownDirection) dispatch({ type: "setFilters", filters: { direction: null } });
  }, [unknownDirection, dispatch]);

  const deselect = useCallback(() => dispatch({ type: "clearSelection" }), [dispatch]);
  return useDisappearedPaper(refreshes, { ref: state.paper, resource: paper }, deselect);
}
