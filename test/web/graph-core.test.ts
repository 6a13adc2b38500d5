/** The graph sigma draws, derived from the API graph, and the emphasis and timeline applied to it. */
import { describe, expect, it } from "vitest";
import type { GraphPayload, GraphNodeAttributes } from "../../web/src/core/api/types.ts";
import { createCitationGraph, loadCitationGraph, opaqueColor, prepareGraph, showGraph } from "../../web/src/core/graph/citation-graph.ts";
import { toColumns } from "../../web/src/core/graph/graph-columns.ts";
import { computeEmphasis } from "../../web/src/core/graph/emphasis.ts";
import { DIMMED_NODE_COLOR, EMPHASISED_EDGE_COLOR, EMPTY_DISPLAY, NEAR_EDGE_COLOR, edgeDisplay, fadedColor, nodeDisplay, type DisplayModel } from "../../web/src/core/graph/display.ts";
import { applyLayout, undatedX, yearScale, yearTicks, yearToX, type YearScale } from "../../web/src/core/graph/timeline.ts";

function node(key: string, year: number | null, x: number, y: number, extra: Partial<GraphNodeAttributes> = {}) {
  return {
    key,
    attributes: { label: key, title: key, year, x, y, size: 5, color: "#e15759", direction: null, community: 0, stub: false, citedByCount: 1, arxivId: null, ...extra },
  };
}

// d builds on c builds on b builds on a; d also builds on b directly.
const DATA: GraphPayload = {
  attributes: { totalPapers: 5, totalEdges: 6, layoutStale: false, communities: [], otherCommunityColor: "#8fa1b3" },
  options: { type: "directed", multi: false, allowSelfLoops: false },
  nodes: [node("a", 2015, 0, 0), node("b", 2018, 10, 5), node("c", 2020, 20, -5), node("d", 2024, 30, 0), node("lonely", null, 5, 50)],
  edges: [
    { source: "b", target: "a", attributes: { kind: "cites" } },
    { source: "c", target: "b", attributes: { kind: "cites" } },
    { source: "d", target: "c", attributes: { kind: "cites" } },
    { source: "d", target: "b", attributes: { kind: "cites" } },
    { source: "d", target: "b", attributes: { kind: "cites" } },
    { source: "d", target: "ghost", attributes: { kind: "cites" } },
  ],
};

function loaded() {
  const graph = createCitationGraph();
  const report = loadCitationGraph(graph, DATA);
  return { graph, report };
}

describe("loading the API graph", () => {
  it("keeps positions, drops duplicate and dangling edges, and reuses the instance", () => {
    const { graph, report } = loaded();
    expect(report).toEqual({ nodes: 5, edges: 4, unplaced: 0, droppedEdges: 2 });
    expect(graph.getNodeAttributes("b")).toMatchObject({ x: 10, y: 5, forceX: 10, forceY: 5, year: 2018 });
    loadCitationGraph(graph, { nodes: [node("z", 2000, Number.NaN, 1)], edges: [] });
    expect(graph.order).toBe(1);
    expect(graph.getNodeAttribute("z", "x")).toBe(0);
  });

  it("shortens long labels but keeps the full title", () => {
    const graph = createCitationGraph();
    const title = "A very long title about evaluating the evaluation of evaluations of language models";
    loadCitationGraph(graph, { nodes: [node("t", 2020, 0, 0, { label: title, title })], edges: [] });
    expect(graph.getNodeAttribute("t", "label").length).toBeLessThanOrEqual(40);
    expect(graph.getNodeAttribute("t", "title")).toBe(title);
  });
});

