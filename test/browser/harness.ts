/**
 * What the browser tests share: the built front end (dist/, built here when missing or older than
 * web/src, one build at a time across test files), the real `lineage serve` over a database
 * ingested from pages, and Debian's headless Chromium with software WebGL, with every page error,
 * console error and dialog recorded. Screenshots go to test-results/.
 */
import { expect } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const ROOT = resolve(import.meta.dirname, "../..");
export const SHOTS = join(ROOT, "test-results");
const BIN = join(ROOT, "scripts/lineage-bin.mjs");
const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];
/** Software WebGL is slow: every wait is generous. */
export const WAIT = 30_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function frontEndIsStale(): boolean {
  const index = join(ROOT, "dist/index.html");
  const sources = Math.max(newestMtime(join(ROOT, "web/src")), statSync(join(ROOT, "web/index.html")).mtimeMs);
  return !existsSync(index) || statSync(index).mtimeMs < sources;
}

/** Waits synchronously (the build below is synchronous too). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds dist/ when it is older than the sources. Test files run in parallel, and a build empties
 * dist/ first, so builds take a lock (a directory; one left by a crashed run expires in 5 minutes).
 */
export function buildFrontEndIfStale(): void {
  if (!frontEndIsStale()) return;
  const lock = join(tmpdir(), "lineage-vite-build.lock");
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${lock}: another test run has been building the front end for 4 minutes`);
      sleep(250);
    }
  }
  try {
    if (!frontEndIsStale()) return;
    const r = spawnSync("npx", ["vite", "build"], { cwd: ROOT, encoding: "utf8", timeout: 180_000 });
    if (r.status !== 0) throw new Error(`npx vite build failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs the lineage CLI (the installed bin) and fails loudly when it fails. */
export function lineage(args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`lineage ${args.join(" ")} exited ${r.status}:\n${r.stderr}`);
}

export interface ServedExplorer {
  child: ChildProcess;
  url: string;
}

/** Starts `lineage serve --port 0` and resolves with the URL it prints. */
export function serve(db: string): Promise<ServedExplorer> {
  const child = spawn(process.execPath, [BIN, "serve", "--db", db, "--port", "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((done, fail) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => fail(new Error(`lineage serve printed no URL within 60 s:\n${out}\n${err}`)), 60_000);
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
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
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
  // Let the camera animation and a few software-rendered frames finish before screenshots.
  await p.waitForTimeout(1200);
}

export function region(p: Page, name: string) {
  return p.getByRole("region", { name, exact: true });
}
