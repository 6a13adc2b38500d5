/**
 * The explorer a researcher expects (issue 18) on the ACL Anthology Network: a database built here
 * with `lineage import aan data/aan` (once for the file), served by the real server, in Debian's
 * Chromium with software WebGL. Authors as people, search by ACL ID and URL with first author and
 * citations, BLEU's 729 citing papers sorted, the main path's exact weight (the CLI's digits), key
 * routes explained, the labelled map and its legend filter, the timeline's lane of undated papers
 * and citation axis, the lineage view, reading-list marks and Esc. Screenshots go to
 * test-results/aan-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ROOT, SHOTS, WAIT, boxesOverlap, labelBoxes, lineage, region, regionLabels, settled, startExplorerWith, type BrowserSession, type ExplorerFixture } from "./harness.ts";
import type { GraphPayload, MainPathResponse } from "../../api/types.ts";

const BLEU = "Bleu: A Method For Automatic Evaluation Of Machine Translation";
/** Title words of machine translation and of its evaluation: what BLEU's and Moses' neighbours are about. */
const MT_OR_EVALUATION = /translat|\bMT\b|SMT|bleu|meteor|evaluat|metric|phrase|alignment|align|decod|bilingual|parallel|reordering|statistical|minimum error|word-based|lexical/i;
/** Loading 19,267 papers and 94,931 citations in software WebGL takes a while. */
const LOAD = 180_000;
/** Each test's own limit: a page load or two of AAN on a shared two-core machine. */
const SLOW = 360_000;

let fixture: ExplorerFixture | undefined;
let base = "";
let db = "";
let session: BrowserSession | undefined;
let page: Page;

beforeAll(async () => {
  fixture = await startExplorerWith("lineage-browser-aan-", (path) => {
    db = path;
    lineage(["import", "aan", "data/aan", "--db", path]);
  });
  ({ base, session, page } = fixture);
  page.setDefaultTimeout(LOAD);
}, 600_000);

afterAll(async () => {
  await fixture?.close();
});

async function loaded(p: Page): Promise<void> {
  await p.locator(".sigma-container canvas").first().waitFor({ state: "attached" });
  await expect.poll(() => p.locator(".counts").textContent(), { timeout: LOAD }).toMatch(/^19,267 papers · 94,931 citations/);
}

const search = (p: Page) => p.getByRole("combobox", { name: "Search papers" });
const results = (p: Page) => p.getByRole("listbox", { name: "Search papers: results" }).getByRole("option");

