/**
 * OpenAlex with and without its key, against a replay that keeps the rules of
 * https://developers.openalex.org/api-reference/authentication and /errors: a key required
 * since February 2026 (`api_key=`), a keyless day of about a hundred list requests, singletons
 * free, a spent budget answered 429 with X-RateLimit-Remaining below what the request costs, a
 * wrong key 401, limits exceeded 403. Before a keyless run spends anything the CLI says what going
 * without a key means; a run whose budget is spent stops at the first 429 with one sentence
 * saying what to do (not a stack of 429s), the paper left queued for the same command to continue;
 * a wrong key, a spent key and a 403 each get their own sentence.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import { World } from "../sources/api-world.ts";
import { REPLAY_OPENALEX_KEY, worldRecordings } from "../sources/api-replay.ts";
import { FAST, runReport, useReplay } from "./replay-env.ts";

// Paper 6's work: one lookup of what it references, three pages of what cites it (254 works).
const world = new World({ papers: 12, outsideCiters: (k) => (k === 6 ? 250 : 0) });
const tmp = tempDir();
afterAll(() => tmp.cleanup());
afterEach(() => {
  delete process.env.LINEAGE_OPENALEX_API_KEY;
});

const expand = (name: string, ...args: string[]) => runReport<ExpandReport>(join(tmp.dir, `${name}.db`), ["expand", world.paper(6).workId, ...args]);
const KEYLESS_NOTE =
  /^lineage: note: OpenAlex: no API key \(LINEAGE_OPENALEX_API_KEY or --api-key\)\. OpenAlex has required one since February 2026: .* A key is free: https:\/\/openalex\.org\/settings\/api$/;

describe("without a key", () => {
  const replay = useReplay(() => worldRecordings(world), { keylessBudget: 3 });

  it("says what that means before the run, then stops at the first 429 of a spent day with one sentence", async () => {
    const { code, report, stderr } = await expand("keyless");
    expect(code).toBe(1);
    expect(stderr.split("\n")[0]).toMatch(KEYLESS_NOTE);
    const sentence = "OpenAlex's daily allowance for requests without an API key is spent (HTTP 429): set LINEAGE_OPENALEX_API_KEY (or --api-key) to a free key from https://openalex.org/settings/api";
    expect(report.expansion).toMatchObject({ finished: false, stopped: sentence });
    expect(report.papers[0]?.state).toBe("queued");
    expect(stderr).toContain(`lineage: ${sentence}; run the same command again to continue`);
    // The free singleton, three list requests the allowance paid for, and one 429: no stack of them.
    expect(replay().requests.map((q) => q.status)).toEqual([200, 200, 200, 200, 429]);
    expect(replay().requests.every((q) => q.query.api_key === undefined)).toBe(true);
  });

  it("continues with a key, the paper's answers so far taken from the cache", async () => {
    process.env.LINEAGE_OPENALEX_API_KEY = REPLAY_OPENALEX_KEY;
    const before = replay().requests.length;
    const { code, report, stderr } = await expand("keyless");
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/note: OpenAlex: no API key/);
    expect(report.expansion).toMatchObject({ resumed: true, finished: true });
    expect(report.graph.edges).toBe(world.paper(6).refs.length + world.citersOf(6).length + 250);
    expect(
      replay()
        .requests.slice(before)
        .map((q) => [q.query.api_key, q.status]),
    ).toEqual([[REPLAY_OPENALEX_KEY, 200]]);
  });
});

describe("with a key", () => {
  const replay = useReplay(() => worldRecordings(world), { openAlexKeys: [REPLAY_OPENALEX_KEY], keyBudget: 2 });

  it("stops on a wrong key (401) at its first request, saying which variable to check", async () => {
    process.env.LINEAGE_OPENALEX_API_KEY = "not-the-key";
    const from = replay().requests.length;
    const { code, report } = await expand("wrong");
    expect(code).toBe(1);
    expect(report.expansion.stopped).toBe("OpenAlex refused the API key (HTTP 401 Unauthorized): check LINEAGE_OPENALEX_API_KEY (or --api-key) against your key at https://openalex.org/settings/api");
    expect(
      replay()
        .requests.slice(from)
        .map((q) => q.status),
    ).toEqual([401]);
  });

  it("stops when the key's day is spent, saying when it renews", async () => {
    const from = replay().requests.length;
    const { code, report } = await expand("spent", "--api-key", REPLAY_OPENALEX_KEY);
    expect(code).toBe(1);
    expect(report.expansion.stopped).toBe("OpenAlex's daily budget for your API key is spent (HTTP 429): it renews at midnight UTC, in about 12 h; for more, see https://openalex.org/pricing");
    expect(
      replay()
        .requests.slice(from)
        .map((q) => q.status),
    ).toEqual([200, 200, 200, 429]);
  });

  it("stops on a 403 with what OpenAlex means by it", async () => {
    replay().fault((path) => path === `/openalex/works/${world.paper(9).workId}`, [{ status: 403, body: JSON.stringify({ error: "Forbidden", message: "Rate limit exceeded" }) }]);
    const r = await runCli(["add", world.paper(9).workId, ...FAST, "--api-key", REPLAY_OPENALEX_KEY, "--db", join(tmp.dir, "forbidden.db")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^lineage: OpenAlex answered 403 Forbidden, its answer to requests beyond a key's limits: wait a while, lower --rate, and see your key's usage at https:\/\/openalex\.org\/settings\/api; run the same command again to continue$/m,
    );
    expect(r.stderr).not.toMatch(/note: OpenAlex: no API key/);
  });
});
