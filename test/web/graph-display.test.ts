/**
 * What the graph draws and what it redraws (core/graph/display.ts, refresh-queue.ts,
 * map-filters.ts): the display model's reducers, the papers and citations one model change
 * touches, the queue that feeds them to sigma a slice at a time, and the filters applied in the
 * browser with the counts they leave.
 */
import { describe, expect, it, vi } from "vitest";
import type { GraphPayload, GraphNodeAttributes } from "../../web/src/core/api/types.ts";
import { createCitationGraph, loadCitationGraph } from "../../web/src/core/graph/citation-graph.ts";
import { computeEmphasis } from "../../web/src/core/graph/emphasis.ts";
import { DIMMED_NODE_COLOR, EMPTY_DISPLAY, displayChange, nodeDisplay, type DisplayModel } from "../../web/src/core/graph/display.ts";
import { RefreshQueue, type PartialRefresh } from "../../web/src/core/graph/refresh-queue.ts";
import { hiddenPapers, mapCounts, passes } from "../../web/src/core/graph/map-filters.ts";

function node(key: string, year: number | null, extra: Partial<GraphNodeAttributes> = {}) {
  return {
    key,
    attributes: { label: key, title: key, year, x: 0, y: 0, size: 5, color: "#1f77b4", direction: null, community: 1, stub: false, citedByCount: null, arxivId: null, ...extra },
  };
}

/** a ← b ← c, a ← d; e alone, a stub of community 2 with a direction. */
const DATA: Pick<GraphPayload, "nodes" | "edges"> = {
  nodes: [node("a", 2010), node("b", 2015), node("c", 2020), node("d", 2021), node("e", null, { stub: true, community: 2, direction: "Metrics", directions: ["Metrics", "Benchmarks"] })],
  edges: [
    { source: "b", target: "a" },
    { source: "c", target: "b" },
    { source: "d", target: "a" },
  ],
};

function graphOf() {
  const graph = createCitationGraph();
  loadCitationGraph(graph, DATA);
  return graph;
}

const model = (extra: Partial<DisplayModel>): DisplayModel => ({ ...EMPTY_DISPLAY, ...extra });

describe("the display model", () => {
  it("hides what the filters hide and marks reading-list papers with their place", () => {
    const graph = graphOf();
    const m = model({ hidden: new Set(["c"]), marks: new Map([["b", 2]]) });
    expect(nodeDisplay(m, "c", { ...graph.getNodeAttributes("c") })).toMatchObject({ hidden: true });
    expect(nodeDisplay(m, "b", { ...graph.getNodeAttributes("b") })).toMatchObject({ mark: 2, forceLabel: true });
    // A marked paper keeps its ring, dimmed, when another is selected.
    const selected = model({ marks: new Map([["e", 1]]), emphasis: computeEmphasis(graph, { hovered: null, selected: "a", highlighted: null, path: null }) });
    expect(nodeDisplay(selected, "e", { ...graph.getNodeAttributes("e") })).toMatchObject({ color: DIMMED_NODE_COLOR, label: null, mark: 1, forceLabel: true });
  });

  it("redraws everything when emphasis comes or goes, and only what changed between two emphases", () => {
    const graph = graphOf();
    const onA = model({ emphasis: computeEmphasis(graph, { hovered: null, selected: "a", highlighted: null, path: null }) });
    const onC = model({ emphasis: computeEmphasis(graph, { hovered: null, selected: "c", highlighted: null, path: null }) });
    expect(displayChange(graph, EMPTY_DISPLAY, onA)).toEqual({ nodes: "all", edges: "all" });
    expect(displayChange(graph, onA, EMPTY_DISPLAY)).toEqual({ nodes: "all", edges: "all" });
    const change = displayChange(graph, onA, onC);
    // a's neighbourhood is a, b, d (edges b→a, d→a); c's is b, c (edge c→b): b is drawn alike in both.
    expect([...(change.nodes as string[])].sort()).toEqual(["a", "c", "d"]);
    const edge = (k: string) => `${graph.source(k)}>${graph.target(k)}`;
    expect((change.edges as string[]).map(edge).sort()).toEqual(["b>a", "c>b", "d>a"]);
    expect(displayChange(graph, onC, onC)).toEqual({ nodes: [], edges: [] });
  });

  it("redraws the papers a filter hides or shows, with their citations, and changed marks", () => {
    const graph = graphOf();
    const change = displayChange(graph, EMPTY_DISPLAY, model({ hidden: new Set(["b"]), marks: new Map([["e", 1]]) }));
    expect([...(change.nodes as string[])].sort()).toEqual(["b", "e"]);
    expect((change.edges as string[]).map((k) => `${graph.source(k)}>${graph.target(k)}`).sort()).toEqual(["b>a", "c>b"]);
  });
});

