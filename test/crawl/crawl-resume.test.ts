/**
 * A crawl killed mid-way (SIGKILL, no chance to clean up) and run again resumes: every page of
 * the site ends up fetched and stored, and the server never served any page twice. The server
 * answers a fixed number of page requests and then stalls; the test waits until those responses
 * are in the database's fetch cache, then kills the crawler.
 */
import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ROOT, runCli, tempDir } from "../helpers/cli.ts";
import { paperPath, reachable } from "./site.ts";
import { startCrawlSite } from "./crawl-site.ts";

const ANSWER_FIRST = 8;
const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** One number from the crawler's database while it runs (read-only; 0 before it is migrated). */
function peek(db: string, sql: string): number {
  if (!existsSync(db)) return 0;
  try {
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (conn.prepare(sql).get() as { n: number }).n;
    } finally {
      conn.close();
    }
  } catch {
    return 0;
  }
}

const storedPages = (db: string) => peek(db, "SELECT count(*) AS n FROM fetches WHERE body_hash IS NOT NULL AND url LIKE '%/paper/%'");

/** Polls a condition; the deadline is a safety net against a hang, never what is tested. */
async function until(check: () => boolean, what: string, ms = 120_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("an interrupted crawl", () => {
  it("resumes after kill -9 with no page fetched twice and none lost", async () => {
    let answered = 0;
    let stalling = true;
    const world = await startCrawlSite({
      papers: 30,
      faults: false,
      seedId: "2401.00030",
      hold: () => {
        if (stalling && answered >= ANSWER_FIRST) return true;
        answered++;
        return false;
      },
    });
    const db = join(tmp.dir, "resume.db");
    const args = ["crawl", world.seedUrl, "--depth", "10", "--rate", "100", "--timeout", "60", "--db", db, "--json"];
    try {
      const child = spawn(process.execPath, [join(ROOT, "scripts/lineage-bin.mjs"), ...args], { cwd: ROOT, stdio: "ignore" });
      const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
      await until(() => answered >= ANSWER_FIRST && storedPages(db) >= ANSWER_FIRST, "the first responses to be cached");
      child.kill("SIGKILL");
      expect(await exited).toBeNull();
      const heldRequests = world.server.requests.filter((r) => r.path.startsWith("/paper/")).length - ANSWER_FIRST;
      // Killed mid-way: the crawl is unfinished, with pages still queued.
      expect(peek(db, "SELECT count(*) AS n FROM crawls WHERE finished_at IS NULL")).toBe(1);
      expect(peek(db, "SELECT count(*) AS n FROM crawl_frontier WHERE state = 'queued'")).toBeGreaterThan(0);

      stalling = false;
      const r = await runCli(args);
      const report = JSON.parse(r.stdout) as { crawl: { resumed: boolean; finished: boolean }; fetched: { url: string }[]; failed: unknown[] };
      expect(r.code).toBe(0);
      expect(report.crawl).toMatchObject({ resumed: true, finished: true });
      expect(report.failed).toEqual([]);

      const expected = [...reachable(world.site, world.seedId, 10).keys()].map(world.url).sort();
      expect(expected.length).toBeGreaterThan(ANSWER_FIRST * 2);
      expect(report.fetched.map((f) => f.url).sort()).toEqual(expected);
      for (const url of expected) expect(world.server.served.get(new URL(url).pathname), url).toBe(1);
      // Only requests the stalled server never answered were asked again.
      const pageRequests = world.server.requests.filter((q) => q.path.startsWith("/paper/")).length;
      expect(pageRequests).toBeLessThanOrEqual(expected.length + heldRequests);
      expect(world.server.hits("/robots.txt")).toBe(1);

      const stats = JSON.parse((await runCli(["stats", "--db", db, "--json"])).stdout) as { pages: number; papers: number };
      expect(stats.pages).toBe(expected.length);
      expect(stats.papers).toBe(expected.length);
      expect(world.server.served.get(paperPath(world.seedId))).toBe(1);
    } finally {
      await world.server.close();
    }
  });
});

describe("a crawl stopped by the user (Ctrl-C)", () => {
  it("settles what it fetched, leaves the rest queued, and resumes from there", async () => {
    const { runCrawl } = await import("../../crawl/crawler.ts");
    const { FETCHER_DEFAULTS } = await import("../../crawl/fetcher.ts");
    const world = await startCrawlSite({ papers: 12, faults: false, seedId: "2401.00012" });
    const db = join(tmp.dir, "sigint.db");
    const options = (signal?: AbortSignal) => ({
      seeds: [world.seedUrl],
      depth: 10,
      maxPages: 100,
      allowHosts: [],
      fetcher: { ...FETCHER_DEFAULTS, ratePerSecond: 200, timeoutMs: 30_000 },
      waveSize: 3,
      ...(signal ? { signal } : {}),
    });
    try {
      const controller = new AbortController();
      let seen = 0;
      const first = await runCrawl(db, {
        ...options(controller.signal),
        onProgress: () => {
          if (++seen === 4) controller.abort();
        },
      });
      expect(first.crawl.finished).toBe(false);
      expect(first.fetched.length).toBeGreaterThanOrEqual(4);
      const second = await runCrawl(db, options());
      expect(second.crawl).toMatchObject({ resumed: true, finished: true });
      const expected = [...reachable(world.site, world.seedId, 10).keys()].map(world.url).sort();
      expect(second.fetched.map((f) => f.url).sort()).toEqual(expected);
      for (const url of expected) expect(world.server.served.get(new URL(url).pathname), url).toBe(1);
    } finally {
      await world.server.close();
    }
  });
});
