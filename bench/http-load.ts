/**
 * The HTTP API under load (issue 6): wrk (or autocannon where wrk is not installed) against one
 * server process serving a database,
 * for paper, builds-on depth 2 and path requests over seeded samples of papers, and a tiny static
 * file served by the same server as the baseline, at 16 and 64 connections. The server runs in its
 * own process (bench/serve-child.ts) so client and server do not share an event loop.
 * Target on AAN: p99 under 10 ms and within 2.5x of the static file.
 */
import autocannon, { type AutocannonResult } from "autocannon";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openReader } from "../db/store.ts";
import { loadCitationIndex } from "../library/citation-index-store.ts";
import { sampleQueries } from "./query-sample.ts";
import { serveChild, ROOT } from "./server-process.ts";
import { median } from "./stats.ts";
import { runWrk, wrkAvailable, type WrkResult } from "./wrk.ts";

/** One row of the table: a request kind at one concurrency, as the median of interleaved rounds. */
export interface LoadRow extends Omit<WrkResult, "requests"> {
  request: string;
  connections: number;
  total: number;
  /** Rounds measured (each: the static file and every request kind, one after another). */
  rounds: number;
  /** Static file's requests/s over this one's in the same round (1 = as fast as the file): the median. */
  throughputRatio: number;
  /** This p99 over the static file's p99 in the same round: the median. */
  p99Ratio: number;
  /** The lowest and highest of the per-round ratios, to show how much a quiet machine still varies. */
  throughputRatioRange: [number, number];
  p99RatioRange: [number, number];
}

/** The first warm-up of each request kind (a pass over every sampled request); later rounds' are shorter. */
const WARM_UP_SECONDS = 3;
const REWARM_SECONDS = 1;

export interface HttpBench {
  graph: string;
  /** The load generator: "wrk" (preferred) or "autocannon". */
  tool?: string;
  /** Seconds measured per request kind per round. */
  durationSeconds: number;
  rounds?: number;
  rows: LoadRow[];
  serverRssMiB: number;
  serverPeakRssMiB: number;
  met: boolean;
}

/** A static root with the built page (if any) and the tiny baseline file. */
export function staticRoot(workDir: string): string {
  const dist = join(workDir, "dist");
  mkdirSync(dist, { recursive: true });
  const built = join(ROOT, "dist/index.html");
  if (existsSync(built)) copyFileSync(built, join(dist, "index.html"));
  else writeFileSync(join(dist, "index.html"), "<!doctype html><title>Lineage</title>");
  writeFileSync(join(dist, "tiny.txt"), "lineage\n");
  return dist;
}

/** Request paths over seeded samples: papers, their depth-2 builds-on sets, paths between them. */
export function requestPaths(db: string, count = 200): Record<string, string[]> {
  const conn = openReader(db);
  try {
    const index = loadCitationIndex(conn);
    const sample = sampleQueries(index, { closures: count, paths: count, longest: 0, mainPaths: 0 }, 11);
    const ref = (i: number) => encodeURIComponent(index.id(i));
    return {
      "static file": ["/tiny.txt"],
      paper: sample.closureSeeds.map((i) => `/api/papers/${ref(i)}`),
      "builds-on depth 2": sample.closureSeeds.map((i) => `/api/papers/${ref(i)}/builds-on?depth=2`),
      path: sample.pathPairs.map(([a, b]) => `/api/path?from=${ref(a)}&to=${ref(b)}`),
    };
  } finally {
    conn.close();
  }
}

/**
 * Every request kind measured beside the static file in interleaved rounds (static, paper,
 * builds-on, path; static, paper, ...), and each ratio taken within its round: on a shared
 * two-core machine throughput drifts by more than 1.5x over a minute, and a baseline measured
 * once, a minute before the request it is compared with, says more about the drift than the server.
 */
export async function benchHttp(graph: string, db: string, workDir: string, durationSeconds = 3, connectionCounts = [16, 64], rounds = 5): Promise<HttpBench> {
  const paths = requestPaths(db);
  const server = await serveChild(db, staticRoot(workDir));
  const rows: LoadRow[] = [];
  const tool = wrkAvailable() ? "wrk" : "autocannon";
  const load = (list: string[], connections: number, seconds: number) => (tool === "wrk" ? runWrk(server.url, list, connections, seconds) : loadWithAutocannon(server.url, list, connections, seconds));
  try {
    for (const connections of connectionCounts) {
      const runs = new Map<string, WrkResult[]>(Object.keys(paths).map((k) => [k, []]));
      for (let round = 0; round < rounds; round++) {
        for (const [request, list] of Object.entries(paths)) {
          // A warm-up at the same concurrency, so that JIT, row reads and page-cache misses are not counted.
          await load(list, connections, round === 0 ? WARM_UP_SECONDS : REWARM_SECONDS);
          runs.get(request)?.push(await load(list, connections, durationSeconds));
        }
      }
      const baseline = runs.get("static file") ?? [];
      for (const [request, results] of runs) {
        const throughput = results.map((r, i) => (baseline[i]?.requestsPerSecond ?? NaN) / r.requestsPerSecond);
        // autocannon reports whole milliseconds: a 0 ms p99 counts as 1 ms there.
        const p99 = results.map((r, i) => wholeMs(tool, r.latencyP99Ms) / wholeMs(tool, baseline[i]?.latencyP99Ms ?? NaN));
        rows.push({
          request,
          connections,
          rounds: results.length,
          requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
          latencyMeanMs: median(results.map((r) => r.latencyMeanMs)),
          latencyP50Ms: median(results.map((r) => r.latencyP50Ms)),
          latencyP99Ms: median(results.map((r) => r.latencyP99Ms)),
          errors: results.reduce((sum, r) => sum + r.errors, 0),
          non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
          total: results.reduce((sum, r) => sum + r.requests, 0),
          throughputRatio: median(throughput),
          p99Ratio: median(p99),
          throughputRatioRange: [Math.min(...throughput), Math.max(...throughput)],
          p99RatioRange: [Math.min(...p99), Math.max(...p99)],
        });
      }
    }
    const serverRssMiB = server.rssMiB();
    const serverPeakRssMiB = server.peakRssMiB();
    const api = rows.filter((r) => r.request !== "static file");
    return {
      graph,
      tool,
      durationSeconds,
      rounds,
      rows,
      serverRssMiB,
      serverPeakRssMiB,
      met: api.every((r) => r.latencyP99Ms < 10 && r.throughputRatio <= 2.5 && r.p99Ratio <= 2.5 && r.errors === 0 && r.non2xx === 0),
    };
  } finally {
    await server.stop();
  }
}

function wholeMs(tool: string, ms: number): number {
  return tool === "wrk" ? ms : Math.max(1, ms);
}

async function loadWithAutocannon(url: string, list: string[], connections: number, seconds: number): Promise<WrkResult> {
  const r: AutocannonResult = await autocannon({ url, connections, duration: seconds, requests: list.map((path) => ({ path })) });
  return {
    requests: r.requests.total ?? 0,
    requestsPerSecond: r.requests.average,
    latencyMeanMs: r.latency.mean,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
