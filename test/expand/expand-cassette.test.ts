/**
 * The replay serves recorded cassettes too: the two recorded pages of a reference list
 * (test/fixtures/sources/s2/cassette-references-in-two-pages.yaml, written for the tests in the
 * vcrpy layout, with null paperIds) are reassembled and paged again as the client asks, so
 * `lineage expand` stores the paper with all 67 references, those known only by a title as stubs.
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { ROOT, runJson, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import { addS2Exchanges, type ApiRecordings } from "../sources/api-replay.ts";
import { loadCassette } from "../sources/replay-server.ts";
import { runReport, useReplay } from "./replay-env.ts";

const DOI = "10.5555/wp.2013.0417";
const PAPER_ID = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00";

function recorded(): ApiRecordings {
  const recordings: ApiRecordings = { s2: new Map(), openalex: { works: new Map(), byDoi: new Map(), citing: new Map() } };
  addS2Exchanges(recordings, loadCassette(join(ROOT, "test/fixtures/sources/s2/cassette-references-in-two-pages.yaml")));
  // The cassette holds no record of the paper itself: an invented one, as a client's test would save it.
  const entry = recordings.s2.get(DOI);
  if (entry) entry.record = { paperId: PAPER_ID, externalIds: { DOI }, title: "Invented Working Paper on Smallholder Ledgers", year: 2013, referenceCount: 67, citationCount: 0, authors: [] };
  return recordings;
}

useReplay(recorded);
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe("a recorded cassette, replayed", () => {
  it("gives the paper with every recorded reference, paged again as asked", async () => {
    const db = join(tmp.dir, "cassette.db");
    const { code, report } = await runReport<ExpandReport>(db, ["expand", DOI]);
    expect(code).toBe(0);
    expect(report.papers[0]).toMatchObject({ state: "fetched", page: expect.stringMatching(new RegExp(`/paper/${PAPER_ID}$`)) });
    expect(report.graph.edges).toBe(67);
    const builtOn = await runJson<{ id: string }[]>(["builds-on", DOI, "--db", db]);
    expect(builtOn).toHaveLength(67);
    // The 23 entries whose paperId is null are known by their title alone.
    expect(builtOn.filter((p) => p.id.startsWith("title:"))).toHaveLength(23);
  });
});
