/**
 * The explorer end to end: the built front end served by the real `lineage serve` over a database
 * ingested from the seed pages, driven in Debian's headless Chromium with software WebGL (see
 * harness.ts). Screenshots go to test-results/, each once the page has stopped changing; every
 * wait is for a condition the page shows (Playwright's auto-waiting, with harness.ts's WAIT).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { WAIT, graphReady, pageSettled, region, screenshotSettled, shownYearTick, startExplorer, type BrowserSession, type ExplorerFixture } from "./harness.ts";

const METROLOGY = "Benchmarks as Microscopes: A Call for Model Metrology";
const SOCIO_TECHNICAL = "Rethinking Model Evaluation as Narrowing the Socio-Technical Gap";
const HOSTILE = "<img src=x onerror=alert(1)>";

/** A paper page whose title is markup, to prove scraped text is shown as text. */
const HOSTILE_PAGE = `# ${HOSTILE}

arXiv: https://arxiv.org/abs/2401.99999 · HTML: https://mlsanity.com/paper/2401.99999/

## Key facts

- Cited by 1 papers in the map (data through 14 Oct 2026).
- Builds on 1 of its 3 references that are in the map.
- First posted on arXiv 2 Jan 2024.

## Builds on (most cited first, 1 of 1)

- [${METROLOGY}](https://mlsanity.com/paper/2407.16711/) (2024)
`;

let fixture: ExplorerFixture | undefined;
let base = "";
let session: BrowserSession | undefined;
let page: Page;

beforeAll(async () => {
  fixture = await startExplorer("lineage-browser-", (dir) => {
    const pages = join(dir, "pages");
    mkdirSync(pages);
    writeFileSync(join(pages, "hostile.txt"), HOSTILE_PAGE);
    return [pages];
  });
  ({ base, session, page } = fixture);
}, 10 * WAIT);

afterAll(async () => {
  await fixture?.close();
});

