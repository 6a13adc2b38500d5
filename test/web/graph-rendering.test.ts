/**
 * How the map meets the renderer (issue 25): the graph as columns and compact links, the
 * citations on show within a budget, papers picked from their positions, frames paced to the
 * driver's fences, and thin citations drawn as lines with only the thick ones as rectangles.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import Graph from "graphology";
import type { GraphPayload } from "../../web/src/core/api/types.ts";
import { CitationLinks } from "../../web/src/core/graph/citation-links.ts";
import { MapPapers, toColumns } from "../../web/src/core/graph/graph-columns.ts";
import { citationsNote, citationsOnShow, overviewEdges, shownEdges } from "../../web/src/core/graph/edge-budget.ts";
import { computeEmphasis } from "../../web/src/core/graph/emphasis.ts";
import { NodePicker, type PickableNode } from "../../web/src/core/graph/node-picker.ts";
import { RenderPacer } from "../../web/src/core/graph/render-pacing.ts";
import { sizeScaleFor } from "../../web/src/core/graph/citation-graph.ts";

function payload(edges: [string, string][], keys = ["a", "b", "c", "d"]): Pick<GraphPayload, "nodes" | "edges"> {
  return {
    nodes: keys.map((key, i) => ({
      key,
      attributes: {
        label: key,
        title: key,
        year: 2000 + i,
        x: i,
        y: -i,
        size: 3,
        color: "#123456",
        direction: i === 1 ? "Metrics" : null,
        community: i % 2,
        stub: i === 3,
        citedByCount: i,
        arxivId: null,
      },
    })),
    edges: edges.map(([source, target]) => ({ source, target })),
  };
}

describe("the graph as columns", () => {
  it("keeps each citation once, drops loops and dangling ends, and answers for papers", () => {
    const c = toColumns(
      payload([
        ["b", "a"],
        ["b", "a"],
        ["c", "c"],
        ["c", "ghost"],
        ["d", "b"],
      ]),
    );
    expect([...c.citing]).toEqual([1, 3]);
    expect([...c.cited]).toEqual([0, 1]);
    expect(c.droppedEdges).toBe(3);
    const papers = new MapPapers(c);
    expect(papers.get("b")).toEqual({ stub: false, year: 2001, directions: ["Metrics"], community: 1 });
    expect(papers.get("d")?.stub).toBe(true);
    expect(papers.has("ghost")).toBe(false);
  });
});

describe("compact links", () => {
  it("answer as graphology does over the same citations (seeded property)", () => {
    const keys = ["a", "b", "c", "d", "e", "f"];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { maxLength: 25 }), (pairs) => {
        const c = toColumns(
          payload(
            pairs.map(([s, t]) => [keys[s] ?? "a", keys[t] ?? "a"]),
            keys,
          ),
        );
        const links = new CitationLinks(c.keys, c.citing, c.cited);
        const g = new Graph({ type: "directed", multi: false, allowSelfLoops: false });
        for (const k of keys) g.addNode(k);
        c.citing.forEach((s, i) => g.addDirectedEdgeWithKey(`e${i}`, keys[s] ?? "", keys[c.cited[i] ?? 0] ?? ""));
        expect(links.size).toBe(g.size);
        for (const k of keys) {
          expect(links.degree(k)).toBe(g.degree(k));
          const mine: string[] = [];
          links.forEachEdge(k, (e, _a, s, t) => mine.push(`${e}:${s}>${t}`));
          const theirs: string[] = [];
          g.forEachEdge(k, (e, _a, s, t) => theirs.push(`${e}:${s}>${t}`));
          expect(mine.sort()).toEqual(theirs.sort());
          const out: string[] = [];
          links.forEachOutEdge(k, (e) => out.push(e));
          expect(out.sort()).toEqual(g.outEdges(k).sort());
          const near: string[] = [];
          links.forEachNeighbor(k, (n) => near.push(n));
          expect(near.sort()).toEqual(g.neighbors(k).sort());
          for (const other of keys) expect(links.edge(k, other)).toBe(g.edge(k, other));
        }
        for (const e of g.edges()) {
          expect(links.source(e)).toBe(g.source(e));
          expect(links.target(e)).toBe(g.target(e));
        }
      }),
      { seed: 25, numRuns: 150 },
    );
  });
});

describe("the citations on show", () => {
  const c = toColumns(
    payload(
      [
        ["b", "a"],
        ["c", "b"],
        ["d", "c"],
        ["d", "a"],
        ["e", "a"],
      ],
      ["a", "b", "c", "d", "e"],
    ),
  );
  const links = new CitationLinks(c.keys, c.citing, c.cited);
  const size: Record<string, number> = { a: 9, b: 8, c: 1, d: 7, e: 2 };

  it("are all of a small graph's at the overview, else those between the most prominent papers", () => {
    expect(overviewEdges(links, (k) => size[k] ?? 0)).toHaveLength(5);
    const top = overviewEdges(links, (k) => size[k] ?? 0, 2).map((e) => `${links.source(e)}>${links.target(e)}`);
    expect(top).toEqual(["b>a", "d>a"]);
  });

  it("at the overview are the heaviest by their papers' sizes, ties by key, as a full sort gives them (seeded property)", () => {
    const keys = ["a", "b", "c", "d", "e", "f", "g"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 0, max: 12 }),
        (pairs, sizes, budget) => {
          const cols = toColumns(
            payload(
              pairs.map(([a, b]) => [keys[a] ?? "a", keys[b] ?? "a"]),
              keys,
            ),
          );
          const l = new CitationLinks(cols.keys, cols.citing, cols.cited);
          const sizeOf = (k: string) => sizes[keys.indexOf(k)] ?? 0;
          const full = l
            .edges()
            .map((key) => ({ key, weight: Math.min(sizeOf(l.source(key)), sizeOf(l.target(key))) }))
            .sort((a, b) => b.weight - a.weight || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
            .slice(0, budget)
            .map((e) => e.key);
          const expected = l.size <= budget ? l.edges() : full;
          expect(overviewEdges(l, sizeOf, budget)).toEqual(expected);
        },
      ),
      { seed: 25, numRuns: 300 },
    );
  });

  it("are the emphasis' nearest the selection first, within the budget", () => {
    const emphasis = computeEmphasis(links, { hovered: null, selected: "b", highlighted: null, path: null });
    const all = shownEdges(emphasis, []);
    expect(all.leftOut).toBe(0);
    const one = shownEdges(emphasis, [], 2);
    expect(one.keys.map((e) => emphasis?.edges.get(e))).toEqual([1, 1]);
    expect(one.leftOut).toBe((emphasis?.edges.size ?? 0) - 2);
    expect(shownEdges(null, ["e1"]).keys).toEqual(["e1"]);
  });

  it("are counted with both papers on show, and the map says how many of how many it draws when not all", () => {
    const top = overviewEdges(links, (k) => size[k] ?? 0, 2);
    expect(citationsOnShow(top, links, null)).toBe(2);
    // "d" hidden by a filter: its citation d>a is not drawn.
    expect(citationsOnShow(top, links, new Set(["d"]))).toBe(1);
    expect(citationsNote(2, 5, false)).toBe("2 of 5 citations drawn: those between the most cited papers");
    expect(citationsNote(8000, 12_345, true)).toBe("8,000 of 12,345 citations drawn: those nearest the selection");
    expect(citationsNote(5, 5, false)).toBeNull();
  });
});

describe("picking a paper from its position", () => {
  function picker(nodes: Record<string, PickableNode>) {
    return new NodePicker({
      keys: () => Object.keys(nodes),
      node: (k) => nodes[k],
      pixelsPerUnit: () => 100,
      toFramed: (p) => ({ x: p.x / 100, y: p.y / 100 }),
      radius: (s) => s,
    });
  }

  it("answers the disc holding the point, the one on top where discs overlap, none for hidden papers", () => {
    const nodes: Record<string, PickableNode> = {
      a: { x: 1, y: 1, size: 5 },
      b: { x: 1.03, y: 1, size: 5, zIndex: 1 },
      c: { x: 3, y: 3, size: 4, hidden: true },
    };
    const p = picker(nodes);
    expect(p.pick({ x: 97, y: 100 })).toBe("a");
    expect(p.pick({ x: 102, y: 100 })).toBe("b");
    expect(p.pick({ x: 300, y: 300 })).toBeNull();
    expect(p.pick({ x: 150, y: 150 })).toBeNull();
    // Moved papers are found where they are once the grid is told.
    nodes.a = { x: 2, y: 2, size: 5 };
    p.invalidate();
    expect(p.pick({ x: 200, y: 201 })).toBe("a");
  });

  it("finds every paper at its own centre among many (seeded property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 })), { minLength: 1, maxLength: 200 }), (points) => {
        const nodes: Record<string, PickableNode> = {};
        // At least 2 units apart so that no disc covers another's centre.
        const used = new Set<string>();
        points.forEach(([x, y], i) => {
          const cell = `${Math.round(x / 200)},${Math.round(y / 200)}`;
          if (used.has(cell)) return;
          used.add(cell);
          nodes[`n${i}`] = { x: Math.round(x / 200) * 2, y: Math.round(y / 200) * 2, size: 3 };
        });
        const p = picker(nodes);
        for (const [k, n] of Object.entries(nodes)) expect(p.pick({ x: n.x * 100 + 1, y: n.y * 100 - 1 })).toBe(k);
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});

describe("frames paced to the driver", () => {
  it("puts a frame off while the last one's fence is unsignalled, and draws it once it is passed", () => {
    let signalled = false;
    // jsdom has no WebGL 2: a class of that name, which the pacer's `instanceof` check recognises.
    const scope = globalThis as { WebGL2RenderingContext?: new () => object };
    scope.WebGL2RenderingContext ??= class {};
    const gl = Object.assign(Object.create(scope.WebGL2RenderingContext.prototype) as object, {
      SYNC_STATUS: 1,
      SIGNALED: 2,
      SYNC_GPU_COMMANDS_COMPLETE: 3,
      isContextLost: () => false,
      fenceSync: () => ({}),
      getSyncParameter: () => (signalled ? 2 : 0),
      deleteSync: () => undefined,
      flush: () => undefined,
    });
    let drawn = 0;
    const renderer = { render: () => drawn++ };
    const frames: (() => void)[] = [];
    const pacer = new RenderPacer(
      renderer,
      () => ({ nodes: gl as unknown as WebGL2RenderingContext }),
      (run) => frames.push(run),
      () => undefined,
    );
    renderer.render();
    expect(drawn).toBe(1);
    renderer.render();
    renderer.render();
    expect(drawn).toBe(1);
    expect(pacer.deferred).toBe(2);
    expect(frames).toHaveLength(1);
    signalled = true;
    frames.shift()?.();
    expect(drawn).toBe(2);
    pacer.detach();
    renderer.render();
    expect(drawn).toBe(3);
  });
});

/** A WebGL context that records its calls: enough for sigma's programs to be built and drawn without a GPU. */
function recordingGl(calls: { name: string; args: unknown[] }[]): WebGLRenderingContext {
  const gl: object = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== "string") return undefined;
        if (/^[A-Z0-9_]+$/.test(name)) return 1;
        return (...args: unknown[]) => {
          calls.push({ name, args });
          if (name === "getAttribLocation") return 0;
          if (name === "getExtension") return gl;
          return name.startsWith("get") ? true : {};
        };
      },
    },
  );
  return gl as WebGLRenderingContext;
}

