/**
 * Growing the map from the explorer (issue 19), end to end in Debian's headless Chromium: the
 * real `lineage serve --online`, whose jobs run the real `lineage` bin against the API replay of
 * an invented literature (loopback; never the network). Add a paper by DOI (an invalid one is
 * refused inline first, and what going without a key means said before it is sent), watch its progress, and see it selected and searchable in the map without
 * a restart (the live graph); cancel an expand the replay holds; check a saved list for new papers
 * and add one to the map. Screenshots go to test-results/; every wait is for a condition.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { runCli } from "../helpers/cli.ts";
import { defaultRefs, World, worldDoi } from "../sources/api-world.ts";
import { startApiReplay, worldRecordings, type ApiReplay } from "../sources/api-replay.ts";
import { FAST } from "../expand/replay-env.ts";
import { buildFrontEndIfStale, graphReady, openBrowser, region, screenshotSettled, serve, stopServer, WAIT, type BrowserSession } from "./harness.ts";

// Paper 20 cites list paper 5, and nothing the first expansion stores cites or is cited by it.
const world = new World({ papers: 20, refs: (k) => (k === 20 ? [5] : defaultRefs(k).filter((r) => r < 12)) });
const dir = mkdtempSync(join(tmpdir(), "lineage-grow-browser-"));
const db = join(dir, "grow.db");
let replay: ApiReplay;
let server: ChildProcess | undefined;
let session: BrowserSession | undefined;
let page: Page;
let base = "";

/** `lineage serve --online` over `db`, its jobs pointed at the replay by the env it starts with. */
async function serveOnline(): Promise<string> {
  const env = Object.assign({}, process.env, { LINEAGE_S2_API: replay.s2Base, LINEAGE_OPENALEX_API: replay.openAlexBase });
  const started = await serve(db, ["--online"], env);
  server = started.child;
  return started.url;
}

