/**
 * Keeps the page URL and the explorer state in step: every view change is written to the query
 * string (pushState for a new collection, paper, path, view or list, so Back returns to it; replaceState for
 * filters, layout, highlight, seeds and key routes), and Back/Forward restore the view they point at.
 */
import { useEffect, useRef, type Dispatch } from "react";
import { viewOf } from "../core/explorer/index.ts";
import type { ExplorerAction, ExplorerState, ViewState } from "../core/explorer/types.ts";
import { formatView, isNavigation, parseView } from "../core/explorer/view-url.ts";

export function useUrlSync(state: ExplorerState, dispatch: Dispatch<ExplorerAction>): void {
  const written = useRef<ViewState | null>(null);
  const { collection, paper, path, filters, layout, timelineY, highlight, mode, seeds, keyRoutes, list } = state;

  useEffect(() => {
    const view = viewOf({ collection, paper, path, filters, layout, timelineY, highlight, mode, seeds, keyRoutes, list, pathDraft: { from: null, to: null } });
    const search = formatView(view);
    const before = written.current;
    written.current = view;
    if (search === window.location.search) return;
    const url = `${window.location.pathname}${search}${window.location.hash}`;
    if (before && isNavigation(before, view)) window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  }, [collection, paper, path, filters, layout, timelineY, highlight, mode, seeds, keyRoutes, list]);

  useEffect(() => {
    const onPopState = () => {
      const view = parseView(window.location.search);
      written.current = view;
      dispatch({ type: "restore", view });
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [dispatch]);
}