describe("citations drawn as lines, the thick ones also as rectangles", () => {
  it("gives the rectangles' program only the visible citations drawn thick, and draws that many", async () => {
    // Sigma's programs read WebGL's constants when their module loads.
    const constants = { BOOL: 35670, BYTE: 5120, UNSIGNED_BYTE: 5121, SHORT: 5122, UNSIGNED_SHORT: 5123, INT: 5124, UNSIGNED_INT: 5125, FLOAT: 5126, POINTS: 0, LINES: 1, TRIANGLES: 4 };
    const scope = globalThis as { WebGLRenderingContext?: object; WebGL2RenderingContext?: object };
    scope.WebGLRenderingContext = Object.assign(scope.WebGLRenderingContext ?? {}, constants);
    scope.WebGL2RenderingContext = Object.assign(scope.WebGL2RenderingContext ?? class {}, constants);
    const { ThickEdgeRectangles, THICK_EDGE_SIZE } = await import("../../web/src/core/graph/edge-program.ts");
    const calls: { name: string; args: unknown[] }[] = [];
    const program = new ThickEdgeRectangles(recordingGl(calls), null, {} as never);
    const end = (x: number, hidden = false) => ({ x, y: 0, size: 2, color: "#000000", hidden }) as never;
    const edge = (size: number, hidden = false) => ({ size, color: "#c2410c", hidden }) as never;
    const params = { matrix: new Float32Array(9), width: 10, height: 10, pixelRatio: 1, zoomRatio: 1, sizeRatio: 1, correctionRatio: 1, minEdgeThickness: 1.7, downSizingRatio: 1 } as never;
    const drawn = () => calls.filter((c) => c.name === "drawArraysInstancedANGLE" || c.name === "drawArraysInstanced").map((c) => c.args[3]);

    program.reallocate(5);
    program.process(1, 0, end(0), end(1), edge(1));
    program.process(2, 1, end(0), end(2), edge(THICK_EDGE_SIZE + 1));
    program.process(3, 2, end(0), end(3), edge(3, true));
    program.process(4, 3, end(0, true), end(4), edge(3));
    program.process(5, 4, end(0), end(5), edge(3));
    program.render(params);
    expect(program.capacity).toBe(2);
    expect(drawn()).toEqual([2]);
    // The first thick citation's ends, as sigma's rectangles lay them out.
    expect([...program.array.slice(0, 4)]).toEqual([0, 0, 2, 0]);

    // A partial redraw: the citation at offset 1 thin again, the one at offset 0 thick.
    calls.length = 0;
    program.process(2, 1, end(0), end(2), edge(1));
    program.process(1, 0, end(0), end(1), edge(3));
    program.render(params);
    expect(drawn()).toEqual([2]);
    expect(program.array.length).toBe(2 * program.STRIDE);

    // Sigma processing everything again starts from nothing.
    calls.length = 0;
    program.reallocate(5);
    program.render(params);
    expect(program.capacity).toBe(0);
    expect(drawn()).toEqual([]);
  });
});

