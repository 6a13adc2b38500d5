/**
 * `lineage crawl URL... [--depth N] [--max-pages N] [--rate R] [--timeout S] [--allow-host H]
 * [--max-age D] [--json]`: fetch paper pages and follow their "Builds on" / "Built on by" links,
 * politely and resumably (see crawl/). Exit 0 when every page was fetched, 1 when some failed.
 * Re-running an interrupted crawl with the same seeds and options resumes it.
 */
import { runCrawl, type CrawlReport } from "../../crawl/crawler.ts";
import { FETCHER_DEFAULTS, type FetcherSettings } from "../../crawl/fetcher.ts";
import { normalizeUrl } from "../../crawl/links.ts";
import { progressLine, progressReporter } from "../../crawl/progress.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, intOption, printJson, type CommandContext } from "./context.ts";

export function numberOption(ctx: CommandContext, name: string, fallback: number, min: number, max: number): number {
  const raw = ctx.values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(n) || n < min || n > max) {
    throw new CliError(`--${name} must be a number from ${min} to ${max}, got ${String(raw)}`, EXIT.usage);
  }
  return n;
}

/** The fetcher settings every fetching command takes from its options. */
export function fetcherOptions(ctx: CommandContext, defaults: { maxAgeDays?: number } = {}): FetcherSettings {
  return Object.assign({}, FETCHER_DEFAULTS, {
    ratePerSecond: numberOption(ctx, "rate", FETCHER_DEFAULTS.ratePerSecond, 0.001, 1000),
    timeoutMs: numberOption(ctx, "timeout", FETCHER_DEFAULTS.timeoutMs / 1000, 0.05, 600) * 1000,
    maxAgeMs: numberOption(ctx, "max-age", defaults.maxAgeDays ?? 7, 0, 3650) * 24 * 3600 * 1000,
    maxBytes: intOption(ctx, "max-bytes", FETCHER_DEFAULTS.maxBytes, 1024, 1024 * 1024 * 1024),
    retries: intOption(ctx, "retries", FETCHER_DEFAULTS.retries, 0, 10),
    backoffMs: numberOption(ctx, "backoff", FETCHER_DEFAULTS.backoffMs / 1000, 0, 60) * 1000,
    seed: intOption(ctx, "jitter-seed", FETCHER_DEFAULTS.seed, 0, 2 ** 31 - 1),
    ...(ctx.verbose ? { log: (line: string) => ctx.err(`lineage: ${line}`) } : {}),
  });
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

export async function crawlCommand(ctx: CommandContext): Promise<number> {
  if (ctx.positionals.length === 0) throw new CliError("crawl: give at least one page URL to start from", EXIT.usage);
  const seeds = ctx.positionals.map((raw) => {
    const url = normalizeUrl(raw);
    if (!url) throw new CliError(`crawl: "${raw}" is not an http(s) URL`, EXIT.usage);
    return url;
  });
  const allowHosts = list(ctx.values["allow-host"])
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const controller = new AbortController();
  const interrupt = () => {
    controller.abort();
    ctx.err("lineage: interrupted; stopping after the pages in flight (run the same command again to resume)");
  };
  process.once("SIGINT", interrupt);
  const bar = process.stderr.isTTY ? progressReporter({ isTTY: true, columns: process.stderr.columns, write: (t) => process.stderr.write(t) }) : undefined;
  let report: CrawlReport;
  try {
    report = await runCrawl(dbPath(ctx), {
      seeds: [...new Set(seeds)],
      depth: intOption(ctx, "depth", 1, 0, 20),
      maxPages: intOption(ctx, "max-pages", 100, 1, 1_000_000),
      allowHosts,
      fetcher: fetcherOptions(ctx),
      signal: controller.signal,
      ...(bar ? { onProgress: bar.onProgress } : ctx.json ? {} : { onProgress: (e) => ctx.err(progressLine(e)) }),
    });
  } finally {
    bar?.end();
    process.removeListener("SIGINT", interrupt);
  }
  if (ctx.json) {
    printJson(ctx, report);
  } else {
    for (const w of report.warnings) ctx.err(`lineage: warning: ${w}`);
    for (const f of report.failed) ctx.err(`lineage: ${f.url}: ${f.reason}`);
    const n = report.network;
    ctx.out(
      `Crawl ${report.crawl.finished ? "finished" : "stopped (resume by running the same command)"}${report.crawl.resumed ? " (resumed)" : ""}: ` +
        `${report.fetched.length} pages fetched, ${report.failed.length} failed, ${report.skipped.length} skipped; ` +
        `${n.requests} requests, ${n.fromCache} from cache, ${n.revalidated} revalidated. Graph: ${report.papers} papers, ${report.edges} citations.`,
    );
  }
  return report.failed.length > 0 || !report.crawl.finished ? EXIT.failed : EXIT.ok;
}
