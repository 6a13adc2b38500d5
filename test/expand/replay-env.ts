/**
 * For the tests of expand, add and watch: the API replay started for a file's tests, with
 * LINEAGE_S2_API and LINEAGE_OPENALEX_API pointed at it (and put back after), and the CLI run
 * with fast, seeded politeness (a high rate, short backoff) against it.
 */
import { afterAll, beforeAll } from "vitest";
import { runCli, type CliResult } from "../helpers/cli.ts";
import { startApiReplay, type ApiRecordings, type ApiReplay, type ServiceRules } from "../sources/api-replay.ts";

export const FAST = ["--rate", "1000", "--retries", "2", "--backoff", "0.01", "--jitter-seed", "7"];

const ENV_KEYS = ["LINEAGE_S2_API", "LINEAGE_OPENALEX_API", "LINEAGE_MAILTO", "LINEAGE_OPENALEX_API_KEY", "LINEAGE_S2_API_KEY"] as const;

/** Starts a replay of `recordings` (refusing what `rules` and the services' documentation say) before the file's tests; the returned getter gives it. */
export function useReplay(recordings: () => ApiRecordings, rules: ServiceRules = {}): () => ApiReplay {
  let replay: ApiReplay | undefined;
  const saved: Partial<Record<(typeof ENV_KEYS)[number], string>> = {};
  beforeAll(async () => {
    for (const k of ENV_KEYS) if (process.env[k] !== undefined) saved[k] = process.env[k];
    replay = await startApiReplay(recordings(), rules);
    pointAt(replay);
  });
  afterAll(async () => {
    for (const k of ENV_KEYS) {
      const v = saved[k];
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await replay?.close();
  });
  return () => {
    if (!replay) throw new Error("the replay is not started");
    return replay;
  };
}

export function pointAt(replay: ApiReplay): void {
  process.env.LINEAGE_S2_API = replay.s2Base;
  process.env.LINEAGE_OPENALEX_API = replay.openAlexBase;
}

/** `lineage ARGS --db DB --json` with the fast options, its report parsed. */
export async function runReport<T>(db: string, args: string[]): Promise<{ code: number; report: T; stderr: string }> {
  const r: CliResult = await runCli([...args, ...FAST, "--db", db, "--json"]);
  let report: T;
  try {
    report = JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`lineage ${args.join(" ")} exited ${r.code} without a JSON report: ${r.stderr}`);
  }
  return { code: r.code, report, stderr: r.stderr };
}
