/** An image of the map (core/graph/map-image.ts): the scene's papers, citations, labels and legend as SVG, every text escaped. */
import { describe, expect, it } from "vitest";
import { legendHeight, mapSvg, xmlText, type MapScene } from "../../web/src/core/graph/map-image.ts";

const HOSTILE = `<script>alert("x")</script> & 'more'`;

function scene(extra: Partial<MapScene> = {}): MapScene {
  return {
    width: 400,
    height: 300,
    title: "Lineage: seeds",
    regions: [
      {
        color: "#1f77b4",
        rings: [
          [
            { x: 10, y: 10 },
            { x: 100, y: 10 },
            { x: 50, y: 90 },
          ],
        ],
        fill: 0.12,
        stroke: 0.55,
      },
    ],
    citations: [{ x1: 20, y1: 20, x2: 60, y2: 70, color: "#c3cad3", width: 1 }],
    papers: [
      { key: "arxiv:1", x: 20, y: 20, r: 3, color: "#1f77b4", ringed: false },
      { key: "acl:P02-1040", x: 60, y: 70, r: 4, color: "#ff7f0e", ringed: true },
    ],
    labels: [
      { text: HOSTILE, x: 64, baseline: 74, boxed: false, box: { x: 64, y: 62, width: 80, height: 14 } },
      { text: HOSTILE, x: 64, baseline: 74, boxed: false, box: { x: 64, y: 62, width: 80, height: 14 } },
    ],
    regionNames: [{ key: "c:1", text: "machine translation", color: "#144a72", x: 50, baseline: 40, box: { x: 0, y: 30, width: 100, height: 18 } }],
    marks: [{ x: 20, y: 20, size: 3, mark: 1 }],
    legend: [{ color: "#1f77b4", label: "machine translation, statistical" }],
    labelFont: "500 12px system-ui",
    ...extra,
  };
}

describe("map image", () => {
  it("escapes every text and drops what XML cannot hold", () => {
    expect(xmlText(`a<b>&"c"'\u0001`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;&#39;");
  });

  it("draws the scene's papers (keyed), citations, regions, names, rings and legend, each label once", () => {
    const svg = mapSvg(scene());
    expect(svg).not.toContain("<script");
    expect([...svg.matchAll(/data-key="([^"]+)"/g)].map((m) => m[1])).toEqual(["arxiv:1", "acl:P02-1040"]);
    expect(svg).toContain('<line x1="20" y1="20" x2="60" y2="70" stroke="#c3cad3" stroke-width="1"/>');
    expect(svg).toContain('fill-rule="evenodd"');
    expect(svg).toContain(">machine translation</text>");
    expect(svg).toContain(">machine translation, statistical</text>");
    expect(svg.split(xmlText(HOSTILE)).length - 1).toBe(1);
    expect(svg).toContain(`height="${300 + legendHeight(1)}"`);
    // The library's paper ringed, the reading list's numbered.
    expect(svg).toMatch(/data-key="acl:P02-1040"[^>]*stroke="#1f2933"/);
    expect(svg).toMatch(/>1<\/text>/);
  });

  it("takes only colours it knows, and has no legend strip without entries", () => {
    const svg = mapSvg(scene({ legend: [], papers: [{ key: "k", x: 1, y: 1, r: 2, color: 'red" onload="x', ringed: false }] }));
    expect(svg).toContain('fill="#999999"');
    expect(svg).not.toContain("onload");
    expect(svg).toContain('height="300"');
  });
});
