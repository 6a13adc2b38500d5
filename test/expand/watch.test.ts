/**
 * `lineage watch LIST` against the replay, as the literature grows between two checks (two
 * worlds, the second with papers the first lacks): a check reports the papers citing the list
 * that the map does not hold as doing so, with the list's papers they cite and when they
 * appeared, and the next check only what is new since; `--status` shows the last check without
 * asking the network, as the library function the server calls does; `--dismiss` sets findings
 * aside for good; `--add` stores them, so their citations of the list show in the map.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import type { WatchActionReport, WatchReport } from "../../crawl/watch.ts";
import type { ListWatchState } from "../../api/types.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { listWatchState } from "../../library/watch-state.ts";
import { defaultRefs, World, worldDoi } from "../sources/api-world.ts";
import { startApiReplay, worldRecordings, type ApiReplay } from "../sources/api-replay.ts";
import { FAST, pointAt, runReport, useReplay } from "./replay-env.ts";

// Papers 13 and 14 appear after the first check: 13 cites list paper 5, 14 cites 3 and 5.
const refs = (k: number) => (k === 13 ? [5, 12] : k === 14 ? [3, 5] : defaultRefs(k));
const before = new World({ papers: 12, refs });
const after = new World({ papers: 14, refs });
const first = useReplay(() => worldRecordings(before));
let later: ApiReplay;
const tmp = tempDir();
const db = join(tmp.dir, "watch.db");

beforeAll(async () => {
  later = await startApiReplay(worldRecordings(after));
  expect((await runCli(["expand", worldDoi(3), ...FAST, "--db", db])).code).toBe(0);
  expect((await runCli(["lists", "add", "Reading", worldDoi(3), worldDoi(5), "--db", db])).code).toBe(0);
});
afterAll(async () => {
  await later.close();
  tmp.cleanup();
});

const watch = (...args: string[]) => runReport<WatchReport>(db, ["watch", "Reading", ...args]);
const status = () => runJson<ListWatchState>(["watch", "Reading", "--status", "--db", db]);
const dois = (findings: { doi: string | null }[]) => findings.map((f) => f.doi).sort();
/** The world papers citing list paper k that the map, after expanding paper 3, does not hold as citing it. */
const newCitersOf5 = (w: World) => w.citersOf(5).map(worldDoi);

