/**
 * `npm run soak`: the resilience checks of issue 6 at a size `npm test` has no time for. Each
 * prints one line and the run writes bench/results/soak-latest.json; exit 1 if any failed.
 *   npm run soak [-- --work DIR] [--skip-large] [--only WORDS]   (--only: the checks whose name holds WORDS)
 * - kill -9 at five points of an ingest of every rendered AAN page (about 16k): sound database,
 *   no half-ingested page, and a re-run gives the uninterrupted graph;
 * - readers during writes: the AAN server answers throughout that ingest into its database;
 * - 100,000 mixed requests at 64 connections against AAN: no error, bounded memory;
 * - expensive queries on 10^7 citations through the real server: each answers or stops at its
 *   budget, and the server keeps answering other requests meanwhile (--skip-large leaves it out);
 * - a stall attempt on AAN (issue 17, item 5): 8 connections asking for reading lists of 20 hub
 *   seeds and 64 for everything that builds on the Penn Treebank at depth 3, while a probe asks
 *   for /api/stats and paper views: the probe's p99 stays under 50 ms, and every long request
 *   answers or is refused cleanly (503 with a reason, or 400 at its budget);
 * - the adapter fuzz of test/resilience with 2,000 inputs per adapter and another seed.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openReader, openWriter } from "../db/store.ts";
import { renderAanPages } from "../scripts/render-aan-pages.ts";
import { aanCorpus, SYNTHETIC, syntheticCorpus } from "./corpora.ts";
import { get } from "./cold-start.ts";
import { requestPaths } from "./http-load.ts";
import { BIN, lineageServe, ROOT } from "./server-process.ts";
import { machine } from "./stats.ts";
import { exited, fileSize, mentionsPerPage, spawnIngest, summarize } from "../test/resilience/resilience-fixtures.ts";

interface Outcome {
  check: string;
  ok: boolean;
  detail: string;
  seconds: number;
}

const { values } = parseArgs({ options: { work: { type: "string" }, "skip-large": { type: "boolean" }, only: { type: "string" } } });
const work = resolve(values.work ?? join(tmpdir(), "lineage-bench"));
mkdirSync(work, { recursive: true });
const aanDir = resolve(process.env.LINEAGE_AAN ?? join(ROOT, "../shared/data/aan"));
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const outcomes: Outcome[] = [];

async function check(name: string, run: () => Promise<string>): Promise<void> {
  if (values.only && !name.toLowerCase().includes(values.only.toLowerCase())) return;
  const t0 = performance.now();
  log(`soak: ${name}`);
  try {
    const detail = await run();
    outcomes.push({ check: name, ok: true, detail, seconds: (performance.now() - t0) / 1000 });
  } catch (err) {
    outcomes.push({ check: name, ok: false, detail: (err as Error).message.split("\n").slice(0, 3).join(" "), seconds: (performance.now() - t0) / 1000 });
  }
  const o = outcomes[outcomes.length - 1];
  console.log(`${o?.ok ? "ok  " : "FAIL"} ${name} (${o?.seconds.toFixed(0)} s): ${o?.detail}`);
}

function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

function ingestSync(db: string, pages: string): void {
  const r = spawnSync(process.execPath, [BIN, "ingest", pages, "--db", db], { cwd: ROOT, encoding: "utf8", timeout: 900_000 });
  assert(r.status === 0, `ingest exited ${r.status}: ${r.stderr.slice(-500)}`);
}

const pages = join(work, "soak-pages");
rmSync(pages, { recursive: true, force: true });
const rendered = renderAanPages({ aanDir, outDir: pages, seed: 42 });
const aan = aanCorpus(work, aanDir, log);

await check(`kill -9 at five points of an ingest of ${rendered.written} pages`, async () => {
  const ref = join(work, "soak-reference.db");
  for (const s of ["", "-wal", "-shm"]) rmSync(ref + s, { force: true });
  // The uninterrupted run, watching how large its write-ahead log grows (kills aim at shares of it).
  const refChild = spawnIngest(ref, [pages]);
  const refDone = exited(refChild);
  let walEnd = 0;
  while (refChild.exitCode === null && refChild.signalCode === null) {
    walEnd = Math.max(walEnd, fileSize(`${ref}-wal`));
    await new Promise((r) => setTimeout(r, 5));
  }
  assert((await refDone).code === 0, "the uninterrupted ingest failed");
  const reference = summarize(ref);
  const perPage = mentionsPerPage(ref);
  const kills: string[] = [];
  for (const share of [0, 0.1, 0.3, 0.6, 0.9]) {
    const db = join(work, "soak-killed.db");
    for (const s of ["", "-wal", "-shm"]) rmSync(db + s, { force: true });
    const child = spawnIngest(db, [pages]);
    const done = exited(child);
    const threshold = share * walEnd * 0.95;
    while (child.exitCode === null && child.signalCode === null) {
      if (fileSize(`${db}-wal`) > threshold) {
        child.kill("SIGKILL");
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    const { signal } = await done;
    const conn = openWriter(db);
    try {
      assert(conn.integrityCheck() === "ok", "integrity_check failed after a kill");
      const problems = conn.checkHealth().filter((c) => c.status === "problem");
      assert(problems.length === 0, `doctor found ${problems.map((p) => p.detail).join("; ")}`);
    } finally {
      conn.close();
    }
    for (const [source, n] of mentionsPerPage(db)) assert(n === perPage.get(source), `${source} is half ingested (${n} mentions)`);
    const stored = summarize(db).pages;
    ingestSync(db, pages);
    assert(JSON.stringify(summarize(db)) === JSON.stringify(reference), "the re-run's graph differs from the uninterrupted one");
    kills.push(`${signal === "SIGKILL" ? "killed" : "finished"} at ${(share * 100).toFixed(0)}% of the log (${stored} pages stored)`);
  }
  return `${kills.join("; ")}; every re-run gave ${reference.papers} papers, ${reference.edges} citations`;
});

await check("readers during writes on AAN", async () => {
  const db = join(work, "soak-shared.db");
  for (const s of ["", "-wal", "-shm"]) rmSync(db + s, { force: true });
  copyFileSync(aan.db, db);
  const server = await lineageServe(db);
  try {
    const paths = requestPaths(db, 50);
    const list = [...(paths.paper ?? []), ...(paths["builds-on depth 2"] ?? []), ...(paths.path ?? []), "/api/stats"];
    const child = spawnIngest(db, [pages]);
    const done = exited(child);
    let n = 0;
    let bad = 0;
    while (child.exitCode === null && child.signalCode === null) {
      const r = await get(server.url + (list[n % list.length] ?? "/api/stats"));
      if (r.status !== 200) bad++;
      n++;
    }
    const { code } = await done;
    assert(code === 0, `the ingest exited ${code}`);
    assert(bad === 0, `${bad} of ${n} requests failed during the ingest`);
    return `${n} requests answered during an ingest of ${rendered.written} pages, none failed`;
  } finally {
    await server.stop();
  }
});

await check("100,000 mixed requests at 64 connections on AAN", async () => {
  const server = await lineageServe(aan.db);
  try {
    const paths = requestPaths(aan.db, 200);
    const requests = Object.values(paths)
      .flat()
      .filter((p) => p.startsWith("/api/"))
      .map((path) => ({ path }));
    await autocannon({ url: server.url, connections: 16, amount: 2000, requests });
    const before = server.rssMiB();
    const r = await autocannon({ url: server.url, connections: 64, amount: 100_000, timeout: 30, requests });
    const after = server.rssMiB();
    assert(r.errors + r.timeouts + r.non2xx === 0, `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
    assert(after - before < 200, `resident memory grew from ${before} to ${after} MiB`);
    return `${r.requests.total} requests, ${r.requests.average} req/s, p99 ${r.latency.p99} ms, RSS ${before} → ${after} MiB (peak ${server.peakRssMiB()} MiB)`;
  } finally {
    await server.stop();
  }
});

if (!values["skip-large"]) {
  await check("expensive queries on 10^7 citations stop at their budget", async () => {
    const big = syntheticCorpus(work, SYNTHETIC[2], log);
    const server = await lineageServe(big.db);
    try {
      const last = `syn:${String(big.papers - 1).padStart(String(big.papers - 1).length, "0")}`;
      const first = `syn:${"0".repeat(String(big.papers - 1).length)}`;
      const mid = `syn:${String(Math.floor(big.papers / 2)).padStart(String(big.papers - 1).length, "0")}`;
      const queries = [
        `/api/path?from=${last}&to=${first}`,
        `/api/path?from=${first}&to=${last}`,
        `/api/path?from=${last}&to=${mid}&mode=longest`,
        `/api/main-path?seed=${mid}`,
        `/api/papers/${first}/built-by?depth=3`,
        `/api/papers/${last}/builds-on?depth=3`,
      ];
      const lines: string[] = [];
      for (const q of queries) {
        const t0 = performance.now();
        const [r, stats] = await Promise.all([get(server.url + q), new Promise((ok) => setTimeout(ok, 50)).then(() => get(`${server.url}/api/stats`))]);
        const ms = performance.now() - t0;
        const body = JSON.parse(r.body) as { budgetMs?: number; truncated?: boolean };
        assert(r.status === 200 || (r.status === 400 && body.budgetMs !== undefined), `${q} answered ${r.status}: ${r.body.slice(0, 200)}`);
        assert(stats.status === 200, "the server stopped answering");
        assert(ms < 5000, `${q} took ${ms.toFixed(0)} ms`);
        lines.push(
          `${q.replace(/\?.*|\/api\//g, "")}${q.includes("longest") ? " (longest)" : ""}: ${r.status}${body.budgetMs ? " (budget)" : ""}${body.truncated ? " (truncated)" : ""} in ${ms.toFixed(0)} ms`,
        );
      }
      return lines.join("; ");
    } finally {
      await server.stop();
    }
  });
}

await check("a stall attempt on AAN: long requests beside cheap ones", async () => {
  const server = await lineageServe(aan.db);
  try {
    const conn = openReader(aan.db);
    const hubs = conn.queries.mostCited(40).map((p) => encodeURIComponent(p.id));
    conn.close();
    // Distinct lists (20 of the 40 most cited, each request its own rotation): no two share an answer.
    const lists = Array.from({ length: 40 }, (_, k) => ({ path: `/api/reading-list?${Array.from({ length: 20 }, (_, j) => `seed=${hubs[(k + j) % hubs.length]}`).join("&")}` }));
    const seconds = 30;
    // The load runs on worker threads of its own (autocannon's `workers`): reading 64 answers of
    // megabytes each on this thread would delay the probe's own reading, and measure the client.
    const load = Promise.all([
      autocannon({ url: server.url, connections: 8, duration: seconds, timeout: 30, requests: lists, workers: 1 }),
      autocannon({ url: server.url, connections: 64, duration: seconds, timeout: 30, requests: [{ path: "/api/papers/J93-2004/built-by?depth=3" }], workers: 1 }),
    ]);
    const probes = [...(requestPaths(aan.db, 50).paper ?? []), "/api/stats"];
    const latencies: number[] = [];
    const probeStatuses = new Map<number, number>();
    const until = performance.now() + (seconds - 2) * 1000;
    await new Promise((r) => setTimeout(r, 1000));
    for (let k = 0; performance.now() < until; k++) {
      const t0 = performance.now();
      const r = await get(server.url + (probes[k % probes.length] ?? "/api/stats"));
      latencies.push(performance.now() - t0);
      probeStatuses.set(r.status, (probeStatuses.get(r.status) ?? 0) + 1);
    }
    const [lists_, deep] = await load;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? NaN;
    const p50 = latencies[Math.floor(latencies.length * 0.5)] ?? NaN;
    const long = (r: Awaited<typeof load>[number]) => `${r.requests.total} answered (${r.non2xx} refused with 503 or 400), ${r.errors} errors, ${r.timeouts} timeouts`;
    assert(probeStatuses.size === 1 && probeStatuses.has(200), `probes answered ${[...probeStatuses].map(([s, n]) => `${n}× ${s}`).join(", ")}`);
    assert(p99 < 50, `the probe's p99 was ${p99.toFixed(1)} ms`);
    for (const r of [lists_, deep]) assert(r.errors + r.timeouts === 0, `long requests failed uncleanly: ${long(r)}`);
    return `probe (paper views and stats, one at a time): ${latencies.length} answered, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; reading lists of 20 hubs at 8 connections: ${long(lists_)}; built-by depth 3 of J93-2004 at 64 connections: ${long(deep)}`;
  } finally {
    await server.stop();
  }
});

await check("adapter fuzz, 2,000 inputs per adapter", async () => {
  const r = spawnSync(join(ROOT, "node_modules/.bin/vitest"), ["run", "test/resilience/adapter-fuzz.test.ts"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 3_600_000,
    env: Object.assign({}, process.env, { LINEAGE_FUZZ_RUNS: "2000", LINEAGE_FUZZ_SEED: "7" }),
  });
  assert(r.status === 0, `vitest exited ${r.status}: ${(r.stdout + r.stderr).slice(-800)}`);
  // No time bound per input (test/resilience/adapter-fuzz.test.ts reads no clock): a runaway
  // parser fails the output-size and heap bounds, or never returns and fails vitest's timeout.
  return "every page adapter, parsePage and every source importer: no throw, bounded output, bounded heap";
});

const out = join(ROOT, "bench/results");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "soak-latest.json"), JSON.stringify({ date: new Date().toISOString().slice(0, 10), machine: machine(), outcomes }, null, 2));
process.exitCode = outcomes.every((o) => o.ok) ? 0 : 1;
