/**
 * The stored layout (graph/layout.ts): seeded, communities apart, papers without citations in a
 * disc of their own, and a graph that grew refined from its stored layout (stored papers stay
 * within MAX_DRIFT of the extent, new ones beside their neighbours); community numbers that
 * survive growth (graph/community-numbering.ts).
 */
import { describe, expect, it } from "vitest";
import { computeLayout, MAX_DRIFT, type Placement } from "../../graph/layout.ts";
import { matchNumbers, numberBySize } from "../../graph/community-numbering.ts";
import { seededRandom } from "../../graph/layout.ts";

/** `groups` dense clusters of `size` papers, a few citations between consecutive clusters. */
function clusters(groups: number, size: number, seed = 7): { ids: string[]; edges: { citing: string; cited: string }[] } {
  const random = seededRandom(seed);
  const ids: string[] = [];
  const edges: { citing: string; cited: string }[] = [];
  for (let g = 0; g < groups; g++) {
    for (let i = 0; i < size; i++) {
      ids.push(`g${g}-${i}`);
      for (let j = 0; j < i; j++) if (random() < 0.25) edges.push({ citing: `g${g}-${i}`, cited: `g${g}-${j}` });
    }
    if (g > 0) for (let k = 0; k < 3; k++) edges.push({ citing: `g${g}-${k}`, cited: `g${g - 1}-${k + 5}` });
  }
  return { ids, edges };
}

function byId(placements: readonly Placement[]): Map<string, Placement> {
  return new Map(placements.map((p) => [p.id, p]));
}

function extent(points: Iterable<{ x: number; y: number }>): number {
  const list = [...points];
  const xs = list.map((p) => p.x);
  const ys = list.map((p) => p.y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

function centroid(points: readonly { x: number; y: number }[]): { x: number; y: number } {
  return { x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length };
}

describe("the stored layout", () => {
  it("is the same for the same graph", () => {
    const { ids, edges } = clusters(3, 40);
    expect(computeLayout(ids, edges)).toEqual(computeLayout(ids, edges));
  });

  it("draws communities apart: a paper's nearest neighbours are mostly of its own community", () => {
    const { ids, edges } = clusters(4, 50);
    const placements = computeLayout(ids, edges);
    let same = 0;
    for (const p of placements) {
      const nearest = placements
        .filter((q) => q !== p)
        .sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y))
        .slice(0, 5);
      same += nearest.filter((q) => q.community === p.community).length;
    }
    expect(same / (placements.length * 5)).toBeGreaterThan(0.9);
    // Numbered by size: the four clusters are 0 to 3.
    expect(new Set(placements.map((p) => p.community))).toEqual(new Set([0, 1, 2, 3]));
  });

  it("puts papers without citations in a disc beside the map, not round it", () => {
    const { ids, edges } = clusters(2, 40);
    const lonely = Array.from({ length: 30 }, (_, i) => `lonely-${i}`);
    const placements = byId(computeLayout([...ids, ...lonely], edges));
    const mapXs = ids.map((id) => placements.get(id)?.x ?? NaN);
    const rightOfMap = Math.max(...mapXs);
    for (const id of lonely) expect(placements.get(id)?.x).toBeGreaterThan(rightOfMap);
    expect(extent(lonely.map((id) => placements.get(id) as Placement))).toBeLessThan(extent(ids.map((id) => placements.get(id) as Placement)));
  });

  it("refines a grown graph from the stored layout: stored papers stay, new ones join their neighbours", () => {
    const { ids, edges } = clusters(3, 50);
    const stored = byId(computeLayout(ids, edges));
    // Eight new papers citing papers of the second cluster, and one new paper citing a newcomer.
    const fresh = Array.from({ length: 8 }, (_, i) => `new-${i}`);
    const grown = [...edges, ...fresh.flatMap((id, i) => [0, 1, 2].map((k) => ({ citing: id, cited: `g1-${(i + k * 7) % 50}` }))), { citing: "late", cited: "new-0" }];
    const refined = byId(computeLayout([...ids, ...fresh, "late"], grown, { previous: stored }));
    const size = extent(stored.values());
    const moves = ids.map((id) => Math.hypot((refined.get(id)?.x ?? NaN) - (stored.get(id)?.x ?? NaN), (refined.get(id)?.y ?? NaN) - (stored.get(id)?.y ?? NaN)) / size);
    // Positions are stored to two decimals: the bound holds to within that rounding.
    expect(Math.max(...moves)).toBeLessThan(MAX_DRIFT * 1.01);
    expect(moves.filter((m) => m === 0).length / moves.length).toBeGreaterThan(0.5);
    const centres = [0, 1, 2].map((g) => centroid(ids.filter((id) => id.startsWith(`g${g}-`)).map((id) => stored.get(id) as Placement)));
    for (const id of [...fresh, "late"]) {
      const p = refined.get(id) as Placement;
      const distances = centres.map((c) => Math.hypot(c.x - p.x, c.y - p.y));
      expect(distances.indexOf(Math.min(...distances)), id).toBe(1);
    }
    // The communities keep their numbers.
    for (const id of ids) expect(refined.get(id)?.community).toBe(stored.get(id)?.community);
    // Refining is seeded too.
    expect(computeLayout([...ids, ...fresh, "late"], grown, { previous: stored })).toEqual([...refined.values()]);
  });
});

describe("community numbers", () => {
  const ids = ["a", "b", "c", "d", "e", "f"];
  it("number a fresh partition by size, the largest 0", () => {
    const raw = new Map([
      ["a", 7],
      ["b", 9],
      ["c", 9],
      ["d", 9],
      ["e", 7],
      ["f", 3],
    ]);
    const numbered = numberBySize(ids, (id) => raw.get(id) ?? 0);
    expect([...numbered.values()]).toEqual([1, 0, 0, 0, 1, 2]);
  });

  it("keep the numbers a grown graph's communities had, and give new ones numbers after every old one", () => {
    const previous = new Map([
      ["a", 4],
      ["b", 4],
      ["c", 2],
      ["d", 2],
    ]);
    // Louvain labels them differently this time; e and f are new, f in a community of its own.
    const raw = new Map([
      ["a", 0],
      ["b", 0],
      ["c", 1],
      ["d", 1],
      ["e", 1],
      ["f", 5],
    ]);
    const numbered = matchNumbers(ids, (id) => raw.get(id) ?? 0, previous);
    expect(Object.fromEntries(numbered)).toEqual({ a: 4, b: 4, c: 2, d: 2, e: 2, f: 5 });
  });

  it("do not hand a number to a community that holds only a few of its papers", () => {
    const previous = new Map(["a", "b", "c", "d", "e", "f"].map((id) => [id, 0]));
    // The old community split in two halves and a single paper: one half keeps 0.
    const raw = new Map([
      ["a", 1],
      ["b", 1],
      ["c", 1],
      ["d", 2],
      ["e", 2],
      ["f", 3],
    ]);
    const numbered = matchNumbers(ids, (id) => raw.get(id) ?? 0, previous);
    expect(new Set([numbered.get("a"), numbered.get("d"), numbered.get("f")]).size).toBe(3);
    expect([numbered.get("a"), numbered.get("d")]).toContain(0);
    expect(numbered.get("f")).not.toBe(0);
  });
});
