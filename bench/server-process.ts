/**
 * Starting the explorer's server as a child process and watching it: the URL it prints, when it
 * printed it, its resident memory (current and peak, from /proc), and a clean stop. Used by the
 * benchmarks and by test/resilience.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");
export const BIN = join(ROOT, "scripts/lineage-bin.mjs");

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the URL being printed. */
  listeningMs: number;
  spawnedAt: number;
  stderr: () => string;
  rssMiB: () => number;
  peakRssMiB: () => number;
  stop: () => Promise<void>;
}

function procStatus(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] ? Math.round((Number(m[1]) / 1024) * 10) / 10 : NaN;
  } catch {
    return NaN;
  }
}

/** `lineage serve --db DB --port 0` through the real bin. */
export function lineageServe(db: string, extra: string[] = []): Promise<ServerProcess> {
  return spawnServer([BIN, "serve", "--db", db, "--port", "0", ...extra], /Lineage explorer on (http:\/\/\S+)/);
}

/** bench/serve-child.ts: startServer over DB with DIST as the static root (and a query budget, if given). */
export function serveChild(db: string, dist: string, queryBudgetMs?: number): Promise<ServerProcess> {
  return spawnServer(["--import", "tsx", join(ROOT, "bench/serve-child.ts"), db, dist, ...(queryBudgetMs ? [String(queryBudgetMs)] : [])], /listening (http:\/\/\S+)/);
}

export function spawnServer(args: string[], ready: RegExp, timeoutMs = 120_000): Promise<ServerProcess> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-20_000)));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`server printed no URL within ${timeoutMs} ms:\n${err}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      fail(new Error(`server exited ${code} before listening:\n${err}`));
    };
    child.once("exit", onExit);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = ready.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      child.stdout?.removeAllListeners("data");
      child.stdout?.resume();
      const pid = child.pid ?? -1;
      done({
        child,
        url: m[1].replace(/\/$/, ""),
        listeningMs: performance.now() - spawnedAt,
        spawnedAt,
        stderr: () => err,
        rssMiB: () => procStatus(pid, "VmRSS"),
        peakRssMiB: () => procStatus(pid, "VmHWM"),
        stop: () => stopChild(child),
      });
    });
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGKILL");
    await exited;
  }
}