describe("the graph processed and drawn in frames of their own", () => {
  it("processes in one frame and draws in the next, drawing what was processed when more came in between", () => {
    const events: string[] = [];
    const renderer = {
      needToProcess: false,
      render: () => events.push(renderer.needToProcess ? "draw+process" : "draw"),
      process: () => events.push("process"),
      resize: () => undefined,
    };
    const frames: (() => void)[] = [];
    new RenderPacer(
      renderer,
      () => ({}),
      (run) => frames.push(run),
      () => undefined,
    );
    renderer.render();
    expect(events).toEqual(["draw"]);
    // Papers added: the frame processes only, and the next one draws.
    renderer.needToProcess = true;
    renderer.render();
    expect(events).toEqual(["draw", "process"]);
    expect(renderer.needToProcess).toBe(false);
    frames.shift()?.();
    expect(events).toEqual(["draw", "process", "draw"]);
    expect(frames).toHaveLength(0);
    // Added again, then again before the drawing frame: it draws what was processed, and the
    // frame after processes the rest; no frame does both.
    renderer.needToProcess = true;
    renderer.render();
    renderer.needToProcess = true;
    frames.shift()?.();
    expect(events.slice(3)).toEqual(["process", "draw"]);
    expect(renderer.needToProcess).toBe(true);
    frames.shift()?.();
    frames.shift()?.();
    expect(events.slice(3)).toEqual(["process", "draw", "process", "draw"]);
    expect(events).not.toContain("draw+process");
  });
});

describe("sizes on a crowded map", () => {
  it("are full up to 4,000 papers and halve at AAN's size", () => {
    expect(sizeScaleFor(189)).toBe(1);
    expect(sizeScaleFor(4000)).toBe(1);
    expect(sizeScaleFor(19_267)).toBe(0.5);
  });
});
