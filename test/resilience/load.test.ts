/**
 * Load (issue 6): 12,000 mixed requests at 64 connections (autocannon, programmatic, 127.0.0.1)
 * against `lineage serve` over the seed pages: no error, no timeout, no non-2xx answer, and the
 * server's resident memory bounded. Expensive queries are bounded in time and size: with a small
 * budget, paths, closures and main paths over a synthetic graph stop with a 400 naming the budget,
 * after a bounded amount of work (counted on a fake clock, not timed), and builds-on lists are cut
 * at their limit and say so. The per-request timeout of the load run is a safety net (a request
 * unanswered for a minute has hung); the server's latency is measured by the benchmarks.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import autocannon from "autocannon";
import { lineageServe, type ServerProcess } from "../../bench/server-process.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { importBulkGraph } from "../../library/bulk-graph.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { LineageApi } from "../../web/server/api.ts";
import { generateCitationGraph, syntheticRows } from "../../scripts/gen-synthetic-graph.ts";
import { runCli, runJson, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "seeds.db");
let server: ServerProcess;
let ids: string[];

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  const graph = await runJson<{ nodes: { key: string }[] }>(["export", "--format", "json", "--db", db]);
  ids = graph.nodes.map((n) => n.key);
  server = await lineageServe(db);
});
afterAll(async () => {
  await server?.stop();
  tmp.cleanup();
});

describe("the server under load", () => {
  it("answers 12,000 mixed requests at 64 connections with no error and bounded memory", async () => {
    const ref = (i: number) => encodeURIComponent(ids[(i * 7919) % ids.length] ?? "");
    const requests = Array.from({ length: 120 }, (_, i) => {
      const kind = i % 10;
      const path =
        kind === 0
          ? `/api/papers/${ref(i)}`
          : kind === 1
            ? `/api/papers/${ref(i)}/builds-on?depth=${1 + (i % 3)}`
            : kind === 2
              ? `/api/papers/${ref(i)}/built-by?depth=${1 + (i % 3)}`
              : kind === 3
                ? `/api/path?from=${ref(i)}&to=${ref(i + 1)}`
                : kind === 4
                  ? `/api/path?from=${ref(i)}&to=${ref(i + 3)}&mode=longest`
                  : kind === 5
                    ? "/api/search?q=evaluation%20benchmark"
                    : kind === 6
                      ? "/api/stats"
                      : kind === 7
                        ? "/api/graph"
                        : kind === 8
                          ? `/api/main-path?seed=${ref(i)}`
                          : `/api/papers/${ref(i)}/similar`;
      return { path };
    });
    // Warm up, then measure memory around the run.
    await autocannon({ url: server.url, connections: 8, amount: 600, requests });
    const rssBefore = server.rssMiB();
    const r = await autocannon({ url: server.url, connections: 64, amount: 12_000, timeout: 60, requests });
    const rssAfter = server.rssMiB();
    expect(r.requests.total ?? 0).toBeGreaterThanOrEqual(12_000);
    expect({ errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
    expect(rssAfter - rssBefore, `RSS ${rssBefore} → ${rssAfter} MiB`).toBeLessThan(100);
    expect(server.peakRssMiB()).toBeLessThan(600);
  });
});

describe("expensive queries", () => {
  let synthetic: LineageDb;
  let api: LineageApi;
  let roomy: LineageApi;
  let far: { from: string; to: string };
  /** Same-age papers that do not build on each other: both ends' searches cover much of the graph. */
  let unrelated: { from: string; to: string };

  beforeAll(() => {
    const path = join(tmp.dir, "synthetic.db");
    importBulkGraph(path, syntheticRows(generateCitationGraph({ papers: 60_000, citations: 600_000, seed: 5 })));
    synthetic = LineageDb.open(path, { readonly: true });
    const graph = new LineageGraph(synthetic);
    api = new LineageApi(synthetic, graph, { queryBudgetMs: 1, maxClosurePapers: 500 });
    roomy = new LineageApi(synthetic, graph, { queryBudgetMs: 10_000, maxClosurePapers: 500 });
    far = { from: "syn:59999", to: "syn:00000" };
    unrelated = { from: "syn:30000", to: "syn:29999" };
  });
  afterAll(() => synthetic?.close());

  it("stops a path, a longest path and a main path that outrun their budget with a 400 naming it", () => {
    // The budget's clock (performance.now, read at the start and every 1,024 units of work:
    // graph/query-budget.ts) becomes a counter, one "ms" per reading. A 1 ms budget is spent at
    // the second reading after the start, so a query that stops there did 2,048 units of work,
    // however slow the machine; one that kept going would read the clock again.
    let readings = 0;
    const clock = vi.spyOn(performance, "now").mockImplementation(() => readings++);
    const q = (s: string) => new URLSearchParams(s);
    try {
      for (const [pathname, query] of [
        ["/api/path", q(`from=${unrelated.from}&to=${unrelated.to}`)],
        ["/api/path", q(`from=${far.from}&to=${far.to}&mode=longest`)],
        ["/api/main-path", q(`seed=${far.from}`)],
      ] as const) {
        readings = 0;
        const r = api.handle(pathname, query);
        expect(readings, `${pathname}?${query}: clock readings`).toBe(3);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ budgetMs: 1, error: expect.stringMatching(/longer than its 1 ms budget/) });
      }
    } finally {
      clock.mockRestore();
    }
  });

  it("answers a quick closure or path within an inline budget, and hands back one that outruns it", () => {
    // The same counting clock: a 1 ms budget is two readings, 2,048 units of work.
    let readings = 0;
    const clock = vi.spyOn(performance, "now").mockImplementation(() => readings++);
    const q = (s: string) => new URLSearchParams(s);
    try {
      const quick = roomy.answerWithin("/api/papers/syn:00000/builds-on", q("depth=2"), 1);
      expect(quick?.status).toBe(200);
      expect(roomy.answerWithin("/api/path", q(`from=${unrelated.from}&to=${unrelated.to}`), 1)).toBeUndefined();
      // A real 400 is an answer, not a hand-back.
      expect(roomy.answerWithin("/api/path", q("from=syn:00001"), 1)?.status).toBe(400);
    } finally {
      clock.mockRestore();
    }
    // The inline budget ends with its call: the same question gets its whole budget after.
    expect(roomy.handle("/api/path", q(`from=${unrelated.from}&to=${unrelated.to}`)).status).toBe(200);
  });

  it("cuts builds-on and built-by lists at their limit and says so", () => {
    const r = roomy.handle(`/api/papers/syn:00000/built-by`, new URLSearchParams("depth=2"));
    expect(r.status).toBe(200);
    const body = r.body as { papers: unknown[]; truncated: boolean };
    expect(body.papers).toHaveLength(500);
    expect(body.truncated).toBe(true);
  });
});
