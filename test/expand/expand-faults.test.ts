/**
 * Expanding through an API that misbehaves the ways real ones do, played by the replay: a 429
 * waited out as its Retry-After asks, 5xx retried with backoff, a slow answer timed out and asked
 * again, a body cut short (said on the page, and asked again by the next run), a malformed record
 * (the paper fails, naming the field) or list entry (left out, said), an unknown paper. And a
 * list longer than one window: OpenAlex's cursor, read past 10,000 where basic paging stops
 * (with a key: without one, OpenAlex's day allows about a hundred list requests). Semantic
 * Scholar's window is test/expand/s2-window.test.ts's.
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import { openApiCall, RUN_DEFAULTS } from "../../crawl/api-session.ts";
import { FETCHER_DEFAULTS } from "../../crawl/fetcher.ts";
import { fetchOpenAlexCiting } from "../../crawl/openalex-client.ts";
import { ExpansionDb } from "../../db/expansion-store.ts";
import type { PaperDetail, SelfPaperSource } from "../../api/types.ts";
import { World, worldDoi } from "../sources/api-world.ts";
import { REPLAY_OPENALEX_KEY, startApiReplay, worldRecordings, type ApiRecordings } from "../sources/api-replay.ts";
import { runReport, useReplay } from "./replay-env.ts";

const world = new World({ papers: 14 });
const recordings: ApiRecordings = worldRecordings(world);
const s2 = (k: number) => recordings.s2.get(world.paper(k).paperId) as { record: Record<string, unknown>; references: unknown[] };
// A record whose year is text: not a paper Lineage can read.
s2(11).record = Object.assign({}, s2(11).record, { year: "nineteen" });
// A reference whose title is a number: that entry is left out.
s2(12).references[1] = { intents: [], citedPaper: { paperId: world.paper(1).paperId, title: 5 } };

const replay = useReplay(() => recordings);
const tmp = tempDir();
afterAll(() => tmp.cleanup());

const add = (db: string, k: number, ...args: string[]) => runReport<ExpandReport>(db, ["expand", worldDoi(k), ...args]);
const onPath = (path: string) => (p: string) => p === path;
const hitsOf = (path: string) => replay().requests.filter((r) => r.path === path);
const selfWarnings = async (db: string, k: number) =>
  (JSON.parse((await runCli(["show", worldDoi(k), "--db", db, "--json"])).stdout) as PaperDetail).sources.find((s): s is SelfPaperSource => s.role === "self")?.warnings ?? [];

describe("an API that misbehaves", () => {
  const db = join(tmp.dir, "faults.db");

  it("waits as long as a 429's Retry-After asks, then stores the paper", async () => {
    const path = `/graph/v1/paper/DOI:${worldDoi(3)}`;
    replay().fault(onPath(path), [{ status: 429, retryAfter: "1" }]);
    const { code, report } = await add(db, 3);
    expect(code).toBe(0);
    expect(report.papers[0]?.state).toBe("fetched");
    const times = hitsOf(path).map((r) => r.at);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it("retries 5xx with backoff until the page comes", async () => {
    const path = `/graph/v1/paper/DOI:${worldDoi(4)}/references`;
    replay().fault(onPath(path), [{ status: 500 }, { status: 503 }]);
    const { code, report } = await add(db, 4);
    expect(code).toBe(0);
    expect(hitsOf(path).map((r) => r.status)).toEqual([500, 503, 200]);
    expect(report.network.retries).toBeGreaterThanOrEqual(2);
    expect(report.cuts).toEqual([]);
  });

  it("gives up on an answer that never comes in time, ends that list there, and says so on the page", async () => {
    const path = `/graph/v1/paper/DOI:${worldDoi(5)}/citations`;
    replay().fault(onPath(path), [{ delayMs: 1500 }, { delayMs: 1500 }, { delayMs: 1500 }]);
    const { code, report } = await add(db, 5, "--timeout", "0.3");
    expect(code).toBe(0);
    expect(hitsOf(path)).toHaveLength(3);
    const reason = "the page at offset 0 could not be fetched (no complete response within 0.3 s (--timeout) (after 3 attempts))";
    expect(report.cuts).toEqual([{ apiId: `DOI:${worldDoi(5)}`, list: "citations", reported: world.citersOf(5).length, fetched: 0, reason }]);
    expect(await selfWarnings(db, 5)).toContain(`citations: 0 of ${world.citersOf(5).length} fetched from Semantic Scholar; ${reason}`);
  });

  it("takes a body cut short as the end of its list, says so, and asks again on the next run", async () => {
    const path = `/graph/v1/paper/DOI:${worldDoi(6)}/citations`;
    replay().fault(onPath(path), [{ cut: true }]);
    const own = join(tmp.dir, "cut.db");
    const first = await add(own, 6);
    expect(first.code).toBe(0);
    expect(first.report.cuts[0]?.reason).toMatch(/^the page at offset 0 could not be fetched \(the answer is not JSON \(\d+ bytes, cut short or malformed\)\)$/);
    expect(first.report.graph.edges).toBe(world.paper(6).refs.length);
    const again = await add(own, 6);
    expect(again.code).toBe(0);
    expect(again.report.cuts).toEqual([]);
    expect(again.report.records).toMatchObject({ updated: 1 });
    expect(hitsOf(path)).toHaveLength(2);
    expect(again.report.graph.edges).toBe(world.paper(6).refs.length + world.citersOf(6).length);
    expect(await selfWarnings(own, 6)).toEqual([]);
  });

  it("fails a paper whose record is malformed, naming the field, and exits 1", async () => {
    const { code, report, stderr } = await add(db, 11);
    expect(code).toBe(1);
    expect(report.papers[0]).toMatchObject({ state: "failed", reason: expect.stringMatching(/year: expected a whole number from 0 to 3,000, found text \("nineteen"\)/) });
    expect(stderr).toMatch(/year: expected a whole number/);
  });

  it("leaves out a malformed list entry, says so, and keeps the rest", async () => {
    const { code, report } = await add(db, 12);
    expect(code).toBe(0);
    expect(report.papers[0]?.state).toBe("fetched");
    const warnings = await selfWarnings(db, 12);
    expect(warnings).toEqual([expect.stringMatching(/references\[1\] was left out: citedPaper\.title: expected text, found a number \(5\)/)]);
    const builtOn = JSON.parse((await runCli(["builds-on", worldDoi(12), "--db", db, "--json"])).stdout) as unknown[];
    expect(builtOn).toHaveLength(world.paper(12).refs.length - 1);
  });

  it("fails a paper the API does not know", async () => {
    const { code, report } = await runReport<ExpandReport>(db, ["add", "10.5555/lineage.nowhere.1"]);
    expect(code).toBe(1);
    expect(report.papers[0]).toMatchObject({ state: "failed", reason: "DOI:10.5555/lineage.nowhere.1: not on Semantic Scholar (HTTP 404)" });
  });
});

describe("lists longer than one window", () => {
  const long = new World({ papers: 3, outsideCiters: (k) => (k === 2 ? 10_050 : 0) });

  async function withCall<T>(use: (call: ReturnType<typeof openApiCall>, replayed: Awaited<ReturnType<typeof startApiReplay>>) => Promise<T>, maxList = RUN_DEFAULTS.maxList): Promise<T> {
    const replayed = await startApiReplay(worldRecordings(long));
    const state = ExpansionDb.open(":memory:");
    try {
      const env = { LINEAGE_S2_API: replayed.s2Base, LINEAGE_OPENALEX_API: replayed.openAlexBase, LINEAGE_OPENALEX_API_KEY: REPLAY_OPENALEX_KEY };
      const fetcher = Object.assign({}, FETCHER_DEFAULTS, { ratePerSecond: 1000, backoffMs: 10 });
      return await use(openApiCall(Object.assign({ source: "openalex" as const, fetcher, env }, RUN_DEFAULTS, { maxList }), state.cache), replayed);
    } finally {
      state.close();
      await replayed.close();
    }
  }

  it("OpenAlex: follows the cursor past the 10,000 results basic paging stops at (given a --max-list above them)", async () => {
    const workId = long.paper(2).workId;
    await withCall(async (call, replayed) => {
      const basic = await fetch(`${replayed.openAlexBase}/works?filter=cites:${workId}&per-page=100&page=101&api_key=${REPLAY_OPENALEX_KEY}`);
      expect(basic.status).toBe(400);
      const r = await fetchOpenAlexCiting(call, workId);
      expect(r.cut).toBeUndefined();
      expect(r.works).toHaveLength(long.citersOf(2).length + 10_050);
      expect(new Set(r.works.map((w) => w.id)).size).toBe(r.works.length);
      // 101 pages of 100 hold the 10,051 results; the count OpenAlex reports ends the paging there.
      expect(replayed.requests.filter((q) => q.query.filter === `cites:${workId}` && q.query.cursor !== undefined)).toHaveLength(101);
      expect(replayed.requests.filter((q) => q.query.cursor !== undefined).every((q) => q.query.api_key === REPLAY_OPENALEX_KEY && q.status === 200)).toBe(true);
    }, 20_000);
  });
});
