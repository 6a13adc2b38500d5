/**
 * Label placement without overlap (core/graph/label-placement.ts, a seeded fast-check property),
 * list orders (core/paper/sort.ts), exact counts and
 * the wording of reported figures (core/paper/format.ts), and the reading list's kept draft
 * (core/reading-list/draft-storage.ts).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LabelPlacer, markBadge, placementAt, type Box } from "../../web/src/core/graph/label-placement.ts";
import { sortPapers } from "../../web/src/core/paper/sort.ts";
import { buildsOnCoverage, citationFigures, exactCount, firstAuthorLabel, listedFigures, mapName } from "../../web/src/core/paper/format.ts";
import { readableCount, shareOf } from "../../vocabulary/count-wording.ts";
import { draftKey, loadDraft, saveDraft, type DraftStore } from "../../web/src/core/reading-list/draft-storage.ts";
import { EMPTY_READING_LIST } from "../../web/src/core/reading-list/index.ts";
import { brief, paperDetail, readingItem, METROLOGY, SOCIO } from "./fixtures.ts";

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("label placement", () => {
  it("never lets two placed labels overlap, whatever the points (seeded property)", () => {
    const point = fc.record({ x: fc.integer({ min: 0, max: 600 }), y: fc.integer({ min: 0, max: 400 }), r: fc.integer({ min: 1, max: 12 }), w: fc.integer({ min: 10, max: 200 }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 60 }), (points) => {
        const placer = new LabelPlacer();
        const placed: Box[] = [];
        points.forEach((p, i) => {
          const place = placer.place(String(i), p.x, p.y, p.r, p.w, 12);
          if (place) placed.push(place.box);
        });
        for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i] as Box, placed[j] as Box)).toBe(false);
      }),
      { seed: 20261201, numRuns: 300 },
    );
  });

  it("tries right, then left, above and below, and leaves a label out when no side is free", () => {
    const placer = new LabelPlacer();
    expect(placer.place("a", 100, 100, 5, 80, 12)?.side).toBe("right");
    // A second paper inside the first's label: its right and left would overlap it, above is free.
    expect(placer.place("b", 150, 100, 5, 80, 12)?.side).toBe("above");
    expect(placer.place("far", 400, 100, 5, 80, 12)?.side).toBe("right");
    const crowded = new LabelPlacer();
    for (const side of ["right", "left", "above", "below"] as const) crowded.occupy(placementAt(side, 300, 300, 5, 60, 12).box);
    expect(crowded.place("c", 300, 300, 5, 60, 12)).toBeNull();
  });

  it("keeps every label off the reading list's numbers but its own paper's (seeded property)", () => {
    const point = fc.record({
      x: fc.integer({ min: 0, max: 300 }),
      y: fc.integer({ min: 0, max: 200 }),
      r: fc.integer({ min: 1, max: 12 }),
      w: fc.integer({ min: 10, max: 200 }),
      marked: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 40 }), (points) => {
        const placer = new LabelPlacer();
        const badges = new Map<string, Box>();
        points.forEach((p, i) => {
          if (!p.marked) return;
          placer.occupyMark(String(i), p.x, p.y, p.r, i + 1);
          const b = markBadge(p.x, p.y, p.r, i + 1);
          badges.set(String(i), { x: b.x - b.r, y: b.y - b.r, width: 2 * b.r, height: 2 * b.r });
        });
        points.forEach((p, i) => {
          const place = placer.place(String(i), p.x, p.y, p.r, p.w, 12);
          if (place) for (const [owner, badge] of badges) if (owner !== String(i)) expect(overlaps(place.box, badge)).toBe(false);
        });
      }),
      { seed: 20261208, numRuns: 300 },
    );
    // Another paper's label whose right-hand side would cross a number goes elsewhere (alone, it
    // goes right); the number's own paper keeps its label at its right.
    const placer = new LabelPlacer();
    placer.occupyMark("own", 100, 100, 4, 3);
    expect(placer.place("near", 80, 95, 3, 60, 12)?.side).not.toBe("right");
    expect(new LabelPlacer().place("near", 80, 95, 3, 60, 12)?.side).toBe("right");
    expect(placer.place("own", 100, 100, 4, 80, 12)?.side).toBe("right");
  });

  it("places reserved labels first and keeps the selected paper's at its right", () => {
    const placer = new LabelPlacer();
    placer.reserve("selected", 100, 100, 5, 120, 12, "right");
    expect(placer.reservation("selected")?.side).toBe("right");
    // A later label next to it moves out of its way.
    expect(placer.place("other", 110, 100, 5, 60, 12)?.side).not.toBe("right");
    expect(placer.reservation("nobody")).toBeUndefined();
  });
});

describe("list orders", () => {
  const list = [brief("x", "X", 2019, { builtByCount: 5 }), brief("y", "Y", null, { citedByCount: 90, builtByCount: 3 }), brief("z", "Z", 2023, { builtByCount: 5 })];
  it("sorts by year either way (papers without a year last) and by citations in this map, stably", () => {
    expect(sortPapers(list, "newest").map((p) => p.id)).toEqual(["z", "x", "y"]);
    expect(sortPapers(list, "oldest").map((p) => p.id)).toEqual(["x", "z", "y"]);
    // Citations in this map decide; a page's reported 90 is another collection's figure.
    expect(sortPapers(list, "citations").map((p) => p.id)).toEqual(["x", "z", "y"]);
    expect(sortPapers([brief("a", "A", 2020, { builtByCount: 2 }), brief("b", "B", 2020, { builtByCount: 2, citedByCount: 7 })], "citations").map((p) => p.id)).toEqual(["b", "a"]);
    expect(sortPapers(list, "relevance").map((p) => p.id)).toEqual(["x", "y", "z"]);
    expect(sortPapers(list, "relevance", (p) => (p.id === "z" ? 1 : 0)).map((p) => p.id)).toEqual(["z", "x", "y"]);
  });
});

describe("numbers and words", () => {
  it("gives a part of a whole as a share and a long count in three figures, in BigInt", () => {
    expect(shareOf("819178541700828379", "5819169607971424081")).toBe("14%");
    expect(shareOf("91", "4734")).toBe("1.9%");
    expect(shareOf("1", "100000")).toBe("<0.1%");
    expect(shareOf("0", "5")).toBe("0%");
    expect(shareOf("5", "0")).toBe("");
    expect(readableCount("60835833909718080919")).toBe("6.08 × 10¹⁹");
    expect(readableCount("883")).toBe("883");
    expect(readableCount("123456789")).toBe("123,456,789");
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 30n }), (whole, part) => {
        const p = part > whole ? whole : part;
        const share = shareOf(p.toString(), whole.toString());
        const value = share === "<0.1%" ? 0 : Number(share.replace(/[%,]/g, ""));
        expect(value).toBeLessThanOrEqual(100);
        expect(value).toBeLessThanOrEqual((Number(p) / Number(whole)) * 100 + 1e-9);
      }),
      { seed: 20261202, numRuns: 300 },
    );
  });

  it("groups exact integers as written, past 2^53, never through Number", () => {
    expect(exactCount("60835833909718080919")).toBe("60,835,833,909,718,080,919");
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (n) => {
        expect(exactCount(n.toString()).replace(/,/g, "")).toBe(n.toString());
        expect(exactCount(n.toString())).toBe(n.toLocaleString("en-US"));
      }),
      { seed: 20261201, numRuns: 300 },
    );
  });

  it("words the page's figures as it meant them, naming the map", () => {
    const paper = paperDetail();
    const source = paper.coverage.buildsOn.source;
    expect(mapName(paper, source)).toBe("the mlsanity map");
    expect(mapName(paper, "https://www.example.org/paper/1")).toBe("the example.org map");
    expect(buildsOnCoverage({ inGraph: 51, reportedInMap: 83, reportedTotal: 137, source, dataThrough: "2026-10-07" }, "the mlsanity map")).toBe(
      "Of its 137 references, 83 are in the mlsanity map (page data through 2026-10-07); 51 are in this graph.",
    );
    expect(firstAuthorLabel({ firstAuthor: "Kishore Papineni", authorCount: 4 })).toBe("Kishore Papineni et al.");
    expect(firstAuthorLabel({ firstAuthor: "Kishore Papineni", authorCount: 4 })).toBe("Kishore Papineni et al.");
    expect(firstAuthorLabel({ firstAuthor: "Kishore Papineni", authorCount: 1 })).toBe("Kishore Papineni");
  });
});

describe("a paper's two citation figures", () => {
  const report = { by: "Semantic Scholar", through: "2026-10-07", read: "2026-10-20" };
  it("says each with its meaning, and an unknown count as unknown, never 0", () => {
    expect(citationFigures(brief("a", "A", 2020, { builtByCount: 33, citedByCount: 7768, citedByReport: report }))).toEqual({
      inMap: "Cited by 33 in this map.",
      reported: "7,768 citations reported by Semantic Scholar (data through 2026-10-07).",
    });
    expect(citationFigures(brief("a", "A", 2020, { builtByCount: 0, citedByCount: null }))).toEqual({ inMap: "Not cited in this map.", reported: "No reported citation count." });
    expect(citationFigures(brief("a", "A", 2020, { builtByCount: 1, citedByCount: 1, citedByReport: { ...report, through: null } })).reported).toBe(
      "1 citation reported by Semantic Scholar (read 2026-10-20).",
    );
    expect(listedFigures(brief("a", "A", 2020, { builtByCount: 729, citedByCount: null }))).toEqual(["cited by 729 in this map"]);
    expect(listedFigures(brief("a", "A", 2020, { builtByCount: null, citedByCount: 5, citedByReport: report }))).toEqual(["5 reported by Semantic Scholar (Oct 2026)"]);
    expect(listedFigures(brief("a", "A", 2020, { builtByCount: null, citedByCount: 5, citedByReport: { ...report, through: null } }))).toEqual(["5 reported by Semantic Scholar (Oct 2026)"]);
    expect(listedFigures(brief("a", "A", 2020, { builtByCount: null, citedByCount: 5, citedByReport: { ...report, through: "2025-01" } }))).toEqual(["5 reported by Semantic Scholar (Jan 2025)"]);
    for (const text of [...listedFigures(brief("a", "A", 2020, { builtByCount: 0 })), ...Object.values(citationFigures(brief("a", "A", 2020, { builtByCount: 0 })))]) {
      expect(text).not.toMatch(/\b0 citations?\b|^\d[\d,]* citations?\.?$/);
    }
  });
});

describe("the reading list's kept draft", () => {
  function memory(): DraftStore & { data: Map<string, string> } {
    const data = new Map<string, string>();
    return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  }
  const key = draftKey({ pathname: "/", search: "?paper=x" });

  it("keeps an edited or never-saved list and brings it back as it was", () => {
    const store = memory();
    const edited = { ...EMPTY_READING_LIST, saved: "Mine", items: [readingItem(METROLOGY, "a"), readingItem(SOCIO, "b")], dirty: true, origin: { kind: "saved" as const, name: "Mine" } };
    saveDraft(store, key, edited);
    expect(loadDraft(store, key)).toEqual({ ...edited, lastEdit: null });
  });

  it("forgets a list saved as it is, or emptied", () => {
    const store = memory();
    saveDraft(store, key, { ...EMPTY_READING_LIST, items: [readingItem(METROLOGY, "a")] });
    expect(store.data.size).toBe(1);
    saveDraft(store, key, { ...EMPTY_READING_LIST, saved: "Mine", items: [readingItem(METROLOGY, "a")], origin: { kind: "saved", name: "Mine" } });
    expect(store.data.size).toBe(0);
  });

  it("ignores an entry it cannot read", () => {
    const store = memory();
    store.setItem(key, "{not json");
    expect(loadDraft(store, key)).toBeNull();
    store.setItem(key, JSON.stringify({ version: 1, items: [{ title: "no ref" }, 3] }));
    expect(loadDraft(store, key)).toBeNull();
    expect(draftKey({ pathname: "/", search: "?collection=aan" })).not.toBe(key);
  });
});
