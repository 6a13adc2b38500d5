/**
 * `lineage crawl` against a local server that misbehaves: every fault ends up where the report
 * says (fetched, failed or skipped, with a reason), one bad URL never stops the crawl, and the
 * server's own log shows the crawler was polite (robots.txt, User-Agent, Retry-After, retries).
 *
 * No outcome depends on the machine's speed. The crawls run in this process beside the server, so
 * a loaded machine can hold a plain answer up for a while: their per-request timeout is 30 s, a
 * safety net. The response that never comes is crawled on its own, the only request of a crawl
 * with a 0.5 s timeout, where a late timer changes nothing. The rate is checked on a fake clock
 * shared by the crawler and the server's log, since the gaps between arrivals on the real clock
 * shrink whenever the event loop is held up between two requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import { runCrawl } from "../../crawl/crawler.ts";
import { FETCHER_DEFAULTS, USER_AGENT } from "../../crawl/fetcher.ts";
import { fetcherOptions } from "../../scripts/cli/crawl-command.ts";
import { paperPath } from "./site.ts";
import { FAULTS, startCrawlSite, type CrawlSite } from "./crawl-site.ts";

interface Report {
  crawl: { id: number; resumed: boolean; finished: boolean };
  fetched: { url: string; depth: number }[];
  failed: { url: string; reason: string }[];
  skipped: { url: string; reason: string }[];
  papers: number;
  edges: number;
  network: { requests: number; fromCache: number; revalidated: number; retries: number };
}

const FAST = ["--rate", "50", "--timeout", "30", "--retries", "2", "--backoff", "0.05", "--jitter-seed", "3"];

const tmp = tempDir();
let world: CrawlSite;
let report: Report;
let code: number;

async function crawl(db: string, ...extra: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const r = await runCli(["crawl", world.seedUrl, "--depth", "1", ...FAST, ...extra, "--db", db, "--json"]);
  return { code: r.code, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
}

const reasonOf = (list: { url: string; reason: string }[], id: string) => list.find((e) => e.url.endsWith(paperPath(id)))?.reason;

beforeAll(async () => {
  // The page that never answers is crawled on its own (below), with a short timeout.
  world = await startCrawlSite({ leaveOut: ["hangs"] });
  ({ code, report } = await crawl(join(tmp.dir, "faults.db")));
});
afterAll(async () => {
  await world.server.close();
  tmp.cleanup();
});

describe("a crawl through a misbehaving server", () => {
  it("fetches the seed, its neighbours and the faults that recover, and exits 1 for the rest", () => {
    expect(code).toBe(1);
    expect(report.crawl.finished).toBe(true);
    const fetched = report.fetched.map((f) => f.url);
    const neighbours = [...(world.site.get(world.seedId)?.buildsOn ?? []), ...(world.site.get(world.seedId)?.builtBy ?? [])];
    for (const id of [world.seedId, ...neighbours, FAULTS.recovers, FAULTS.retryAfter, FAULTS.moved]) expect(fetched).toContain(world.url(id));
    expect(report.fetched.find((f) => f.url === world.seedUrl)?.depth).toBe(0);
  });

  it("retries 500s with backoff until the page comes", () => {
    expect(world.server.hits(paperPath(FAULTS.recovers))).toBe(3);
    expect(report.network.retries).toBeGreaterThanOrEqual(2);
  });

  it("waits as long as a 429's Retry-After asks before asking again", () => {
    const times = world.server.requests.filter((r) => r.path === paperPath(FAULTS.retryAfter)).map((r) => r.at);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it("gives up on a response that never comes after the timeout and its retries", async () => {
    const hung = await runCrawl(join(tmp.dir, "hangs.db"), {
      seeds: [world.url(FAULTS.hangs)],
      depth: 0,
      maxPages: 1,
      allowHosts: [],
      // robots.txt is not asked for: the page that never answers is the crawl's only request.
      fetcher: { ...FETCHER_DEFAULTS, timeoutMs: 500, retries: 2, backoffMs: 50, ratePerSecond: 50, seed: 3, robots: false },
    });
    expect(reasonOf(hung.failed, FAULTS.hangs)).toMatch(/no complete response within 0\.5 s.*after 3 attempts/);
    expect(world.server.hits(paperPath(FAULTS.hangs))).toBe(3);
  });

  it("reports a redirect loop, and follows an ordinary redirect", () => {
    expect(reasonOf(report.failed, FAULTS.loops)).toMatch(/^redirect loop: .*\/loop\/a\/ → .*\/loop\/b\/ → .*\/loop\/a\/$/);
    expect(world.server.hits("/loop/a/")).toBe(1);
    expect(world.server.hits(`/moved/${FAULTS.moved}/`)).toBe(1);
  });

  it("stops reading a 30 MB body at the 5 MB limit", () => {
    expect(reasonOf(report.failed, FAULTS.huge)).toMatch(/over the 5\.0 MB limit/);
    expect(world.server.served.get(paperPath(FAULTS.huge)) ?? 0).toBe(0);
    expect(world.server.written.get(paperPath(FAULTS.huge)) ?? 0).toBeLessThan(20 * 1024 * 1024);
  });

  it("reports an image as not a page, and a 404 as such", () => {
    expect(reasonOf(report.failed, FAULTS.image)).toBe("not a page: content type image/png (not read)");
    expect(reasonOf(report.failed, FAULTS.missing)).toBe("HTTP 404 Not Found");
    // The loop, the huge body, the image and the 404 (the page that never answers has its own crawl).
    expect(report.failed).toHaveLength(4);
  });

  it("obeys robots.txt (read once) and names itself in every request", () => {
    expect(reasonOf(report.skipped, FAULTS.robots)).toMatch(/^disallowed by http:\/\/127\.0\.0\.1:\d+\/robots\.txt$/);
    expect(world.server.hits(paperPath(FAULTS.robots))).toBe(0);
    expect(world.server.hits("/robots.txt")).toBe(1);
    expect(new Set(world.server.requests.map((r) => r.headers["user-agent"]))).toEqual(new Set([USER_AGENT]));
  });

  it("stays on the seed's host and within the depth, saying why it skipped each link", () => {
    expect(reasonOf(report.skipped, FAULTS.otherHost)).toBe("off-host link (allow it with --allow-host localhost)");
    const beyond = report.skipped.filter((s) => s.reason === "beyond --depth 1");
    expect(beyond.length).toBeGreaterThan(0);
    for (const s of beyond) expect(world.server.hits(new URL(s.url).pathname)).toBe(0);
  });

  it("ingested every fetched page into the graph with its links", async () => {
    const db = join(tmp.dir, "faults.db");
    const shown = await runCli(["show", `arXiv:${world.seedId}`, "--db", db, "--json"]);
    expect(shown.code).toBe(0);
    const view = JSON.parse(shown.stdout) as { sources: { source: string; role: string }[] };
    expect(view.sources.some((s) => s.source === world.seedUrl && s.role === "self")).toBe(true);
    expect(report.edges).toBeGreaterThan(5);
  });
});

describe("the fetch cache", () => {
  it("serves a recrawl within --max-age from the cache: no page is requested again", async () => {
    const before = world.server.requests.length;
    const again = await crawl(join(tmp.dir, "faults.db"));
    const newPaths = world.server.requests.slice(before).map((r) => r.path);
    for (const f of report.fetched) expect(newPaths).not.toContain(new URL(f.url).pathname);
    expect(newPaths).not.toContain("/robots.txt");
    expect(again.report.network.fromCache).toBeGreaterThanOrEqual(report.fetched.length);
    expect(again.report.fetched.map((f) => f.url).sort()).toEqual(report.fetched.map((f) => f.url).sort());
  });

  it("revalidates older copies with If-None-Match and keeps them on 304", async () => {
    const before = world.server.requests.length;
    const again = await crawl(join(tmp.dir, "faults.db"), "--max-age", "0");
    const seedRequests = world.server.requests.slice(before).filter((r) => r.path === paperPath(world.seedId));
    expect(seedRequests).toHaveLength(1);
    expect(seedRequests[0]?.headers["if-none-match"]).toBe(`"${world.seedId}-v1"`);
    expect(seedRequests[0]?.headers["if-modified-since"]).toBe("Mon, 02 Jun 2025 10:00:00 GMT");
    expect(again.report.network.revalidated).toBeGreaterThanOrEqual(3);
    expect(again.report.papers).toBe(report.papers);
  });
});

describe("crawl options", () => {
  it("follows another host when --allow-host names it", async () => {
    const r = await crawl(join(tmp.dir, "allow.db"), "--allow-host", "localhost");
    expect(r.report.fetched.map((f) => f.url)).toContain(`http://localhost:${world.server.port}${paperPath(FAULTS.otherHost)}`);
  });

  it("stops at --max-pages and says so for the rest", async () => {
    const r = await crawl(join(tmp.dir, "budget.db"), "--max-pages", "3");
    expect(r.report.fetched).toHaveLength(3);
    expect(r.report.skipped.some((s) => s.reason === "over the --max-pages limit of 3")).toBe(true);
  });

  it("keeps at most --rate requests per second per host (gaps measured by the server, on the crawl's clock)", async () => {
    // The crawler sleeps on a fake clock that the server logs arrivals by. With one connection per
    // host, the server logs each request before the next one's wait moves the clock on.
    let now = Date.parse("2026-06-01T10:00:00Z");
    const slow = await startCrawlSite({ papers: 5, faults: false, now: () => now });
    try {
      const options = fetcherOptions({ positionals: [], values: { rate: "5", "jitter-seed": "9" }, json: true, verbose: false, out: () => undefined, err: () => undefined });
      const r = await runCrawl(join(tmp.dir, "rate.db"), {
        seeds: [slow.seedUrl],
        depth: 1,
        maxPages: 100,
        allowHosts: [],
        fetcher: { ...options, maxConnectionsPerHost: 1, now: () => now, sleep: async (ms: number) => void (now += ms) },
      });
      expect(r.failed).toEqual([]);
      const times = slow.server.requests.map((q) => q.at);
      expect(times.length).toBeGreaterThanOrEqual(4);
      // 200 ms apart, the jitter adding at most 25%: never closer than 200 ms.
      for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(200);
    } finally {
      await slow.server.close();
    }
  });

  it("rejects what is not a URL, and prints plain progress lines without --json", async () => {
    const bad = await runCli(["crawl", "not a url", "--db", join(tmp.dir, "bad.db")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"not a url" is not an http\(s\) URL/);
    const plain = await runCli(["crawl", world.seedUrl, "--depth", "0", ...FAST, "--db", join(tmp.dir, "plain.db")]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(/^\[\d+\/\d+\] fetched http:\/\/127\.0\.0\.1:\d+\/paper\/2401\.00004\/$/m);
    expect(plain.stdout).toMatch(/^Crawl finished: 1 pages fetched, 0 failed/);
  });
});