beforeAll(async () => {
  buildFrontEndIfStale();
  replay = await startApiReplay(worldRecordings(world));
  // In process (the replay answers from this process's event loop), with the fast politeness.
  const saved = { s2: process.env.LINEAGE_S2_API, oa: process.env.LINEAGE_OPENALEX_API };
  process.env.LINEAGE_S2_API = replay.s2Base;
  process.env.LINEAGE_OPENALEX_API = replay.openAlexBase;
  try {
    expect((await runCli(["expand", worldDoi(3), ...FAST, "--db", db])).code).toBe(0);
    expect((await runCli(["lists", "add", "Reading", worldDoi(3), worldDoi(5), "--db", db])).code).toBe(0);
  } finally {
    for (const [key, value] of [
      ["LINEAGE_S2_API", saved.s2],
      ["LINEAGE_OPENALEX_API", saved.oa],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  base = await serveOnline();
  session = await openBrowser();
  page = session.page;
}, 10 * WAIT);

afterAll(async () => {
  await session?.close();
  await stopServer(server);
  await replay?.close();
  rmSync(dir, { recursive: true, force: true });
});

const addBox = () => page.getByRole("search", { name: "Add paper" });
const paperPanel = (title: string) => region(page, title);

describe("growing the map in Chromium", () => {
  it("adds a paper by DOI: refused inline when not an identifier, then fetched, shown with its progress, and selected once in the map", async () => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto(base);
    await graphReady(page);
    const input = addBox().getByRole("textbox", { name: "Add paper by identifier" });
    await input.fill("Invented World Paper Nine");
    await addBox().getByRole("button", { name: "Add paper" }).click();
    await expect.poll(() => page.locator(".add-paper-problem").textContent()).toMatch(/is not an identifier: type a DOI/);
    await screenshotSettled(page, "grow-add-invalid.png");
    expect(posts).toEqual([]);
    const asked = replay.requests.length;

    // The replay holds the job's requests, so its progress can be seen before it lands.
    replay.hold(() => true);
    await input.fill(worldDoi(9));
    // The server has no Semantic Scholar key: what that means is said before anything is sent.
    await expect.poll(() => page.locator(".add-paper-status .keyless-note").textContent()).toMatch(/^Semantic Scholar: no API key \(LINEAGE_S2_API_KEY\)\. /);
    await screenshotSettled(page, "grow-add-keyless-note.png");
    expect(replay.requests.length).toBe(asked);
    await addBox().getByRole("button", { name: "Add paper" }).click();
    const status = page.locator(".add-paper-status");
    await status.getByRole("button", { name: "Cancel" }).waitFor();
    await status.getByRole("progressbar").waitFor();
    await expect.poll(() => replay.requests.length).toBeGreaterThan(asked);
    expect(await status.locator(".job-line").textContent()).toMatch(new RegExp(`^Adding ${worldDoi(9).replace(/\./g, "\\.")}: `));
    await screenshotSettled(page, "grow-add-progress.png");
    replay.release();
    // Once the live graph holds it, it is selected, and the status closes.
    await paperPanel(world.paper(9).title).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("paper")).toBe(worldDoi(9));
    await expect.poll(() => status.count()).toBe(0);
    await screenshotSettled(page, "grow-added-paper.png");

    // The map holds it without a restart: the search finds it.
    const search = page.getByRole("combobox", { name: "Search papers" });
    await search.fill("Invented World Paper 9");
    await expect.poll(() => page.getByRole("listbox", { name: "Search papers: results" }).textContent()).toContain(world.paper(9).title);
    await search.fill("");
  });

  it("cancels an expand while the replay holds its requests", async () => {
    const panel = paperPanel(world.paper(9).title);
    // Keyless: one line under the button, opening to what that means.
    const note = panel.locator("details.keyless-note");
    expect(await note.locator("summary").textContent()).toBe("No Semantic Scholar key: requests share a busy pool and may wait");
    await note.locator("summary").click();
    await expect.poll(() => note.textContent()).toMatch(/shared? a pool with everyone else's/);
    await screenshotSettled(page, "grow-expand-keyless-note.png");
    await panel.getByRole("combobox", { name: "Expand depth" }).selectOption("2");
    await panel.getByRole("spinbutton", { name: "Expand at most, papers" }).fill("20");
    const from = replay.requests.length;
    replay.hold(() => true);
    await panel.getByRole("button", { name: "Expand this paper" }).click();
    const progress = panel.locator(".expand-control .job-progress");
    await progress.getByRole("button", { name: "Cancel" }).waitFor();
    await progress.scrollIntoViewIfNeeded();
    await expect.poll(() => replay.requests.length).toBeGreaterThan(from);
    expect(await progress.locator(".job-line").textContent()).toMatch(/^Expanding “Invented World Paper 9: .*” \(depth 2, at most 20 papers\)/);
    await screenshotSettled(page, "grow-expand-running.png");
    await progress.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => progress.locator(".job-line").textContent()).toMatch(/cancelled after \d+ s; what it had stored stays/);
    expect(await progress.getByRole("button", { name: "Cancel" }).count()).toBe(0);
    await screenshotSettled(page, "grow-expand-cancelled.png");
    replay.release();
  });

  it("checks a saved list for new papers, and adds one to the map", async () => {
    await page.goto(`${base}/?list=Reading`);
    await graphReady(page);
    const watch = page.getByRole("region", { name: "New papers citing the list" });
    await watch.getByText("Not checked yet: nothing is fetched until you ask.").waitFor();
    await watch.getByRole("button", { name: "Check for new papers" }).click();
    await expect.poll(() => watch.locator(".watch-last-check").textContent()).toMatch(/^Last checked .* on Semantic Scholar \(2 papers\): \d+ new, 0 added, 0 dismissed\./);
    const finding = watch.locator(".finding").filter({ hasText: world.paper(20).title });
    await expect.poll(() => finding.textContent()).toMatch(new RegExp(`appeared ${world.paper(20).date}`));
    expect(await finding.locator(".finding-cites").textContent()).toContain(`“${world.paper(5).title}”`);
    await finding.scrollIntoViewIfNeeded();
    await screenshotSettled(page, "grow-watch-findings.png");

    await finding.getByRole("button", { name: "Add to map" }).click();
    await finding.getByText("Added to the map").waitFor();
    await finding.getByRole("button", { name: "Show in map" }).click();
    await paperPanel(world.paper(20).title).waitFor();
    await paperPanel(world.paper(20).title).getByRole("heading", { level: 2 }).scrollIntoViewIfNeeded();
    await screenshotSettled(page, "grow-watch-added.png");
  });

  it("shows how the papers citing one cite it, sentences as text", async () => {
    await page.goto(`${base}/?paper=${encodeURIComponent(worldDoi(3))}`);
    const cited = paperPanel(world.paper(3).title).getByRole("region", { name: "How it is cited" });
    const four = cited.locator(".context-item").filter({ hasText: world.paper(4).title });
    await expect.poll(() => four.locator("blockquote").allTextContents()).toEqual(world.citation(4, 3).contexts);
    expect(await four.locator(".context-how").textContent()).toMatch(/^cites it as /);
    await cited.scrollIntoViewIfNeeded();
    await screenshotSettled(page, "grow-citation-contexts.png");
    expect(session?.pageErrors).toEqual([]);
    // Asking for a paper before the live graph holds it is a 404 the browser logs; nothing else is expected.
    const unexpected = (session?.consoleErrors ?? []).filter((e) => !/404/.test(e));
    expect(unexpected).toEqual([]);
  });
});
