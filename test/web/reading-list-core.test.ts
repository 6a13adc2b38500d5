/** The reading list's reducer and conversions, and the lineage view's routes and emphasis. */
import { describe, expect, it } from "vitest";
import { EMPTY_READING_LIST, fromGenerated, fromSaved, readingListReducer, shareLink, toListInput } from "../../web/src/core/reading-list/index.ts";
import type { ReadingListState } from "../../web/src/core/reading-list/types.ts";
import { distinctKeyRoutes, lineageRoutes, routePapers } from "../../web/src/core/lineage/main-path.ts";
import { createCitationGraph, loadCitationGraph } from "../../web/src/core/graph/citation-graph.ts";
import { computeEmphasis } from "../../web/src/core/graph/emphasis.ts";
import { edgeDisplay, PATH_EDGE_COLOR } from "../../web/src/core/graph/display.ts";
import { AI_EVERYTHING, INSTRUCT, METROLOGY, SOCIO, brief, keyRouteOf, mainPathResponse, readingItem, step } from "./fixtures.ts";

const ITEMS = [readingItem(AI_EVERYTHING, "a"), readingItem(INSTRUCT, "b"), readingItem(SOCIO, "c")];
const LIST: ReadingListState = { ...EMPTY_READING_LIST, saved: "L", items: ITEMS, origin: { kind: "saved", name: "L" } };

describe("the reading-list reducer", () => {
  it("moves a paper by one place with its reason, and ignores moves past the ends", () => {
    const down = readingListReducer(LIST, { type: "moveDown", ref: "2111.15366" });
    expect(down.items.map((i) => `${i.ref}:${i.reason}`)).toEqual(["2203.02155:b", "2111.15366:a", "2306.03100:c"]);
    expect(down).toMatchObject({ dirty: true, saved: "L", lastEdit: { kind: "move", ref: "2111.15366", position: 2, by: "down" } });
    expect(readingListReducer(LIST, { type: "moveUp", ref: "2111.15366" })).toBe(LIST);
    expect(readingListReducer(LIST, { type: "moveDown", ref: "2306.03100" })).toBe(LIST);
    expect(readingListReducer(LIST, { type: "moveUp", ref: "missing" })).toBe(LIST);
  });

  it("removes, adds once, forgets the saved name and clears", () => {
    const removed = readingListReducer(LIST, { type: "remove", ref: "2203.02155" });
    expect(removed.items.map((i) => i.ref)).toEqual(["2111.15366", "2306.03100"]);
    expect(removed.lastEdit).toEqual({ kind: "remove", ref: "2203.02155", title: INSTRUCT.title, index: 1 });
    const added = readingListReducer(removed, { type: "add", item: readingItem(METROLOGY, "") });
    expect(added.items.at(-1)?.ref).toBe("2407.16711");
    expect(readingListReducer(added, { type: "add", item: readingItem(METROLOGY, "", { ref: "arXiv:2407.16711" }) })).toBe(added);
    const unsaved = readingListReducer(added, { type: "unsaved" });
    expect(unsaved).toMatchObject({ saved: null, dirty: true, origin: { kind: "empty" } });
    expect(readingListReducer(unsaved, { type: "clear" })).toEqual(EMPTY_READING_LIST);
    const generated = readingListReducer(LIST, { type: "generated", items: ITEMS.slice(0, 1), seeds: ["S"] });
    expect(generated).toMatchObject({ saved: null, dirty: false, origin: { kind: "generated", seeds: ["S"] } });
  });

  it("converts the API's lists to items and back", () => {
    const generated = fromGenerated({
      ...brief("title:abc", "T", 2020),
      position: 1,
      reason: "why",
      score: 1,
      seed: false,
      group: "core",
      direction: null,
      directionInferred: false,
      evidence: null,
      builtOnBySeeds: [],
      buildsOnSeeds: [],
      depth: 1,
    });
    expect(generated).toMatchObject({ ref: "title:abc", reason: "why", note: "" });
    const saved = fromSaved({
      name: "L",
      description: "",
      createdAt: "",
      updatedAt: "",
      spec: {},
      items: [{ position: 1, ref: "arXiv:2111.15366", id: null, title: "Gone", year: null, arxivId: null, doi: null, aclId: null, reason: "r", note: "n", inGraph: false }],
    });
    expect(saved).toEqual([{ ref: "arXiv:2111.15366", id: null, title: "Gone", year: null, arxivId: null, doi: null, aclId: null, reason: "r", note: "n" }]);
    expect(toListInput(saved)).toEqual([{ ref: "arXiv:2111.15366", title: "Gone", reason: "r", note: "n" }]);
    expect(shareLink({ origin: "http://127.0.0.1:5173", pathname: "/" }, "A & B")).toBe("http://127.0.0.1:5173/?list=A%20%26%20B");
  });
});

