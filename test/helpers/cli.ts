/** Running the lineage CLI in tests: in process (fast) and as a real child process (the bin). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { main } from "../../scripts/lineage.ts";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

export async function runJson<T = unknown>(args: string[]): Promise<T> {
  const r = await runCli([...args, "--json"]);
  if (r.code !== 0) throw new Error(`lineage ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export const ROOT = resolve(import.meta.dirname, "../..");
export const SEEDS = join(ROOT, "data/pages");

/** Runs the installed `lineage` bin in a child process (killed only if it hangs for 5 minutes). */
export function spawnCli(args: string[], cwd = ROOT): CliResult {
  const r = spawnSync(process.execPath, [join(ROOT, "scripts/lineage-bin.mjs"), ...args], { cwd, encoding: "utf8", timeout: 300_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "lineage-test-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
