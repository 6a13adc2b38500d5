/**
 * Debian's headless Chromium with software WebGL, and the built front end it loads: what the
 * browser tests (test/browser) and the explorer benchmark (bench/explorer.ts) share. No test
 * framework here, so the benchmark can import it.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/** Debian's Chromium, or the executable LINEAGE_CHROMIUM names. */
export const CHROMIUM = process.env.LINEAGE_CHROMIUM ?? "/usr/bin/chromium";
/**
 * The two software WebGL paths of headless Chromium without a GPU: ANGLE's SwiftShader (the flags
 * STACK-NOTES.md recommends, which the tests use), and the browser's default (no GL flag at all:
 * SwiftShader through Chromium's own fallback, where the graphics driver's pixel reads stall for
 * seconds; what researchers in VMs and remote desktops often get).
 */
export const GL_PATHS = {
  angle: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
  default: [],
} as const satisfies Record<string, readonly string[]>;
export type GlPath = keyof typeof GL_PATHS;

const BASE_ARGS = ["--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];

/** Chromium's arguments for one GL path. */
export function chromiumArgs(gl: GlPath = "angle"): string[] {
  return [...BASE_ARGS, ...GL_PATHS[gl]];
}

export const CHROMIUM_ARGS = chromiumArgs("angle");

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
 * The lock is this checkout's: another worktree's build empties another dist/, and on a shared
 * machine waiting for it only cost time.
 */
export function buildFrontEndIfStale(): void {
  if (!frontEndIsStale()) return;
  const lock = join(tmpdir(), `lineage-vite-build-${createHash("sha256").update(ROOT).digest("hex").slice(0, 12)}.lock`);
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
