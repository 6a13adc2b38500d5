/**
 * Server cold start (issue 6): from spawning `lineage serve` (the real bin, through tsx) to its
 * first answered request, with the server's peak resident memory, against the same measure for a
 * bare Node HTTP server process (the baseline: what starting any Node server costs here). The
 * database's layout and traversal index are stored (as after the first `lineage serve`); the OS
 * file cache is warm. Median of several runs.
 * Targets: AAN under 1.5 s; 10^7 citations under 10 s with resident memory under 2.5 GB.
 */
import { request } from "node:http";
import { spawnServer, lineageServe, type ServerProcess } from "./server-process.ts";
import { median } from "./stats.ts";

export interface ColdStartBench {
  graph: string;
  runs: number;
  firstAnswerMs: number;
  listeningMs: number;
  baselineMs: number;
  ratio: number;
  peakRssMiB: number;
  targetMs: number;
  targetRssMiB?: number;
  met: boolean;
}

/** GET with Node's http client (fetch's first call costs the client 100+ ms of its own). */
export function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(url, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

async function firstAnswer(start: () => Promise<ServerProcess>, path: string): Promise<{ answerMs: number; listeningMs: number; peakRssMiB: number }> {
  const server = await start();
  try {
    const r = await get(server.url + path);
    const answerMs = performance.now() - server.spawnedAt;
    if (r.status !== 200) throw new Error(`cold start: ${path} answered ${r.status}: ${r.body.slice(0, 200)}`);
    return { answerMs, listeningMs: server.listeningMs, peakRssMiB: server.peakRssMiB() };
  } finally {
    await server.stop();
  }
}

const BARE_SERVER = `require("node:http").createServer((q, s) => s.end("ok")).listen(0, "127.0.0.1", function () { console.log("listening http://127.0.0.1:" + this.address().port) })`;

export async function benchColdStart(graph: string, db: string, targetMs: number, targetRssMiB?: number, runs = 5): Promise<ColdStartBench> {
  const ours: { answerMs: number; listeningMs: number; peakRssMiB: number }[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    bare.push((await firstAnswer(() => spawnServer(["-e", BARE_SERVER], /listening (http:\/\/\S+)/), "/")).answerMs);
    ours.push(await firstAnswer(() => lineageServe(db), "/api/stats"));
  }
  const firstAnswerMs = median(ours.map((o) => o.answerMs));
  const baselineMs = median(bare);
  const peakRssMiB = Math.max(...ours.map((o) => o.peakRssMiB));
  return {
    graph,
    runs,
    firstAnswerMs,
    listeningMs: median(ours.map((o) => o.listeningMs)),
    baselineMs,
    ratio: firstAnswerMs / baselineMs,
    peakRssMiB,
    targetMs,
    ...(targetRssMiB ? { targetRssMiB } : {}),
    met: firstAnswerMs < targetMs && (targetRssMiB === undefined || peakRssMiB < targetRssMiB),
  };
}
