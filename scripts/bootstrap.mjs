#!/usr/bin/env node
// `npm start` and `npm test` on a fresh clone: install what is missing, then run. Plain
// JavaScript, because the TypeScript tooling is among what may be missing.
//   node scripts/bootstrap.mjs start   install if needed, then scripts/start.ts (build and serve)
//   node scripts/bootstrap.mjs test    install if needed, Chromium for the browser tests where the
//                                      machine allows it, then typecheck, lint, format check and the tests
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const say = (line) => process.stderr.write(`lineage: ${line}\n`);

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

/** npm records what it installed in node_modules/.package-lock.json: older than the lock means stale. */
function dependenciesStale() {
  const installed = join(root, "node_modules/.package-lock.json");
  if (!existsSync(installed)) return "not installed";
  if (statSync(installed).mtimeMs + 1000 < statSync(join(root, "package-lock.json")).mtimeMs) return "older than package-lock.json";
  if (!existsSync(join(root, "node_modules/better-sqlite3/build/Release/better_sqlite3.node"))) return "better-sqlite3 is not built";
  return null;
}

function installDependencies() {
  const why = dependenciesStale();
  if (!why) return;
  say(`installing dependencies (${why}): npm ci, about two minutes the first time`);
  const status = run("npm", ["ci", "--no-audit", "--no-fund"], { shell: process.platform === "win32" });
  if (status !== 0) {
    say("npm ci failed; see above. Node 20.19+ with python3, make and g++ (for better-sqlite3) are needed.");
    process.exit(status);
  }
}

const CHROMIUM = "/usr/bin/chromium";

/** The browser tests drive Debian's Chromium; install it where this machine lets us (root and apt). */
function ensureChromium() {
  if (process.env.LINEAGE_CHROMIUM || existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !apt) {
    say(`no Chromium at ${CHROMIUM}: the browser tests will fail. Install it with: sudo apt-get install -y chromium (or set LINEAGE_CHROMIUM to a Chromium executable)`);
    return;
  }
  say("installing Debian's chromium for the browser tests: apt-get install -y chromium");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["install", "-y", "-q", "chromium"], { env }) !== 0) {
    run("apt-get", ["update", "-q"], { env });
    if (run("apt-get", ["install", "-y", "-q", "chromium"], { env }) !== 0) say("apt-get could not install chromium; the browser tests will fail");
  }
}

const bin = (name) => join(root, "node_modules/.bin", name);
const [mode] = process.argv.slice(2);

if (mode === "start") {
  installDependencies();
  process.exit(run(bin("tsx"), [join(root, "scripts/start.ts")]));
} else if (mode === "test") {
  installDependencies();
  ensureChromium();
  for (const [label, command, args] of [
    ["typecheck", bin("tsc"), ["--noEmit", "-p", "."]],
    ["lint", bin("eslint"), ["--max-warnings", "0", "."]],
    // .prettierrc.json; .prettierignore leaves out inputs read byte for byte and prose.
    ["format", bin("prettier"), ["--check", ".", "--log-level", "warn"]],
    ["tests", bin("vitest"), ["run"]],
  ]) {
    say(`${label}: ${[command.replace(`${root}/`, ""), ...args].join(" ")}`);
    const status = run(command, args);
    if (status !== 0) {
      say(`${label} failed`);
      process.exit(status);
    }
  }
} else {
  say("usage: node scripts/bootstrap.mjs start|test");
  process.exit(2);
}
