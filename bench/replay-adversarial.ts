/**
 * The issue's reproductions and the other adversarial shapes (test/helpers/adversarial-inputs.ts)
 * replayed end to end (issue 29): each file written at its full size (about a megabyte, or what
 * the issue gave), read by the real `lineage ingest FILE` or `lineage import FORMAT FILE` in a
 * child process with a time limit, and its wall time, peak memory, exit code and summary line
 * reported. A file that does not finish within the limit is reported as such and the replay
 * exits 1.
 *
 *   npx tsx bench/replay-adversarial.ts [--only NAME,NAME] [--issue] [--limit SECONDS] [--scale F] [--json FILE]
 *
 * --issue replays only the issue's own reproductions; --scale multiplies every size (0.1 for a
 * quick look). Figures for BENCHMARKS.md come from here, with the machine's load beside them.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SHAPES, type AdversarialShape } from "../test/helpers/adversarial-inputs.ts";
import { BIN, ROOT } from "./server-process.ts";

export interface Replay {
  name: string;
  what: string;
  issue: boolean;
  bytes: number;
  command: string;
  seconds: number;
  peakRssMiB: number;
  exitCode: number | null;
  finished: boolean;
  summary: string;
}

/** Peak resident memory of a process, from /proc (NaN where there is none). */
function peakRss(pid: number): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function replayOne(s: AdversarialShape, dir: string, scale: number, limitSeconds: number): Promise<Replay> {
  const n = s.name === "bibtex-doubling-strings" ? s.reproduction : Math.max(1, Math.round(s.reproduction * scale));
  const caseDir = join(dir, s.name);
  mkdirSync(caseDir, { recursive: true });
  const path = join(caseDir, s.file);
  const text = s.make(n);
  writeFileSync(path, text);
  const db = join(caseDir, "replay.db");
  const args = s.readBy.command === "import" ? ["import", s.readBy.format, path, "--db", db] : ["ingest", path, "--db", db, "--max-bytes", String(64 * 1024 * 1024)];
  return new Promise((done) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let peak = 0;
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (out += c.toString("utf8")));
    const sample = setInterval(() => (peak = Math.max(peak, peakRss(child.pid ?? 0) || 0)), 50);
    const timer = setTimeout(() => child.kill("SIGKILL"), limitSeconds * 1000);
    child.on("exit", (code, signal) => {
      clearInterval(sample);
      clearTimeout(timer);
      const seconds = (performance.now() - t0) / 1000;
      const lines = out.trim().split("\n");
      const summary = signal ? `killed after ${limitSeconds} s` : (lines.find((l) => /^(Ingested|Imported) /.test(l)) ?? lines[lines.length - 1] ?? "");
      done({
        name: s.name,
        what: s.what,
        issue: s.issue === true,
        bytes: Buffer.byteLength(text),
        command: `lineage ${args.slice(0, s.readBy.command === "import" ? 2 : 1).join(" ")} ${s.file}`,
        seconds,
        peakRssMiB: Math.round(peak),
        exitCode: code,
        finished: signal === null,
        summary: summary.slice(0, 160),
      });
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: "string" }, issue: { type: "boolean" }, limit: { type: "string" }, scale: { type: "string" }, json: { type: "string" } } });
  const only = values.only ? new Set(values.only.split(",")) : undefined;
  const limit = Number(values.limit ?? 60);
  const scale = Number(values.scale ?? 1);
  const shapes = SHAPES.filter((s) => (!only || only.has(s.name)) && (!values.issue || s.issue));
  const dir = mkdtempSync(join(tmpdir(), "lineage-replay-"));
  const results: Replay[] = [];
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
  process.stderr.write(`replaying ${shapes.length} files (limit ${limit} s each, load average ${load})\n`);
  try {
    for (const s of shapes) {
      const r = await replayOne(s, dir, scale, limit);
      results.push(r);
      process.stderr.write(
        `${r.finished ? "ok  " : "HUNG"} ${r.name.padEnd(30)} ${(r.bytes / 1e6).toFixed(2).padStart(6)} MB ${r.seconds.toFixed(1).padStart(6)} s ${String(r.peakRssMiB).padStart(5)} MiB  exit ${r.exitCode ?? "-"}  ${r.summary}\n`,
      );
      rmSync(join(dir, s.name), { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (values.json) writeFileSync(values.json, JSON.stringify({ date: new Date().toISOString(), loadAverage: loadavg(), limitSeconds: limit, scale, results }, null, 2));
  const hung = results.filter((r) => !r.finished);
  process.stderr.write(`${results.length - hung.length} of ${results.length} finished within ${limit} s${hung.length ? `; did not finish: ${hung.map((r) => r.name).join(", ")}` : ""}\n`);
  return hung.length > 0 ? 1 : 0;
}

process.exitCode = await main();
