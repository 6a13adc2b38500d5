/**
 * Redirects and where they may lead (issue 17, item 2), against loopback servers only: a
 * same-host link that redirects to another host (another loopback port, standing in for an
 * internal service), to the cloud metadata address, or to a host spelled in hex, is refused in
 * one line and the other host never hears from us; a same-host redirect is followed and the page
 * is stored under its final URL, which the frontier and the cache then know as the same page;
 * and, with an injected resolver, a name is checked after DNS on every hop and the connection
 * goes to the address that was checked. `lineage fetch` obeys the same rules for its API hosts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import type { ResolvedAddress } from "../../crawl/destinations.ts";
import { runCrawl } from "../../crawl/crawler.ts";
import { FETCHER_DEFAULTS } from "../../crawl/fetcher.ts";
import { runCli, tempDir } from "../helpers/cli.ts";
import { sendPage, startFaultServer, type FaultServer } from "./fault-server.ts";
import { makeSite, paperPath, renderHtml } from "./site.ts";

interface Report {
  fetched: { url: string; depth: number }[];
  failed: { url: string; reason: string }[];
  skipped: { url: string; reason: string }[];
  network: { requests: number; fromCache: number };
}

// The timeouts (here and in the fetcher options below) are safety nets on loopback answers.
const FAST = ["--rate", "50", "--timeout", "30", "--retries", "0", "--jitter-seed", "3"];
const tmp = tempDir();

/** An invented Markdown paper page whose "Builds on" list links to `links`. */
function markdownPage(id: string, title: string, links: string[] = []): string {
  return [
    `# ${title}`,
    "",
    `arXiv: https://arxiv.org/abs/${id}`,
    "",
    `## Builds on (most cited first, ${links.length} of ${links.length})`,
    "",
    ...links.map((href, i) => `- [Invented linked paper ${i + 1}](${href}) (2024)`),
    "",
  ].join("\n");
}

const redirect = (res: ServerResponse, status: number, location: string) => {
  res.writeHead(status, { location });
  res.end();
};