describe("lineage watch", () => {
  let firstCheck: WatchReport;

  it("reports the papers citing the list that the map does not hold as citing it, with what they cite and when", async () => {
    const { code, report } = await watch();
    expect(code).toBe(0);
    firstCheck = report;
    expect(report).toMatchObject({ list: "Reading", source: "s2", previousCheckAt: null, problems: [], stopped: null });
    expect(report.checked.map((c) => c.ref)).toEqual([worldDoi(3), worldDoi(5)]);
    // Everything citing paper 3 came with its expansion; paper 5 is in the map only as a reference.
    expect(dois(report.new)).toEqual(newCitersOf5(before).sort());
    const six = report.new.find((f) => f.doi === worldDoi(6));
    expect(six).toMatchObject({
      title: before.paper(6).title,
      date: before.paper(6).date,
      year: before.paper(6).year,
      state: "new",
      newInLastCheck: true,
      cites: [{ ref: worldDoi(5), title: before.paper(5).title, intents: before.citation(6, 5).intents, isInfluential: before.citation(6, 5).isInfluential, contexts: before.citation(6, 5).contexts }],
    });
    expect(report.pending).toBe(report.new.length);
  });

  it("shows the last check and its findings without asking the network, as the server's library call does", async () => {
    const asked = first().requests.length;
    const state = await status();
    expect(first().requests.length).toBe(asked);
    expect(state).toMatchObject({ list: "Reading", watched: true, source: "s2", lastCheckedAt: firstCheck.checkedAt, previousCheckedAt: null, papersChecked: 2 });
    expect(state.counts).toEqual({ new: firstCheck.new.length, added: 0, dismissed: 0 });
    const conn = LineageDb.open(db, { readonly: true });
    try {
      expect(listWatchState(conn, "Reading", 100_000)).toEqual(state);
      expect(listWatchState(conn, "No such list")).toBeUndefined();
    } finally {
      conn.close();
    }
  });

  it("reports only what is new since the last check", async () => {
    pointAt(later);
    const { code, report } = await watch();
    expect(code).toBe(0);
    expect(report.previousCheckAt).toBe(firstCheck.checkedAt);
    expect(dois(report.new)).toEqual([worldDoi(13), worldDoi(14)]);
    expect(
      report.new
        .find((f) => f.doi === worldDoi(14))
        ?.cites.map((c) => c.ref)
        .sort(),
    ).toEqual([worldDoi(3), worldDoi(5)]);
    expect(report.pending).toBe(firstCheck.new.length + 2);
    const state = await status();
    expect(
      state.findings
        .filter((f) => f.newInLastCheck)
        .map((f) => f.doi)
        .sort(),
    ).toEqual([worldDoi(13), worldDoi(14)]);
  });

  it("sets a dismissed finding aside for good", async () => {
    const { code, report } = await runReport<WatchActionReport>(db, ["watch", "Reading", "--dismiss", worldDoi(13)]);
    expect(code).toBe(0);
    expect(report.changed).toEqual([after.paper(13).paperId]);
    const again = await watch();
    expect(again.report.new).toEqual([]);
    expect((await status()).findings.find((f) => f.doi === worldDoi(13))?.state).toBe("dismissed");
  });

  it("adds a finding to the map, its citations of the list with it, and marks it added", async () => {
    const { code, report } = await runReport<WatchActionReport & { expansion: ExpandReport }>(db, ["watch", "Reading", "--add", after.paper(14).title]);
    expect(code).toBe(0);
    expect(report.changed).toEqual([after.paper(14).paperId]);
    expect(report.expansion.papers[0]).toMatchObject({ apiId: after.paper(14).paperId, state: "fetched" });
    for (const k of [3, 5]) {
      const citing = await runJson<{ doi: string | null }[]>(["built-by", worldDoi(k), "--db", db]);
      expect(citing.map((p) => p.doi)).toContain(worldDoi(14));
    }
    const state = await status();
    expect(state.counts).toEqual({ new: firstCheck.new.length, added: 1, dismissed: 1 });
    // The next check finds it in the map: still added, not new again.
    const again = await watch();
    expect(again.report.new).toEqual([]);
    expect((await status()).findings.find((f) => f.doi === worldDoi(14))?.state).toBe("added");
  });

  it("checks through OpenAlex too: a list paper known by DOI is looked up, then its citing works paged by cursor", async () => {
    expect((await runCli(["lists", "add", "Other", worldDoi(5), "--db", db])).code).toBe(0);
    const from = later.requests.length;
    const { code, report } = await runReport<WatchReport>(db, ["watch", "Other", "--source", "openalex"]);
    expect(code).toBe(0);
    expect(later.requests.slice(from).map((r) => [r.path, r.query.filter ?? null, r.query.cursor ?? null])).toEqual([
      // The singleton route by DOI, which costs nothing of the day's budget.
      [`/openalex/works/doi:${worldDoi(5)}`, null, null],
      ["/openalex/works", `cites:${after.paper(5).workId}`, "*"],
    ]);
    // Paper 14 was added to the map with its citation of paper 5: not a finding.
    expect(dois(report.new)).toEqual(
      newCitersOf5(after)
        .filter((d) => d !== worldDoi(14))
        .sort(),
    );
    expect(report.new.every((f) => /^W\d+$/.test(f.id) && f.source === "openalex")).toBe(true);
  });

  it("checks the papers it can, and keeps with the check the ones it could not, as warnings", async () => {
    const conn = LineageDb.open(db);
    try {
      conn.lists.add("Mixed", [
        { paperRef: worldDoi(5), title: after.paper(5).title, reason: "" },
        { paperRef: "An Invented Title Nobody Indexed", title: "An Invented Title Nobody Indexed", reason: "" },
      ]);
    } finally {
      conn.close();
    }
    const { code, report, stderr } = await runReport<WatchReport>(db, ["watch", "Mixed"]);
    expect(code).toBe(0);
    expect(report.checked.map((c) => c.ref)).toEqual([worldDoi(5)]);
    expect(report.problems).toEqual([{ ref: "An Invented Title Nobody Indexed", reason: "not in the map, and not an identifier" }]);
    expect(stderr).toMatch(/lineage: warning: An Invented Title Nobody Indexed: not in the map, and not an identifier/);
    expect((await runJson<ListWatchState>(["watch", "Mixed", "--status", "--db", db])).problems).toEqual(report.problems);
  });

  it("expands a saved list's papers, each asked for by its own ID at the source, the others passed over", async () => {
    const { code, report, stderr } = await runReport<ExpandReport>(db, ["expand", "--list", "Mixed"]);
    expect(code).toBe(0);
    expect(report.papers.map((p) => [p.apiId, p.state])).toEqual([[after.paper(5).paperId, "fetched"]]);
    expect(stderr).toMatch(/warning: An Invented Title Nobody Indexed: not in the map, and not an identifier; passed over/);
    const reading = await runReport<ExpandReport>(db, ["expand", "--list", "Reading"]);
    expect(reading.report.papers.map((p) => p.apiId)).toEqual([after.paper(3).paperId, after.paper(5).paperId]);
  });

  it("refuses what it cannot find: a finding not on the list, a list that does not exist", async () => {
    const r = await runCli(["watch", "Reading", "--add", "10.5555/lineage.world.99", "--db", db]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/not among the findings of "Reading": 10\.5555\/lineage\.world\.99/);
    expect((await runCli(["watch", "Nowhere", "--db", db])).code).toBe(3);
    expect((await runCli(["watch", "Reading", "--add", "--dismiss", "all", "--db", db])).code).toBe(2);
  });
});
