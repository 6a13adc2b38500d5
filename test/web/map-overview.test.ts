/**
 * The overview (issue 25): clusters drawn as regions that do not overlap and vanish with what a
 * filter hides (core/graph/regions.ts), the disc of papers with no citation named as one
 * (map-groups.ts), their names placed without overlap inside the canvas
 * (region-labels.ts), and the camera framing a box in the canvas' free area or keeping papers in
 * place when the graph's extent changes (camera.ts, GraphDataController's keptCamera).
 */
import { describe, expect, it } from "vitest";
import { mapRegions, type Region, type RegionPoint } from "../../web/src/core/graph/regions.ts";
import { placeRegionLabels } from "../../web/src/core/graph/region-labels.ts";
import { LabelPlacer, type Box } from "../../web/src/core/graph/label-placement.ts";
import { fitIntoArea, fitSetIntoArea, framedPoint, freeArea, keptCamera } from "../../web/src/core/graph/camera.ts";
import { seededRandom } from "../../graph/layout.ts";
import { createCitationGraph } from "../../web/src/core/graph/citation-graph.ts";
import { CitationLinks } from "../../web/src/core/graph/citation-links.ts";
import { UNCITED_LABEL, groupedPoints, regionGroups } from "../../web/src/core/graph/map-groups.ts";
import { traceRegions } from "../../web/src/core/graph/trace-regions.ts";

/** Even-odd point-in-region test over all rings. */
function inside(region: Region, p: { x: number; y: number }): boolean {
  let odd = false;
  for (const ring of region.rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i] as { x: number; y: number };
      const b = ring[j] as { x: number; y: number };
      if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
    }
  }
  return odd;
}

function blob(group: string, cx: number, cy: number, n: number, spread: number, random: () => number): RegionPoint[] {
  return Array.from({ length: n }, () => {
    const angle = random() * 2 * Math.PI;
    const r = Math.sqrt(random()) * spread;
    return { x: cx + Math.cos(angle) * r, y: cy + Math.sin(angle) * r, group };
  });
}

const GROUPS = [
  { key: "a", label: "machine translation", color: "#1f77b4" },
  { key: "b", label: "parsing", color: "#ff7f0e" },
];

describe("regions", () => {
  const random = seededRandom(3);
  const points = [...blob("a", 0, 0, 300, 40, random), ...blob("b", 120, 0, 300, 40, random), ...blob(null as unknown as string, 60, 90, 50, 10, random).map((p) => ({ ...p, group: null }))];
  const regions = mapRegions(points, GROUPS);

  it("draw each cluster as a region holding its papers and not the other's, named inside itself", () => {
    expect(regions.map((r) => r.key).sort()).toEqual(["a", "b"]);
    for (const r of regions) {
      const own = points.filter((p) => p.group === r.key);
      const other = points.filter((p) => p.group !== null && p.group !== r.key);
      expect(own.filter((p) => inside(r, p)).length / own.length).toBeGreaterThan(0.9);
      expect(other.filter((p) => inside(r, p)).length / other.length).toBeLessThan(0.05);
      expect(inside(r, r.anchor)).toBe(true);
      expect(r.papers).toBeGreaterThan(250);
    }
  });

  it("leave out a cluster whose papers are all hidden, and fill a ring of papers round its centre", () => {
    const onlyA = mapRegions(
      points.filter((p) => p.group !== "b"),
      GROUPS,
    );
    expect(onlyA.map((r) => r.key)).toEqual(["a"]);
    const ring: RegionPoint[] = Array.from({ length: 40 }, (_, i) => ({ x: Math.cos((i / 40) * 2 * Math.PI) * 50, y: Math.sin((i / 40) * 2 * Math.PI) * 50, group: "a" }));
    const [filled] = mapRegions([...ring, { x: 0, y: 0, group: "a" }, { x: 300, y: 300, group: null }], GROUPS);
    expect(filled && inside(filled, { x: 0, y: 0 })).toBe(true);
  });

  it("are drawn round papers gathered together, never as a bubble round each of a few scattered papers", () => {
    const scattered: RegionPoint[] = Array.from({ length: 7 }, (_, i) => ({ x: Math.cos((i / 7) * 2 * Math.PI) * 100, y: Math.sin((i / 7) * 2 * Math.PI) * 100, group: "a" }));
    expect(mapRegions(scattered, GROUPS)).toEqual([]);
    const gathered = blob("a", 0, 0, 5, 4, seededRandom(8));
    const [region] = mapRegions([...scattered, ...gathered], GROUPS);
    expect(region?.papers).toBe(5);
    for (const p of gathered) expect(region && inside(region, p)).toBe(true);
    for (const p of scattered) expect(region && inside(region, p)).toBe(false);
    // A group the layout places together (the papers no citation touches) is named however few.
    const pair: RegionPoint[] = [
      { x: 0, y: 0, group: "u" },
      { x: 3, y: 1, group: "u" },
    ];
    const placed = { key: "u", label: "no citations here", color: "#999999", placed: true };
    expect(mapRegions([...gathered, ...pair.map((p) => ({ ...p, x: p.x + 200 }))], [...GROUPS, placed]).map((r) => r.key)).toEqual(["a", "u"]);
    expect(mapRegions(pair, [{ ...placed, placed: false }])).toEqual([]);
  });

  it("are nothing without papers or groups", () => {
    expect(mapRegions([], GROUPS)).toEqual([]);
    expect(mapRegions(points, [])).toEqual([]);
  });
});

