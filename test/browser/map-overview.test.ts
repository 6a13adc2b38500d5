/**
 * The map that reads (issue 25), on the seed collection in Debian's Chromium against the real
 * server: the overview's regions named without a label overlapping another label or a panel; a
 * legend filter that re-frames the camera on what it leaves and names only what is on show; the
 * reading-list tab whose count follows "Add as seed", which confirms in place; and the view saved
 * as SVG and PNG, both opened in Chromium: the SVG holds exactly the papers the filter leaves, the
 * PNG looks like the screen. Screenshots go to test-results/map-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { SHOTS, WAIT, boxesOverlap, graphReady, labelBoxes, region, regionLabels, screenshotSettled, settled, startExplorer, type ExplorerFixture } from "./harness.ts";
import type { GraphPayload } from "../../api/types.ts";
import { UNCITED_LABEL } from "../../web/src/core/graph/map-groups.ts";

const METROLOGY = "Benchmarks as Microscopes: A Call for Model Metrology";

let fixture: ExplorerFixture | undefined;
let base = "";
let page: Page;
let graph: GraphPayload;

beforeAll(async () => {
  fixture = await startExplorer("lineage-browser-map-");
  ({ base, page } = fixture);
  graph = (await (await fetch(`${base}/api/graph`)).json()) as GraphPayload;
}, 300_000);

afterAll(async () => {
  await fixture?.close();
});

/** No two labels overlap, none lies on a panel, every one is inside the canvas. */
async function expectLabelsClear(p: Page): Promise<number> {
  const { labels, obstacles } = await labelBoxes(p);
  const size = await p.locator(".sigma-container").boundingBox();
  for (const [i, a] of labels.entries()) {
    for (const b of labels.slice(i + 1)) expect(boxesOverlap(a, b), `labels ${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`).toBe(false);
    for (const o of obstacles) expect(boxesOverlap(a, o), `label ${JSON.stringify(a)} lies on a panel ${JSON.stringify(o)}`).toBe(false);
    const [x = 0, y = 0, w = 0, h = 0] = a;
    expect(x >= 0 && y >= 0 && x + w <= (size?.width ?? 0) + 1 && y + h <= (size?.height ?? 0) + 1).toBe(true);
  }
  return labels.length;
}

/** Saves the map through one of its export buttons; the file's path. */
async function exported(p: Page, kind: "SVG" | "PNG"): Promise<string> {
  const [download] = await Promise.all([p.waitForEvent("download", { timeout: WAIT }), p.getByRole("group", { name: "Save the map as an image" }).getByRole("button", { name: kind }).click()]);
  expect(download.suggestedFilename()).toBe(`lineage-map.${kind.toLowerCase()}`);
  const path = join(SHOTS, `map-export.${kind.toLowerCase()}`);
  await download.saveAs(path);
  return path;
}

/** How much ink each cell of a 16 × 10 grid holds, for an image's top `height` pixels drawn at `width` wide. */
async function inkGrid(p: Page, dataUrl: string, width: number, height: number): Promise<number[]> {
  return p.evaluate(
    async ({ url, w, h }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext("2d");
      if (!context) return [];
      context.fillStyle = "#fff";
      context.fillRect(0, 0, w, h);
      context.drawImage(image, 0, 0, w, (image.naturalHeight * w) / image.naturalWidth);
      const { data } = context.getImageData(0, 0, w, h);
      const cells = new Array<number>(160).fill(0);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          const dark = 765 - ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255));
          const cell = Math.min(9, Math.floor((y * 10) / h)) * 16 + Math.min(15, Math.floor((x * 16) / w));
          cells[cell] = (cells[cell] ?? 0) + dark;
        }
      }
      return cells;
    },
    { url: dataUrl, w: width, h: height },
  );
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    ab += (x - ma) * (y - mb);
    aa += (x - ma) ** 2;
    bb += (y - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
}

