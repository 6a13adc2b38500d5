/**
 * The researcher's Zotero library on the ACL Anthology Network (issue 27), in Debian's Chromium:
 * AAN imported with `lineage import aan`, then a Zotero library built here (Zotero's tables,
 * invented items naming six AAN papers by their Anthology URL or DOI, in nested collections)
 * imported with `lineage import zotero`. The library marked on the map with its legend entry, the
 * filter "only my library" and "not in my library", the paper panel's collections, a reading
 * list seeded from a collection, and what cites the library that it lacks. Screenshots go to
 * test-results/library-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { WAIT, lineage, screenshotSettled, startExplorerWith, type ExplorerFixture } from "./harness.ts";
import { buildZoteroDb, type FakeLibrary } from "../helpers/zotero-db.ts";

/** Loading 19,267 papers and 94,931 citations in software WebGL takes a while. */
const LOAD = 180_000;
const SLOW = 360_000;
/** The first load of AAN in the file also waits for the front end and the server's first graph. */
const FIRST_LOAD = 600_000;

/** Machine translation and its evaluation, as a researcher of it files them. */
const LIBRARY: FakeLibrary = {
  collections: [
    { key: "MTCOLL01", name: "Machine translation" },
    { key: "MTEVAL01", name: "Evaluation", parent: "MTCOLL01" },
    { key: "MTSYST01", name: "Systems", parent: "MTCOLL01" },
  ],
  items: [
    {
      key: "BLEUITEM",
      itemType: "conferencePaper",
      fields: { title: "BLEU: a Method for Automatic Evaluation of Machine Translation", url: "https://aclanthology.org/P02-1040/", date: "2002-07-00 July 2002" },
      collections: ["MTEVAL01"],
      tags: ["metrics"],
    },
    { key: "METEORIT", itemType: "conferencePaper", fields: { title: "METEOR", url: "https://aclanthology.org/W05-0909/" }, collections: ["MTEVAL01"] },
    {
      key: "MERTITEM",
      itemType: "conferencePaper",
      fields: { title: "Minimum Error Rate Training in Statistical Machine Translation", url: "https://aclanthology.org/P03-1021/" },
      collections: ["MTSYST01"],
    },
    { key: "PHRASEIT", itemType: "conferencePaper", fields: { title: "Statistical Phrase-Based Translation", extra: "ACL Anthology: N03-1017" }, collections: ["MTSYST01"] },
    { key: "MOSESITM", itemType: "conferencePaper", fields: { title: "Moses", url: "https://aclanthology.org/P07-2045/" }, collections: ["MTSYST01"] },
    {
      key: "IBMMODEL",
      itemType: "journalArticle",
      fields: { title: "The Mathematics of Statistical Machine Translation", DOI: "10.5555/invented.j93-2003", url: "https://aclanthology.org/J93-2003/" },
      collections: ["MTSYST01"],
    },
    { key: "NOTEMT01", itemType: "note", parent: "BLEUITEM" },
  ],
};

let fixture: ExplorerFixture | undefined;
let page: Page;
let base = "";

beforeAll(async () => {
  fixture = await startExplorerWith("lineage-browser-library-", (path, dir) => {
    lineage(["import", "aan", "data/aan", "--db", path]);
    const zotero = join(dir, "zotero.sqlite");
    buildZoteroDb(zotero, LIBRARY);
    lineage(["import", "zotero", zotero, "--db", path]);
  });
  ({ base, page } = fixture);
  page.setDefaultTimeout(LOAD);
}, 600_000);

afterAll(async () => {
  await fixture?.close();
});

const counts = (p: Page) => p.locator(".counts").textContent();

async function loaded(p: Page): Promise<void> {
  await p.locator(".sigma-container canvas").first().waitFor({ state: "attached" });
  await expect.poll(() => counts(p), { timeout: LOAD }).toMatch(/^19,267 papers · 94,931 citations/);
}

