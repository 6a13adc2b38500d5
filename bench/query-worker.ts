/**
 * One graph's side of the query benchmark, in a process of its own so its memory is its own:
 *   tsx bench/query-worker.ts DB SPEC_OUT [closures paths longest mainPaths]
 * Loads the traversal index as the server does, samples the queries (bench/query-sample.ts),
 * writes the edge list and the queries for networkx (SPEC_OUT, SPEC_OUT.edges), answers every
 * query with the library's own functions, and prints one JSON object: per query type the
 * milliseconds of each answer, and the answers' sizes so the two sides can be checked equal.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { openReader } from "../db/store.ts";
import { loadCitationIndex } from "../library/citation-index-store.ts";
import type { CitationIndex, Direction } from "../graph/citation-index.ts";
import { closure } from "../graph/closure.ts";
import { allShortestPaths } from "../graph/shortest-paths.ts";
import { longestPath } from "../graph/longest-path.ts";
import { lineageOf } from "../graph/lineage-scope.ts";
import { mainPath } from "../graph/main-path.ts";
import { sampleQueries } from "./query-sample.ts";
import { mib } from "./stats.ts";

export const MAX_PATHS = 100;

export interface QueryTypeResult {
  ms: number[];
  answers: (number | string)[];
}

export interface WorkerResult {
  papers: number;
  citations: number;
  loadMs: number;
  rssMiB: number;
  heapMiB: number;
  rssAfterMiB: number;
  queries: Record<string, QueryTypeResult>;
}

function edgeFile(index: CitationIndex): Buffer {
  const pairs = new Uint32Array(index.edgeCount * 2);
  let k = 0;
  for (let i = 0; i < index.size; i++) {
    for (const j of index.neighbours(i, "buildsOn")) {
      pairs[k++] = i;
      pairs[k++] = j;
    }
  }
  return Buffer.from(pairs.buffer);
}

function run<Q>(queries: readonly Q[], answer: (q: Q) => number | string): QueryTypeResult {
  // An untimed pass first, as a running server is warm: the whole list, or as much of it as
  // fits in a second (at least one query), so the JIT has compiled every path.
  const warmUntil = performance.now() + 1000;
  for (const q of queries) {
    answer(q);
    if (performance.now() > warmUntil) break;
  }
  const ms: number[] = [];
  const answers: (number | string)[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const a = answer(q);
    ms.push(performance.now() - t0);
    answers.push(a);
  }
  return { ms, answers };
}

const [dbPath, specOut, ...sizeArgs] = process.argv.slice(2);
if (!dbPath || !specOut) {
  console.error("usage: tsx bench/query-worker.ts DB SPEC_OUT [closures paths longest mainPaths]");
  process.exit(2);
}
const [closures = 200, paths = 100, longest = 50, mainPaths = 10] = sizeArgs.map(Number);

const t0 = performance.now();
const db = openReader(dbPath);
const index = loadCitationIndex(db);
const loadMs = performance.now() - t0;
db.close();
/** Peak resident memory of this process so far (VmHWM, as networkx's side reports it). */
function peakRss(): number {
  const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
  return m?.[1] ? mib(Number(m[1]) * 1024) : mib(process.resourceUsage().maxRSS * 1024);
}
const rssMiB = peakRss();
const heapMiB = mib(process.memoryUsage().heapUsed);

const sample = sampleQueries(index, { closures, paths, longest, mainPaths });
writeFileSync(`${specOut}.edges`, edgeFile(index));
writeFileSync(specOut, JSON.stringify({ papers: index.size, edges: `${specOut}.edges`, maxPaths: MAX_PATHS, ...sample }));

const queries: Record<string, QueryTypeResult> = {};
for (const direction of ["buildsOn", "builtBy"] as Direction[]) {
  for (const depth of [1, 2, 3]) {
    queries[`${direction} depth ${depth}`] = run(sample.closureSeeds, (s) => closure(index, s, direction, depth).length);
  }
}
queries["shortest path"] = run(sample.pathPairs, ([from, to]) => {
  const r = allShortestPaths(index, from, to, MAX_PATHS);
  return `${r.paths.length}x${r.paths[0]?.length ?? 0}`;
});
queries["longest path"] = run(sample.longestPairs, ([from, to]) => longestPath(index, from, to, (i) => index.degree(i, "builtBy")).length);
queries["main path"] = run(sample.mainPathSeeds, (s) => mainPath(index, { scope: lineageOf(index, [s]) }).weight.toString());

const result: WorkerResult = {
  papers: index.size,
  citations: index.edgeCount,
  loadMs,
  rssMiB,
  heapMiB,
  rssAfterMiB: peakRss(),
  queries,
};
process.stdout.write(JSON.stringify(result));