describe("the map that reads, on the seed collection", () => {
  it("names its regions at the overview, no label over another or over a panel", async () => {
    await page.goto(base);
    await graphReady(page);
    const container = page.locator(".sigma-container");
    await expect.poll(() => container.getAttribute("data-camera"), { timeout: WAIT }).toBe("whole graph");
    // The pointer crosses the map, as a user's does on arriving.
    const box = await container.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    const state = async () =>
      `names ${JSON.stringify(await regionLabels(page))}, camera ${await container.getAttribute("data-camera-state")}, obstacles ${await container.getAttribute("data-obstacles")}`;
    await expect
      .poll(() => regionLabels(page).then((names) => names.length), { timeout: WAIT, message: "the regions are named" })
      .toBeGreaterThan(1)
      .catch(async (e: unknown) => {
        throw new Error(`${String(e)}; ${await state()}`);
      });
    await settled(page);
    const names = await regionLabels(page);
    // Each name is a direction's or a community's distinctive term, or the disc of papers with no
    // citation in the map, and none twice.
    const known = new Set([...graph.nodes.map((n) => n.attributes.direction), ...graph.attributes.communities.map((c) => c.label.split(", ")[0]), UNCITED_LABEL]);
    for (const n of names) expect(known.has(n), n).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(await expectLabelsClear(page)).toBeGreaterThan(names.length);
    await screenshotSettled(page, "map-seed-overview.png");
  });

  it("re-frames a filtered view on what the filter leaves, names only that, and saves it as SVG and PNG with the same papers", async () => {
    const community = graph.attributes.communities[0];
    expect(community).toBeDefined();
    if (!community) return;
    const members = new Set(graph.nodes.filter((n) => n.attributes.community === community.id).map((n) => n.key));
    expect(members.size).toBe(community.size);
    await page.goto(base);
    await graphReady(page);
    const legend = page.locator("details.legend");
    if ((await legend.getAttribute("open")) === null) await legend.locator("summary").click();
    await page.getByRole("button", { name: new RegExp(`^${community.label} `) }).click();
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(new RegExp(`^${community.size} papers · `));
    const container = page.locator(".sigma-container");
    await expect.poll(() => container.getAttribute("data-camera"), { timeout: WAIT }).toBe("filtered");
    await settled(page);
    // Only what is on show is named: the community, or a direction of one of its papers.
    const onShow = new Set([community.label.split(", ")[0], ...graph.nodes.filter((n) => members.has(n.key)).map((n) => n.attributes.direction)]);
    const names = await regionLabels(page);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(onShow.has(n), n).toBe(true);
    // The papers' labels too: each one drawn is a paper the filter leaves (a cut one, its beginning).
    const drawn = ((await container.getAttribute("data-paper-labels")) ?? "").split("\n").filter(Boolean);
    expect(drawn.length).toBeGreaterThan(0);
    const memberLabels = graph.nodes.filter((n) => members.has(n.key)).flatMap((n) => [n.attributes.label, n.attributes.title].filter((t): t is string => !!t));
    for (const text of drawn)
      expect(
        memberLabels.some((l) => l.startsWith(text.replace(/…$/, ""))),
        text,
      ).toBe(true);
    await expectLabelsClear(page);
    await screenshotSettled(page, "map-seed-filtered.png");

    // The SVG holds every paper the filter leaves (the camera framed them all) and no other.
    const svgPath = await exported(page, "SVG");
    expect(await container.getAttribute("data-exported")).toBe(`svg ${community.size} papers`);
    const svg = readFileSync(svgPath, "utf8");
    const keys = [...svg.matchAll(/data-key="([^"]+)"/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
    expect(new Set(keys)).toEqual(members);
    const box = await container.boundingBox();
    if (!box) throw new Error("no map on the page");
    const screen = await container.screenshot();
    // Opened in Chromium: the SVG draws, and the PNG is twice the view's size with the legend below.
    const viewer = await page.context().newPage();
    try {
      await viewer.setViewportSize({ width: Math.ceil(box.width), height: Math.ceil(box.height) + 200 });
      await viewer.goto(`file://${svgPath}`);
      expect(await viewer.locator("svg circle[data-key]").count()).toBe(community.size);
      await viewer.screenshot({ path: join(SHOTS, "map-export-svg-opened.png") });
      const pngPath = await exported(page, "PNG");
      const png = readFileSync(pngPath);
      const pngUrl = `data:image/png;base64,${png.toString("base64")}`;
      await viewer.goto("about:blank");
      // Shown at the view's width (it is drawn at twice the pixels), so the whole image is seen.
      await viewer.setContent(`<body style="margin:0"><img src="${pngUrl}" style="width:100%;display:block"></body>`);
      const natural = await viewer.locator("img").evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
      expect(natural.w).toBe(Math.round(box.width) * 2);
      expect(natural.h).toBeGreaterThan(Math.round(box.height) * 2);
      await viewer.screenshot({ path: join(SHOTS, "map-export-png-opened.png"), fullPage: true });
      // Where the screen has ink, the PNG has it too.
      const w = Math.round(box.width);
      const h = Math.round(box.height);
      const fromPng = await inkGrid(viewer, pngUrl, w, h);
      const fromScreen = await inkGrid(viewer, `data:image/png;base64,${screen.toString("base64")}`, w, h);
      const r = correlation(fromPng, fromScreen);
      writeFileSync(join(SHOTS, "map-export-similarity.txt"), `ink correlation of the PNG with the screen over a 16 × 10 grid: ${r.toFixed(3)}\n`);
      expect(r).toBeGreaterThan(0.8);
    } finally {
      await viewer.close();
    }
    await page.getByRole("button", { name: new RegExp(`^${community.label} `) }).click();
    await expect.poll(() => container.getAttribute("data-camera"), { timeout: WAIT }).toBe("whole graph");
  });

  it("keeps the reading list in reach: a tab whose count follows Add as seed, which confirms in place", async () => {
    await page.goto(`${base}/?paper=2407.16711`);
    await graphReady(page);
    const panel = region(page, METROLOGY);
    await panel.waitFor();
    const tab = page.getByRole("button", { name: /^Reading list: / });
    expect(await tab.getAttribute("aria-label")).toBe("Reading list: 0 papers, 0 seeds");
    await panel.getByRole("button", { name: "Add as seed" }).click();
    await expect.poll(() => panel.locator('.seed-change[aria-live="polite"]').textContent()).toBe("✓ Seed 1 of the reading list and the lineage view");
    expect(await tab.getAttribute("aria-label")).toBe("Reading list: 0 papers, 1 seed");
    await panel.getByRole("button", { name: "Add to reading list" }).click();
    await expect.poll(() => tab.getAttribute("aria-label")).toBe("Reading list: 1 paper, 1 seed");
    await tab.click();
    const list = region(page, "Reading list");
    await expect.poll(() => list.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await expect.poll(() => list.locator("h2").evaluate((h) => h === document.activeElement)).toBe(true);
    // The page itself did not scroll: the header and the map stay where they were.
    expect(await page.evaluate(() => [window.scrollY, document.documentElement.scrollTop, document.querySelector(".app")?.scrollTop ?? 0, document.querySelector("main")?.scrollTop ?? 0])).toEqual([
      0, 0, 0, 0,
    ]);
    await settled(page);
    await screenshotSettled(page, "map-reading-list-tray.png");
  });
});
