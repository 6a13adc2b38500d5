/**
 * The explorer a researcher expects (issue 18), on the seed collection plus two invented pages
 * (test/fixtures/explorer/invented-pages.ts), in Debian's Chromium against the real server: honest
 * numbers, sortable lists, search by any identifier and by author, the labelled map and its
 * filtering legend, reading-list marks, Esc framing the whole graph, the timeline's lane of
 * undated papers and its citation axis, and unsaved reading-list edits surviving a reload.
 * Screenshots go to test-results/expectations-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { SHOTS, WAIT, graphReady, region, regionLabels, settled, startExplorer, type BrowserSession, type ExplorerFixture } from "./harness.ts";
import { HARBOUR, TIDE, writeInventedPages } from "../fixtures/explorer/invented-pages.ts";
import type { GraphPayload } from "../../api/types.ts";

const METROLOGY = "Benchmarks as Microscopes: A Call for Model Metrology";

let fixture: ExplorerFixture | undefined;
let base = "";
let session: BrowserSession | undefined;
let page: Page;

beforeAll(async () => {
  fixture = await startExplorer("lineage-browser-expect-", (dir) => [writeInventedPages(dir)]);
  ({ base, session, page } = fixture);
}, 300_000);

afterAll(async () => {
  await fixture?.close();
});

const search = (p: Page) => p.getByRole("combobox", { name: "Search papers" });
/** The search's result options (not the options of its sort control). */
const results = (p: Page) => p.getByRole("listbox", { name: "Search papers: results" }).getByRole("option");

/** Counts pixels of the reading-list ring's blue on sigma's label layer. */
function markPixels(p: Page): Promise<number> {
  return p.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>("canvas.sigma-labels");
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return -1;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) > 128 && Math.abs((data[i] ?? 0) - 29) < 30 && Math.abs((data[i + 1] ?? 0) - 78) < 30 && Math.abs((data[i + 2] ?? 0) - 216) < 30) n++;
    }
    return n;
  });
}