describe("emphasis", () => {
  it("is nothing when nothing is selected or hovered", () => {
    const { graph } = loaded();
    expect(computeEmphasis(graph, { hovered: null, selected: null, highlighted: null, path: null })).toBeNull();
    expect(nodeDisplay(EMPTY_DISPLAY, "a", { ...graph.getNodeAttributes("a") })).toMatchObject({ color: "#e15759", label: "a" });
  });

  it("shows a selected paper's neighbours, their own citations fainter, and dims the rest", () => {
    const { graph } = loaded();
    const e = computeEmphasis(graph, { hovered: null, selected: "c", highlighted: null, path: null });
    expect([...(e?.nodes ?? [])].sort()).toEqual(["b", "c", "d"]);
    // The next ring: b builds on a, which is drawn faded; "lonely" is linked to nothing.
    expect([...(e?.faint ?? [])]).toEqual(["a"]);
    const model: DisplayModel = { emphasis: e, hidden: null, marks: new Map() };
    // Sigma hands the reducer a copy of the attributes, as here.
    expect(nodeDisplay(model, "a", { ...graph.getNodeAttributes("a") })).toMatchObject({ color: fadedColor("#e15759"), label: null });
    expect(nodeDisplay(model, "lonely", { ...graph.getNodeAttributes("lonely") })).toMatchObject({ color: DIMMED_NODE_COLOR, label: null });
    expect(nodeDisplay(model, "c", { ...graph.getNodeAttributes("c") })).toMatchObject({ color: "#e15759", highlighted: true, forceLabel: true });
    expect(graph.getNodeAttribute("a", "color")).toBe("#e15759");
    // Its own citations strongest, the next ring's fainter and thinner.
    expect(edgeDisplay(model, graph.edge("d", "c") ?? "", {})).toMatchObject({ color: EMPHASISED_EDGE_COLOR, size: 1.2 });
    expect(edgeDisplay(model, graph.edge("b", "a") ?? "", {})).toMatchObject({ color: NEAR_EDGE_COLOR, size: 0.9 });
  });

  it("leaves a hub's next ring out: too many citations to read", () => {
    const hub = createCitationGraph();
    const citing = Array.from({ length: 60 }, (_, i) => node(`c${i}`, 2020, i, 0));
    const far = Array.from({ length: 60 }, (_, i) => node(`f${i}`, 2021, i, 1));
    const edges = citing.flatMap((c, i) => [
      { source: c.key, target: "hub", attributes: { kind: "cites" as const } },
      ...far.slice(0, 30).map((f) => ({ source: f.key, target: c.key, attributes: { kind: "cites" as const } })),
      { source: c.key, target: `c${(i + 1) % 60}`, attributes: { kind: "cites" as const } },
    ]);
    loadCitationGraph(hub, { nodes: [node("hub", 2000, 0, 0), ...citing, ...far], edges });
    const e = computeEmphasis(hub, { hovered: null, selected: "hub", highlighted: null, path: null });
    expect(e?.nodes.size).toBe(61);
    expect(e?.faint.size).toBe(0);
    expect([...(e?.edges.values() ?? [])].every((d) => d === 1)).toBe(true);
  });

  it("prefers the hovered paper, then the path, then the highlighted set", () => {
    const { graph } = loaded();
    const path = {
      chains: [
        ["d", "c", "b"],
        ["d", "b"],
      ],
      current: 0,
    };
    const hovered = computeEmphasis(graph, { hovered: "a", selected: "d", highlighted: null, path });
    expect([...(hovered?.primary ?? [])].sort()).toEqual(["a", "d"]);
    const shown = computeEmphasis(graph, { hovered: null, selected: null, highlighted: new Set(["a"]), path });
    expect([...(shown?.nodes ?? [])].sort()).toEqual(["b", "c", "d"]);
    expect(shown?.strongEdges.size).toBe(2);
    expect(shown?.edges.size).toBe(3);
    const set = computeEmphasis(graph, { hovered: null, selected: "d", highlighted: new Set(["c", "b", "a"]), path: null });
    expect(set?.edges.size).toBe(4);
    // The selected paper's own citations nearest; b builds on a one step further out.
    const model = { emphasis: set, hidden: null, marks: new Map<string, number>() };
    expect(edgeDisplay(model, graph.edge("d", "c") ?? "", {})).toMatchObject({ size: 1.2 });
    const drawn = edgeDisplay(model, graph.edge("b", "a") ?? "", {});
    expect(drawn).toMatchObject({ size: 0.9, color: NEAR_EDGE_COLOR });
    expect(drawn.hidden).toBeUndefined();
  });
});

