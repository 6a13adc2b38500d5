/**
 * `npm start` (after scripts/bootstrap.mjs installed what was missing): build the seed pages'
 * database if it is missing, build the front end if it is missing or older than its sources, and
 * serve the bundled collections (scripts/cli/bundled-collections.ts: the seed pages, the ACL
 * Anthology Network built on first use, and data/maps/*.db) on http://127.0.0.1:5173 (PORT to change).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ingestPaths } from "../library/ingest-files.ts";
import { SEEDS_DB } from "./cli/bundled-collections.ts";
import { DEFAULT_PAGES_DIR, ROOT_DIR } from "./cli/paths.ts";
import { main } from "./lineage.ts";

const dbFile = SEEDS_DB;
if (!existsSync(dbFile)) {
  const report = ingestPaths(dbFile, [DEFAULT_PAGES_DIR]);
  console.log(`Built ${dbFile}: ${report.papers} papers, ${report.edges} citations from ${report.pages.ingested} pages.`);
  for (const e of report.errors) console.error(`lineage: ${e.path}: ${e.reason}`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const s = statSync(path);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(path) : s.mtimeMs);
  }
  return newest;
}

const index = join(ROOT_DIR, "dist/index.html");
const stale = !existsSync(index) || newestMtime(join(ROOT_DIR, "web/src")) > statSync(index).mtimeMs;
if (stale) {
  const { build } = await import("vite");
  await build({ configFile: join(ROOT_DIR, "vite.config.ts"), logLevel: "warn" });
}

process.exitCode = await main(["serve", "--bundled", ...(process.env.PORT ? ["--port", process.env.PORT] : [])], {
  out: (t) => console.log(t),
  err: (t) => console.error(t),
});