describe("region names", () => {
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const region = (key: string, x: number, y: number): Region => ({ key, label: key, color: "#336699", rings: [], anchor: { x, y }, papers: 10, cells: 10 });

  it("never overlap one another, the panels or the canvas' edge, and give way when there is no room", () => {
    const placer = new LabelPlacer();
    placer.setBounds({ x: 0, y: 0, width: 400, height: 300 });
    const legend = { x: 0, y: 200, width: 150, height: 100 };
    placer.occupy(legend);
    const names = [
      region("word sense disambiguation", 150, 100),
      region("parsing", 160, 102),
      region("under the legend", 60, 250),
      region("at the edge", 380, 160),
      region("off the edge", 470, 100),
      region("far", 300, 50),
    ];
    const placed = placeRegionLabels(
      names,
      (p) => p,
      (text) => text.length * 8,
      placer,
    );
    for (const a of placed) {
      expect(overlaps(a.box, legend)).toBe(false);
      expect(a.box.x).toBeGreaterThanOrEqual(0);
      expect(a.box.x + a.box.width).toBeLessThanOrEqual(400);
      for (const b of placed) if (a !== b) expect(overlaps(a.box, b.box)).toBe(false);
    }
    const texts = placed.map((p) => p.text);
    expect(texts).toContain("word sense disambiguation");
    // Crowded out of its spot, "parsing" moves a line up or down; the legend's and the one beyond
    // the canvas have no room at all.
    expect(texts).toContain("parsing");
    expect(texts).not.toContain("under the legend");
    expect(texts).not.toContain("off the edge");
    expect(texts).toContain("far");
    // At the canvas' edge a name moves inward and still spans its spot.
    const edge = placed.find((p) => p.text === "at the edge");
    expect(edge?.box.x).toBeLessThan(380 - (edge?.box.width ?? 0) / 2);
    expect((edge?.box.x ?? 0) + (edge?.box.width ?? 0)).toBeGreaterThan(380);
  });
});

describe("the groups the regions are drawn for", () => {
  it("put a labelled community's papers in its region and the papers with no citation in a disc named for them", async () => {
    const random = seededRandom(5);
    const graph = createCitationGraph();
    const keys: string[] = [];
    const add = (key: string, x: number, y: number, community: number, direction: string | null = null) => {
      keys.push(key);
      graph.addNode(key, {
        x,
        y,
        forceX: x,
        forceY: y,
        size: 2,
        color: "#123456",
        label: key,
        title: key,
        year: 2000,
        stub: false,
        citedByCount: 0,
        citedInMap: 0,
        direction,
        directions: direction ? [direction] : [],
        community,
        arxivId: null,
      });
    };
    for (const [i, p] of blob("c", 0, 0, 200, 40, random).entries()) add(`c${i}`, p.x, p.y, 1);
    for (const [i, p] of blob("u", 110, 0, 120, 20, random).entries()) add(`u${i}`, p.x, p.y, 7);
    add("stated", 1, 1, 1, "Metrics");
    // The community's papers cite one another in a chain; the disc's cite nothing.
    const citing = Int32Array.from({ length: 199 }, (_, i) => i + 1);
    const cited = Int32Array.from({ length: 199 }, (_, i) => i);
    const links = new CitationLinks(keys, citing, cited);
    const names = { directionColors: new Map([["Metrics", "#aa0000"]]), communities: [{ id: 1, label: "statistical parsing, treebank", color: "#1f77b4" }], otherColor: "#8fa1b3" };
    const points = groupedPoints(graph, links, null, names);
    expect(points.filter((p) => p.group === "c:1")).toHaveLength(200);
    expect(points.filter((p) => p.group === "uncited")).toHaveLength(120);
    expect(points.filter((p) => p.group === "d:Metrics")).toHaveLength(1);
    const regions = mapRegions(points, regionGroups(names));
    expect(regions.map((r) => r.label).sort()).toEqual([UNCITED_LABEL, "statistical parsing"]);
    // Traced where there are no workers (here), the same regions.
    expect(await traceRegions(points, regionGroups(names))).toEqual(regions);
    // Hidden by a filter, the disc has no region.
    const hidden = new Set(keys.filter((k) => k.startsWith("u")));
    expect(mapRegions(groupedPoints(graph, links, hidden, names), regionGroups(names)).map((r) => r.label)).toEqual(["statistical parsing"]);
  });
});

