/**
 * The lineage view and the reading-list panel end to end, in Chromium against the real server
 * (harness.ts): the main path on the time axis, a reading list generated from a seed, reordered
 * from the keyboard, exported, saved, and reopened from its `?list=` link in the saved order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { WAIT, graphReady, region, screenshotSettled, shownYearTick, startExplorer, type BrowserSession, type ExplorerFixture } from "./harness.ts";

const METROLOGY = "Benchmarks as Microscopes: A Call for Model Metrology";
const LIST_NAME = "Metrology & friends";

let fixture: ExplorerFixture | undefined;
let base = "";
let session: BrowserSession | undefined;
let page: Page;

beforeAll(async () => {
  fixture = await startExplorer("lineage-browser-lists-");
  ({ base, session, page } = fixture);
}, 10 * WAIT);

afterAll(async () => {
  await fixture?.close();
});

/** The titles of the reading list, in order. */
function readingTitles(p: Page): Promise<string[]> {
  return region(p, "Reading list").getByRole("list", { name: "Reading order" }).locator(":scope > li .reading-title").allTextContents();
}

describe("the lineage view and reading lists in Chromium", () => {
  it("draws the main path on the time axis and lists it oldest first", async () => {
    await page.goto(`${base}/?view=lineage`);
    const list = page.getByRole("list", { name: "Main path", exact: true });
    await list.waitFor();
    await expect.poll(() => list.getByRole("listitem").count(), { timeout: WAIT }).toBeGreaterThan(1);
    const years = (await list.locator(":scope > li > .path-year").allTextContents()).map(Number);
    expect(years.every((y) => Number.isInteger(y) && y > 1900)).toBe(true);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(await list.getByRole("listitem").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(METROLOGY)]));
    expect(await page.locator(".path-weight").textContent()).toMatch(/^Each step: the share of the scope’s .+ source-to-sink citation chains that pass through the citation leading to it\./);
    expect(await page.getByRole("button", { name: "Lineage", exact: true }).getAttribute("aria-pressed")).toBe("true");
    // A label on screen, not the first year's: that one is off screen, hence hidden, once the
    // camera has glided to the main path, and waiting for it timed out whenever the glide was
    // over before the wait began.
    await shownYearTick(page).waitFor();
    await graphReady(page);
    // The camera glides to the main path once both the graph and the path have loaded.
    await screenshotSettled(page, "lineage-view.png");

    await page.getByRole("combobox", { name: "Key routes" }).selectOption("3");
    await expect.poll(() => new URL(page.url()).searchParams.get("keyRoute")).toBe("3");
    await page.getByRole("list", { name: "Key route 1", exact: true }).waitFor();
  });

  it("selects a paper from the list and makes it a seed", async () => {
    const list = page.getByRole("list", { name: "Main path", exact: true });
    await list.getByRole("button", { name: METROLOGY }).click();
    const panel = region(page, METROLOGY);
    await panel.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("paper")).toBe("2407.16711");
    await panel.getByRole("button", { name: "Add as seed" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll("seed")).toEqual(["2407.16711"]);
    await page.getByText(`Of the lineage of “${METROLOGY}”`, { exact: false }).waitFor();
  });

  it("generates a reading list from the seed, moves an item from the keyboard, and exports it", async () => {
    const panel = region(page, "Reading list");
    await panel.getByRole("button", { name: "Generate reading list" }).click();
    const order = panel.getByRole("list", { name: "Reading order" });
    await expect.poll(() => order.getByRole("listitem").count(), { timeout: WAIT }).toBe(20);
    const before = await readingTitles(page);
    const reasons = await order.locator(".reading-reason").allTextContents();
    expect(reasons.every((r) => r.length > 0)).toBe(true);
    expect(reasons[0]).toMatch(/built on by your seed/);

    // Move the first paper down twice: a click, then Enter on the button that keeps the focus.
    await order.getByRole("listitem").first().getByRole("button", { name: "Move down" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move down");
    await page.keyboard.press("Enter");
    const expected = [before[1], before[2], before[0], ...before.slice(3)];
    await expect.poll(() => readingTitles(page)).toEqual(expected);
    await panel.getByText(/^Moved “.+” to position 3 of 20\.$/).waitFor();
    const movedReason = await order.getByRole("listitem").nth(2).locator(".reading-reason").textContent();
    expect(movedReason).toBe(reasons[0]);

    await panel.getByRole("button", { name: "Export ▾" }).click();
    const downloading = page.waitForEvent("download");
    await panel.getByRole("menuitem", { name: "BibTeX (.bib)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("reading-list.bib");
    const bibtex = readFileSync(await download.path(), "utf8");
    expect(bibtex).toMatch(/^@\w+\{/);
    expect(bibtex).toContain("archivePrefix = {arXiv}");
    expect(bibtex.match(/^@\w+\{/gm)).toHaveLength(20);
  });

  it("saves the list and reopens it from its link in the saved order", async () => {
    const panel = region(page, "Reading list");
    const expected = await readingTitles(page);
    await panel.getByRole("textbox", { name: "List name" }).fill(LIST_NAME);
    await panel.getByRole("button", { name: "Save list" }).click();
    await panel.getByText(`Saved as “${LIST_NAME}”.`).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("list")).toBe(LIST_NAME);
    const link = await panel.getByRole("link", { name: `Link to “${LIST_NAME}”` }).getAttribute("href");
    expect(link).toBe(`${base}/?list=${encodeURIComponent(LIST_NAME)}`);

    await page.goto(link ?? base);
    const reopened = region(page, "Reading list");
    await reopened.getByText(`Saved list “${LIST_NAME}”.`).waitFor();
    await expect.poll(() => readingTitles(page)).toEqual(expected);
    expect(await reopened.locator(".reading-reason").first().textContent()).toMatch(/\S/);
    await screenshotSettled(page, "lineage-reading-list.png");
  });

  it("fired no page error and opened no dialog", () => {
    expect(session?.dialogs).toEqual([]);
    expect(session?.pageErrors).toEqual([]);
    if (session?.consoleErrors.length) console.warn(`console errors in the page:\n${session.consoleErrors.join("\n")}`);
  });
});
