/**
 * The crawler's pure parts, without a network or a real clock: backoff and Retry-After, the
 * per-host limiter (fake clock), robots.txt verdicts, which links are followed, the streamed size
 * limit of a single request, and the progress display.
 */
import { describe, expect, it } from "vitest";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { backoffDelay, retryAfterMs, seededRandom } from "../../crawl/backoff.ts";
import { HostLimiter } from "../../crawl/host-limiter.ts";
import { RobotsPolicy, robotsRules } from "../../crawl/robots.ts";
import { linksToFollow, normalizeUrl } from "../../crawl/links.ts";
import { httpFetch } from "../../crawl/http-request.ts";
import { progressBar, progressLine, progressReporter } from "../../crawl/progress.ts";
import { emptyFacts, emptyPaper, type PaperPage } from "../../vocabulary/paper-page.ts";

describe("backoff", () => {
  it("doubles per attempt, jittered within [0.5, 1.5) of the step, capped at a minute", () => {
    const random = seededRandom(1);
    for (let attempt = 0; attempt < 5; attempt++) {
      const d = backoffDelay(attempt, 100, random);
      expect(d).toBeGreaterThanOrEqual(50 * 2 ** attempt);
      expect(d).toBeLessThan(150 * 2 ** attempt);
    }
    expect(backoffDelay(30, 1000, () => 0.99)).toBe(60_000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterMs("2", 0)).toBe(2000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:30 GMT"))).toBe(30_000);
    expect(retryAfterMs("soon", 0)).toBeUndefined();
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
  });

  it("repeats its jitter for a seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe("the host limiter (fake clock)", () => {
  function fakeClock() {
    let now = 0;
    return { now: () => now, sleep: async (ms: number) => void (now += ms) };
  }

  it("spaces requests to one host by at least 1/rate, the jitter only adding to it, and leaves other hosts alone", async () => {
    const clock = fakeClock();
    const limiter = new HostLimiter({ ratePerSecond: 2, jitter: 0.25, maxConnections: 4, random: seededRandom(5), ...clock });
    const starts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const release = await limiter.acquire("a.example");
      starts.push(clock.now());
      release();
    }
    for (let i = 1; i < starts.length; i++) {
      const gap = (starts[i] ?? 0) - (starts[i - 1] ?? 0);
      // Never faster than the rate (a service's documented limit), jitter included.
      expect(gap).toBeGreaterThanOrEqual(500);
      expect(gap).toBeLessThanOrEqual(625);
    }
    const before = clock.now();
    (await limiter.acquire("b.example"))();
    expect(clock.now()).toBe(before);
  });

  it("holds a host until a Retry-After has passed, and honours a Crawl-delay", async () => {
    const clock = fakeClock();
    const limiter = new HostLimiter({ ratePerSecond: 100, jitter: 0, maxConnections: 1, random: () => 0.5, ...clock });
    (await limiter.acquire("h"))();
    limiter.holdUntil("h", 5000);
    (await limiter.acquire("h"))();
    expect(clock.now()).toBe(5000);
    limiter.setMinInterval("h", 2000);
    (await limiter.acquire("h"))();
    (await limiter.acquire("h"))();
    expect(clock.now()).toBe(5000 + 10 + 2000);
  });

  it("never lets more than maxConnections run at once on a host", async () => {
    const limiter = new HostLimiter({ ratePerSecond: 1000, jitter: 0, maxConnections: 2, random: () => 0.5, ...fakeClock() });
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const release = await limiter.acquire("h");
        running++;
        peak = Math.max(peak, running);
        // Holds its slot until the event loop turns: every other request has had its chance to start.
        await new Promise((r) => setImmediate(r));
        running--;
        release();
      }),
    );
    expect(peak).toBe(2);
  });
});

describe("robots.txt", () => {
  const txt = "User-agent: *\nDisallow: /\n\nUser-agent: Lineage\nDisallow: /private/\nCrawl-delay: 3\n";

  it("applies the group for our token, with its Crawl-delay", async () => {
    const policy = new RobotsPolicy(async () => ({ status: 200, body: txt }));
    expect(await policy.check("https://s.example/paper/1/")).toEqual({ allowed: true, crawlDelaySeconds: 3 });
    expect(await policy.check("https://s.example/private/x")).toEqual({ allowed: false, reason: "disallowed by https://s.example/robots.txt" });
  });

  it("allows everything without a robots.txt, and nothing when it cannot be read (RFC 9309)", () => {
    expect(robotsRules("https://s.example/robots.txt", { status: 404, body: "" })).toEqual({ kind: "allow-all" });
    expect(robotsRules("https://s.example/robots.txt", { status: 503, body: "" })).toEqual({ kind: "disallow-all", reason: "robots.txt unreachable (HTTP 503)" });
    expect(robotsRules("https://s.example/robots.txt", { error: "connection refused" }).kind).toBe("disallow-all");
  });

  it("fetches robots.txt once per origin, however many pages ask at once", async () => {
    let loads = 0;
    const policy = new RobotsPolicy(async () => {
      loads++;
      // Answers on the event loop's next turn, after all three pages have asked.
      await new Promise((r) => setImmediate(r));
      return { status: 404, body: "" };
    });
    await Promise.all([policy.check("http://a.example/1"), policy.check("http://a.example/2"), policy.check("http://b.example/1")]);
    expect(loads).toBe(2);
  });
});

