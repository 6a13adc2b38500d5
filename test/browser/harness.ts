/**
 * What the browser tests share: the built front end (dist/, built here when missing or older than
 * web/src, one build at a time across test files), the real `lineage serve` over a database
 * ingested from pages, and Debian's headless Chromium with software WebGL, with every page error,
 * console error and dialog recorded. Screenshots go to test-results/, each taken once the page has
 * stopped changing. Nothing here waits a fixed time: every wait is for a condition, with a
 * generous timeout only as a safety net against a hang.
 */
import { expect } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, buildFrontEndIfStale } from "./chromium.ts";

export { buildFrontEndIfStale } from "./chromium.ts";

export const ROOT = resolve(import.meta.dirname, "../..");
export const SHOTS = join(ROOT, "test-results");
const BIN = join(ROOT, "scripts/lineage-bin.mjs");
/** Software WebGL is slow, and slower on a loaded machine: every wait is generous. */
export const WAIT = 60_000;

/** Runs the lineage CLI (the installed bin) and fails loudly when it fails (or hangs for 5 minutes). */
export function lineage(args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: "utf8", timeout: 300_000 });
  if (r.status !== 0) throw new Error(`lineage ${args.join(" ")} exited ${r.status}:\n${r.stderr}`);
}

export interface ServedExplorer {
  child: ChildProcess;
  url: string;
}

/**
 * A query budget no answer of these tests reaches, however loaded the machine: the browser tests
 * check what the explorer shows, and the budget itself is tested on a counting clock
 * (test/resilience/load.test.ts), not here, where a busy machine would make it bite.
 */
const BROWSER_QUERY_BUDGET_MS = "600000";

/**
 * Starts `lineage serve --port 0` over one database or several (one collection each) and resolves
 * with the URL it prints; `extra` options (e.g. `--online`) and `env` go to the server as given.
 */
export function serve(db: string | readonly string[], extra: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<ServedExplorer> {
  const dbs = typeof db === "string" ? [db] : db;
  const args = [BIN, "serve", ...dbs.flatMap((d) => ["--db", d]), "--port", "0", "--query-budget", BROWSER_QUERY_BUDGET_MS, ...extra];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((done, fail) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => fail(new Error(`lineage serve printed no URL within ${(2 * WAIT) / 1000} s:\n${out}\n${err}`)), 2 * WAIT);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Lineage explorer on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        done({ child, url: match[1].replace(/\/$/, "") });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`lineage serve exited ${code}:\n${err}`));
    });
  });
}