describe("the camera", () => {
  /** Sigma's framing at ratio 1 in an 800 × 600 viewport: a unit is 600 px, y upwards. */
  const scale = { x: 600, y: -600 };
  const toViewport = (cam: { x: number; y: number; ratio: number }, f: { x: number; y: number }) => ({
    x: 400 + ((f.x - cam.x) * scale.x) / cam.ratio,
    y: 300 + ((f.y - cam.y) * scale.y) / cam.ratio,
  });

  it("frames a box inside the area the legend leaves", () => {
    const area = freeArea(800, 600, [{ x: 10, y: 250, width: 300, height: 340 }]);
    expect(area).toEqual({ x: 310, y: 0, width: 490, height: 600 });
    const box = { minX: 0.2, maxX: 0.6, minY: 0.3, maxY: 0.5 };
    const cam = fitIntoArea(box, area, { width: 800, height: 600 }, scale);
    expect(cam).not.toBeNull();
    if (!cam) return;
    for (const corner of [
      { x: box.minX, y: box.minY },
      { x: box.maxX, y: box.maxY },
    ]) {
      const v = toViewport(cam, corner);
      expect(v.x).toBeGreaterThanOrEqual(area.x);
      expect(v.x).toBeLessThanOrEqual(area.x + area.width);
      expect(v.y).toBeGreaterThanOrEqual(0);
      expect(v.y).toBeLessThanOrEqual(600);
    }
    // A small legend, or none, leaves the whole canvas.
    expect(freeArea(800, 600, [{ x: 10, y: 550, width: 80, height: 40 }])).toEqual({ x: 0, y: 0, width: 800, height: 600 });
  });

  it("frames a path's papers beside the open legend, with room for their labels on the right", () => {
    const area = freeArea(800, 600, [{ x: 10, y: 250, width: 300, height: 340 }]);
    // A chain from top right to bottom left: its last paper was drawn under the legend.
    const chain = [
      { x: 0.7, y: 0.8 },
      { x: 0.5, y: 0.6 },
      { x: 0.2, y: 0.2 },
    ];
    const cam = fitSetIntoArea(chain, area, { width: 800, height: 600 }, scale);
    expect(cam).not.toBeNull();
    if (!cam) return;
    const xs = chain.map((p) => toViewport(cam, p).x);
    for (const p of chain) {
      const v = toViewport(cam, p);
      expect(v.x).toBeGreaterThanOrEqual(area.x);
      expect(v.y).toBeGreaterThanOrEqual(0);
      expect(v.y).toBeLessThanOrEqual(600);
    }
    // A label's worth of room right of the rightmost paper.
    expect(area.x + area.width - Math.max(...xs)).toBeGreaterThan(60);
    // Two papers side by side are not framed closer than a paper's neighbourhood.
    const near = fitSetIntoArea(
      [
        { x: 0.5, y: 0.5 },
        { x: 0.5001, y: 0.5 },
      ],
      area,
      { width: 800, height: 600 },
      scale,
    );
    expect(near?.ratio).toBe(0.08);
  });

  it("keeps the papers where they were on screen when the graph's extent grows", () => {
    const before = { x: [0, 100] as [number, number], y: [0, 50] as [number, number] };
    const after = { x: [-20, 140] as [number, number], y: [-10, 60] as [number, number] };
    const cam = { x: 0.4, y: 0.55, ratio: 0.5, angle: 0 };
    const next = keptCamera(cam, before, after);
    for (const p of [
      { x: 10, y: 10 },
      { x: 70, y: 40 },
    ]) {
      const a = toViewport(cam, framedPoint(before, p));
      const b = toViewport(next, framedPoint(after, p));
      expect(b.x).toBeCloseTo(a.x, 6);
      expect(b.y).toBeCloseTo(a.y, 6);
    }
  });
});
