/**
 * Import throughput (issue 29): files of n invented records in each structured format
 * (bench/import-corpora.ts: BibTeX, RIS, CSL-JSON, Semantic Scholar JSON Lines, OpenAlex
 * results) read by the real `lineage import` (or `lineage ingest` for CSL-JSON) in a child
 * process, against the floor measured in the same run: the same file read and discarded (read,
 * decoded, its lines counted). Each run reports records/s, wall and CPU seconds, peak memory, and
 * the time of each step as the command's `--progress` lines tell it (read and parse, store, graph
 * rebuild, layout, index), so where the time goes is in the table. Targets: 20,000 records/s, and a
 * 100,000-entry .bib in under 10 s and 300 MB. Runs are repeated and the median kept: the machine
 * is shared, so the load is recorded beside every figure.
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { CORPUS_FILES, importCorpus, type ImportFormat } from "./import-corpora.ts";
import { BIN, ROOT } from "./server-process.ts";

export interface ImportRun {
  format: ImportFormat;
  records: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
  recordsPerSecond: number;
  peakRssMiB: number;
  /** Seconds from the start of the command to each step's first progress line, and to the end. */
  steps: Partial<Record<"parse" | "store" | "rebuild" | "layout" | "index", number>>;
  floorSeconds: number;
  ratioToFloor: number;
  loadAverage: number[];
}

export interface ImportBench {
  runs: ImportRun[];
  repeats: number;
}

/** The floor: the same bytes read and decoded, their lines counted, and thrown away. */
function floor(path: string): number {
  const t0 = performance.now();
  const text = new TextDecoder("utf-8").decode(readFileSync(path));
  let lines = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
  if (lines < 0) throw new Error("unreachable");
  return (performance.now() - t0) / 1000;
}

function procStatus(pid: number): { peak: number; cpu: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(stat[11] ?? 0) + Number(stat[12] ?? 0);
    return { peak: Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024, cpu: ticks / 100 };
  } catch {
    return { peak: 0, cpu: 0 };
  }
}

/** One import in a child process: its wall and CPU time, peak memory and step times. */
function runImport(format: ImportFormat, path: string, db: string): Promise<Omit<ImportRun, "format" | "records" | "bytes" | "floorSeconds" | "ratioToFloor" | "recordsPerSecond" | "loadAverage">> {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(db + suffix, { force: true });
  // `ingest` bounds a file at 5 MB by default (a page); an export of records is allowed more, as `import` allows.
  const args = format === "csl-json" ? ["ingest", path, "--max-bytes", String(1024 * 1024 * 1024)] : ["import", format, path];
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, ...args, "--db", db, "--progress"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const steps: ImportRun["steps"] = {};
    let peak = 0;
    let cpu = 0;
    let err = "";
    const sample = setInterval(() => {
      const s = procStatus(child.pid ?? 0);
      peak = Math.max(peak, s.peak);
      cpu = Math.max(cpu, s.cpu);
    }, 25);
    child.stderr.on("data", (c: Buffer) => {
      const at = (performance.now() - t0) / 1000;
      for (const line of c.toString("utf8").split("\n")) {
        const m = /^\{"progress":\{"step":"(\w+)"/.exec(line);
        if (!m?.[1]) {
          if (line.trim()) err += `${line}\n`;
          continue;
        }
        const step = m[1] === "read" ? "parse" : (m[1] as keyof ImportRun["steps"]);
        steps[step] ??= at;
      }
    });
    child.stdout.resume();
    child.on("exit", (code) => {
      clearInterval(sample);
      const seconds = (performance.now() - t0) / 1000;
      if (code !== 0) fail(new Error(`bench: lineage ${args.join(" ")} exited ${code}: ${err.slice(0, 400)}`));
      else done({ seconds, cpuSeconds: cpu, peakRssMiB: Math.round(peak), steps });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function benchImport(workDir: string, sizes: Partial<Record<ImportFormat, number>>, repeats = 3, log: (s: string) => void = () => undefined): Promise<ImportBench> {
  const runs: ImportRun[] = [];
  for (const [format, n] of Object.entries(sizes) as [ImportFormat, number][]) {
    const path = join(workDir, `${n}-${CORPUS_FILES[format]}`);
    const text = importCorpus(format, n);
    writeFileSync(path, text);
    const tries = [];
    for (let k = 0; k < repeats; k++) {
      log(`bench: import of ${n.toLocaleString("en")} ${format} records, run ${k + 1} of ${repeats}`);
      const load = loadavg().map((l) => Math.round(l * 100) / 100);
      const r = await runImport(format, path, join(workDir, `import-${format}.db`));
      tries.push(Object.assign(r, { floorSeconds: floor(path), loadAverage: load }));
      // Each run said as it ends: a long run that is stopped keeps what it measured.
      log(
        `bench: ${format}: ${r.seconds.toFixed(1)} s wall, ${r.cpuSeconds.toFixed(1)} s CPU, ${r.peakRssMiB} MiB, ${Math.round(n / r.seconds)} records/s, floor ${tries.at(-1)?.floorSeconds.toFixed(2)} s, load ${load.join(" ")}`,
      );
    }
    const mid = tries.sort((a, b) => a.seconds - b.seconds)[Math.floor(tries.length / 2)] ?? tries[0];
    if (!mid) continue;
    const floorSeconds = median(tries.map((t) => t.floorSeconds));
    runs.push({ format, records: n, bytes: Buffer.byteLength(text), ...mid, floorSeconds, ratioToFloor: mid.seconds / floorSeconds, recordsPerSecond: n / mid.seconds });
    rmSync(path, { force: true });
    for (const suffix of ["", "-wal", "-shm"]) rmSync(join(workDir, `import-${format}.db`) + suffix, { force: true });
  }
  return { runs, repeats };
}
