/**
 * `npm run bench:compare -- REV [--db PATH [--rev-db PATH]] [--rounds N] [--seconds S] [--connections C]`: the HTTP
 * API of this working tree against the same API at git revision REV, side by side, for deciding
 * whether a change to the server pays for itself. Both servers serve the same data (AAN by
 * default, the benchmarks' corpus), each from a database its own code wrote: REV imports AAN with
 * its own `lineage import aan`, since a revision refuses a database of a newer schema (`--rev-db`
 * names REV's copy of a `--db`). They take the same seeded requests (bench/http-load.ts), in
 * interleaved rounds (this tree, then REV, for each request kind, every round), so drift on a
 * shared machine falls on both alike. Reported per request kind: the server's CPU time per request
 * (user + system, from /proc: what a change costs or saves, and steady under other load) and the
 * p99 latency, as medians of the rounds, with REV's figure over this tree's.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { aanCorpus } from "./corpora.ts";
import { requestPaths, staticRoot } from "./http-load.ts";
import { ROOT, spawnServer, type ServerProcess } from "./server-process.ts";
import { median } from "./stats.ts";
import { runWrk, wrkAvailable } from "./wrk.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { db: { type: "string" }, "rev-db": { type: "string" }, rounds: { type: "string" }, seconds: { type: "string" }, connections: { type: "string" }, work: { type: "string" } },
});
const rev = positionals[0];
if (!rev) {
  console.error("usage: npm run bench:compare -- REV [--db PATH [--rev-db PATH]] [--rounds N] [--seconds S] [--connections C]");
  process.exit(2);
}
if (!wrkAvailable()) {
  console.error("bench:compare needs wrk (apt-get install -y wrk)");
  process.exit(2);
}
const rounds = Number(values.rounds ?? 5);
const seconds = Number(values.seconds ?? 3);
const connections = Number(values.connections ?? 64);
const work = resolve(values.work ?? join(tmpdir(), "lineage-bench"));
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const aanDir = resolve(process.env.LINEAGE_AAN ?? join(ROOT, "data/aan"));
const db = values.db ? resolve(values.db) : aanCorpus(work, aanDir, log).db;

/** REV's tree, checked out beside this one, with this tree's installed packages. */
function checkout(revision: string): string {
  const dir = mkdtempSync(join(tmpdir(), "lineage-rev-"));
  execFileSync("git", ["-C", ROOT, "worktree", "add", "--detach", dir, revision], { stdio: "ignore" });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/** REV's own database of the AAN release, imported by REV's CLI into the work directory. */
function revAan(revTree: string, revision: string): string {
  const path = join(work, `aan-at-${revision.replace(/[^\w.-]/g, "_")}.db`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  log(`bench:compare: importing AAN with ${revision}'s own code`);
  execFileSync(process.execPath, ["--import", "tsx", join(revTree, "scripts/lineage.ts"), "import", "aan", aanDir, "--db", path], { cwd: revTree, stdio: ["ignore", "ignore", "inherit"] });
  return path;
}

function serve(tree: string, dist: string, database: string): Promise<ServerProcess> {
  return spawnServer(["--import", "tsx", join(tree, "bench/serve-child.ts"), database, dist], /listening (http:\/\/\S+)/);
}

/** User + system CPU seconds of a process so far (/proc/PID/stat fields 14 and 15, in clock ticks). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /, "")
    .split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Sample {
  cpuMicrosPerRequest: number;
  p99Ms: number;
  requestsPerSecond: number;
  /** Answers with a status of 400 or more, and connection errors: a side that refuses (an older revision at a newer schema answers 503) measures its refusals. */
  refused: number;
}

async function measure(server: ServerProcess, list: string[]): Promise<Sample> {
  await runWrk(server.url, list, connections, 1);
  const pid = server.child.pid ?? -1;
  const before = cpuSeconds(pid);
  const r = await runWrk(server.url, list, connections, seconds);
  const cpu = cpuSeconds(pid) - before;
  return { cpuMicrosPerRequest: (cpu / Math.max(1, r.requests)) * 1e6, p99Ms: r.latencyP99Ms, requestsPerSecond: r.requestsPerSecond, refused: r.non2xx + r.errors };
}

const tree = checkout(rev);
const dist = staticRoot(join(work, "compare"));
const paths = requestPaths(db);
const revDb = values["rev-db"] ? resolve(values["rev-db"]) : values.db ? db : revAan(tree, rev);
const servers = { here: await serve(ROOT, dist, db), rev: await serve(tree, dist, revDb) };
const samples = new Map<string, { here: Sample[]; rev: Sample[] }>();
try {
  for (let round = 0; round < rounds; round++) {
    log(`bench:compare: round ${round + 1} of ${rounds}`);
    for (const [kind, list] of Object.entries(paths)) {
      const entry = samples.get(kind) ?? { here: [], rev: [] };
      samples.set(kind, entry);
      // Alternate which side goes first, so neither always meets a machine warmed by the other.
      const order = round % 2 === 0 ? (["here", "rev"] as const) : (["rev", "here"] as const);
      for (const side of order) entry[side].push(await measure(servers[side], list));
    }
  }
} finally {
  await Promise.all([servers.here.stop(), servers.rev.stop()]);
  execFileSync("git", ["-C", ROOT, "worktree", "remove", "--force", tree], { stdio: "ignore" });
  if (existsSync(tree)) rmSync(tree, { recursive: true, force: true });
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const lines = [
  `HTTP API, this tree against ${rev}: ${db}${revDb === db ? "" : ` (${rev}: ${revDb})`}, wrk at ${connections} connections, ${rounds} interleaved rounds of ${seconds} s; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} at the end.`,
  "",
  `| request | CPU µs/request here | at ${rev} | ${rev} ÷ here | p99 here | p99 at ${rev} | ${rev} ÷ here |`,
  "| --- | --- | --- | --- | --- | --- | --- |",
];
for (const [kind, s] of samples) {
  const cpuHere = median(s.here.map((x) => x.cpuMicrosPerRequest));
  const cpuRev = median(s.rev.map((x) => x.cpuMicrosPerRequest));
  const p99Here = median(s.here.map((x) => x.p99Ms));
  const p99Rev = median(s.rev.map((x) => x.p99Ms));
  lines.push(`| ${kind} | ${fmt(cpuHere)} | ${fmt(cpuRev)} | ${fmt(cpuRev / cpuHere, 2)}× | ${fmt(p99Here, 2)} ms | ${fmt(p99Rev, 2)} ms | ${fmt(p99Rev / p99Here, 2)}× |`);
}
const refusedBy = (side: "here" | "rev") => [...samples.values()].reduce((n, s) => n + s[side].reduce((m, x) => m + x.refused, 0), 0);
for (const [side, name] of [
  ["here", "this tree"],
  ["rev", rev],
] as const) {
  const n = refusedBy(side);
  if (n > 0) lines.push("", `Not comparable: ${name} answered ${n.toLocaleString("en-US")} requests with an error or none (a database it cannot read?); its figures time refusals, not answers.`);
}
console.log(lines.join("\n"));
if (refusedBy("here") + refusedBy("rev") > 0) process.exitCode = 1;
