/**
 * The explorer's actions: a pure reducer over ExplorerState (no React, no fetching), so every
 * transition can be tested on its own.
 */
import type { MapFilters } from "../graph/map-filters.ts";
import { KEY_ROUTES_OFFERED, MAX_SEEDS, type ExplorerAction, type ExplorerState, type ViewState } from "./types.ts";

export const NO_FILTERS: MapFilters = { direction: null, community: null, minYear: null, maxYear: null, hideStubs: false };

export const EMPTY_VIEW: ViewState = {
  collection: null,
  paper: null,
  path: null,
  filters: NO_FILTERS,
  layout: "force",
  timelineY: "layout",
  highlight: null,
  mode: "graph",
  seeds: [],
  keyRoutes: 0,
  list: null,
};

export function initialState(view: ViewState = EMPTY_VIEW): ExplorerState {
  return { ...view, pathDraft: { from: null, to: null } };
}

const NO_DRAFT: ExplorerState["pathDraft"] = { from: null, to: null };

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
  switch (action.type) {
    case "select":
      if (state.paper === action.ref) return state;
      return { ...state, paper: action.ref, highlight: null };
    case "clearSelection":
      return { ...state, paper: null, highlight: null };
    case "setFilters":
      return { ...state, filters: { ...state.filters, ...action.filters } };
    case "setLayout":
      return state.layout === action.layout ? state : { ...state, layout: action.layout };
    case "setTimelineY":
      return state.timelineY === action.y ? state : { ...state, timelineY: action.y };
    case "setHighlight":
      return { ...state, highlight: action.highlight };
    case "pathFrom": {
      const to = state.pathDraft.to;
      if (to && to.ref !== action.end.ref) {
        return { ...state, path: { from: action.end.ref, to: to.ref, mode: "shortest" }, pathDraft: NO_DRAFT };
      }
      return { ...state, pathDraft: { from: action.end, to: null } };
    }
    case "pathTo": {
      const from = state.pathDraft.from;
      if (from && from.ref !== action.end.ref) {
        return { ...state, path: { from: from.ref, to: action.end.ref, mode: "shortest" }, pathDraft: NO_DRAFT };
      }
      return { ...state, pathDraft: { from: null, to: action.end } };
    }
    case "showPath":
      return { ...state, path: action.path, pathDraft: NO_DRAFT };
    case "setPathMode":
      return state.path ? { ...state, path: { ...state.path, mode: action.mode } } : state;
    case "swapPath":
      return state.path ? { ...state, path: { ...state.path, from: state.path.to, to: state.path.from } } : state;
    case "clearPath":
      return { ...state, path: null, pathDraft: NO_DRAFT };
    case "escape":
      // Esc also returns the camera to the whole graph (the caller's), even when nothing is selected.
      if (state.paper === null && state.path === null && !state.pathDraft.from && !state.pathDraft.to) return state;
      return { ...state, paper: null, highlight: null, path: null, pathDraft: NO_DRAFT };
    case "restore":
      return { ...action.view, pathDraft: state.pathDraft };
    case "setMode":
      if (state.mode === action.mode) return state;
      // Entering the lineage view with a paper selected and no seeds scopes it to that paper.
      if (action.mode === "lineage" && state.seeds.length === 0 && state.paper) return { ...state, mode: action.mode, seeds: [state.paper] };
      return { ...state, mode: action.mode };
    case "addSeed":
      if (state.seeds.includes(action.ref) || state.seeds.length >= MAX_SEEDS) return state;
      return { ...state, seeds: [...state.seeds, action.ref] };
    case "removeSeed":
      return state.seeds.includes(action.ref) ? { ...state, seeds: state.seeds.filter((s) => s !== action.ref) } : state;
    case "clearSeeds":
      return state.seeds.length === 0 ? state : { ...state, seeds: [] };
    case "setKeyRoutes": {
      const keyRoutes = Math.max(0, Math.min(KEY_ROUTES_OFFERED, Math.round(action.keyRoutes))) || 0;
      return keyRoutes === state.keyRoutes ? state : { ...state, keyRoutes };
    }
    case "openList":
      return state.list === action.name ? state : { ...state, list: action.name };
    case "switchCollection":
      if (state.collection === action.name) return state;
      // Papers, paths, seeds, lists and communities are the old collection's: they go. The view,
      // the layout and the year and stub filters apply to any collection and stay; a direction
      // the new one does not have is dropped once its directions are known (views/Explorer.tsx).
      return {
        ...state,
        collection: action.name,
        paper: null,
        highlight: null,
        path: null,
        pathDraft: NO_DRAFT,
        seeds: [],
        keyRoutes: 0,
        list: null,
        filters: { ...state.filters, community: null },
      };
  }
}

export function viewOf(state: ExplorerState): ViewState {
  const { collection, paper, path, filters, layout, timelineY, highlight, mode, seeds, keyRoutes, list } = state;
  return { collection, paper, path, filters, layout, timelineY, highlight, mode, seeds, keyRoutes, list };
}
