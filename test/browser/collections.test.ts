/**
 * Collections in the explorer (issue 18) and its live graph (issue 19), in Debian's Chromium:
 * a real `lineage serve --db A --db B` switched from the header (the other graph, the URL naming
 * it, Back returning); an ingest into the served database shown in the open explorer with the
 * same paper selected, the camera where the user left it and no failed request; and a missing
 * collection whose empty state says what fills it, builds it with progress, then shows its graph
 * (a server whose spec builds it from the seed pages). Pages are invented (collection-pages.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { CollectionSummary } from "../../api/types.ts";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";
import { ABACUS, LATER_PAPERS, SMALL_MAP, writePages } from "./collection-pages.ts";
import { ROOT, SHOTS, WAIT, buildFrontEndIfStale, graphReady, lineage, nextFrames, openBrowser, region, screenshotSettled, serve, stopServer, type BrowserSession } from "./harness.ts";

const BIN = join(ROOT, "scripts/lineage-bin.mjs");
const dir = mkdtempSync(join(tmpdir(), "lineage-collections-"));
const seedsDb = join(dir, "seeds.db");
const smallDb = join(dir, "small-map.db");
let server: ChildProcess | undefined;
let base = "";
let session: BrowserSession | undefined;
let page: Page;

beforeAll(async () => {
  buildFrontEndIfStale();
  lineage(["ingest", "data/pages", "--db", seedsDb]);
  lineage(["ingest", writePages(join(dir, "small-pages"), SMALL_MAP), "--db", smallDb]);
  const started = await serve([seedsDb, smallDb]);
  server = started.child;
  base = started.url;
  session = await openBrowser();
  page = session.page;
}, 10 * WAIT);

afterAll(async () => {
  await session?.close();
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

async function summaries(url: string): Promise<CollectionSummary[]> {
  return (await (await fetch(`${url}/api/collections`)).json()) as CollectionSummary[];
}

function countsOf(c: CollectionSummary | undefined): RegExp {
  return new RegExp(`^${(c?.papers ?? -1).toLocaleString("en-US")} papers · ${(c?.citations ?? -1).toLocaleString("en-US")} citations`);
}

const collectionSwitch = (p: Page) => p.getByRole("combobox", { name: /^Collection/ });

/**
 * What the camera shows once it has stopped moving: the canvas' corners in the papers' own
 * coordinates, the same two frames apart. (Sigma's camera state is in coordinates framed by the
 * graph's extent, which an ingest grows: the same view then takes another state.)
 */
async function restingView(p: Page): Promise<number[]> {
  const container = p.locator(".sigma-container");
  const giveUpAt = Date.now() + WAIT;
  for (;;) {
    const before = await container.getAttribute("data-camera-view");
    await nextFrames(p);
    const after = await container.getAttribute("data-camera-view");
    if (before !== null && before === after) return after.split(",").map(Number);
    if (Date.now() > giveUpAt) throw new Error(`the camera was still moving after ${WAIT / 1000} s`);
  }
}

/** Whether two views show the same part of the map (to a thousandth of their width). */
function sameView(a: readonly number[], b: readonly number[]): boolean {
  const width = Math.abs((a[2] ?? 0) - (a[0] ?? 0));
  return a.length === 4 && b.length === 4 && a.every((v, i) => Math.abs(v - (b[i] ?? NaN)) <= width / 1000);
}

/** Runs `lineage ingest` in a child process (the server is another process; nothing here blocks). */
function ingest(pages: string, db: string): Promise<number> {
  const child = spawn(process.execPath, [BIN, "ingest", pages, "--db", db], { cwd: ROOT, stdio: "ignore" });
  return new Promise((done) => child.once("exit", (code) => done(code ?? -1)));
}