/** Stops the server: SIGTERM, then SIGKILL after 5 s. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  dialogs: string[];
  consoleErrors: string[];
  close: () => Promise<void>;
}

/** Chromium with one 1280×800 page whose errors, console errors and dialogs are recorded. */
export async function openBrowser(): Promise<BrowserSession> {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 2 * WAIT });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const session: BrowserSession = {
    browser,
    context,
    page,
    pageErrors: [],
    dialogs: [],
    consoleErrors: [],
    close: async () => {
      await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
    },
  };
  page.on("pageerror", (err) => session.pageErrors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") session.consoleErrors.push(msg.text());
  });
  page.on("dialog", (dialog) => {
    session.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return session;
}

/** The graph has been drawn: a sigma canvas exists and the header shows the counts. */
export async function graphReady(p: Page): Promise<void> {
  await p.locator(".sigma-container canvas").first().waitFor({ state: "attached" });
  await expect.poll(() => p.locator(".counts").textContent(), { timeout: WAIT }).toMatch(/\d+ papers · \d+ citations/);
}

/** Two animation frames: whatever the page had scheduled for its next frame has been drawn. */
export async function nextFrames(p: Page): Promise<void> {
  await p.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Saves a screenshot once the page has stopped changing: two shots two frames apart are the same
 * bytes. The camera's glide and sigma's software-rendered frames take as long as the machine makes
 * them, so no fixed wait fits. A screenshot is a record, not an assertion: a page still changing
 * after WAIT is saved as it is, with a warning.
 */
export async function screenshotSettled(p: Page, name: string): Promise<void> {
  const giveUpAt = Date.now() + WAIT;
  let shot = await p.screenshot();
  for (;;) {
    await nextFrames(p);
    const next = await p.screenshot();
    const settled = next.equals(shot);
    shot = next;
    if (settled || Date.now() > giveUpAt) {
      if (!settled) console.warn(`${name}: the page was still changing after ${WAIT / 1000} s; saved as it was`);
      break;
    }
  }
  writeFileSync(join(SHOTS, name), shot);
}

/**
 * Every image the page holds has loaded or failed, so any onerror handler has run, and two frames
 * have been drawn since: the page has done what it was going to do with what it shows.
 */
export async function pageSettled(p: Page): Promise<void> {
  await p.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await nextFrames(p);
}

/** The first label of the timeline's year axis that is on screen (labels off screen or thinned out are hidden). */
export function shownYearTick(p: Page) {
  return p.locator(".year-axis .year-tick").filter({ visible: true }).first();
}

/**
 * Before a screenshot: software WebGL draws a large graph's frames seconds behind the page, so a
 * few animation frames are let through (each waits for the one before to be drawn), then a second.
 */
export async function settled(p: Page): Promise<void> {
  for (let i = 0; i < 3; i++) await p.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await p.waitForTimeout(1000);
}

/** The regions' names the map drew in its last frame (LabelController's `data-region-labels`). */
export async function regionLabels(p: Page): Promise<string[]> {
  const names = await p.locator(".sigma-container").getAttribute("data-region-labels");
  return names ? names.split("\n") : [];
}

/** Every label box the map placed in its last frame, and the panels it kept clear of ([x, y, width, height]). */
export async function labelBoxes(p: Page): Promise<{ labels: number[][]; obstacles: number[][] }> {
  const container = p.locator(".sigma-container");
  const parse = (s: string | null) => (s ? (JSON.parse(s) as number[][]) : []);
  return { labels: parse(await container.getAttribute("data-label-boxes")), obstacles: parse(await container.getAttribute("data-obstacles")) };
}

/** Whether two [x, y, width, height] boxes overlap. */
export function boxesOverlap(a: readonly number[], b: readonly number[]): boolean {
  const [ax = 0, ay = 0, aw = 0, ah = 0] = a;
  const [bx = 0, by = 0, bw = 0, bh = 0] = b;
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

export function region(p: Page, name: string) {
  return p.getByRole("region", { name, exact: true });
}

/** The explorer under test: a database in a temporary folder, its server, and a browser on it. */
export interface ExplorerFixture {
  base: string;
  session: BrowserSession;
  page: Page;
  /** The temporary folder the database (and any extra pages) live in. */
  dir: string;
  close(): Promise<void>;
}

/**
 * Builds the front end if stale, ingests the seed pages (and whatever `extraPages` writes into the
 * temporary folder and returns) into a fresh database, serves it and opens a browser on it.
 */
export async function startExplorer(prefix: string, extraPages: (dir: string) => string[] = () => []): Promise<ExplorerFixture> {
  return startExplorerWith(prefix, (db, dir) => {
    lineage(["ingest", "data/pages", "--db", db]);
    for (const path of extraPages(dir)) lineage(["ingest", path, "--db", db]);
  });
}

/** The same over a database `fill` writes (e.g. `lineage import aan data/aan`). */
export async function startExplorerWith(prefix: string, fill: (db: string, dir: string) => void): Promise<ExplorerFixture> {
  buildFrontEndIfStale();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let server: ChildProcess | undefined;
  let session: BrowserSession | undefined;
  const close = async () => {
    await session?.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const db = join(dir, "explorer.db");
    fill(db, dir);
    const started = await serve(db);
    server = started.child;
    session = await openBrowser();
    return { base: started.url, session, page: session.page, dir, close };
  } catch (err) {
    await close();
    throw err;
  }
}
