/**
 * A robots.txt Crawl-delay is capped as Retry-After is (issue 17, item 7): `Crawl-delay: 3600`
 * silently stalled a crawl for an hour per page. The delay is now held to the longest wait the
 * fetcher honours (its maxRetryAfterMs), and the crawl says so in one warning naming the host,
 * the delay asked and the cap. The clock and sleep are fake: the test measures what the crawler
 * asked to wait, and waits for nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCrawl } from "../../crawl/crawler.ts";
import { FETCHER_DEFAULTS } from "../../crawl/fetcher.ts";
import { RobotsPolicy, robotsRules } from "../../crawl/robots.ts";
import { tempDir } from "../helpers/cli.ts";
import { startCrawlSite, type CrawlSite } from "./crawl-site.ts";

const ASKS_AN_HOUR = "User-agent: *\nCrawl-delay: 3600\n";

describe("Crawl-delay, capped", () => {
  it("holds the delay to the cap, and keeps what was asked", () => {
    const rules = robotsRules("https://slow.example/robots.txt", { status: 200, body: ASKS_AN_HOUR }, 120);
    expect(rules).toMatchObject({ kind: "rules", crawlDelaySeconds: 120, crawlDelayAskedSeconds: 3600 });
    const modest = robotsRules("https://slow.example/robots.txt", { status: 200, body: "User-agent: *\nCrawl-delay: 3\n" }, 120);
    expect(modest).toMatchObject({ kind: "rules", crawlDelaySeconds: 3 });
    expect(modest).not.toHaveProperty("crawlDelayAskedSeconds");
  });

  it("warns once per host, naming the host, the delay asked and the cap", async () => {
    const warnings: string[] = [];
    const policy = new RobotsPolicy(async () => ({ status: 200, body: ASKS_AN_HOUR }), { maxCrawlDelaySeconds: 120, warn: (w) => warnings.push(w) });
    expect(await policy.check("https://slow.example/paper/1/")).toEqual({ allowed: true, crawlDelaySeconds: 120 });
    expect(await policy.check("https://slow.example/paper/2/")).toEqual({ allowed: true, crawlDelaySeconds: 120 });
    expect(warnings).toEqual(["slow.example: robots.txt asks for a Crawl-delay of 3600 s; waiting 120 s between requests instead, the longest wait the crawler honours"]);
  });
});

describe("a crawl of a site asking for an hour between requests", () => {
  const tmp = tempDir();
  let world: CrawlSite;
  beforeAll(async () => {
    world = await startCrawlSite({ papers: 4, faults: false, robots: ASKS_AN_HOUR });
  });
  afterAll(async () => {
    await world.server.close();
    tmp.cleanup();
  });

  it("waits at most the cap between pages, and the report says why", async () => {
    let now = Date.parse("2026-12-01T00:00:00Z");
    const waits: number[] = [];
    const report = await runCrawl(join(tmp.dir, "slow.db"), {
      seeds: [world.seedUrl],
      depth: 1,
      maxPages: 4,
      allowHosts: [],
      concurrency: 1,
      fetcher: Object.assign({}, FETCHER_DEFAULTS, {
        jitter: 0,
        ratePerSecond: 50,
        maxRetryAfterMs: 30_000,
        now: () => now,
        sleep: async (ms: number) => {
          waits.push(ms);
          now += ms;
        },
      }),
    });
    expect(report.crawl.finished).toBe(true);
    expect(report.fetched.length).toBeGreaterThanOrEqual(2);
    // Every page after the first waited the capped delay, none the hour asked for.
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
    const host = new URL(world.seedUrl).host;
    expect(report.warnings).toEqual([`${host}: robots.txt asks for a Crawl-delay of 3600 s; waiting 30 s between requests instead, the longest wait the crawler honours`]);
  });
});
