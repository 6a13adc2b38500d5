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
import { LineageDb } from "../db/lineage-db.ts";
import { sampleQueries } from "./query-sample.ts";
import { serveChild, ROOT } from "./server-process.ts";
import { runWrk, wrkAvailable, type WrkResult } from "./wrk.ts";

/** One row of the table: a load generator's figures for one request kind at one concurrency. */
export interface LoadRow extends Omit<WrkResult, "requests"> {
  request: string;
  connections: number;
  total: number;
  /** Static file's requests/s over this one's (1 = as fast as the file). */
  throughputRatio: number;
  /** This p99 over the static file's p99 (autocannon's whole-ms latencies: a 0 ms p99 counts as 1 ms). */
  p99Ratio: number;
}

const WARM_UP_SECONDS = 3;

export interface HttpBench {
  graph: string;
  /** The load generator: "wrk" (preferred) or "autocannon". */
  tool?: string;
  durationSeconds: number;
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
  const conn = LineageDb.open(db, { readonly: true });
  try {
    const index = conn.graphIndex();
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

export async function benchHttp(graph: string, db: string, workDir: string, durationSeconds = 8, connectionCounts = [16, 64]): Promise<HttpBench> {
  const paths = requestPaths(db);
  const server = await serveChild(db, staticRoot(workDir));
  const rows: LoadRow[] = [];
  const tool = wrkAvailable() ? "wrk" : "autocannon";
  const load = (list: string[], connections: number, seconds: number) =>
    tool === "wrk" ? runWrk(server.url, list, connections, seconds) : loadWithAutocannon(server.url, list, connections, seconds);
  try {
    for (const connections of connectionCounts) {
      let baseline: WrkResult | undefined;
      for (const [request, list] of Object.entries(paths)) {
        // A warm-up at the same concurrency (3 s: a pass over every sampled request), so that the
        // first requests' JIT, row reads and page cache misses are not counted: a server is warm.
        await load(list, connections, WARM_UP_SECONDS);
        const r = await load(list, connections, durationSeconds);
        baseline ??= r;
        rows.push({
          request,
          connections,
          requestsPerSecond: r.requestsPerSecond,
          latencyMeanMs: r.latencyMeanMs,
          latencyP50Ms: r.latencyP50Ms,
          latencyP99Ms: r.latencyP99Ms,
          errors: r.errors,
          non2xx: r.non2xx,
          total: r.requests,
          throughputRatio: baseline.requestsPerSecond / r.requestsPerSecond,
          // autocannon reports whole milliseconds: a 0 ms p99 counts as 1 ms there.
          p99Ratio: tool === "wrk" ? r.latencyP99Ms / baseline.latencyP99Ms : Math.max(1, r.latencyP99Ms) / Math.max(1, baseline.latencyP99Ms),
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
      rows,
      serverRssMiB,
      serverPeakRssMiB,
      met: api.every((r) => r.latencyP99Ms < 10 && r.throughputRatio <= 2.5 && r.p99Ratio <= 2.5 && r.errors === 0 && r.non2xx === 0),
    };
  } finally {
    await server.stop();
  }
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