describe("the refresh queue", () => {
  function clock() {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  }

  it("redraws papers before citations, a slice per task within its budget, with sigma's partial refresh", () => {
    const graph = graphOf();
    const time = clock();
    const later: (() => void)[] = [];
    const calls: { nodes?: string[]; edges?: string[] }[] = [];
    const sigma: PartialRefresh = {
      refresh: (o) => {
        expect(o).toMatchObject({ skipIndexation: true, schedule: true });
        calls.push(o.partialGraph);
        time.advance(10);
      },
    };
    const queue = new RefreshQueue(sigma, graph, { budgetMs: 15, step: 2, now: time.now, defer: (run) => (later.push(run), () => undefined) });
    queue.enqueue({ nodes: "all", edges: "all" });
    // Nothing in the task that asked: the first slices run in the next.
    expect(calls).toEqual([]);
    later.shift()?.();
    // Two slices fit a task's 15 ms; the rest waits for the task after.
    expect(calls).toEqual([{ nodes: ["a", "b"] }, { nodes: ["c", "d"] }]);
    expect(queue.pending).toBe(4);
    while (later.length) later.shift()?.();
    expect(calls.slice(2)).toEqual([{ nodes: ["e"] }, { edges: graph.edges() }]);
    expect(queue.pending).toBe(0);
  });

  it("folds a change that arrives while slices are pending into what is queued, once each", () => {
    const graph = graphOf();
    const refresh = vi.fn();
    const later: (() => void)[] = [];
    const queue = new RefreshQueue({ refresh }, graph, { budgetMs: 0, step: 1, defer: (run) => (later.push(run), () => undefined) });
    queue.enqueue({ nodes: ["a", "b", "c"], edges: [] });
    queue.enqueue({ nodes: ["c", "d"], edges: [] });
    while (later.length) later.shift()?.();
    expect(refresh.mock.calls.map((c) => (c[0] as { partialGraph: { nodes: string[] } }).partialGraph.nodes)).toEqual([["a"], ["b"], ["c"], ["d"]]);
  });

  it("works a change out in a slice of its own, when given as a function", () => {
    const graph = graphOf();
    const refresh = vi.fn();
    const later: (() => void)[] = [];
    const compute = vi.fn(() => ({ nodes: ["a"], edges: [] }));
    const queue = new RefreshQueue({ refresh }, graph, { defer: (run) => (later.push(run), () => undefined) });
    queue.enqueue(compute);
    expect(compute).not.toHaveBeenCalled();
    expect(queue.pending).toBe(1);
    while (later.length) later.shift()?.();
    expect(compute).toHaveBeenCalledOnce();
    expect(refresh).toHaveBeenCalledWith({ partialGraph: { nodes: ["a"] }, skipIndexation: true, schedule: true });
  });

  it("holds its slices while sigma has not indexed the graph, and drops them when cleared", () => {
    const graph = graphOf();
    const refresh = vi.fn();
    const later: (() => void)[] = [];
    const queue = new RefreshQueue({ refresh }, graph, { defer: (run) => (later.push(run), () => undefined) });
    const flush = () => {
      while (later.length) later.shift()?.();
    };
    queue.setIndexed(false);
    queue.enqueue({ nodes: ["a"], edges: [] });
    flush();
    expect(refresh).not.toHaveBeenCalled();
    queue.setIndexed(true);
    flush();
    expect(refresh).toHaveBeenCalledOnce();
    queue.setIndexed(false);
    queue.enqueue({ nodes: ["b"], edges: [] });
    queue.clear();
    queue.setIndexed(true);
    flush();
    expect(refresh).toHaveBeenCalledOnce();
  });
});

describe("the map's filters", () => {
  it("hide by years, stubs, any of a paper's directions, and community, and count what is left", () => {
    const graph = graphOf();
    const none = { direction: null, community: null, minYear: null, maxYear: null, hideStubs: false };
    expect(hiddenPapers(graph, none)).toBeNull();
    expect([...(hiddenPapers(graph, { ...none, minYear: 2015 }) ?? [])].sort()).toEqual(["a", "e"]);
    expect([...(hiddenPapers(graph, { ...none, direction: "Benchmarks" }) ?? [])].sort()).toEqual(["a", "b", "c", "d"]);
    expect([...(hiddenPapers(graph, { ...none, community: 2 }) ?? [])].sort()).toEqual(["a", "b", "c", "d"]);
    expect(passes({ ...none, hideStubs: true }, graph.getNodeAttributes("e"))).toBe(false);
    expect(mapCounts(graph, graph, null)).toEqual({ papers: 5, citations: 3, stubs: 1 });
    // Hiding a also hides the two citations of it.
    expect(mapCounts(graph, graph, new Set(["a"]))).toEqual({ papers: 4, citations: 1, stubs: 1 });
  });
});