describe("the explorer a researcher expects, on AAN", () => {
  it(
    "finds BLEU by its ACL ID and its Anthology URL, with its first author and citations, and names its authors as people",
    async () => {
      await page.goto(base);
      await loaded(page);
      for (const query of ["P02-1040", "https://aclanthology.org/P02-1040/"]) {
        await search(page).fill(query);
        await expect.poll(() => results(page).first().locator(".result-title").textContent(), { timeout: WAIT }).toBe(BLEU);
      }
      // Who, when, where, which; the figures beside, each with its meaning (issue 24).
      expect(await results(page).first().locator(".result-meta").textContent()).toMatch(/^Kishore Papineni et al\. · 2002 · (.+ · )?ACL P02-1040$/);
      expect(await results(page).first().locator(".result-figures").textContent()).toMatch(/^cited by 729 in this map/);
      await results(page).first().click();
      const panel = region(page, BLEU);
      await panel.waitFor();
      expect(await panel.getByLabel("Authors").textContent()).toBe("Kishore Papineni, Salim Roukos, Todd Ward, Wei-Jing Zhu");
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-bleu.png") });
    },
    SLOW,
  );

  it(
    "sorts BLEU's 729 citing papers by year and by citations",
    async () => {
      const panel = region(page, BLEU);
      const builtBy = panel.getByRole("list", { name: "Built on by", exact: true });
      await expect.poll(() => builtBy.getByRole("listitem").count()).toBe(40);
      await panel.getByRole("button", { name: "Show all 729" }).click();
      await expect.poll(() => builtBy.getByRole("listitem").count()).toBe(729);
      const sort = panel.getByRole("combobox", { name: "Sort Built on by" });
      await sort.focus();
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => sort.inputValue()).toBe("newest");
      const years = (await builtBy.locator(".paper-list-meta").allTextContents()).map((m) => Number(/^(\d{4})/.exec(m)?.[1] ?? 0));
      // Undated papers (n.d., read as 0) come last.
      expect(years.filter((y) => y > 1900).length).toBeGreaterThan(500);
      expect(years[0]).toBe(Math.max(...years));
      expect(years).toEqual([...years].sort((a, b) => b - a));
      await sort.selectOption("citations");
      const cites = (await builtBy.locator(".paper-list-meta").allTextContents()).map((m) => Number(/cited by ([\d,]+) in this map/.exec(m)?.[1]?.replace(/,/g, "") ?? 0));
      expect(cites).toEqual([...cites].sort((a, b) => b - a));
      expect(await builtBy.locator(".paper-list-title").first().textContent()).toBe("Moses: Open Source Toolkit for Statistical Machine Translation");
    },
    SLOW,
  );

  it(
    "highlights what builds on BLEU at depth 2",
    async () => {
      const panel = region(page, BLEU);
      await panel.getByRole("combobox", { name: "Set" }).selectOption("builtBy");
      await panel.getByRole("combobox", { name: "Depth" }).selectOption("2");
      await panel.getByText(/^[\d,]+ papers highlighted$/).waitFor();
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-bleu-depth-2.png") });
    },
    SLOW,
  );

  it(
    "shows every shortest chain between two papers, worded as counted",
    async () => {
      await page.goto(`${base}/?path=P11-1063,P02-1040`);
      await page.getByText("9 shortest chains of 2 steps each, all highlighted: each paper builds on the next.").waitFor();
      await loaded(page);
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-path.png") });
    },
    SLOW,
  );

  it(
    "gives the main path's weight as the CLI prints it, and says what 3 key routes came to",
    async () => {
      const cli = spawnSync(process.execPath, [join(ROOT, "scripts/lineage-bin.mjs"), "main-path", "--key-route", "3", "--db", db, "--json"], { cwd: ROOT, encoding: "utf8" });
      const expected = JSON.parse(cli.stdout) as MainPathResponse;
      expect(expected.weightExact).toBe("60835833909718080919");
      await page.goto(`${base}/?view=lineage&keyRoute=3`);
      const weight = page.locator(".path-weight");
      await weight.waitFor();
      // The weight readable (three figures, issue 24), exact on hover.
      expect(await weight.textContent()).toMatch(new RegExp(`The main path is the chain whose ${expected.path.length - 1} citations carry the most chains together \\(path weight 6\\.08 × 10¹⁹`));
      expect(await weight.getAttribute("title")).toContain(`add up to the most: ${expected.weightExact.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`);
      const steps = page.getByRole("list", { name: "Main path", exact: true }).locator(":scope > li > .spc");
      expect(await steps.nth(1).textContent()).toMatch(/^(<0\.1|[\d.]+)% of chains$/);
      await expect.poll(() => page.locator(".key-route-summary").textContent()).toMatch(/^Key routes follow the 3 citations of highest SPC\. /);
      await loaded(page);
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-lineage.png") });
    },
    SLOW,
  );

  it(
    "puts undated papers in a lane of their own and citations on y",
    async () => {
      const graph = (await (await fetch(`${base}/api/graph`)).json()) as GraphPayload;
      const undated = graph.nodes.filter((n) => n.attributes.year === null).length;
      expect(undated).toBe(1226);
      await page.goto(`${base}/?layout=timeline&y=citations`);
      await loaded(page);
      await expect.poll(() => page.locator(".undated-tick").textContent()).toBe("no year (1,226)");
      await expect.poll(() => page.locator(".citation-tick").allTextContents()).toEqual(["0", "1", "10", "100"]);
      await settled(page);
      // The map's note and export buttons sit under the year axis, not over its years.
      const axis = await page.locator(".year-axis").boundingBox();
      for (const over of [".map-note", ".map-export"]) {
        const box = await page.locator(over).boundingBox();
        expect(box && axis && box.y >= axis.y + axis.height, over).toBe(true);
      }
      // …and right of the y axis' ticks.
      const ticks = await page.locator(".citation-tick").evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
      expect((await page.locator(".map-note").boundingBox())?.x).toBeGreaterThan(ticks);
      await page.screenshot({ path: join(SHOTS, "aan-timeline-citations.png") });
    },
    SLOW,
  );

  it(
    "labels and colours the communities, and the legend narrows the map to one",
    async () => {
      const graph = (await (await fetch(`${base}/api/graph`)).json()) as GraphPayload;
      expect(graph.attributes.communities).toHaveLength(16);
      // Named by what sets each apart from the whole map (c-TF-IDF), phrases kept whole.
      const mt = graph.attributes.communities.find((c) => c.label === "statistical machine translation, reordering, word alignment");
      expect(mt?.size).toBe(1504);
      await page.goto(base);
      await loaded(page);
      await expect.poll(() => regionLabels(page).then((names) => names.length)).toBeGreaterThan(5);
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-map.png") });
      // Distinct communities, each named once, and no label over another label or a panel.
      const names = await regionLabels(page);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain("statistical machine translation");
      const { labels, obstacles } = await labelBoxes(page);
      for (const [i, a] of labels.entries()) {
        for (const b of [...labels.slice(i + 1), ...obstacles]) expect(boxesOverlap(a, b), `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
      }
      const legend = page.locator("details.legend");
      if ((await legend.getAttribute("open")) === null) await legend.locator("summary").click();
      const entry = page.getByRole("button", { name: /^statistical machine translation, reordering, word alignment / });
      expect(await entry.textContent()).toBe("statistical machine translation, reordering, word alignment 1,504");
      await entry.click();
      await expect.poll(() => page.locator(".counts").textContent()).toMatch(/^1,504 papers · [\d,]+ citations/);
      // The camera frames what the filter leaves, and only what is on show is named.
      await expect.poll(() => page.locator(".sigma-container").getAttribute("data-camera"), { timeout: WAIT }).toBe("filtered");
      await settled(page);
      const directions = new Set(graph.nodes.filter((n) => n.attributes.community === mt?.id).map((n) => n.attributes.direction));
      for (const n of await regionLabels(page)) expect(n === "statistical machine translation" || directions.has(n), n).toBe(true);
      await page.screenshot({ path: join(SHOTS, "aan-legend-filter.png") });
      await entry.click();
      await expect.poll(() => page.locator(".counts").textContent()).toMatch(/^19,267 papers/);
    },
    SLOW,
  );

  it(
    "marks a reading-list paper, and Esc returns to the whole graph",
    async () => {
      await page.goto(`${base}/?paper=P02-1040`);
      await loaded(page);
      const panel = region(page, BLEU);
      await panel.getByRole("button", { name: "Add to reading list" }).click();
      await page.getByText("Ringed and numbered: on your reading list (1)").waitFor();
      const container = page.locator(".sigma-container");
      await expect.poll(() => container.getAttribute("data-camera"), { timeout: WAIT }).toBe("paper");
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-reading-list-mark.png") });
      await page.locator("body").press("Escape");
      await expect.poll(() => container.getAttribute("data-camera"), { timeout: WAIT }).toBe("whole graph");
      expect(new URL(page.url()).searchParams.has("paper")).toBe(false);
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-esc.png") });
    },
    SLOW,
  );

  it(
    "shows BLEU's similar papers as prior and derivative works, each with its reason",
    async () => {
      await page.goto(`${base}/?paper=P02-1040`);
      await loaded(page);
      const panel = region(page, BLEU);
      const derivative = panel.getByRole("list", { name: "Newer, cites what it cites", exact: true });
      await derivative.waitFor();
      const titles = await panel.locator(".similar-group .paper-list-title").allTextContents();
      expect(titles.length).toBeGreaterThan(5);
      const reasons = await panel.locator(".similar-group .paper-list-detail").allTextContents();
      expect(reasons).toHaveLength(titles.length);
      expect(reasons.every((r) => r.length > 0 && !/untitled/i.test(r))).toBe(true);
      // Machine translation and its evaluation, as BLEU's neighbours are.
      expect(titles.filter((t) => MT_OR_EVALUATION.test(t)).length).toBeGreaterThanOrEqual(Math.ceil(titles.length * 0.6));
      await panel.getByRole("heading", { name: "Similar papers", exact: true }).scrollIntoViewIfNeeded();
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-bleu-similar.png") });
    },
    SLOW,
  );

  it(
    "makes a reading list from BLEU and Moses about machine translation and its evaluation, foundations first",
    async () => {
      await page.goto(`${base}/?paper=P02-1040&seed=P02-1040&seed=P07-2045`);
      await loaded(page);
      const panel = region(page, "Reading list");
      await panel.getByRole("button", { name: "Generate reading list" }).click();
      // The panel's status line says how the generation ended (or why it failed).
      const status = panel.locator(".list-status");
      await expect.poll(() => status.textContent(), { timeout: LOAD }).not.toMatch(/^$|Generating/);
      expect(await status.textContent()).toBe("20 papers, foundations first.");
      const order = panel.getByRole("list", { name: "Reading order" });
      await expect.poll(() => order.getByRole("listitem").count(), { timeout: LOAD }).toBe(20);
      const titles = await order.locator(":scope > li .reading-title").allTextContents();
      const reasons = await order.locator(".reading-reason").allTextContents();
      expect(reasons.every((r) => r.length > 0 && !/untitled/i.test(r))).toBe(true);
      expect(titles.filter((t) => MT_OR_EVALUATION.test(t)).length).toBeGreaterThanOrEqual(14);
      expect(titles.some((t) => /parsing grammatically ill-formed|flexible parsing/i.test(t))).toBe(false);
      await settled(page);
      await page.screenshot({ path: join(SHOTS, "aan-reading-list-bleu-moses.png") });
    },
    SLOW,
  );

  it("fired no page error and opened no dialog", () => {
    expect(session?.dialogs).toEqual([]);
    expect(session?.pageErrors).toEqual([]);
    if (session?.consoleErrors.length) console.warn(`console errors in the page:\n${session.consoleErrors.join("\n")}`);
  });
});
