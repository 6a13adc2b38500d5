/**
 * One bad record among good ones in what `expand` and `watch` read drops alone (issue 29): in a
 * Semantic Scholar list page, an entry nested 40 levels deep, one whose title is over the million
 * characters a field may hold, and one of the wrong type are each left out with their reason and
 * their place in the whole list, and every other entry of the page is kept; the same in a page of
 * OpenAlex's citing works; the warnings' counts are the number left out. And an endless cursor of
 * `null` results counts against --max-list, so a run always finishes.
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import type { WatchReport } from "../../crawl/watch.ts";
import type { PaperDetail, SelfPaperSource } from "../../api/types.ts";
import { World, worldDoi } from "../sources/api-world.ts";
import { REPLAY_OPENALEX_KEY, worldRecordings, type ApiRecordings } from "../sources/api-replay.ts";
import { FAST, runReport, useReplay } from "./replay-env.ts";

/** A value nested `levels` deep: {"a":{"a":…}}. */
function nested(levels: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

// Paper 4 is cited by paper 5, 6, 8 and 1,200 outside papers: two pages of citations.
const world = new World({ papers: 9, outsideCiters: (k) => (k === 4 ? 1_200 : 0) });
const recordings: ApiRecordings = worldRecordings(world);
const citations = (recordings.s2.get(world.paper(4).paperId) as { citations: Record<string, unknown>[] }).citations;
const bad = { deep: 3, huge: 1_100, wrong: 1_150 };
citations[bad.deep] = { intents: [], citingPaper: Object.assign({}, citations[bad.deep]?.citingPaper, { externalIds: nested(40) }) };
citations[bad.huge] = { intents: [], citingPaper: Object.assign({}, citations[bad.huge]?.citingPaper, { title: "x".repeat(1_000_001) }) };
citations[bad.wrong] = { intents: [], citingPaper: Object.assign({}, citations[bad.wrong]?.citingPaper, { year: "long ago" }) };
const total = citations.length;
// OpenAlex: three of the works citing paper 4's work are broken the same three ways.
const citingWorks = recordings.openalex.citing.get(world.paper(4).workId) ?? [];
const broken = [citingWorks[10], citingWorks[150], citingWorks[1_100]] as string[];
const work = (id: string) => recordings.openalex.works.get(id) as Record<string, unknown>;
recordings.openalex.works.set(broken[0] as string, Object.assign({}, work(broken[0] as string), { ids: nested(40) }));
recordings.openalex.works.set(broken[1] as string, Object.assign({}, work(broken[1] as string), { title: "x".repeat(1_000_001) }));
recordings.openalex.works.set(broken[2] as string, Object.assign({}, work(broken[2] as string), { publication_year: "long ago" }));

const replay = useReplay(() => recordings, { openAlexKeys: [REPLAY_OPENALEX_KEY] });
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe("one bad record among good ones drops alone", () => {
  it("Semantic Scholar: each bad entry of a citations page is left out and said; the rest of both pages is stored", async () => {
    const db = join(tmp.dir, "s2.db");
    const { code, report } = await runReport<ExpandReport>(db, ["expand", worldDoi(4)]);
    expect(code).toBe(0);
    expect(report.cuts).toEqual([]);
    expect(report.graph.edges).toBe(world.paper(4).refs.length + total - 3);
    const view = JSON.parse((await runCli(["show", worldDoi(4), "--db", db, "--json"])).stdout) as PaperDetail;
    const warnings = view.sources.find((s): s is SelfPaperSource => s.role === "self")?.warnings ?? [];
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(new RegExp(`citations\\[${bad.deep}\\] was left out: citingPaper: nested more than 32 levels deep$`));
    expect(warnings[1]).toMatch(new RegExp(`citations\\[${bad.huge}\\] was left out: citingPaper\\.title: 1,000,001 characters, over the 1,000,000 a field may hold$`));
    expect(warnings[2]).toMatch(new RegExp(`citations\\[${bad.wrong}\\] was left out: citingPaper\\.year: expected a whole number from 0 to 3,000, found text \\("long ago"\\)$`));
  });

  it("OpenAlex: each bad citing work is left out and counted; the rest is stored", async () => {
    const db = join(tmp.dir, "oa.db");
    const { code, report } = await runReport<ExpandReport>(db, ["expand", world.paper(4).workId, "--api-key", REPLAY_OPENALEX_KEY]);
    expect(code).toBe(0);
    expect(report.graph.edges).toBe(world.paper(4).refs.length + citingWorks.length - 3);
    const view = JSON.parse((await runCli(["show", worldDoi(4), "--db", db, "--json"])).stdout) as PaperDetail;
    const warnings = view.sources.find((s): s is SelfPaperSource => s.role === "self")?.warnings ?? [];
    expect(warnings).toEqual([
      expect.stringMatching(
        /^3 citing works could not be read and were left out \(result 10 was left out: ids: nested more than 32 levels deep; result 150 was left out: .*title: 1,000,001 characters.*; result 1,100 was left out: .*publication_year: expected a whole number/,
      ),
    ]);
  });

  it("watch: the bad entries are left out and counted apart from those without an ID; the findings among the rest are kept", async () => {
    // The map of the first test, which holds paper 4 (a watch check needs a map).
    const db = join(tmp.dir, "s2.db");
    expect((await runCli(["lists", "add", "Four", worldDoi(4), "--db", db])).code).toBe(0);
    const { code, report } = await runReport<WatchReport>(db, ["watch", "Four"]);
    expect(code).toBe(0);
    expect(report.leftOut).toBe(3);
    expect(report.unnamed).toBe(0);
    expect(report.checked).toEqual([
      expect.objectContaining({ citing: total - 3, cut: null, leftOut: expect.stringMatching(/^3 citing entries could not be read and were left out: citations\[3\] was left out: /) }),
    ]);
    // The map holds paper 4 with every citation it could read: nothing citing it is new.
    expect(report.new).toEqual([]);
    const printed = await runCli(["watch", "Four", ...FAST, "--db", db]);
    expect(printed.stdout).toMatch(/\(Invented World Paper 4: .*: 3 citing entries could not be read and were left out: /);

    const oa = await runReport<WatchReport>(db, ["watch", "Four", "--source", "openalex", "--api-key", REPLAY_OPENALEX_KEY]);
    expect(oa.code).toBe(0);
    expect(oa.report).toMatchObject({ leftOut: 3, unnamed: 0 });
    expect(oa.report.checked[0]?.citing).toBe(citingWorks.length - 3);
  });
});

describe("an endless cursor of null results", () => {
  it("counts every null against --max-list, so the run finishes with the list cut", async () => {
    const p = world.paper(7);
    const page = (i: number) => JSON.stringify({ meta: { count: null, per_page: 100, next_cursor: `endless-${i + 1}` }, results: Array.from({ length: 100 }, () => null) });
    replay().fault(
      (path, q) => path === "/openalex/works" && q.get("filter") === `cites:${p.workId}`,
      Array.from({ length: 50 }, (_, i) => ({ body: page(i) })),
    );
    const from = replay().requests.length;
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "nulls.db"), ["expand", p.workId, "--max-list", "500", "--api-key", REPLAY_OPENALEX_KEY]);
    expect(code).toBe(0);
    expect(report.expansion.finished).toBe(true);
    expect(report.cuts).toEqual([{ apiId: p.workId, list: "citations", reported: null, fetched: 0, reason: "cut at --max-list 500" }]);
    expect(
      replay()
        .requests.slice(from)
        .filter((q) => q.query.filter === `cites:${p.workId}`),
    ).toHaveLength(5);
  });

  it("ends a cursor handed back unchanged", async () => {
    const p = world.paper(9);
    const same = JSON.stringify({ meta: { count: null, per_page: 100, next_cursor: "again" }, results: [null] });
    replay().fault(
      (path, q) => path === "/openalex/works" && q.get("filter") === `cites:${p.workId}`,
      Array.from({ length: 20 }, () => ({ body: same })),
    );
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "same.db"), ["expand", p.workId, "--api-key", REPLAY_OPENALEX_KEY]);
    expect(code).toBe(0);
    expect(report.cuts).toEqual([{ apiId: p.workId, list: "citations", reported: null, fetched: 0, reason: "OpenAlex gave the same cursor again" }]);
  });
});