describe("collections in the explorer", () => {
  it("switches collections from the header: the other graph, and the URL names it", async () => {
    const [seeds, small] = await summaries(base);
    expect(seeds?.name).toBe("seeds");
    expect(small).toMatchObject({ name: "small-map", status: "ready", papers: 4 });
    await page.goto(base);
    await graphReady(page);
    expect(await page.locator(".counts").textContent()).toMatch(countsOf(seeds));
    const select = collectionSwitch(page);
    expect(await select.locator("option").allTextContents()).toEqual([`seeds · ${seeds?.papers} papers`, "small-map · 4 papers"]);
    await expect.poll(() => select.inputValue()).toBe("seeds");

    await select.focus();
    await select.selectOption("small-map");
    await expect.poll(() => new URL(page.url()).search).toBe("?collection=small-map");
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(countsOf(small));
    const search = page.getByRole("combobox", { name: "Search papers" });
    await search.fill("abacus");
    await page.getByRole("option", { name: new RegExp(ABACUS.title) }).waitFor();
    await search.fill("");
    await screenshotSettled(page, "collections-switch.png");

    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(countsOf(seeds));
    await expect.poll(() => collectionSwitch(page).inputValue()).toBe("seeds");
  });

  it("keeps saved lists per collection: the reading-list panel shows the collection's own", async () => {
    await page.goto(`${base}/?collection=small-map&view=lineage`);
    await graphReady(page);
    // One list saved in each collection, through the page's own origin as the explorer saves.
    const saved = await page.evaluate(
      async (lists) =>
        Promise.all(
          lists.map(async ({ collection, name, ref }) => {
            const r = await fetch(`/api/lists/${encodeURIComponent(name)}?collection=${collection}`, {
              method: "PUT",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ items: [{ ref }] }),
            });
            return r.status;
          }),
        ),
      [
        { collection: "small-map", name: "Counting", ref: ABACUS.id },
        { collection: "seeds", name: "Metrology", ref: "2407.16711" },
      ],
    );
    expect(saved).toEqual([201, 201]);
    await page.reload();
    const savedLists = page.getByRole("combobox", { name: "Saved lists" });
    await expect.poll(() => savedLists.locator("option").allTextContents()).toEqual(["Choose…", "Counting (1)"]);
    await collectionSwitch(page).selectOption("seeds");
    await expect.poll(() => new URL(page.url()).search).toBe("?collection=seeds&view=lineage");
    await expect.poll(() => savedLists.locator("option").allTextContents()).toEqual(["Choose…", "Metrology (1)"]);
  });

  it("shows what an ingest writes into the served database, keeping the selection and the camera", async () => {
    await page.goto(`${base}/?collection=small-map`);
    await graphReady(page);
    const search = page.getByRole("combobox", { name: "Search papers" });
    await search.fill("abacus arena");
    await page.getByRole("option", { name: new RegExp(ABACUS.title) }).click();
    const panel = region(page, ABACUS.title);
    const builtBy = panel.getByRole("list", { name: "Built on by", exact: true });
    await expect.poll(() => builtBy.getByRole("listitem").allTextContents()).toEqual([expect.stringContaining("Bead Frames Revisited")]);
    const container = page.locator(".sigma-container");
    await expect.poll(() => container.getAttribute("data-camera")).toBe("paper");
    const framed = await restingView(page);
    await page.getByTitle("Zoom Out").click();
    await expect.poll(async () => sameView(await restingView(page), framed)).toBe(false);
    const moved = await restingView(page);
    const url = page.url();

    const failures: string[] = [];
    page.on("requestfailed", (r) => failures.push(`${r.url()}: ${r.failure()?.errorText ?? "failed"}`));
    page.on("response", (r) => {
      if (r.status() >= 400) failures.push(`${r.url()}: ${r.status()}`);
    });
    expect(await ingest(writePages(join(dir, "later-pages"), LATER_PAPERS), smallDb)).toBe(0);
    const grown = (await summaries(base)).find((c) => c.name === "small-map");
    expect(grown?.papers).toBe(6);
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(countsOf(grown));
    // The open panel reloaded in place: the new papers are among those building on it.
    await expect.poll(async () => (await builtBy.getByRole("listitem").allTextContents()).length).toBe(3);
    const buildingOn = (await builtBy.getByRole("listitem").allTextContents()).join("\n");
    for (const later of LATER_PAPERS) expect(buildingOn).toContain(later.title);
    expect(page.url()).toBe(url);
    // The papers one was looking at are where they were: the view is the one the researcher left.
    expect(sameView(await restingView(page), moved)).toBe(true);
    expect(await container.getAttribute("data-camera")).toBe("paper");
    expect(failures).toEqual([]);
    expect(session?.pageErrors).toEqual([]);
    await screenshotSettled(page, "collections-after-refresh.png");
  });
});

