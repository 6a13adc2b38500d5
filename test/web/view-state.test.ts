/** The explorer's state: its reducer and its URL form (every view is a link). */
import { describe, expect, it } from "vitest";
import { EMPTY_VIEW, explorerReducer, initialState, viewOf } from "../../web/src/core/explorer/index.ts";
import { formatView, isNavigation, parseView } from "../../web/src/core/explorer/view-url.ts";
import type { ViewState } from "../../web/src/core/explorer/types.ts";

describe("the view in the URL", () => {
  it("reads every parameter", () => {
    expect(parseView("?paper=2306.03100&highlight=built-by&depth=2&direction=Reasoning%20benchmarks&community=4&minYear=2019&maxYear=2024&hideStubs=1&layout=timeline&y=citations")).toEqual({
      collection: null,
      paper: "2306.03100",
      path: null,
      filters: { direction: "Reasoning benchmarks", community: 4, minYear: 2019, maxYear: 2024, hideStubs: true },
      layout: "timeline",
      timelineY: "citations",
      highlight: { direction: "builtBy", depth: 2 },
      mode: "graph",
      seeds: [],
      keyRoutes: 0,
      list: null,
    });
    expect(parseView("?path=2407.16711,2203.02155&mode=longest").path).toEqual({ from: "2407.16711", to: "2203.02155", mode: "longest" });
  });

  it("reads and writes the lineage view, its seeds, key routes and a saved list", () => {
    const view = parseView("?view=lineage&seed=2407.16711&seed=arxiv%3A2306.03100&seed=2407.16711&keyRoute=3&list=Metrology%20%26%20friends");
    expect(view).toMatchObject({ mode: "lineage", seeds: ["2407.16711", "arxiv:2306.03100"], keyRoutes: 3, list: "Metrology & friends" });
    expect(formatView(view)).toBe("?view=lineage&seed=2407.16711&seed=arxiv:2306.03100&keyRoute=3&list=Metrology%20%26%20friends");
    expect(parseView(formatView(view))).toEqual(view);
    expect(parseView("?view=tree&keyRoute=11&seed=&list=%20")).toEqual(EMPTY_VIEW);
    expect(parseView("?keyRoute=0").keyRoutes).toBe(0);
    expect(parseView(`?${Array.from({ length: 30 }, (_, i) => `seed=${i}`).join("&")}`).seeds).toHaveLength(20);
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, mode: "lineage" })).toBe(true);
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, list: "x" })).toBe(true);
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, seeds: ["x"], keyRoutes: 2 })).toBe(false);
  });

  it("ignores what it cannot read", () => {
    expect(parseView("?paper=&path=onlyone&minYear=soon&layout=spiral&highlight=sideways&hideStubs=0&%zz")).toEqual(EMPTY_VIEW);
    expect(parseView("?highlight=builds-on").highlight).toBeNull();
  });

  it("writes a readable, canonical query string that reads back the same", () => {
    const views: ViewState[] = [
      EMPTY_VIEW,
      { ...EMPTY_VIEW, paper: "arxiv:2407.16711", highlight: { direction: "buildsOn", depth: 3 } },
      { ...EMPTY_VIEW, path: { from: "10.18653/v1/2020.acl-main.1,x", to: "P02-1040", mode: "shortest" }, layout: "timeline" },
      { ...EMPTY_VIEW, filters: { direction: "A & B = C", community: null, minYear: 2001, maxYear: null, hideStubs: true } },
      { ...EMPTY_VIEW, filters: { ...EMPTY_VIEW.filters, community: 7 }, layout: "timeline", timelineY: "citations" },
    ];
    for (const view of views) expect(parseView(formatView(view))).toEqual(view);
    expect(formatView(views[1] as ViewState)).toBe("?paper=arxiv:2407.16711&highlight=builds-on&depth=3");
    expect(formatView({ ...EMPTY_VIEW, path: { from: "2407.16711", to: "2203.02155", mode: "shortest" } })).toBe("?path=2407.16711,2203.02155");
    expect(formatView(EMPTY_VIEW)).toBe("");
    expect(formatView({ ...EMPTY_VIEW, filters: { ...EMPTY_VIEW.filters, community: 3 }, layout: "timeline", timelineY: "citations" })).toBe("?community=3&layout=timeline&y=citations");
  });

  it("pushes history for a new paper or path, replaces it for filters and layout", () => {
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, paper: "x" })).toBe(true);
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, path: { from: "a", to: "b", mode: "shortest" } })).toBe(true);
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, layout: "timeline" })).toBe(false);
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, filters: { ...EMPTY_VIEW.filters, hideStubs: true } })).toBe(false);
  });
});

