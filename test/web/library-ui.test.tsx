// @vitest-environment jsdom
/**
 * The researcher's library in the explorer (issue 27): the index and filter of core/library, the
 * ring the display model gives its papers (and only what changes redrawn), the legend's entry and
 * filter, the paper panel's note, and the library panel's collection, reading list and "what
 * cites my library" list. Text only: a hostile collection name renders as text.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import Graph from "graphology";
import { collectionPaperIds, hiddenByLibrary, libraryIndex } from "../../web/src/core/library/index.ts";
import { displayChange, EMPTY_DISPLAY, LIBRARY_NODE_TYPE, nodeDisplay } from "../../web/src/core/graph/display.ts";
import { LibraryLegend } from "../../web/src/components/LibraryLegend.tsx";
import { LibraryMembershipNote } from "../../web/src/components/LibraryMembershipNote.tsx";
import { LibraryPanel } from "../../web/src/components/LibraryPanel.tsx";
import type { CitationGraph } from "../../web/src/core/graph/citation-graph.ts";
import type { LibraryMissingResponse, LibraryResponse } from "../../api/types.ts";
import { brief, HOSTILE_TITLE } from "./fixtures.ts";

afterEach(cleanup);

const RESPONSE: LibraryResponse = {
  source: "zotero",
  imported: true,
  origin: "/home/ada/Zotero/zotero.sqlite",
  readAs: "copy",
  modifiedAt: "2026-12-01T10:00:00.000Z",
  importedAt: "2026-12-02T10:00:00.000Z",
  items: 5,
  collections: [
    { key: "EVAL", name: "Evaluation", path: ["Evaluation"], parentKey: null, items: 1, papers: 1 },
    { key: "BENC", name: HOSTILE_TITLE, path: ["Evaluation", HOSTILE_TITLE], parentKey: "EVAL", items: 2, papers: 2 },
    { key: "OTHR", name: "Other", path: ["Other"], parentKey: null, items: 1, papers: 1 },
  ],
  papers: [
    { id: "a", key: "K1", collections: ["EVAL"] },
    { id: "b", key: "K2", collections: ["BENC"] },
    { id: "c", key: "K3", collections: ["BENC", "OTHR"] },
    { id: "d", key: "K4", collections: [] },
  ],
};

describe("the library's index and filter", () => {
  const index = libraryIndex(RESPONSE);

  it("knows the papers it holds, and a collection's with those under it", () => {
    expect(index && [...index.papers]).toEqual(["a", "b", "c", "d"]);
    if (!index) return;
    expect(collectionPaperIds(index, "EVAL")).toEqual(["a", "b", "c"]);
    expect(collectionPaperIds(index, "BENC")).toEqual(["b", "c"]);
    expect(collectionPaperIds(index, "OTHR")).toEqual(["c"]);
    expect(libraryIndex({ ...RESPONSE, imported: false })).toBeNull();
    expect(libraryIndex(null)).toBeNull();
  });

  it("hides the rest, or the library's own, or nothing", () => {
    const ids = ["a", "b", "x", "y"];
    expect(hiddenByLibrary(ids, index, "all")).toBeNull();
    expect([...(hiddenByLibrary(ids, index, "only") ?? [])]).toEqual(["x", "y"]);
    expect([...(hiddenByLibrary(ids, index, "not") ?? [])]).toEqual(["a", "b"]);
    expect(hiddenByLibrary(ids, null, "only")).toBeNull();
  });

  it("rings the library's papers, and redraws only those whose ring changes", () => {
    const model = { ...EMPTY_DISPLAY, library: new Set(["a"]) };
    expect(nodeDisplay(model, "a", { size: 1, color: "#123456" })).toMatchObject({ type: LIBRARY_NODE_TYPE, size: 5, color: "#123456" });
    expect(nodeDisplay(model, "b", { size: 1 }).type).toBeUndefined();
    const graph = new Graph() as unknown as CitationGraph;
    for (const k of ["a", "b", "c"]) graph.addNode(k);
    expect(displayChange(graph, model, { ...model, library: new Set(["b"]) })).toEqual({ nodes: ["a", "b"], edges: [] });
    expect(displayChange(graph, model, { ...model })).toEqual({ nodes: [], edges: [] });
  });
});

describe("the library in the explorer's components", () => {
  it("offers the map's filter in the legend", () => {
    const onFilter = vi.fn();
    render(
      <ul>
        <LibraryLegend count={1234} filter="all" onFilter={onFilter} />
      </ul>,
    );
    expect(screen.getByText(/In your Zotero library \(1,234\)/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "All papers" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Only my library" }));
    fireEvent.click(screen.getByRole("button", { name: "Not in my library" }));
    expect(onFilter.mock.calls).toEqual([["only"], ["not"]]);
  });

  it("says in the paper panel where the library files the paper, as text", () => {
    render(
      <LibraryMembershipNote
        library={{ source: "zotero", key: "K2", keys: ["K2", "K9"], collections: [{ key: "BENC", name: HOSTILE_TITLE, path: ["Evaluation", HOSTILE_TITLE] }], tags: ["to-read"] }}
      />,
    );
    const note = screen.getByRole("region", { name: "In your library" });
    expect(note.textContent).toContain("In your Zotero library (2 items):");
    expect(within(note).getByRole("list", { name: "Zotero collections" }).textContent).toBe(`Evaluation › ${HOSTILE_TITLE}`);
    expect(note.querySelector("img")).toBeNull();
    expect(note.textContent).toContain("Tags: to-read");
  });

  it("seeds a reading list with a collection, and lists what cites the library with reasons", () => {
    const index = libraryIndex(RESPONSE);
    if (!index) throw new Error("no index");
    const handlers = { onFindMissing: vi.fn(), onReadingList: vi.fn(), onSelect: vi.fn(), onClose: vi.fn() };
    const missing: LibraryMissingResponse = {
      collection: null,
      seeds: 4,
      seedsUsed: 4,
      min: 2,
      candidates: 1,
      items: [
        {
          ...brief("x", "A Paper Citing Two Of Yours", 2024),
          position: 1,
          score: 0.4,
          reason: "builds on 2 of your papers; cited by 3 papers in the graph",
          evidence: { coCitedWith: [], sharedReferencesWith: [], builtOnBySeeds: [], buildsOnSeeds: ["a", "b"], similarText: null, citedBy: 3 },
          buildsOnLibrary: 2,
          builtOnByLibrary: 0,
          linkedTo: ["a", "b"],
        },
      ],
    };
    const { rerender } = render(<LibraryPanel library={index} missing={{ status: "idle" }} {...handlers} />);
    const panel = screen.getByRole("region", { name: "Your library" });
    expect(panel.textContent).toContain("4 of its 5 Zotero items are papers of this map");
    const reading = within(panel).getByRole("button", { name: "Reading list from this collection" });
    expect(reading.hasAttribute("disabled")).toBe(true);
    fireEvent.change(within(panel).getByLabelText("Collection"), { target: { value: "BENC" } });
    fireEvent.click(reading);
    expect(handlers.onReadingList).toHaveBeenCalledWith(expect.objectContaining({ key: "BENC" }));
    fireEvent.click(within(panel).getByRole("button", { name: /What cites it that I don’t have/ }));
    expect(handlers.onFindMissing).toHaveBeenCalledWith("BENC");
    rerender(<LibraryPanel library={index} missing={{ status: "ready", data: missing }} {...handlers} />);
    expect(screen.getByText("builds on 2 of your papers; cited by 3 papers in the graph")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^A Paper Citing Two Of Yours/ }));
    expect(handlers.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "x" }));
  });
});
