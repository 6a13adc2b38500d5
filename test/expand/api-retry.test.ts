/**
 * Retries and pacing as the services ask, on a fake clock (the fetcher's injected `now` and
 * `sleep`, seeded jitter), against the loopback replay: Semantic Scholar's shared pool of keyless
 * requests answers 429 without Retry-After (https://www.semanticscholar.org/product/api), waited
 * out with exponential backoff and jitter up to a minute a wait over ten tries, as its Python client
 * does (https://github.com/danielnsilva/semanticscholar, ApiRequester: wait_exponential(max=60),
 * stop_after_attempt(10)); a pool that stays busy stops the run with one sentence saying what to
 * do; Retry-After is honoured where it is sent; requests never start faster than the key's rate of
 * 1 a second, jitter included; and --max-requests counts new requests, not the retries of one
 * (through the CLI, on the real clock with a short --backoff).
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import { API_RETRIES, openApiCall, RUN_DEFAULTS, SOURCE_RATES } from "../../crawl/api-session.ts";
import { FETCHER_DEFAULTS } from "../../crawl/fetcher.ts";
import { fetchS2Expansion } from "../../crawl/s2-client.ts";
import { ExpansionDb } from "../../db/expansion-store.ts";
import { World, worldDoi } from "../sources/api-world.ts";
import { startApiReplay, worldRecordings, type ApiReplay, type ServiceRules } from "../sources/api-replay.ts";
import { runReport, useReplay } from "./replay-env.ts";

const world = new World({ papers: 14 });
const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A replay and an S2 call on one fake clock, with the API defaults (rate, ten tries, 1 s backoff) and a seeded jitter. */
async function onFakeClock<T>(rules: ServiceRules, use: (call: ReturnType<typeof openApiCall>, replay: ApiReplay) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  let now = Date.parse("2026-06-01T10:00:00Z");
  const clock = () => now;
  const replay = await startApiReplay(worldRecordings(world), rules, clock);
  const state = ExpansionDb.open(":memory:");
  try {
    const fetcher = Object.assign({}, FETCHER_DEFAULTS, {
      ratePerSecond: SOURCE_RATES.s2,
      retries: API_RETRIES,
      maxConnectionsPerHost: 1,
      seed: 11,
      now: clock,
      sleep: async (ms: number) => {
        now += ms;
      },
    });
    const call = openApiCall(Object.assign({ source: "s2" as const, fetcher, env: Object.assign({ LINEAGE_S2_API: replay.s2Base }, env) }, RUN_DEFAULTS), state.cache);
    return await use(call, replay);
  } finally {
    state.close();
    await replay.close();
  }
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] ?? 0));

describe("a busy shared pool, waited out", () => {
  it("retries 429s without Retry-After with doubling, jittered waits, and stores the paper; the retries are not new requests", async () => {
    await onFakeClock({ s2Busy: (n) => n < 6 }, async (call, replay) => {
      const r = await fetchS2Expansion(call, `DOI:${worldDoi(3)}`, true);
      expect(r.kind).toBe("page");
      expect(replay.requests.map((q) => q.status)).toEqual([429, 429, 429, 429, 429, 429, 200]);
      // Waits of base·2^k within [0.5, 1.5) of it (the pacing's 1 s at least), on the fake clock.
      gaps(replay.requests.map((q) => q.at)).forEach((gap, k) => {
        expect(gap).toBeGreaterThanOrEqual(Math.max(1000, 500 * 2 ** k));
        expect(gap).toBeLessThanOrEqual(Math.max(1250, 1500 * 2 ** k));
      });
      expect(call.fetcher.stats).toMatchObject({ requests: 7, retries: 6 });
      expect(call.budget.sent).toBe(1);
    });
  });

  it("stops the run after ten tries, the longest wait a minute, with one sentence saying what to do", async () => {
    await onFakeClock({ s2Busy: () => true }, async (call, replay) => {
      const r = await fetchS2Expansion(call, `DOI:${worldDoi(4)}`);
      expect(r).toEqual({
        kind: "stopped",
        reason: expect.stringMatching(
          /^Semantic Scholar's shared pool for requests without a key still answered 429 Too Many Requests after 10 tries over \d+ min: wait a while, or set LINEAGE_S2_API_KEY to a key of your own \(https:\/\/www\.semanticscholar\.org\/product\/api#api-key-form\)$/,
        ),
      });
      expect(replay.requests).toHaveLength(10);
      const waited = gaps(replay.requests.map((q) => q.at));
      expect(Math.max(...waited)).toBeLessThanOrEqual(60_000);
      expect(waited.at(-1)).toBeGreaterThanOrEqual(30_000);
      // The list pages were never asked for: the run stops with the paper queued, not cut.
      expect(replay.requests.every((q) => !q.path.endsWith("/references"))).toBe(true);
    });
  });

  it("waits exactly as long as a Retry-After asks", async () => {
    await onFakeClock({}, async (call, replay) => {
      replay.fault((path) => path.endsWith(`DOI:${worldDoi(5)}`), [{ status: 429, retryAfter: "7" }]);
      expect((await fetchS2Expansion(call, `DOI:${worldDoi(5)}`, true)).kind).toBe("page");
      expect(gaps(replay.requests.map((q) => q.at))).toEqual([7000]);
    });
  });

  it("never starts requests faster than the key's 1 a second, jitter included", async () => {
    await onFakeClock(
      { s2Keys: ["replay-s2-key"] },
      async (call, replay) => {
        for (let k = 1; k <= 12; k++) expect((await fetchS2Expansion(call, `DOI:${worldDoi(k)}`, true)).kind).toBe("page");
        expect(replay.requests.every((q) => q.headers["x-api-key"] === "replay-s2-key" && q.status === 200)).toBe(true);
        const between = gaps(replay.requests.map((q) => q.at));
        expect(between).toHaveLength(11);
        for (const gap of between) {
          expect(gap).toBeGreaterThanOrEqual(1000);
          expect(gap).toBeLessThanOrEqual(1250);
        }
      },
      { LINEAGE_S2_API_KEY: "replay-s2-key" },
    );
  });

  it("stops at once on a key Semantic Scholar refuses (403), saying which variable to check", async () => {
    await onFakeClock(
      { s2Keys: ["the-right-key"] },
      async (call, replay) => {
        const r = await fetchS2Expansion(call, `DOI:${worldDoi(6)}`);
        expect(r).toEqual({ kind: "stopped", reason: expect.stringMatching(/^Semantic Scholar refused the API key \(HTTP 403\): check LINEAGE_S2_API_KEY \(or --api-key\)/) });
        expect(replay.requests).toHaveLength(1);
      },
      { LINEAGE_S2_API_KEY: "a-wrong-key" },
    );
  });
});

describe("lineage expand through a busy pool", () => {
  const replay = useReplay(() => worldRecordings(world), { s2Busy: (n) => n % 2 === 0 });

  it("finishes a run whose every other request is refused, within --max-requests of new requests", async () => {
    // The default ten tries, with waits from 10 ms so that the test does not wait for real.
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "busy.db"), ["expand", worldDoi(9), "--max-requests", "3", "--retries", String(API_RETRIES)]);
    expect(code).toBe(0);
    expect(report.expansion).toMatchObject({ finished: true, stopped: null });
    expect(report.network).toMatchObject({ requests: 6, retries: 3 });
    expect(replay().requests.map((q) => q.status)).toEqual([429, 200, 429, 200, 429, 200]);
    expect(report.graph.edges).toBe(world.paper(9).refs.length + world.citersOf(9).length);
  });
});
