/**
 * The collection in the explorer's state and in its requests: `?collection=NAME` read and written
 * with the other view state, a switch that keeps what applies to any collection and drops what was
 * the old one's, and the API client naming the collection in every collection request (reads,
 * list writes and exports), never in server-wide ones, and none when the server's default is shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { EMPTY_VIEW, explorerReducer, initialState } from "../../web/src/core/explorer/index.ts";
import { formatView, isNavigation, parseView } from "../../web/src/core/explorer/view-url.ts";
import {
  deleteList,
  exportList,
  fetchClosure,
  fetchGraph,
  fetchMainPath,
  fetchPaper,
  fetchSavedLists,
  graphUrl,
  inCollection,
  mainPathUrl,
  saveList,
  searchPapers,
  setCollection,
} from "../../web/src/core/api/client.ts";
import { buildCollection, fetchCollections, fetchJob } from "../../web/src/core/api/server-client.ts";

describe("the collection in the URL", () => {
  it("is read, written first, and round-trips", () => {
    const view = parseView("?paper=2401.90001&collection=aan&layout=timeline");
    expect(view).toMatchObject({ collection: "aan", paper: "2401.90001", layout: "timeline" });
    expect(formatView(view)).toBe("?collection=aan&paper=2401.90001&layout=timeline");
    expect(parseView(formatView(view))).toEqual(view);
    expect(formatView({ ...EMPTY_VIEW, collection: "my map" })).toBe("?collection=my%20map");
  });

  it("is none when absent, empty or too long", () => {
    expect(parseView("").collection).toBeNull();
    expect(parseView("?collection=").collection).toBeNull();
    expect(parseView("?collection=%20%20").collection).toBeNull();
    expect(parseView(`?collection=${"x".repeat(101)}`).collection).toBeNull();
  });

  it("round-trips any name", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim() === s && s.length > 0),
        (name) => {
          expect(parseView(formatView({ ...EMPTY_VIEW, collection: name })).collection).toBe(name);
        },
      ),
      { seed: 18, numRuns: 300 },
    );
  });

  it("makes a history entry when it changes", () => {
    expect(isNavigation(EMPTY_VIEW, { ...EMPTY_VIEW, collection: "aan" })).toBe(true);
    expect(isNavigation({ ...EMPTY_VIEW, collection: "aan" }, { ...EMPTY_VIEW, collection: "aan", layout: "timeline" })).toBe(false);
  });
});

describe("switching collection", () => {
  const before = {
    ...initialState({
      ...EMPTY_VIEW,
      paper: "2401.90001",
      highlight: { direction: "builtBy" as const, depth: 2 as const },
      path: { from: "a", to: "b", mode: "longest" as const },
      mode: "lineage" as const,
      seeds: ["2401.90001"],
      keyRoutes: 3,
      list: "Counting",
      layout: "timeline" as const,
      timelineY: "citations" as const,
      filters: { direction: "Counting", community: 4, minYear: 2019, maxYear: 2024, hideStubs: true },
    }),
    pathDraft: { from: { ref: "c", title: "C" }, to: null },
  };

  it("drops the old collection's papers, path, seeds, list and community, and keeps the view settings", () => {
    const after = explorerReducer(before, { type: "switchCollection", name: "aan" });
    expect(after).toEqual({
      ...before,
      collection: "aan",
      paper: null,
      highlight: null,
      path: null,
      pathDraft: { from: null, to: null },
      seeds: [],
      keyRoutes: 0,
      list: null,
      filters: { direction: "Counting", community: null, minYear: 2019, maxYear: 2024, hideStubs: true },
    });
  });

  it("to the collection shown changes nothing", () => {
    const shown = { ...before, collection: "aan" };
    expect(explorerReducer(shown, { type: "switchCollection", name: "aan" })).toBe(shown);
  });
});

describe("the API client names the collection", () => {
  const asked: { url: string; method: string }[] = [];

  beforeEach(() => {
    asked.length = 0;
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      asked.push({ url, method: init?.method ?? "GET" });
      if (url.includes("/export")) return new Response("@misc{x}\n", { status: 200, headers: { "content-type": "application/x-bibtex" } });
      return new Response(JSON.stringify({}), { status: 200, headers: { "content-type": "application/json" } });
    });
  });
  afterEach(() => {
    setCollection(null);
    vi.unstubAllGlobals();
  });

  async function everyRequest(): Promise<void> {
    const filters = { direction: null, minYear: null, maxYear: null, hideStubs: false };
    await fetchGraph(filters);
    await fetchGraph({ ...filters, minYear: 2020 });
    await fetchPaper("10.9999/invented.1");
    await fetchClosure("2401.90001", "builtBy", 2);
    await searchPapers("abacus", 5);
    await fetchMainPath({ seeds: ["2401.90001"], direction: null, keyRoutes: 0 });
    await fetchSavedLists();
    await saveList("Counting", []);
    await deleteList("Counting");
    await exportList("Counting", "bibtex", []);
  }

  it("in every collection request, once, when one is chosen", async () => {
    setCollection("small map");
    await everyRequest();
    expect(asked).toHaveLength(10);
    for (const { url } of asked) {
      expect(new URL(url, "http://x").searchParams.getAll("collection")).toEqual(["small map"]);
    }
    expect(asked.map((a) => a.method)).toEqual(["GET", "GET", "GET", "GET", "GET", "GET", "GET", "PUT", "DELETE", "POST"]);
    // The other parameters are untouched.
    expect(new URL(asked[1]?.url ?? "", "http://x").searchParams.get("minYear")).toBe("2020");
    expect(asked[3]?.url).toBe("/api/papers/2401.90001/built-by?depth=2&collection=small%20map");
    expect(graphUrl(filtersNone())).toBe("/api/graph?collection=small%20map");
    expect(mainPathUrl({ seeds: ["a"], direction: null, keyRoutes: 0 })).toBe("/api/main-path?seed=a&collection=small%20map");
  });

  it("in none when the server's default is shown", async () => {
    setCollection(null);
    await everyRequest();
    expect(asked.filter((a) => a.url.includes("collection="))).toEqual([]);
    expect(inCollection("/api/graph")).toBe("/api/graph");
  });

  it("not in the requests about the server itself", async () => {
    setCollection("aan");
    await fetchCollections();
    await fetchJob(3);
    await buildCollection("aan");
    expect(asked.map((a) => a.url)).toEqual(["/api/collections", "/api/jobs/3", "/api/collections/aan/build"]);
  });
});

function filtersNone() {
  return { direction: null, minYear: null, maxYear: null, hideStubs: false };
}