describe("the timeline layout", () => {
  it("puts x on the year and keeps y, and goes back", () => {
    const { graph } = loaded();
    const scale = yearScale(graph) as YearScale;
    // 55 high and 30 wide: widened to 1.6 × 55 = 88 across 9 years; one paper has no year.
    expect(scale).toEqual({ minYear: 2015, maxYear: 2024, x0: 0, step: 88 / 9, minY: -5, maxY: 50, undated: 1 });
    applyLayout(graph, "timeline");
    const step = scale.step;
    for (const key of ["a", "b", "c", "d"]) {
      const a = graph.getNodeAttributes(key);
      expect(Math.abs(a.x - yearToX(scale, a.year ?? 0))).toBeLessThanOrEqual(0.3 * step);
      expect(a.y).toBe(a.forceY);
    }
    applyLayout(graph, "force");
    expect(graph.getNodeAttributes("c")).toMatchObject({ x: 20, y: -5 });
  });

  it("draws papers without a year in a lane of their own past the newest year, not before the oldest", () => {
    const { graph } = loaded();
    const scale = yearScale(graph) as YearScale;
    applyLayout(graph, "timeline");
    const lonely = graph.getNodeAttribute("lonely", "x");
    expect(lonely).toBeGreaterThan(yearToX(scale, scale.maxYear) + scale.step);
    expect(Math.abs(lonely - undatedX(scale))).toBeLessThanOrEqual(0.3 * scale.step);
  });

  it("puts y on citations, on a log scale, the most cited highest", () => {
    const { graph } = loaded();
    applyLayout(graph, "timeline", "citations");
    // b is cited by c and d; a by b; d by none, but its page reports 1, as every page here does.
    const y = (k: string) => graph.getNodeAttribute(k, "y");
    expect(y("b")).toBeGreaterThan(y("a") + 1);
    expect(Math.abs(y("a") - y("d"))).toBeLessThan(1);
    const scale = yearScale(graph) as YearScale;
    expect(Math.abs(y("b") - scale.maxY)).toBeLessThan(1);
  });

  it("counts every citation on the citations axis, when the map draws only some of them", () => {
    const { graph: whole } = loaded();
    applyLayout(whole, "timeline", "citations");
    // The same map drawing one citation of five (a large map draws a few thousand of its citations).
    const prepared = prepareGraph(toColumns(DATA));
    const [one] = prepared.links.edges();
    const drawn = createCitationGraph();
    showGraph(drawn, prepared, one ? [one] : []);
    expect(drawn.size).toBe(1);
    applyLayout(drawn, "timeline", "citations");
    for (const key of ["a", "b", "c", "d"]) expect(drawn.getNodeAttribute(key, "y")).toBeCloseTo(whole.getNodeAttribute(key, "y"), 6);
    expect(drawn.getNodeAttribute("b", "citedInMap")).toBe(2);
  });

  it("thins year labels when the years are many", () => {
    const scale = { x0: 0, step: 1, minY: 0, maxY: 1, undated: 0 };
    expect(yearTicks({ ...scale, minYear: 2015, maxYear: 2024 }, 20)).toHaveLength(10);
    expect(yearTicks({ ...scale, minYear: 1950, maxYear: 2024 }, 10)).toEqual([1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020]);
  });
});

describe("node colours", () => {
  it("flattens translucent colours onto the background and keeps opaque ones", () => {
    expect(opaqueColor("#E15759")).toBe("#e15759");
    expect(opaqueColor("#fff")).toBe("#ffffff");
    expect(opaqueColor("#00000080", [255, 255, 255])).toBe("#7f7f7f");
    expect(opaqueColor("rgb(1, 2, 3)")).toBe("rgb(1, 2, 3)");
  });
});
