/**
 * wrk (Debian's `wrk`, a C load generator) driven from the benchmarks: a Lua script rotates over a
 * list of request paths and prints one JSON line of results. wrk is preferred to autocannon when
 * installed: on two cores a Node load generator takes a whole core from the server it measures.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Connect, read, write errors and timeouts. */
  errors: number;
  /** Responses with a status of 400 or more (wrk's "status" errors). */
  non2xx: number;
}

export function wrkAvailable(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (err) {
    // wrk --version prints its banner and exits 1.
    return (err as { status?: number }).status === 1;
  }
}

const SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("LINEAGE_WRK_PATHS")) do paths[#paths + 1] = line end
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nLINEAGE {"requests":%d,"durationUs":%d,"errors":%d,"status":%d,"mean":%f,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency.mean, latency:percentile(50), latency:percentile(99)))
end
`;

/** One wrk run: `connections` connections on one thread for `seconds`, rotating over `paths`. */
export async function runWrk(url: string, paths: readonly string[], connections: number, seconds: number): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), "lineage-wrk-"));
  try {
    writeFileSync(join(dir, "paths.txt"), paths.join("\n") + "\n");
    writeFileSync(join(dir, "rotate.lua"), SCRIPT);
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", join(dir, "rotate.lua"), url];
    const stdout = await new Promise<string>((ok, fail) => {
      execFile("wrk", args, { env: Object.assign({}, process.env, { LINEAGE_WRK_PATHS: join(dir, "paths.txt") }), timeout: (seconds + 30) * 1000 }, (err, out, errOut) =>
        err ? fail(new Error(`wrk: ${err.message} ${errOut}`.trim())) : ok(out),
      );
    });
    const line = /^LINEAGE (\{.*\})$/m.exec(stdout)?.[1];
    if (!line) throw new Error(`wrk: no results in its output: ${stdout.slice(0, 200)}`);
    const r = JSON.parse(line) as { requests: number; durationUs: number; errors: number; status: number; mean: number; p50: number; p99: number };
    return {
      requests: r.requests,
      requestsPerSecond: r.requests / (r.durationUs / 1e6),
      latencyMeanMs: r.mean / 1000,
      latencyP50Ms: r.p50 / 1000,
      latencyP99Ms: r.p99 / 1000,
      errors: r.errors,
      non2xx: r.status,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