describe("a crawl whose links redirect", () => {
  let site: FaultServer;
  let internal: FaultServer;
  let report: Report;
  let code: number;
  const db = join(tmp.dir, "redirects.db");
  const seedId = "2401.00004";
  const at = (path: string) => `${site.origin}${path}`;

  beforeAll(async () => {
    site = await startFaultServer();
    internal = await startFaultServer();
    internal.route("/internal/", (_req, res) => sendPage(res, markdownPage("2403.09999", "Internal service page"), "text/markdown; charset=utf-8"));
    const papers = makeSite(4);
    const seed = papers.get(seedId);
    if (!seed) throw new Error("the seeded site has no seed paper");
    seed.buildsOn = [];
    seed.builtBy = [];
    const links = ["2403.00001", "2403.00002", "2403.00003", "2403.00004", "2403.00005"].map((id) => ({ href: paperPath(id), title: `Invented redirecting paper ${id}` }));
    site.route(paperPath(seedId), (_req, res) => sendPage(res, renderHtml(seed, papers, links)));
    site.route(paperPath("2403.00001"), (_req, res) => redirect(res, 302, `http://127.0.0.1:${internal.port}/internal/`));
    site.route(paperPath("2403.00002"), (_req, res) => redirect(res, 302, "http://169.254.169.254/latest/meta-data/"));
    site.route(paperPath("2403.00003"), (_req, res) => redirect(res, 302, `http://0x7f.0.0.1:${internal.port}/internal/`));
    site.route(paperPath("2403.00004"), (_req, res) => redirect(res, 301, "/papers/2403.00004/"));
    site.route("/papers/2403.00004/", (_req, res) => sendPage(res, markdownPage("2403.00004", "Invented moved paper"), "text/markdown; charset=utf-8"));
    // Fetched in the same wave as the moved page, it links to the moved page's final URL.
    site.route(paperPath("2403.00005"), (_req, res) => sendPage(res, markdownPage("2403.00005", "Invented citing paper", ["/papers/2403.00004/"]), "text/markdown; charset=utf-8"));
    const r = await runCli(["crawl", at(paperPath(seedId)), "--depth", "2", ...FAST, "--db", db, "--json"]);
    code = r.code;
    report = JSON.parse(r.stdout) as Report;
  });
  afterAll(async () => {
    await site.close();
    await internal.close();
  });

  const reasonOf = (list: { url: string; reason: string }[], url: string) => list.find((e) => e.url === url)?.reason;

  it("never sends a request to another host a redirect points at", () => {
    expect(internal.requests).toEqual([]);
    expect(code).toBe(1);
  });

  it("refuses each off-host redirect in one line naming the hop and the rule", () => {
    const other = `127.0.0.1:${internal.port}`;
    expect(reasonOf(report.failed, at(paperPath("2403.00001")))).toBe(`refused the redirect to http://${other}/internal/: ${other} is neither a seed's host nor named by --allow-host`);
    expect(reasonOf(report.failed, at(paperPath("2403.00002")))).toBe(
      "refused the redirect to http://169.254.169.254/latest/meta-data/: 169.254.169.254 is neither a seed's host nor named by --allow-host",
    );
    // 0x7f.0.0.1 is 127.0.0.1: the spelling changes nothing.
    expect(reasonOf(report.failed, at(paperPath("2403.00003")))).toBe(`refused the redirect to http://${other}/internal/: ${other} is neither a seed's host nor named by --allow-host`);
    for (const f of report.failed) expect(f.reason).not.toMatch(/\n/);
  });

  it("stores nothing from a refused redirect", async () => {
    const shown = await runCli(["show", "arXiv:2403.09999", "--db", db, "--json"]);
    expect(shown.code).not.toBe(0);
  });

  it("stores a page reached by a same-host redirect under its final URL", async () => {
    expect(report.fetched.map((f) => f.url)).toContain(at(paperPath("2403.00004")));
    const shown = await runCli(["show", "arXiv:2403.00004", "--db", db, "--json"]);
    expect(shown.code).toBe(0);
    const view = JSON.parse(shown.stdout) as { sources: { source: string; role: string }[] };
    expect(view.sources.filter((s) => s.role === "self").map((s) => s.source)).toEqual([at("/papers/2403.00004/")]);
  });

  it("knows the final URL as the page already fetched, so a link to it is not fetched again", () => {
    expect(report.fetched.map((f) => f.url)).toContain(at(paperPath("2403.00005")));
    expect(site.hits("/papers/2403.00004/")).toBe(1);
    expect(reasonOf(report.skipped, at("/papers/2403.00004/"))).toBe(`already fetched: ${at(paperPath("2403.00004"))} redirects here`);
  });

  it("serves the final URL from the cache too, in a later crawl seeded at it", async () => {
    const before = site.requests.length;
    const r = await runCli(["crawl", at("/papers/2403.00004/"), "--depth", "0", ...FAST, "--db", db, "--json"]);
    const again = JSON.parse(r.stdout) as Report;
    expect(r.code).toBe(0);
    expect(again.network.fromCache).toBe(1);
    expect(site.requests.slice(before).map((q) => q.path)).not.toContain("/papers/2403.00004/");
  });
});