describe("a collection with no database yet", () => {
  let built: RunningServer | undefined;
  const freshDb = join(dir, "fresh.db");
  const seedPages = join(ROOT, "data/pages");

  beforeAll(async () => {
    built = await startServer({
      collections: [
        { name: "fresh", title: "Fresh map", dbPath: freshDb, about: "Invented for a test.", build: ["ingest", seedPages] },
        { name: "small-map", title: "Small map", dbPath: smallDb },
      ],
      distDir: join(ROOT, "dist"),
      port: 0,
      lineageCommand: [process.execPath, BIN],
      jobsDir: ROOT,
    });
  }, WAIT);
  afterAll(async () => {
    await built?.close();
  });

  it("says why and what fills it, builds it with progress, then shows its graph", async () => {
    const url = built?.url ?? "";
    await page.goto(url);
    const empty = page.getByRole("region", { name: "Fresh map is not built yet" });
    await empty.waitFor();
    expect(await empty.getByText(`${freshDb} does not exist yet`).count()).toBe(1);
    const commands = await empty.getByRole("list", { name: "Commands that fill it" }).locator("code").allTextContents();
    expect(commands[0]).toBe(`lineage ingest ${seedPages} --db ${freshDb}`);
    expect(commands).toContain(`lineage ingest PAGES_FOLDER --db ${freshDb}`);
    expect(await page.locator(".counts").textContent()).toBe("No papers yet");
    expect(await collectionSwitch(page).locator("option").first().textContent()).toBe("Fresh map · not built yet");
    await screenshotSettled(page, "collections-empty-state.png");

    await empty.getByRole("button", { name: "Build it" }).click();
    const progress = page.getByRole("progressbar", { name: "Building Fresh map" });
    await progress.waitFor();
    // The bar moves and the clock ticks, so this shot is taken as it is, not once settled.
    writeFileSync(join(SHOTS, "collections-build-progress.png"), await page.screenshot());
    expect(await page.getByRole("button", { name: "Cancel" }).count()).toBe(1);

    const ready = async () => (await summaries(url)).find((c) => c.name === "fresh");
    await expect.poll(async () => (await ready())?.status).toBe("ready");
    await graphReady(page);
    await expect.poll(() => page.locator(".counts").textContent()).toMatch(countsOf(await ready()));
    expect(await page.locator(".empty-state").count()).toBe(0);
    expect(new URL(page.url()).search).toBe("");
    expect(session?.pageErrors).toEqual([]);
    await screenshotSettled(page, "collections-built.png");
    // With the collection switch and the offline badge, the header's last controls stay whole on
    // screen (the reading list's tab was cut at the right edge), and the badge says what it means.
    const width = page.viewportSize()?.width ?? 0;
    for (const control of [page.locator(".app-header .reading-list-tab"), page.locator(".offline-badge summary")]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    await page.locator(".offline-badge summary").click();
    await expect.poll(() => page.locator(".offline-popover").isVisible()).toBe(true);
    expect(await page.locator(".offline-popover").textContent()).toMatch(/to add papers, start the server with lineage serve --online/);
  });
});
