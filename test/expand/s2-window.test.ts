/**
 * `lineage expand` against a loopback Semantic Scholar that pages as the Graph API documents:
 * `limit` at most 1,000 and offset + limit below 10,000, a page past that refused with 400
 * ("offset + limit must be < 10000": https://api.semanticscholar.org/api-docs/graph,
 * https://github.com/allenai/s2-folks/issues/12). A 9,500-citation paper's list is stored whole (the
 * last page asks for 999); a 12,000-citation list stores 9,999 entries and says the rest was cut,
 * against the count the record reports; no page is ever refused. A page the service answers empty
 * where the one before promised more (https://github.com/allenai/s2-folks/issues/117) is said, not
 * silently taken as the end; full pages without `next` are followed while the record's count says
 * more, and a count above the list (they often differ) is no cut.
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import type { PaperDetail, SelfPaperSource } from "../../api/types.ts";
import { World, worldDoi } from "../sources/api-world.ts";
import { worldRecordings } from "../sources/api-replay.ts";
import { runReport, useReplay } from "./replay-env.ts";

// Paper 2 is cited by paper 3 and 9,499 outside papers; paper 4 by 12,000 more; paper 5 by 1,500;
// paper 6 by 2,500; paper 7 by 1,000, though its record counts 1,005 (counts and lists differ).
const CITERS: Record<number, number> = { 2: 9_499, 4: 12_000, 5: 1_500, 6: 2_500, 7: 1_000 };
const world = new World({ papers: 7, refs: (k) => (k === 3 ? [2] : []), outsideCiters: (k) => CITERS[k] ?? 0 });
const recordings = worldRecordings(world);
const seven = recordings.s2.get(world.paper(7).paperId);
if (seven?.record && typeof seven.record === "object") seven.record.citationCount = 1_005;
const replay = useReplay(() => recordings);
const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** The citation pages of paper k asked for since request `from`. */
const citationPages = (k: number, from = 0) =>
  replay()
    .requests.slice(from)
    .filter((r) => r.path === `/graph/v1/paper/DOI:${worldDoi(k)}/citations`)
    .map((r) => ({ offset: Number(r.query.offset), limit: Number(r.query.limit), status: r.status }));
const pagesUpTo = (lastLimit: number) => [...Array.from({ length: 9 }, (_, i) => ({ offset: i * 1000, limit: 1000, status: 200 })), { offset: 9000, limit: lastLimit, status: 200 }];

describe("Semantic Scholar's paging window", () => {
  it("refuses a page that reaches offset + limit = 10,000, or asks for more than 1,000", async () => {
    const at = `${replay().s2Base}/paper/DOI:${worldDoi(4)}/citations?fields=title`;
    const over = await fetch(`${at}&offset=9000&limit=1000`);
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ error: "offset + limit must be < 10000" });
    expect((await fetch(`${at}&offset=0&limit=1001`)).status).toBe(400);
    expect((await fetch(`${at}&offset=9000&limit=999`)).status).toBe(200);
  });

  it("stores a 9,500-citation list whole, its last page asking for 999", async () => {
    const db = join(tmp.dir, "whole.db");
    const { code, report } = await runReport<ExpandReport>(db, ["expand", worldDoi(2)]);
    expect(code).toBe(0);
    expect(report.cuts).toEqual([]);
    expect(report.graph.edges).toBe(9_500);
    expect(citationPages(2)).toEqual(pagesUpTo(999));
    const view = JSON.parse((await runCli(["show", worldDoi(2), "--db", db, "--json"])).stdout) as PaperDetail;
    expect(view.coverage.builtBy).toMatchObject({ inGraph: 9_500, reported: 9_500 });
  });

  it("stores 9,999 of a 12,000-citation list, and says the rest was cut, in the report and on the page", async () => {
    const db = join(tmp.dir, "cut.db");
    const from = replay().requests.length;
    const { code, report } = await runReport<ExpandReport>(db, ["expand", worldDoi(4)]);
    expect(code).toBe(0);
    const reason = "Semantic Scholar serves at most the first 9,999 entries of a list (offset + limit must be < 10,000)";
    expect(report.cuts).toEqual([{ apiId: `DOI:${worldDoi(4)}`, list: "citations", reported: 12_000, fetched: 9_999, reason }]);
    expect(report.graph.edges).toBe(9_999);
    expect(citationPages(4, from)).toEqual(pagesUpTo(999));
    const view = JSON.parse((await runCli(["show", worldDoi(4), "--db", db, "--json"])).stdout) as PaperDetail;
    expect(view.sources.find((s): s is SelfPaperSource => s.role === "self")?.warnings).toContain(`citations: 9,999 of 12,000 fetched from Semantic Scholar; ${reason}`);
    expect(view.coverage.builtBy).toMatchObject({ inGraph: 9_999, reported: 12_000 });
  });

  it("says a list that stops at an empty page before the count the record reports", async () => {
    replay().fault((path, q) => path.endsWith(`/DOI:${worldDoi(5)}/citations`) && q.get("offset") === "1000", [{ body: JSON.stringify({ offset: 1000, data: [] }) }]);
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "empty.db"), ["expand", worldDoi(5)]);
    expect(code).toBe(0);
    expect(report.cuts).toEqual([{ apiId: `DOI:${worldDoi(5)}`, list: "citations", reported: 1_500, fetched: 1_000, reason: "Semantic Scholar answered an empty page at offset 1,000" }]);
  });

  it("follows full pages that carry no `next` while the record's count says more", async () => {
    const list = (recordings.s2.get(world.paper(6).paperId)?.citations ?? []) as unknown[];
    for (const offset of [0, 1000, 2000]) {
      replay().fault(
        (path, q) => path.endsWith(`/DOI:${worldDoi(6)}/citations`) && q.get("offset") === String(offset),
        [{ body: JSON.stringify({ offset, data: list.slice(offset, offset + 1000) }) }],
      );
    }
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "no-next.db"), ["expand", worldDoi(6)]);
    expect(code).toBe(0);
    expect(report.cuts).toEqual([]);
    expect(report.graph.edges).toBe(2_500);
  });

  it("takes a count above the list as the count's, not a cut: one request more, answered empty", async () => {
    const from = replay().requests.length;
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "count.db"), ["expand", worldDoi(7)]);
    expect(code).toBe(0);
    expect(report.cuts).toEqual([]);
    expect(report.graph.edges).toBe(1_000);
    expect(citationPages(7, from)).toEqual([
      { offset: 0, limit: 1000, status: 200 },
      { offset: 1000, limit: 1000, status: 200 },
    ]);
  });

  it("cuts at --max-list below the window, the last page shrunk to it", async () => {
    const from = replay().requests.length;
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "max-list.db"), ["expand", worldDoi(5), "--max-list", "1200"]);
    expect(code).toBe(0);
    expect(report.cuts).toEqual([{ apiId: `DOI:${worldDoi(5)}`, list: "citations", reported: 1_500, fetched: 1_200, reason: "cut at --max-list 1200" }]);
    expect(citationPages(5, from)).toEqual([
      { offset: 0, limit: 1000, status: 200 },
      { offset: 1000, limit: 200, status: 200 },
    ]);
  });
});
