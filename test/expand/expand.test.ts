/**
 * `lineage expand` and `add` against the S2 replay of an invented literature (never the
 * network): depth 1 stores a paper with every reference and citation, merged by identity
 * whichever ID it was asked by; a second run changes nothing; depth 2 expands the neighbours the
 * relevance engine ranks highest, within --max-papers; a list cut at --max-list says so in the
 * report and on the page the paper view lists; the budget stops a run, which the same command
 * continues; progress comes as JSON lines for the server's jobs.
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { rankNeighbours } from "../../library/expansion-ranking.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import type { PaperDetail, SelfPaperSource } from "../../api/types.ts";
import { World, worldDoi, worldPaperId } from "../sources/api-world.ts";
import { worldRecordings } from "../sources/api-replay.ts";
import { FAST, runReport, useReplay } from "./replay-env.ts";

const world = new World({ papers: 16, titleOnlyRefs: (k) => (k === 8 ? 2 : 0), outsideCiters: (k) => (k === 8 ? 3 : k === 12 ? 60 : 0) });
const replay = useReplay(() => worldRecordings(world));
const tmp = tempDir();
afterAll(() => tmp.cleanup());

const expand = (db: string, ...args: string[]) => runReport<ExpandReport>(db, ["expand", ...args]);

function withDb<T>(path: string, read: (db: LineageDb) => T): T {
  const db = LineageDb.open(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const pageHashes = (path: string) => withDb(path, (db) => db.read(() => db.queries.counts()));

describe("lineage expand, depth 1", () => {
  const db = join(tmp.dir, "depth1.db");
  const p8 = world.paper(8);

  it("stores the paper with every reference (title-only ones as stubs) and every citation", async () => {
    const { code, report } = await expand(db, worldDoi(8));
    expect(code).toBe(0);
    expect(report.expansion).toMatchObject({ source: "s2", depth: 1, resumed: false, repeated: false, finished: true, stopped: null });
    expect(report.papers).toEqual([expect.objectContaining({ apiId: `DOI:${worldDoi(8)}`, level: 0, state: "fetched", page: `${replay().s2Base}/paper/${worldPaperId(8)}`, title: p8.title })]);
    const refs = p8.refs.length + world.titleOnlyRefs(8);
    const citers = world.citersOf(8).length + world.outsideCiters(8);
    expect(report.graph).toEqual({ papersBefore: 0, edgesBefore: 0, papers: 1 + refs + citers, edges: refs + citers });
    expect(report.records).toEqual({ new: 1, updated: 0, unchanged: 0, failed: 0 });
    expect(report.cuts).toEqual([]);
    // The record, one page of references, one of citations.
    expect(report.network.requests).toBe(3);
  });

  it("merges the same paper asked for by its arXiv ID into the same page: nothing changes", async () => {
    const before = pageHashes(db);
    const { code, report } = await expand(db, `arXiv:${p8.arxiv}`);
    expect(code).toBe(0);
    expect(report.papers[0]?.page).toBe(`${replay().s2Base}/paper/${worldPaperId(8)}`);
    expect(report.records).toEqual({ new: 0, updated: 0, unchanged: 1, failed: 0 });
    expect(pageHashes(db)).toEqual(before);
  });

  it("changes nothing when run again: the same papers asked again, answered from the cache", async () => {
    const version = withDb(db, (d) => d.graphVersion());
    const asked = replay().requests.length;
    const { code, report } = await expand(db, worldDoi(8));
    expect(code).toBe(0);
    expect(report.expansion).toMatchObject({ repeated: true, finished: true });
    expect(report.records).toEqual({ new: 0, updated: 0, unchanged: 1, failed: 0 });
    expect(report.network).toMatchObject({ requests: 0, fromCache: 3 });
    expect(replay().requests.length).toBe(asked);
    expect(withDb(db, (d) => d.graphVersion())).toBe(version);
  });

  it("looks a REF up in the map when it is no identifier, and asks by the paper's own S2 ID", async () => {
    const p7 = world.paper(7);
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "depth1.db"), ["add", p7.title]);
    expect(code).toBe(0);
    expect(report.papers[0]).toMatchObject({ apiId: p7.paperId, state: "fetched", page: `${replay().s2Base}/paper/${p7.paperId}#record` });
    expect(replay().requests.at(-1)?.path).toBe(`/graph/v1/paper/${p7.paperId}`);
  });

  it("refuses what it cannot ask: an unknown title, an OpenAlex ID of S2, IDs of two sources", async () => {
    expect((await runCli(["expand", "No Such Invented Title At All", "--db", db])).code).toBe(3);
    const wrong = await runCli(["expand", "W9910000008", "--source", "s2", "--db", db]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/"W9910000008" cannot be asked of Semantic Scholar \(it is OpenAlex's ID: use --source openalex\)/);
    const mixed = await runCli(["expand", "W9910000008", worldPaperId(3), "--db", db]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/known to different sources/);
  });
});

describe("lineage expand, depth 2", () => {
  const one = join(tmp.dir, "rank-depth1.db");
  const two = join(tmp.dir, "depth2.db");

  it("expands the neighbours the relevance engine ranks highest over the depth-1 map, within --max-papers", async () => {
    expect((await expand(one, worldDoi(8))).code).toBe(0);
    const expected = withDb(one, (db) => {
      const graph = new LineageGraph(db);
      const seed = db.queries.byIdentifier("doi", worldDoi(8))[0]?.id ?? "";
      return rankNeighbours(graph, [seed], 9)
        .filter((p) => p.s2Id !== null)
        .slice(0, 3)
        .map((p) => p.id);
    });
    expect(expected).toHaveLength(3);

    const { code, report } = await expand(two, worldDoi(8), "--depth", "2", "--max-papers", "4");
    expect(code).toBe(0);
    const neighbours = report.papers.filter((p) => p.level === 1 && p.state === "fetched");
    expect(neighbours.map((p) => p.paper)).toEqual(expected);
    // Title-only references ranked among them cannot be asked for: passed over, and said.
    for (const p of report.papers.filter((x) => x.state === "skipped")) expect(p.reason).toMatch(/^no identifier Semantic Scholar can look up \(A Forgotten Pamphlet/);
    expect(report.papers.filter((p) => p.state === "fetched")).toHaveLength(4);
  });

  it("stores each chosen neighbour with its own lists", async () => {
    const { code, report } = await expand(two, worldDoi(8), "--depth", "2", "--max-papers", "4");
    expect(code).toBe(0);
    const chosen = report.papers.filter((p) => p.level === 1 && p.state === "fetched");
    for (const n of chosen) {
      const k = [...world.papers.values()].find((p) => p.paperId === n.apiId)?.k;
      if (k === undefined) throw new Error(`not a world paper: ${n.apiId}`);
      const builtOn = JSON.parse((await runCli(["builds-on", n.paper ?? "", "--db", two, "--json"])).stdout) as { doi: string | null }[];
      expect(builtOn.map((p) => p.doi).sort()).toEqual(world.paper(k).refs.map(worldDoi).sort());
    }
  });
});

describe("honest about what was cut", () => {
  it("says a list cut at --max-list in the report, on the paper's page and against the count reported", async () => {
    const db = join(tmp.dir, "cut.db");
    const reported = world.citersOf(12).length + world.outsideCiters(12);
    const { code, report } = await expand(db, worldDoi(12), "--max-list", "20");
    expect(code).toBe(0);
    expect(report.cuts).toEqual([{ apiId: `DOI:${worldDoi(12)}`, list: "citations", reported, fetched: 20, reason: "cut at --max-list 20" }]);
    const view = JSON.parse((await runCli(["show", worldDoi(12), "--db", db, "--json"])).stdout) as PaperDetail;
    const page = view.sources.find((s): s is SelfPaperSource => s.role === "self");
    expect(page?.warnings).toContain(`citations: 20 of ${reported} fetched from Semantic Scholar; cut at --max-list 20`);
    expect(view.coverage.builtBy).toMatchObject({ inGraph: 20, reported });
  });
});

describe("bounded, and continued by the same command", () => {
  it("stops when --max-requests is spent, exits 1, and finishes when run again", async () => {
    const db = join(tmp.dir, "budget.db");
    const first = await expand(db, worldDoi(5), "--max-requests", "2");
    expect(first.code).toBe(1);
    expect(first.report.expansion).toMatchObject({ finished: false, stopped: "stopped after 2 requests (--max-requests)" });
    expect(first.report.papers[0]?.state).toBe("queued");
    expect(first.stderr).toMatch(/stopped after 2 requests \(--max-requests\); run the same command again to continue/);
    const second = await expand(db, worldDoi(5));
    expect(second.code).toBe(0);
    expect(second.report.expansion).toMatchObject({ resumed: true, finished: true });
    // The record and the references came from the cache; only the citations were asked for.
    expect(second.report.network).toMatchObject({ requests: 1, fromCache: 2 });
  });

  it("prints progress for the server's jobs: papers done, requests queued, time left", async () => {
    const r = await runCli(["expand", worldDoi(9), "--depth", "2", "--max-papers", "3", ...FAST, "--progress", "--db", join(tmp.dir, "progress.db")]);
    expect(r.code).toBe(0);
    const lines = r.stderr
      .split("\n")
      .filter((l) => l.startsWith('{"progress"'))
      .map((l) => (JSON.parse(l) as { progress: Record<string, unknown> }).progress);
    const fetching = lines.filter((p) => p.step === "fetch");
    expect(fetching.length).toBeGreaterThan(1);
    for (const p of fetching) {
      expect(p).toEqual(expect.objectContaining({ done: expect.any(Number), total: expect.any(Number), queued: expect.any(Number), secondsLeft: expect.any(Number), label: expect.any(String) }));
      expect(p.done as number).toBeLessThanOrEqual(p.total as number);
    }
    expect(fetching[0]).toMatchObject({ done: 0 });
    expect(fetching.at(-1)).toMatchObject({ done: 3, total: 3, queued: 0, secondsLeft: 0 });
    // The rebuild, layout and index steps of each stored wave come through as well.
    expect(lines.map((p) => p.step)).toEqual(expect.arrayContaining(["rebuild", "layout", "index"]));
  });
});