describe("your Zotero library on AAN", () => {
  it(
    "rings the library's papers, with a legend entry",
    async () => {
      await page.goto(base);
      await loaded(page);
      const entry = page.locator(".legend-library");
      await expect.poll(() => entry.textContent(), { timeout: WAIT }).toMatch(/In your Zotero library \(6\)/);
      await screenshotSettled(page, "library-aan-map.png");
      expect(fixture?.session.pageErrors).toEqual([]);
    },
    FIRST_LOAD,
  );

  it(
    "filters the map to the library's papers, or to the rest",
    async () => {
      const entry = page.locator(".legend-library");
      await entry.getByRole("button", { name: "Only my library" }).click();
      await expect.poll(() => counts(page), { timeout: LOAD }).toMatch(/^6 papers · \d+ citations/);
      await screenshotSettled(page, "library-aan-only.png");
      await entry.getByRole("button", { name: "Not in my library" }).click();
      await expect.poll(() => counts(page), { timeout: LOAD }).toMatch(/^19,261 papers/);
      await entry.getByRole("button", { name: "All papers" }).click();
      await expect.poll(() => counts(page), { timeout: LOAD }).toMatch(/^19,267 papers/);
      expect(fixture?.session.pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    "shows a library paper's collections in its panel",
    async () => {
      await page.goto(`${base}/?paper=P02-1040`);
      await loaded(page);
      // Its title is AAN's or the library's, both structured records.
      const note = page.getByRole("region", { name: /^Bleu: a Method For Automatic Evaluation Of Machine Translation$/i }).getByRole("region", { name: "In your library" });
      await expect.poll(() => note.textContent(), { timeout: WAIT }).toMatch(/In your Zotero library:Machine translation › EvaluationTags: metrics/);
    },
    SLOW,
  );

  it(
    "seeds a reading list with a collection, and lists what cites the library that it lacks",
    async () => {
      await page.goto(base);
      await loaded(page);
      await page.getByRole("button", { name: "Your library" }).click();
      const panel = page.getByRole("region", { name: "Your library" });
      await panel.getByLabel("Collection").selectOption({ label: "\u2003Systems (4)" });
      await panel.getByRole("button", { name: "Reading list from this collection" }).click();
      const list = page.getByRole("region", { name: /Reading list/ });
      await expect.poll(() => list.textContent(), { timeout: LOAD }).toMatch(/papers from 4 of the collection’s papers, foundations first/);
      await screenshotSettled(page, "library-aan-reading-list.png");
      // At the overview the list's twenty numbers sit on one spot: "Show on map" frames them.
      const map = page.locator(".sigma-container");
      const ratio = async () => Number((await map.getAttribute("data-camera-state"))?.split(",")[2]);
      const labels = async () => ((await map.getAttribute("data-paper-labels")) ?? "").split("\n").filter(Boolean);
      const [overviewRatio, overviewLabels] = [await ratio(), await labels()];
      await list.getByRole("button", { name: "Show on map" }).click();
      await expect.poll(() => map.getAttribute("data-camera"), { timeout: WAIT }).toBe("papers");
      expect(await ratio()).toBeLessThan(overviewRatio / 4);
      await screenshotSettled(page, "library-aan-reading-list-framed.png");
      expect((await labels()).length).toBeGreaterThan(overviewLabels.length);

      await panel.getByLabel("Collection").selectOption({ label: "The whole library" });
      await panel.getByRole("button", { name: "What cites my library that I don’t have" }).click();
      const missing = panel.locator(".library-missing li");
      await expect.poll(() => missing.count(), { timeout: LOAD }).toBe(20);
      await expect.poll(() => panel.locator(".library-missing").textContent(), { timeout: WAIT }).toMatch(/build on, or are built on by, at least 2 of its 6 papers/);
      expect(await missing.first().locator(".paper-list-detail").textContent()).toMatch(/builds on [2-6] of your papers|of your papers build on it/);
      await screenshotSettled(page, "library-aan-missing.png");
      // Choosing one selects it on the map.
      const first = (await missing.first().locator(".paper-list-title").textContent()) ?? "";
      await missing.first().locator(".paper-list-title").click();
      await expect.poll(() => page.locator(".paper-panel h2").textContent(), { timeout: WAIT }).toBe(first);
      expect(fixture?.session.pageErrors).toEqual([]);
    },
    SLOW,
  );
});
