/**
 * robots.txt (RFC 9309), read once per origin and obeyed: rules parsed by robots-parser for our
 * User-Agent token; a missing robots.txt (4xx) allows everything; an unreachable one (5xx, network
 * error) disallows the whole host, as the RFC asks; a Crawl-delay slows our rate for that host,
 * up to the longest wait the fetcher honours (as a Retry-After is capped): `Crawl-delay: 3600`
 * once stalled a crawl an hour per page, silently. A capped delay is said in one warning.
 * Fetching is injected, so the rules are testable without a network.
 */
import robotsParser from "robots-parser";

/** The product token robots.txt groups are matched against. */
export const ROBOTS_AGENT = "Lineage";

/** The cap on a Crawl-delay when none is given: the fetcher's default cap on Retry-After. */
export const MAX_CRAWL_DELAY_SECONDS = 120;

export type RobotsRules =
  { kind: "rules"; isAllowed: (url: string) => boolean; crawlDelaySeconds?: number; crawlDelayAskedSeconds?: number } | { kind: "allow-all" } | { kind: "disallow-all"; reason: string };

/** The rules a robots.txt response sets, a Crawl-delay held to `maxCrawlDelaySeconds`. Pure. */
export function robotsRules(robotsUrl: string, response: { status: number; body: string } | { error: string }, maxCrawlDelaySeconds = MAX_CRAWL_DELAY_SECONDS): RobotsRules {
  if ("error" in response) return { kind: "disallow-all", reason: `robots.txt unreachable (${response.error})` };
  const { status, body } = response;
  if (status >= 200 && status < 300) {
    const robot = robotsParser(robotsUrl, body);
    const delay = robot.getCrawlDelay(ROBOTS_AGENT);
    const rules: RobotsRules = { kind: "rules", isAllowed: (url: string) => robot.isAllowed(url, ROBOTS_AGENT) !== false };
    if (delay !== undefined && Number.isFinite(delay) && delay > 0) {
      rules.crawlDelaySeconds = Math.min(delay, maxCrawlDelaySeconds);
      if (delay > maxCrawlDelaySeconds) rules.crawlDelayAskedSeconds = delay;
    }
    return rules;
  }
  if (status >= 400 && status < 500) return { kind: "allow-all" };
  return { kind: "disallow-all", reason: `robots.txt unreachable (HTTP ${status})` };
}

export type RobotsVerdict = { allowed: true; crawlDelaySeconds?: number } | { allowed: false; reason: string };

export function robotsUrlOf(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}/robots.txt`;
}

export interface RobotsOptions {
  /** The longest Crawl-delay obeyed (seconds); a longer one is capped, and said. */
  maxCrawlDelaySeconds?: number;
  /** Told once per host whose Crawl-delay was capped. */
  warn?: (warning: string) => void;
}

/** Rules per origin, fetched on first use (concurrent first uses share one fetch). */
export class RobotsPolicy {
  private readonly rules = new Map<string, Promise<RobotsRules>>();

  constructor(
    private readonly load: (robotsUrl: string) => Promise<{ status: number; body: string } | { error: string }>,
    private readonly options: RobotsOptions = {},
  ) {}

  async check(url: string): Promise<RobotsVerdict> {
    const robotsUrl = robotsUrlOf(url);
    let rules = this.rules.get(robotsUrl);
    if (!rules) {
      rules = this.load(robotsUrl).then((r) => {
        const read = robotsRules(robotsUrl, r, this.options.maxCrawlDelaySeconds);
        if (read.kind === "rules" && read.crawlDelayAskedSeconds !== undefined) {
          this.options.warn?.(
            `${new URL(robotsUrl).host}: robots.txt asks for a Crawl-delay of ${read.crawlDelayAskedSeconds} s; ` +
              `waiting ${read.crawlDelaySeconds} s between requests instead, the longest wait the crawler honours`,
          );
        }
        return read;
      });
      this.rules.set(robotsUrl, rules);
    }
    const r = await rules;
    if (r.kind === "allow-all") return { allowed: true };
    if (r.kind === "disallow-all") return { allowed: false, reason: `${r.reason}: not crawling ${new URL(url).host}` };
    if (!r.isAllowed(url)) return { allowed: false, reason: `disallowed by ${robotsUrl}` };
    return { allowed: true, ...(r.crawlDelaySeconds !== undefined ? { crawlDelaySeconds: r.crawlDelaySeconds } : {}) };
  }
}