describe("the explorer reducer", () => {
  it("builds a path from two picks in either order", () => {
    let s = initialState();
    s = explorerReducer(s, { type: "pathFrom", end: { ref: "2407.16711", title: "Metrology" } });
    expect(s.path).toBeNull();
    expect(s.pathDraft.from?.ref).toBe("2407.16711");
    s = explorerReducer(s, { type: "pathTo", end: { ref: "2203.02155", title: "InstructGPT" } });
    expect(s.path).toEqual({ from: "2407.16711", to: "2203.02155", mode: "shortest" });
    expect(s.pathDraft).toEqual({ from: null, to: null });

    let t = explorerReducer(initialState(), { type: "pathTo", end: { ref: "b", title: "B" } });
    t = explorerReducer(t, { type: "pathFrom", end: { ref: "a", title: "A" } });
    expect(t.path).toEqual({ from: "a", to: "b", mode: "shortest" });
  });

  it("swaps, switches mode, and clears with Escape", () => {
    let s = explorerReducer(initialState(), { type: "showPath", path: { from: "a", to: "b", mode: "shortest" } });
    s = explorerReducer(s, { type: "select", ref: "a" });
    s = explorerReducer(s, { type: "setHighlight", highlight: { direction: "builtBy", depth: 2 } });
    s = explorerReducer(s, { type: "swapPath" });
    s = explorerReducer(s, { type: "setPathMode", mode: "longest" });
    expect(s.path).toEqual({ from: "b", to: "a", mode: "longest" });
    s = explorerReducer(s, { type: "setFilters", filters: { minYear: 2020 } });
    s = explorerReducer(s, { type: "escape" });
    expect(viewOf(s)).toEqual({ ...EMPTY_VIEW, filters: { ...EMPTY_VIEW.filters, minYear: 2020 } });
    expect(explorerReducer(s, { type: "escape" })).toBe(s);
  });

  it("scopes the lineage view to the selected paper when it has no seeds", () => {
    let s = explorerReducer(initialState(), { type: "select", ref: "2407.16711" });
    s = explorerReducer(s, { type: "setMode", mode: "lineage" });
    expect(s.seeds).toEqual(["2407.16711"]);
    s = explorerReducer(s, { type: "addSeed", ref: "2306.03100" });
    s = explorerReducer(s, { type: "addSeed", ref: "2306.03100" });
    expect(s.seeds).toEqual(["2407.16711", "2306.03100"]);
    s = explorerReducer(s, { type: "setMode", mode: "graph" });
    s = explorerReducer(s, { type: "select", ref: "x" });
    s = explorerReducer(s, { type: "setMode", mode: "lineage" });
    expect(s.seeds).toEqual(["2407.16711", "2306.03100"]);
    s = explorerReducer(s, { type: "removeSeed", ref: "2407.16711" });
    expect(s.seeds).toEqual(["2306.03100"]);
    expect(explorerReducer(s, { type: "clearSeeds" }).seeds).toEqual([]);
    expect(explorerReducer(s, { type: "setKeyRoutes", keyRoutes: 40 }).keyRoutes).toBe(10);
    expect(explorerReducer(s, { type: "setKeyRoutes", keyRoutes: -1 }).keyRoutes).toBe(0);
    s = explorerReducer(s, { type: "openList", name: "reading" });
    s = explorerReducer(s, { type: "escape" });
    expect(viewOf(s)).toMatchObject({ paper: null, mode: "lineage", seeds: ["2306.03100"], list: "reading" });
  });

  it("drops the highlight when another paper is selected", () => {
    let s = explorerReducer(initialState(), { type: "select", ref: "a" });
    s = explorerReducer(s, { type: "setHighlight", highlight: { direction: "buildsOn", depth: 1 } });
    expect(explorerReducer(s, { type: "select", ref: "a" }).highlight).not.toBeNull();
    expect(explorerReducer(s, { type: "select", ref: "b" }).highlight).toBeNull();
  });
});