describe("the Lineage explorer in Chromium", () => {
  it("loads the graph with a header naming the app and its counts", async () => {
    await page.goto(base);
    await graphReady(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Lineage");
    expect(await page.locator(".counts").textContent()).toMatch(/^190 papers · 198 citations/);
    await screenshotSettled(page, "explorer-overview.png");
  });

  it("searches, selects a paper, and follows a Built on by item", async () => {
    const search = page.getByRole("combobox", { name: "Search papers" });
    await page.keyboard.press("/");
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill("metrology");
    const option = page.getByRole("option", { name: new RegExp(METROLOGY) });
    await option.waitFor();
    await option.click();

    const panel = region(page, METROLOGY);
    await panel.waitFor();
    expect(await panel.getByText("Of its 137 references, 83 are in the mlsanity map", { exact: false }).count()).toBe(1);
    await expect.poll(() => new URL(page.url()).search).toBe("?paper=2407.16711");
    await screenshotSettled(page, "explorer-paper.png");

    const builtBy = panel.getByRole("list", { name: "Built on by", exact: true });
    const first = builtBy.getByRole("listitem").first().getByRole("button");
    const title = (await first.locator(".paper-list-title").textContent()) ?? "";
    expect(title.length).toBeGreaterThan(0);
    await first.click();
    await region(page, title).waitFor();
    expect(await region(page, METROLOGY).count()).toBe(0);
  });

  it("highlights a builds-on set at depth 2", async () => {
    await page.goto(`${base}/?paper=2407.16711`);
    const panel = region(page, METROLOGY);
    await panel.waitFor();
    await graphReady(page);
    await panel.getByRole("combobox", { name: "Set" }).selectOption("buildsOn");
    await panel.getByRole("combobox", { name: "Depth" }).selectOption("2");
    await panel.getByText(/\d+ papers highlighted/).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("?paper=2407.16711&highlight=builds-on&depth=2");
    await screenshotSettled(page, "explorer-highlight.png");
  });

  it("shows an influence path from a link, and says plainly when there is none", async () => {
    await page.goto(`${base}/?path=2407.16711,2203.02155`);
    const list = page.getByRole("list", { name: "Influence path", exact: true });
    await list.waitFor();
    await expect.poll(() => list.getByRole("listitem").count()).toBe(3);
    const items = await list.getByRole("listitem").allTextContents();
    expect(items[0]).toContain("2024");
    expect(items[0]).toContain(METROLOGY);
    expect(items[2]).toContain("2022");
    await graphReady(page);
    await screenshotSettled(page, "explorer-path.png");

    await page.getByRole("button", { name: "Close influence path" }).click();
    await page.goto(`${base}/?path=2203.02155,2407.16711`);
    await page.getByText(/^No chain: /).waitFor();
  });

  it("restores a ?paper= deep link on reload, switches to the timeline, and clears with Esc", async () => {
    await page.goto(`${base}/?paper=2306.03100`);
    await region(page, SOCIO_TECHNICAL).waitFor();
    await page.reload();
    const panel = region(page, SOCIO_TECHNICAL);
    await panel.waitFor();
    await panel.getByText("Of its 57 references, 24 are in the mlsanity map", { exact: false }).waitFor();
    // The list comes from its own request, which may land after the paper's: wait for it.
    await expect.poll(() => panel.getByRole("list", { name: "Builds on", exact: true }).getByRole("listitem").count()).toBe(24);
    const arxiv = panel.getByRole("link", { name: "2306.03100" });
    expect(await arxiv.getAttribute("href")).toBe("https://arxiv.org/abs/2306.03100");
    expect(await arxiv.getAttribute("rel")).toBe("noopener noreferrer");
    await graphReady(page);
    await screenshotSettled(page, "explorer-deep-link.png");

    await page.getByRole("button", { name: "Timeline layout" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("layout")).toBe("timeline");
    await shownYearTick(page).waitFor();
    await screenshotSettled(page, "explorer-timeline.png");

    await page
      .locator("body")
      .click({ position: { x: 5, y: 790 } })
      .catch(() => undefined);
    await page.keyboard.press("Escape");
    await expect.poll(() => region(page, SOCIO_TECHNICAL).count()).toBe(0);
    expect(new URL(page.url()).search).toBe("?layout=timeline");
  });

  it("builds a path from the panel's two buttons", async () => {
    await page.goto(`${base}/?paper=2407.16711`);
    await region(page, METROLOGY).getByRole("button", { name: "Path from here" }).click();
    await page.getByText(/Path from “Benchmarks as Microscopes/).waitFor();
    const search = page.getByRole("combobox", { name: "Search papers" });
    await search.fill("follow instructions human feedback");
    await page.getByRole("option", { name: /Training language models to follow instructions/ }).click();
    const target = region(page, "Training language models to follow instructions with human feedback");
    await target.getByRole("button", { name: "Path to here" }).click();
    const list = page.getByRole("list", { name: "Influence path", exact: true });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(3);
    await expect.poll(() => new URL(page.url()).searchParams.get("path")).toBe("2407.16711,2203.02155");
  });

  it("filters out papers known only as references", async () => {
    await page.goto(base);
    await graphReady(page);
    await page.getByRole("checkbox", { name: /Hide papers known only as references/ }).check();
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(/^6 papers · /);
    expect(new URL(page.url()).search).toBe("?hideStubs=1");
    await screenshotSettled(page, "explorer-filtered.png");
  });

  it("shows a markup title as literal text and never runs it", async () => {
    await page.goto(`${base}/?paper=2401.99999`);
    const panel = region(page, HOSTILE);
    await panel.waitFor();
    expect(await panel.getByRole("heading", { level: 2 }).textContent()).toBe(HOSTILE);
    expect(await page.locator("img[src='x']").count()).toBe(0);
    // Whatever the page would do with the title (an image's onerror included) has been done.
    await pageSettled(page);
  });

  it("fired no page error and opened no dialog", () => {
    expect(session?.dialogs).toEqual([]);
    expect(session?.pageErrors).toEqual([]);
    if (session?.consoleErrors.length) console.warn(`console errors in the page:\n${session.consoleErrors.join("\n")}`);
  });
});
