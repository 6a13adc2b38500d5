/**
 * `npx tsx bench/write-lock.ts [--db AAN.db] [--lineage BIN] [--rounds N] [--work DIR]`: how long
 * an import into a served database holds its write lock (issue 29), and what the server answers
 * meanwhile. Each round copies the AAN database (bench/corpora.ts), serves it
 * (bench/serve-child.ts), and imports 200 BibTeX records into it with `lineage import bibtex`
 * (BIN: this tree's bin, or another tree's to compare): 100 papers the map holds (by title and
 * year) and 100 it does not. Meanwhile a probe thread asks for the write lock every 2 ms and never
 * waits (the longest stretch it was refused is how long the import held it), a client asks for
 * `/api/stats` every 20 ms, and another saves a reading list every 250 ms. Printed: per round the
 * lock's longest hold, the import's wall time, the stats probe's p50/p99/max and the list saves'
 * statuses and longest wait; the load average beside them.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import Database from "better-sqlite3";
import { aanCorpus } from "./corpora.ts";
import { BIN, ROOT, serveChild } from "./server-process.ts";
import { staticRoot } from "./http-load.ts";
import { seededRandom } from "../graph/layout.ts";

const { values } = parseArgs({ options: { db: { type: "string" }, lineage: { type: "string" }, rounds: { type: "string" }, work: { type: "string" } } });
const work = resolve(values.work ?? join("/tmp", "lineage-bench"));
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const source = values.db ? resolve(values.db) : aanCorpus(work, resolve(process.env.LINEAGE_AAN ?? join(ROOT, "data/aan")), log).db;
const bin = resolve(values.lineage ?? BIN);
const rounds = Number(values.rounds ?? 3);

/** 200 BibTeX records: 100 of the map's papers (their titles and years) and 100 invented ones. */
function records(db: string): string {
  const conn = new Database(db, { readonly: true });
  try {
    const rows = conn.prepare("SELECT title, year FROM papers WHERE title IS NOT NULL AND year IS NOT NULL AND stub = 0 ORDER BY id").all() as { title: string; year: number }[];
    const random = seededRandom(29);
    const known = Array.from({ length: 100 }, () => rows[Math.floor(random() * rows.length)] as { title: string; year: number });
    const entries = known.map((p, k) => `@inproceedings{known${k},\n  title = {${p.title.replace(/[{}]/g, "")}},\n  author = {Invented, Author},\n  year = {${p.year}}\n}`);
    for (let k = 0; k < 100; k++)
      entries.push(
        `@article{invented${k},\n  title = {An Invented Study of Write Locks Number ${k}},\n  author = {Quill, Ada and Okoye, Bram},\n  year = {2024},\n  doi = {10.5555/lineage.lock.${k}}\n}`,
      );
    return entries.join("\n\n") + "\n";
  } finally {
    conn.close();
  }
}

/** A thread that asks for the write lock every 2 ms without waiting, and reports the longest stretch it was refused. */
const PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.sqlite);
const db = new Database(workerData.db, { timeout: 0 });
let busySince = null, longest = 0, stop = false;
parentPort.on("message", () => { stop = true; });
function tick() {
  const now = performance.now();
  try {
    db.exec("BEGIN IMMEDIATE"); db.exec("ROLLBACK");
    if (busySince !== null) { longest = Math.max(longest, now - busySince); busySince = null; }
  } catch (err) {
    if (err.code !== "SQLITE_BUSY") throw err;
    if (busySince === null) busySince = now;
  }
  if (stop) { db.close(); parentPort.postMessage(longest); return; }
  setTimeout(tick, 2);
}
tick();
`;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;

async function round(k: number): Promise<void> {
  const dir = join(work, "write-lock");
  mkdirSync(dir, { recursive: true });
  const db = join(dir, `aan-${k}.db`);
  // A log left beside an old copy would be read into the new one.
  for (const suffix of ["-wal", "-shm"]) rmSync(db + suffix, { force: true });
  copyFileSync(source, db);
  const bib = join(dir, "records.bib");
  writeFileSync(bib, records(db));
  const server = await serveChild(db, staticRoot(dir));
  const probe = new Worker(PROBE, { eval: true, workerData: { db, sqlite: createRequire(import.meta.url).resolve("better-sqlite3") } });
  const stats: number[] = [];
  const saves: { ms: number; status: number }[] = [];
  let running = true;
  const statsLoop = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${server.url}/api/stats`).then((r) => r.arrayBuffer());
      stats.push(performance.now() - t);
      await new Promise((done) => setTimeout(done, 20));
    }
  })();
  const savesLoop = (async () => {
    let n = 0;
    while (running) {
      const t = performance.now();
      const r = await fetch(`${server.url}/api/lists/lock-${n++}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ items: [] }) });
      await r.arrayBuffer();
      saves.push({ ms: performance.now() - t, status: r.status });
      await new Promise((done) => setTimeout(done, 250));
    }
  })();
  const started = performance.now();
  const exit = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [bin, "import", "bibtex", bib, "--db", db], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    child.once("exit", done);
  });
  const wall = performance.now() - started;
  // A moment after, so that the probes see the server at rest again.
  await new Promise((done) => setTimeout(done, 500));
  running = false;
  await Promise.all([statsLoop, savesLoop]);
  const longest = await new Promise<number>((done) => {
    probe.once("message", done);
    probe.postMessage("stop");
  });
  await probe.terminate();
  await server.stop();
  const statuses = [...new Set(saves.map((s) => s.status))].join("/");
  console.log(
    `round ${k + 1}: import exit ${exit} in ${(wall / 1000).toFixed(1)} s; write lock held at most ${longest.toFixed(0)} ms; ` +
      `/api/stats ${stats.length} answers, p50 ${percentile(stats, 0.5).toFixed(1)} ms, p99 ${percentile(stats, 0.99).toFixed(1)} ms, max ${Math.max(...stats).toFixed(1)} ms; ` +
      `${saves.length} list saves (${statuses}), longest ${Math.max(...saves.map((s) => s.ms)).toFixed(0)} ms; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
  );
}

for (let k = 0; k < rounds; k++) await round(k);