describe("names checked after DNS, with an injected resolver", () => {
  let server: FaultServer;
  let rebound = false;
  const asked: string[] = [];
  // papers.test (a reserved name no real resolver knows) is on loopback until the redirect is
  // served, and then on the cloud metadata address.
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    if (hostname !== "papers.test") throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [{ address: rebound ? "169.254.169.254" : "127.0.0.1", family: 4 }];
  };
  const base = () => `http://papers.test:${server.port}`;
  const crawl = (name: string, allowHosts: string[]) =>
    runCrawl(join(tmp.dir, `${name}.db`), {
      seeds: [`${base()}${paperPath("2404.00001")}`],
      depth: 2,
      maxPages: 10,
      allowHosts,
      fetcher: { ...FETCHER_DEFAULTS, ratePerSecond: 200, timeoutMs: 30_000, retries: 0 },
      lookup,
    });

  beforeAll(async () => {
    server = await startFaultServer();
    server.route(paperPath("2404.00001"), (_req, res) => sendPage(res, markdownPage("2404.00001", "Invented seed on a name", [paperPath("2404.00002")]), "text/markdown; charset=utf-8"));
    server.route(paperPath("2404.00002"), (_req, res) => {
      rebound = true;
      redirect(res, 302, paperPath("2404.00003"));
    });
    server.route(paperPath("2404.00003"), (_req, res) => sendPage(res, markdownPage("2404.00003", "Invented page behind a rebinding name"), "text/markdown; charset=utf-8"));
  });
  afterAll(async () => {
    await server.close();
  });

  it("refuses a seed whose name resolves to loopback, before any request, naming the flag that permits it", async () => {
    const report = await crawl("refused", []);
    expect(server.requests).toEqual([]);
    expect(report.fetched).toEqual([]);
    expect(report.failed).toEqual([
      {
        url: `${base()}${paperPath("2404.00001")}`,
        reason: `refused ${base()}${paperPath("2404.00001")}: papers.test resolves to 127.0.0.1, a loopback address, fetched only when a seed is there or --allow-host names it (--allow-host 127.0.0.1)`,
      },
    ]);
  });

  it("connects to the address it checked, and refuses a hop once the name re-resolves to the metadata address", async () => {
    asked.length = 0;
    const report = await crawl("rebinding", ["127.0.0.1"]);
    // Fetched at all: the connection went to the checked 127.0.0.1, with the name in the Host header.
    expect(report.fetched.map((f) => f.url)).toEqual([`${base()}${paperPath("2404.00001")}`]);
    expect(server.requests.find((r) => r.path === paperPath("2404.00001"))?.headers.host).toBe(`papers.test:${server.port}`);
    expect(report.failed).toEqual([
      {
        url: `${base()}${paperPath("2404.00002")}`,
        reason: `refused the redirect to ${base()}${paperPath("2404.00003")}: papers.test resolves to 169.254.169.254, a cloud metadata address, fetched only when a seed is there or --allow-host names it (--allow-host 169.254.169.254)`,
      },
    ]);
    expect(server.hits(paperPath("2404.00003"))).toBe(0);
    expect(new Set(asked)).toEqual(new Set(["papers.test"]));
  });

  it("gives up on a resolver that never answers after --timeout, as on a server that never answers", async () => {
    const report = await runCrawl(join(tmp.dir, "silent-dns.db"), {
      seeds: [`${base()}${paperPath("2404.00001")}`],
      depth: 0,
      maxPages: 1,
      allowHosts: ["127.0.0.1"],
      fetcher: { ...FETCHER_DEFAULTS, ratePerSecond: 200, timeoutMs: 300, retries: 0 },
      lookup: () => new Promise<ResolvedAddress[]>(() => undefined),
    });
    expect(report.fetched).toEqual([]);
    expect([...report.failed, ...report.skipped].map((e) => e.reason)).toEqual(["robots.txt unreachable (no DNS answer within 0.3 s (--timeout)): not crawling papers.test:" + server.port]);
  });
});

describe("lineage fetch and its API hosts", () => {
  let api: FaultServer;
  let internal: FaultServer;
  const saved = process.env.LINEAGE_S2_API;

  beforeAll(async () => {
    api = await startFaultServer();
    internal = await startFaultServer();
    internal.route("/steal", (_req, res) => sendPage(res, "{}", "application/json"));
    const away = (_req: unknown, res: ServerResponse) => redirect(res, 302, `http://127.0.0.1:${internal.port}/steal`);
    for (const path of ["/graph/v1/paper/abc123", "/graph/v1/paper/abc123/references", "/graph/v1/paper/abc123/citations"]) api.route(path, away);
    process.env.LINEAGE_S2_API = `${api.origin}/graph/v1`;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.LINEAGE_S2_API;
    else process.env.LINEAGE_S2_API = saved;
    await api.close();
    await internal.close();
  });

  it("refuses a redirect from the API host to another host, naming the rule", async () => {
    const r = await runCli(["fetch", "s2", "abc123", "--retries", "0", "--rate", "50", "--db", join(tmp.dir, "fetch.db"), "--json"]);
    expect(internal.requests).toEqual([]);
    expect(api.hits("/graph/v1/paper/abc123")).toBe(1);
    const report = JSON.parse(r.stdout) as { requests: { url: string; reason?: string }[] };
    const other = `127.0.0.1:${internal.port}`;
    expect(report.requests[0]?.reason).toBe(`refused the redirect to http://${other}/steal: ${other} is not the host of LINEAGE_S2_API or LINEAGE_OPENALEX_API`);
    expect(r.code).toBe(1);
  });
});
