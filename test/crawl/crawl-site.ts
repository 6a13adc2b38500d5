/**
 * The crawl tests' world: a seeded site on a fault server, whose seed page lists, besides its
 * real neighbours, links to paths that misbehave in every way issue 5 names.
 */
import type { ServerResponse } from "node:http";
import { makeSite, paperPath, renderHtml, renderMarkdown, type SitePaper } from "./site.ts";
import { sendPage, startFaultServer, streamHuge, type FaultServer } from "./fault-server.ts";

export const FAULTS = {
  recovers: "2402.00001",
  retryAfter: "2402.00002",
  hangs: "2402.00003",
  loops: "2402.00004",
  huge: "2402.00005",
  image: "2402.00006",
  robots: "2402.00007",
  missing: "2402.00008",
  otherHost: "2402.00009",
  moved: "2402.00010",
} as const;

export const ROBOTS_TXT = "User-agent: *\nDisallow: /private/\n\nUser-agent: Lineage\nDisallow: /paper/2402.00007/\n";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

function faultPaper(id: string): SitePaper {
  return { id, title: `Fault page ${id}`, year: 2024, buildsOn: [], builtBy: [], format: "markdown" };
}

export interface CrawlSite {
  server: FaultServer;
  site: Map<string, SitePaper>;
  seedId: string;
  seedUrl: string;
  url: (id: string) => string;
}

/**
 * Serves one site paper, as HTML or Markdown, with an ETag so it can be revalidated. When `hold`
 * says so, the request is left unanswered (as if the server stalled) and never counted as served.
 */
function servePaper(server: FaultServer, p: SitePaper, body: string, hold?: () => boolean): void {
  const etag = `"${p.id}-v1"`;
  server.route(paperPath(p.id), (req, res) => {
    if (hold?.()) return;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    sendPage(res, body, p.format === "html" ? "text/html; charset=utf-8" : "text/markdown; charset=utf-8", { etag, "last-modified": "Mon, 02 Jun 2025 10:00:00 GMT" });
  });
}

export type Fault = keyof typeof FAULTS;

export interface CrawlSiteOptions {
  papers?: number;
  /** Whether the seed links to the fault pages (all of them, but those left out). */
  faults?: boolean;
  leaveOut?: Fault[];
  robots?: string;
  seedId?: string;
  hold?: () => boolean;
  /** The clock the server logs requests by. */
  now?: () => number;
}

export async function startCrawlSite(options: CrawlSiteOptions = {}): Promise<CrawlSite> {
  const server = await startFaultServer(options.now);
  const site = makeSite(options.papers ?? 8);
  const seedId = options.seedId ?? "2401.00004";
  const url = (id: string) => `${server.origin}${paperPath(id)}`;
  const linked = Object.entries(FAULTS).filter(([name]) => !options.leaveOut?.includes(name as Fault));
  const faultLinks =
    options.faults === false
      ? []
      : linked.map(([name, id]) => ({
          href: name === "otherHost" ? `http://localhost:${server.port}${paperPath(id)}` : paperPath(id),
          title: `Fault page ${id}`,
        }));
  for (const p of site.values()) {
    const html = p.format === "html" || p.id === seedId;
    servePaper(server, { ...p, format: html ? "html" : "markdown" }, html ? renderHtml(p, site, p.id === seedId ? faultLinks : []) : renderMarkdown(p, site), options.hold);
  }
  server.route("/robots.txt", (_req, res) => sendPage(res, options.robots ?? ROBOTS_TXT, "text/plain"));
  const page = (id: string) => renderMarkdown(faultPaper(id), site);
  const md = (res: ServerResponse, id: string) => sendPage(res, page(id), "text/markdown; charset=utf-8");
  server.route(paperPath(FAULTS.recovers), (_req, res, n) => {
    if (n <= 2) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end("temporarily broken");
    } else md(res, FAULTS.recovers);
  });
  server.route(paperPath(FAULTS.retryAfter), (_req, res, n) => {
    if (n === 1) {
      res.writeHead(429, { "retry-after": "1", "content-type": "text/plain" });
      res.end("slow down");
    } else md(res, FAULTS.retryAfter);
  });
  server.route(paperPath(FAULTS.hangs), () => {
    // never answers: the crawler's per-request timeout must give up
  });
  const redirect = (to: string) => (_req: unknown, res: ServerResponse) => {
    res.writeHead(302, { location: to });
    res.end();
  };
  server.route(paperPath(FAULTS.loops), redirect("/loop/a/"));
  server.route("/loop/a/", redirect("/loop/b/"));
  server.route("/loop/b/", redirect("/loop/a/"));
  server.route(paperPath(FAULTS.huge), (_req, res) => streamHuge(res, 30 * 1024 * 1024));
  server.route(paperPath(FAULTS.image), (_req, res) => sendPage(res, PNG.toString("latin1"), "image/png"));
  server.route(paperPath(FAULTS.robots), (_req, res) => md(res, FAULTS.robots));
  server.route(paperPath(FAULTS.otherHost), (_req, res) => md(res, FAULTS.otherHost));
  server.route(paperPath(FAULTS.moved), (_req, res) => {
    res.writeHead(301, { location: `/moved/${FAULTS.moved}/` });
    res.end();
  });
  server.route(`/moved/${FAULTS.moved}/`, (_req, res) => md(res, FAULTS.moved));
  return { server, site, seedId, seedUrl: url(seedId), url };
}
