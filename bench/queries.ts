/**
 * Queries in process, side by side with networkx (issue 6): for each graph, bench/query-worker.ts
 * answers a seeded query list with Lineage's own functions, then bench/networkx_queries.py answers
 * the same list on the same graph with Debian's python3-networkx. Both run alone, one after the
 * other. Every answer is compared (closure sizes, path counts and lengths, main path weights).
 * Target: faster than networkx on every query type, at the median and at p99.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { spread, type Spread } from "./stats.ts";
import type { WorkerResult } from "./query-worker.ts";

export const PYTHON = "/usr/bin/python3";

export interface QueryRow {
  query: string;
  lineage: Spread;
  networkx: Spread;
  /** networkx time over Lineage time: above 1 means Lineage is faster. */
  medianSpeedup: number;
  p99Speedup: number;
  mismatches: number;
}

export interface QueryBench {
  graph: string;
  papers: number;
  citations: number;
  lineage: { loadMs: number; peakRssMiB: number; peakRssAfterMiB: number };
  networkx: { loadMs: number; peakRssMiB: number; peakRssAfterMiB: number; version: string };
  rows: QueryRow[];
  met: boolean;
}

interface NetworkxResult {
  loadMs: number;
  rssMiB: number;
  rssAfterMiB: number;
  networkx: string;
  queries: Record<string, { ms: number[]; answers: (number | string)[] }>;
}

export interface QuerySizes {
  closures: number;
  paths: number;
  longest: number;
  mainPaths: number;
}

function runJson<T>(command: string, args: string[], what: string): T {
  const r = spawnSync(command, args, { encoding: "utf8", maxBuffer: 256 * 2 ** 20, cwd: join(import.meta.dirname, "..") });
  if (r.status !== 0) throw new Error(`bench: ${what} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout) as T;
}

export function benchQueries(graph: string, db: string, workDir: string, sizes: QuerySizes): QueryBench {
  const spec = join(workDir, `${graph.replace(/\W+/g, "-")}-queries.json`);
  const tsx = join(import.meta.dirname, "../node_modules/.bin/tsx");
  const ours = runJson<WorkerResult>(
    tsx,
    [join(import.meta.dirname, "query-worker.ts"), db, spec, String(sizes.closures), String(sizes.paths), String(sizes.longest), String(sizes.mainPaths)],
    `the query worker on ${graph}`,
  );
  const theirs = runJson<NetworkxResult>(PYTHON, [join(import.meta.dirname, "networkx_queries.py"), spec], `networkx on ${graph}`);
  rmSync(`${spec}.edges`, { force: true });
  rmSync(spec, { force: true });
  const rows: QueryRow[] = Object.entries(ours.queries).map(([query, mine]) => {
    const other = theirs.queries[query];
    if (!other) throw new Error(`bench: networkx did not answer "${query}"`);
    const lineage = spread(mine.ms);
    const networkx = spread(other.ms);
    return {
      query,
      lineage,
      networkx,
      medianSpeedup: networkx.median / lineage.median,
      p99Speedup: networkx.p99 / lineage.p99,
      mismatches: mine.answers.filter((a, i) => a !== other.answers[i]).length,
    };
  });
  return {
    graph,
    papers: ours.papers,
    citations: ours.citations,
    lineage: { loadMs: ours.loadMs, peakRssMiB: ours.rssMiB, peakRssAfterMiB: ours.rssAfterMiB },
    networkx: { loadMs: theirs.loadMs, peakRssMiB: theirs.rssMiB, peakRssAfterMiB: theirs.rssAfterMiB, version: theirs.networkx },
    rows,
    met: rows.every((r) => r.medianSpeedup > 1 && r.p99Speedup > 1 && r.mismatches === 0),
  };
}