describe("links to follow", () => {
  const page = (): PaperPage => ({
    format: "html-page",
    paper: emptyPaper(),
    facts: emptyFacts(),
    buildsOn: [{ ids: { arxiv: "2401.00001" }, url: "/paper/2401.00001/#refs" }, { ids: { arxiv: "2401.00002" }, url: "https://other.example/paper/2401.00002/" }, { ids: { arxiv: "2401.00003" } }],
    builtBy: [{ ids: { arxiv: "2401.00001" }, url: "https://site.example/paper/2401.00001/" }],
    related: [{ title: "Not a citation", url: "https://site.example/paper/2401.00009/" }],
    warnings: [],
  });

  it("takes only the lists' links, resolved, deduplicated, without fragments, on the page's host", () => {
    expect(linksToFollow(page(), "https://site.example/paper/2306.03100/", new Set())).toEqual({
      follow: ["https://site.example/paper/2401.00001/"],
      offHost: ["https://other.example/paper/2401.00002/"],
    });
  });

  it("follows other hosts the user allowed", () => {
    expect(linksToFollow(page(), "https://site.example/paper/2306.03100/", new Set(["other.example"])).follow).toHaveLength(2);
  });

  it("normalises only http(s) URLs", () => {
    expect(normalizeUrl("ftp://x.example/a")).toBeUndefined();
    expect(normalizeUrl("HTTP://Site.Example/a#b")).toBe("http://site.example/a");
  });
});

describe("one request", () => {
  // The timeouts below only keep a broken test from hanging: none of these answers takes long.
  async function serve(handler: Parameters<typeof createServer>[1]) {
    const server = createServer(handler);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return { url, close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))) };
  }

  it("refuses a declared Content-Length over the limit before reading it", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-length": String(10 * 1024 * 1024) });
      res.write("x".repeat(1000));
    });
    try {
      const r = await httpFetch({ url: s.url, timeoutMs: 30_000, maxBytes: 1024 * 1024 });
      expect(r).toEqual({ kind: "error", error: "too-large", message: "response is 10.0 MB, over the 1.0 MB limit (--max-bytes); stopped reading" });
    } finally {
      await s.close();
    }
  });

  it("decodes gzip and applies the limit to the decoded size (no zip bombs)", async () => {
    const small = gzipSync(Buffer.from("<h1>hello</h1>"));
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
    const s = await serve((req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      res.end(req.url === "/bomb" ? bomb : small);
    });
    try {
      const ok = await httpFetch({ url: s.url, timeoutMs: 30_000, maxBytes: 1024 });
      expect(ok.kind === "response" && ok.body.toString()).toBe("<h1>hello</h1>");
      const r = await httpFetch({ url: `${s.url}bomb`, timeoutMs: 30_000, maxBytes: 1024 * 1024 });
      expect(r.kind === "error" && r.error).toBe("too-large");
      expect(bomb.length).toBeLessThan(1024 * 1024);
    } finally {
      await s.close();
    }
  });

  it("reports a refused connection as a network error", async () => {
    const s = await serve((_req, res) => res.end());
    await s.close();
    const r = await httpFetch({ url: s.url, timeoutMs: 30_000, maxBytes: 1024 });
    expect(r).toEqual({ kind: "error", error: "network", message: "connection refused" });
  });
});

describe("progress", () => {
  const e = { url: "http://s.example/paper/1/", state: "fetched" as const, done: 3, total: 12 };

  it("prints plain lines when not on a terminal", () => {
    const out: string[] = [];
    const p = progressReporter({ isTTY: false, write: (t) => out.push(t) });
    p.onProgress(e);
    p.onProgress({ ...e, state: "failed", reason: "HTTP 404 Not Found", done: 4 });
    p.end();
    expect(out).toEqual(["[3/12] fetched http://s.example/paper/1/\n", "[4/12] failed http://s.example/paper/1/: HTTP 404 Not Found\n"]);
    expect(progressLine({ ...e, via: "cache" })).toBe("[3/12] fetched (cache) http://s.example/paper/1/");
  });

  it("redraws one bar in place on a terminal", () => {
    expect(progressBar(e, 60)).toBe("[#####---------------] 3/12 http://s.example/paper/1/");
    const out: string[] = [];
    const p = progressReporter({ isTTY: true, columns: 60, write: (t) => out.push(t) });
    p.onProgress(e);
    p.end();
    expect(out).toEqual(["\r\x1b[K[#####---------------] 3/12 http://s.example/paper/1/", "\r\x1b[K"]);
  });
});