describe("the explorer a researcher expects, on the seed collection", () => {
  it("answers any identifier the CLI takes with that paper first, and lists identifier, first author, year and citations", async () => {
    await page.goto(base);
    await graphReady(page);
    for (const [query, title] of [
      ["https://arxiv.org/abs/2306.03100v2", "Rethinking Model Evaluation as Narrowing the Socio-Technical Gap"],
      ["arXiv:2407.16711", METROLOGY],
      [`https://doi.org/${HARBOUR.doi}`, HARBOUR.title],
      [HARBOUR.aclId, HARBOUR.title],
    ] as const) {
      await search(page).fill(query);
      await expect.poll(() => results(page).first().locator(".result-title").textContent()).toBe(title);
    }
    // Who, when, where, which; then the figures, each with its meaning (issue 24).
    expect(await results(page).first().locator(".result-meta").textContent()).toMatch(new RegExp(`^Ronan Le Gwenn et al\\. · 2021( · [^·]+)? · ACL ${HARBOUR.aclId}$`));
    expect(await results(page).first().locator(".result-figures").textContent()).toMatch(/^cited by 1 in this map/);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-search.png") });
  });

  it("sorts search results from the keyboard, without resizing the graph", async () => {
    await search(page).fill("");
    const height = async () => (await page.locator(".graph-pane").boundingBox())?.height ?? 0;
    const closed = await height();
    await search(page).fill("evaluation");
    await expect.poll(() => results(page).count()).toBeGreaterThan(3);
    // The sort control floats with the results: a taller header would resize every canvas.
    expect(await height()).toBe(closed);
    const sort = page.getByRole("combobox", { name: "Sort search results" });
    await search(page).press("Tab");
    await expect.poll(() => sort.evaluate((el) => el === document.activeElement)).toBe(true);
    // Relevance → Newest first, by the keyboard alone; the list stays open.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => sort.inputValue()).toBe("newest");
    const years = (await results(page).locator(".result-meta").allTextContents()).map((m) => Number(/(?:^|· )(\d{4})(?= ·|$)/.exec(m)?.[1] ?? 0));
    expect(years.length).toBeGreaterThan(3);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    await page.keyboard.press("Escape");
  });

  it("makes authors buttons that search their papers", async () => {
    await page.goto(`${base}/?paper=${TIDE.arxivId}`);
    const panel = region(page, TIDE.title);
    await panel.waitFor();
    expect(await panel.getByLabel("Authors").textContent()).toBe("Ayelet M. Castellanos, Inès Marchetti");
    await panel.getByRole("button", { name: "Ayelet M. Castellanos" }).click();
    expect(await search(page).inputValue()).toBe("Ayelet M. Castellanos");
    await expect.poll(async () => (await results(page).locator(".result-title").allTextContents()).sort()).toEqual([HARBOUR.title, TIDE.title].sort());
    await page.keyboard.press("Escape");
  });

  it("sorts a paper's lists by year and citations from the keyboard, and lists similar papers", async () => {
    await page.goto(`${base}/?paper=2407.16711`);
    const panel = region(page, METROLOGY);
    const buildsOn = panel.getByRole("list", { name: "Builds on", exact: true });
    await expect.poll(() => buildsOn.getByRole("listitem").count()).toBe(40);
    const sort = panel.getByRole("combobox", { name: "Sort Builds on" });
    await sort.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => sort.inputValue()).toBe("oldest");
    const years = (await buildsOn.locator(".paper-list-meta").allTextContents()).map((m) => Number(/^(\d{4})/.exec(m)?.[1] ?? 9999));
    expect(years).toEqual([...years].sort((a, b) => a - b));
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => sort.inputValue()).toBe("citations");
    // Most cited in this map first (issue 24: the map's own figure, a page's reported count apart).
    const cites = (await buildsOn.locator(".paper-list-meta").allTextContents()).map((m) => Number(/cited by ([\d,]+) in this map/.exec(m)?.[1]?.replace(/,/g, "") ?? 0));
    expect(cites[0]).toBeGreaterThan(1);
    expect(cites).toEqual([...cites].sort((a, b) => b - a));
    // Similar papers, split as Connected Papers splits them, each with the evidence that chose it.
    const similar = panel.locator(".similar-group");
    await expect.poll(() => similar.getByRole("listitem").count()).toBeGreaterThan(0);
    const groups = await similar.locator("h4").allTextContents();
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => ["Older, often cited with it", "Newer, cites what it cites", "Other similar papers"].includes(g))).toBe(true);
    expect(await similar.locator(".paper-list-detail").first().textContent()).toMatch(/co-cited|shares|references|similar title|builds on|built on/);
    // The page's figures, worded as the page meant them.
    expect(await panel.getByText(/^Of its 137 references, 83 are in the mlsanity map \(page data through 2026-10-07\); \d+ are in this graph\.$/).count()).toBe(1);
    // Two figures with a meaning each (issue 24): the map's own count, and the page's, said as reported.
    expect(await panel.getByText(/^Cited by \d+ in this map\.$/).count()).toBe(1);
    expect(await panel.getByText(/^33 citations reported by .+ \(data through 2026-10-07\)\.$/).count()).toBe(1);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-lists.png") });
  });

  it("words path counts grammatically", async () => {
    await page.goto(`${base}/?path=${TIDE.arxivId},2111.15366`);
    await page.getByText("2 shortest chains of 2 steps each, all highlighted: each paper builds on the next.").waitFor();
    await page.goto(`${base}/?path=2407.16711,2203.02155`);
    await page.getByText("One shortest chain of 2 steps: each paper builds on the next.").waitFor();
  });

  it("prints the main path's numbers exactly, worded as a sum, and says why 3 key routes show one", async () => {
    await page.goto(`${base}/?view=lineage&keyRoute=3`);
    const weight = page.locator(".path-weight");
    await weight.waitFor();
    // Shares of the scope's chains, and the weight in a readable form (issue 24).
    expect(await weight.textContent()).toMatch(
      /^Each step: the share of the scope’s [\d,.× ⁰¹²³⁴⁵⁶⁷⁸⁹]+ source-to-sink citation chains that pass through the citation leading to it\. The main path is the chain whose \d+ citations carry the most chains together \(path weight [\d,.× ⁰¹²³⁴⁵⁶⁷⁸⁹]+(, [<\d.]+% a citation on average)?\)\.\s*$/,
    );
    expect(await weight.getAttribute("title")).toMatch(/^A citation's search path count \(SPC\) is how many of the scope's [\d,]+ source-to-sink citation chains pass through it/);
    const summary = page.locator(".key-route-summary");
    await expect
      .poll(() => summary.textContent())
      .toBe("Key routes follow the 3 citations of highest SPC. Citations 1 and 3 lie on the main path, so their routes are the main path. 1 route besides the main path:");
    await page.getByRole("list", { name: "Key route 1", exact: true }).waitFor();
    await graphReady(page);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-lineage-key-routes.png") });
  });

  it("labels clusters, colours communities apart, and filters from the legend with its counts", async () => {
    const graph = (await (await fetch(`${base}/api/graph`)).json()) as GraphPayload;
    const first = graph.attributes.communities[0];
    expect(first).toBeDefined();
    await page.goto(base);
    await graphReady(page);
    // The map names each region by its community's most distinctive term; the legend has the rest.
    // Named in the first frames after the load, with no pointer moved (a loaded machine draws slowly).
    await expect.poll(() => regionLabels(page).then((names) => names.length), { timeout: WAIT }).toBeGreaterThan(1);
    expect(await regionLabels(page)).toContain(first?.label.split(", ")[0]);
    const entry = page.getByRole("button", { name: new RegExp(`^${first?.label ?? ""} `) });
    expect(await entry.textContent()).toBe(`${first?.label} ${first?.size.toLocaleString("en-US")}`);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-map.png") });
    await entry.click();
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(new RegExp(`^${first?.size.toLocaleString("en-US")} papers · `));
    expect(new URL(page.url()).searchParams.get("community")).toBe(String(first?.id));
    expect(await entry.getAttribute("aria-pressed")).toBe("true");
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-legend-filter.png") });
    await entry.click();
    const all = `${graph.nodes.length} papers · ${graph.edges.length} citations`;
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(new RegExp(`^${all}`));
    const direction = page.getByRole("button", { name: /^Reasoning benchmarks and evaluation / });
    await direction.click();
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(/^1 paper · 0 citations$/);
    await direction.click();
  });

  it("marks reading-list papers on the graph, and keeps unsaved edits across a reload", async () => {
    await page.goto(`${base}/?paper=2407.16711`);
    await graphReady(page);
    expect(await markPixels(page)).toBe(0);
    const panel = region(page, METROLOGY);
    await panel.getByRole("button", { name: "Add to reading list" }).click();
    await page.getByText("Ringed and numbered: on your reading list (1)").waitFor();
    await expect.poll(() => markPixels(page)).toBeGreaterThan(20);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-reading-list-mark.png") });

    await page.reload();
    const list = region(page, "Reading list");
    await list.waitFor();
    await expect.poll(() => list.getByRole("list", { name: "Reading order" }).locator(".reading-title").allTextContents()).toEqual([METROLOGY]);
    await list.getByText("Not saved yet · unsaved changes.").waitFor();
    await page.getByText("Ringed and numbered: on your reading list (1)").waitFor();
    await list.getByRole("button", { name: "Close reading list" }).click();
    await page.reload();
    await region(page, METROLOGY).waitFor();
    expect(await region(page, "Reading list").count()).toBe(0);
  });

  it("returns the camera to the whole graph with Esc, and clears the selection", async () => {
    await page.goto(`${base}/?paper=2306.03100`);
    await graphReady(page);
    const container = page.locator(".sigma-container");
    await expect.poll(() => container.getAttribute("data-camera")).toBe("paper");
    await page.keyboard.press("Escape");
    await expect.poll(() => container.getAttribute("data-camera")).toBe("whole graph");
    expect(new URL(page.url()).search).toBe("");
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-esc-whole-graph.png") });
  });

  it("gives undated papers a lane of their own on the timeline, and can put citations on y", async () => {
    const graph = (await (await fetch(`${base}/api/graph`)).json()) as GraphPayload;
    const undated = graph.nodes.filter((n) => n.attributes.year === null).length;
    expect(undated).toBeGreaterThan(0);
    await page.goto(`${base}/?layout=timeline`);
    await graphReady(page);
    await expect.poll(() => page.locator(".undated-tick").textContent()).toBe(`no year (${undated})`);
    await page.getByRole("combobox", { name: "Y axis" }).selectOption("citations");
    await expect.poll(() => new URL(page.url()).searchParams.get("y")).toBe("citations");
    await expect.poll(() => page.locator(".citation-tick").allTextContents()).toEqual(expect.arrayContaining(["0", "1", "10"]));
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "expectations-timeline-citations.png") });
  });

  it("fired no page error and opened no dialog", () => {
    expect(session?.dialogs).toEqual([]);
    expect(session?.pageErrors).toEqual([]);
    if (session?.consoleErrors.length) console.warn(`console errors in the page:\n${session.consoleErrors.join("\n")}`);
  });
});