describe("the lineage view's routes", () => {
  const a = brief("a", "A", 2015);
  const b = brief("b", "B", 2018);
  const c = brief("c", "C", 2020);
  const d = brief("d", "D", 2024);
  const e = brief("e", "E", 2021);
  const main = [step(a, 0), step(b, 3, [e]), step(c, 2), step(d, 1)];
  const data = mainPathResponse(main, [keyRouteOf("b", "c", 3, main), keyRouteOf("a", "d", 2, [step(a, 0), step(d, 2)]), keyRouteOf("a", "d", 1, [step(a, 0), step(d, 2)])]);

  it("keeps key routes that differ from the main path, once each", () => {
    expect(distinctKeyRoutes(data).map((r) => [r.path.map((s) => s.id), r.links.length])).toEqual([[["a", "d"], 2]]);
    expect(lineageRoutes(data)).toEqual([
      [["a"], ["b", "e"], ["c"], ["d"]],
      [["a"], ["d"]],
    ]);
    expect(routePapers(lineageRoutes(data)).sort()).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("draws the main path strongest, key routes beside it, a cycle's members with its step, and dims the rest", () => {
    const graph = createCitationGraph();
    const node = (key: string, year: number) => ({
      key,
      attributes: { label: key, title: key, year, x: year, y: 0, size: 4, color: "#4e79a7", direction: null, community: 0, stub: false, citedByCount: 1, arxivId: null },
    });
    const edge = (source: string, target: string) => ({ source, target, attributes: { kind: "cites" as const } });
    // b and e cite each other (a cycle); c builds on e, not on b; d builds on c and on a.
    loadCitationGraph(graph, {
      nodes: [node("a", 2015), node("b", 2018), node("e", 2021), node("c", 2020), node("d", 2024), node("z", 2019)],
      edges: [edge("b", "a"), edge("b", "e"), edge("e", "b"), edge("c", "e"), edge("d", "c"), edge("d", "a"), edge("z", "a")],
    });
    const emphasis = computeEmphasis(graph, { hovered: null, selected: "z", highlighted: null, path: null, lineage: lineageRoutes(data) });
    expect([...(emphasis?.nodes ?? [])].sort()).toEqual(["a", "b", "c", "d", "e", "z"]);
    expect([...(emphasis?.primary ?? [])].sort()).toEqual(["a", "b", "c", "d", "z"]);
    const strong = [...(emphasis?.strongEdges ?? [])].map((k) => `${graph.source(k)}>${graph.target(k)}`).sort();
    expect(strong).toEqual(["b>a", "b>e", "c>e", "d>c", "e>b"]);
    const beside = [...(emphasis?.edges.keys() ?? [])].filter((k) => !emphasis?.strongEdges.has(k));
    expect(beside.map((k) => `${graph.source(k)}>${graph.target(k)}`)).toEqual(["d>a"]);
    const model = { emphasis, hidden: null, marks: new Map<string, number>() };
    expect(edgeDisplay(model, graph.edge("d", "c") ?? "", {})).toMatchObject({ color: PATH_EDGE_COLOR });
    expect(edgeDisplay(model, graph.edge("z", "a") ?? "", {})).toMatchObject({ hidden: true });
    // A hovered paper still wins over the lineage.
    expect(computeEmphasis(graph, { hovered: "z", selected: null, highlighted: null, path: null, lineage: lineageRoutes(data) })?.nodes.size).toBe(2);
  });
});
