/**
 * Readers during writes (issue 6): `lineage serve` keeps answering while `lineage ingest` writes
 * 1,200 pages into the same database (WAL: readers never wait for the writer). Every answer is
 * 200 and consistent: the graph the server loaded stays its answer, and the counts read live are
 * the counts before the ingest or after it, never a half-written state. The ingest stops itself
 * with every page written and not yet committed (test/helpers/paused-writer.ts) while the test
 * asks three rounds of questions, so some answers surely come while it writes, however the
 * machine's load shares the cores between the two processes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { lineageServe, type ServerProcess } from "../../bench/server-process.ts";
import { get } from "../../bench/cold-start.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { spawnPausing } from "../helpers/paused-writer.ts";
import { renderPages, summarize } from "./resilience-fixtures.ts";

const tmp = tempDir();
const db = join(tmp.dir, "shared.db");
let server: ServerProcess;
let pages: string;

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  pages = renderPages(tmp.dir, 1200, 9);
  server = await lineageServe(db);
});
afterAll(async () => {
  await server?.stop();
  tmp.cleanup();
});

interface Stats {
  papers: number;
  edges: number;
  pages: number;
}

describe("the API while an ingest writes", () => {
  it("answers every request, each consistent with the graph before or after the ingest", async () => {
    const before = summarize(db);
    const closure = (await get(`${server.url}/api/papers/2407.16711/builds-on?depth=2`)).body;
    const paper = (await get(`${server.url}/api/papers/2306.03100`)).body;

    const ingest = spawnPausing(["ingest", pages, "--db", db], { pause: "before-commit" });
    const stopped = ingest.said(/^paused before-commit /);
    let writing = false;
    stopped.then(
      () => (writing = true),
      () => undefined,
    );
    const seen: Stats[] = [];
    const seenWhileStopped: Stats[] = [];
    let requests = 0;
    while (ingest.child.exitCode === null && ingest.child.signalCode === null) {
      const inTheMiddle = writing;
      const [stats, c, p, search] = await Promise.all([
        get(`${server.url}/api/stats`),
        get(`${server.url}/api/papers/2407.16711/builds-on?depth=2`),
        get(`${server.url}/api/papers/2306.03100`),
        get(`${server.url}/api/search?q=metrology`),
      ]);
      for (const r of [stats, c, p, search]) expect(r.status, r.body.slice(0, 200)).toBe(200);
      // The traversal index is the one the server loaded: the same answer throughout.
      expect(c.body).toBe(closure);
      expect(JSON.parse(p.body)).toMatchObject({ id: "arxiv:2306.03100", builtByCount: (JSON.parse(paper) as { builtByCount: number }).builtByCount });
      seen.push(JSON.parse(stats.body) as Stats);
      if (inTheMiddle) seenWhileStopped.push(JSON.parse(stats.body) as Stats);
      requests += 4;
      if (writing && seenWhileStopped.length === 3) {
        writing = false;
        ingest.resume();
      }
    }
    const { code, stderr } = await ingest.exited;
    expect(code, stderr).toBe(0);
    await stopped;
    // Three rounds while 1,200 written pages waited for their commit, all answered from before it.
    expect(seenWhileStopped).toEqual(Array.from({ length: 3 }, () => expect.objectContaining({ pages: before.pages, papers: before.papers, edges: before.edges })));
    const after = summarize(db);
    expect(after.pages).toBe(before.pages + 1200);
    expect(requests).toBeGreaterThan(8);
    // Live counts come from one snapshot each: all of the old graph or all of the new one.
    for (const s of seen) {
      const old = s.pages === before.pages && s.papers === before.papers && s.edges === before.edges;
      const fresh = s.pages === after.pages && s.papers === after.papers && s.edges === after.edges;
      expect(old || fresh, JSON.stringify(s)).toBe(true);
    }
    // And the server still answers once the writer is gone.
    expect((await get(`${server.url}/api/stats`)).status).toBe(200);
  });
});
