/**
 * Semantic Scholar responses (from the semanticscholar Python client's test data): a paper with
 * its references and citations, single citation edges, and the recorded exchanges whose lists
 * come in pages. Paged lists are reassembled in order; null paperIds become title stubs.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { importSources } from "../../ingest/sources/import-sources.ts";
import { assemblePages, s2Bundles } from "../../ingest/sources/s2-exchanges.ts";
import { s2IdIdentifiers, s2Page, type S2Edge } from "../../ingest/sources/s2.ts";
import type { Exchange } from "../../ingest/sources/cassette.ts";
import { ROOT, runCli, runJson, tempDir } from "../helpers/cli.ts";
import { loadCassette } from "./replay-server.ts";

const S2 = join(ROOT, "test/fixtures/sources/s2");
const file = (name: string) => ({ path: join(S2, name), bytes: readFileSync(join(S2, name)) });

describe("S2 paper objects", () => {
  it("makes Paper.json one page: 14 references built on, 1,000 citations building on it", () => {
    const r = importSources("s2", [file("Paper.json")]);
    expect(r.problems).toEqual([]);
    const page = r.records[0]?.page;
    expect(r.records[0]?.source).toBe("s2:Paper.json#2d5673caa9e6af3a7b82a43f19ee920992db07ad");
    expect(page?.paper).toMatchObject({
      title: "Computing Machinery and Intelligence",
      year: 1950,
      date: "1950-10-01",
      authors: ["A. Turing"],
      ids: { doi: "10.1093/mind/lix.236.433", s2: "2d5673caa9e6af3a7b82a43f19ee920992db07ad" },
    });
    expect(page?.facts).toMatchObject({ citedByCount: 10059, referencesTotal: 14 });
    expect(page?.buildsOn).toHaveLength(14);
    expect(page?.builtBy).toHaveLength(1000);
    expect(page?.buildsOn[0]).toMatchObject({ title: "Calculating Instruments and Machines", year: 1951, ids: { doi: "10.2307/3610576" } });
  });

  it("imports a lone reference or citation edge as its paper, saying the other side is unknown", () => {
    const r = importSources("s2", [file("Reference.json"), file("Citation.json")]);
    expect(r.records.map((x) => x.page.paper.ids)).toEqual([
      { arxiv: "1402.0030", s2: "331f0fb3b6176c6e463e0401025b04f6ace9ccd3" },
      { doi: "10.1109/lra.2022.3229266", s2: "bdcbc589c8d1e4dd0c6572630f8511557406ad2f" },
    ]);
    expect(r.records[0]?.page.warnings[0]).toMatch(/single cited paper .* imported alone/);
  });

  it("reads the IDs the API accepts", () => {
    expect(s2IdIdentifiers("DOI:10.2139/ssrn.2250500")).toEqual({ doi: "10.2139/ssrn.2250500" });
    expect(s2IdIdentifiers("10.2139/ssrn.2250500")).toEqual({ doi: "10.2139/ssrn.2250500" });
    expect(s2IdIdentifiers("ARXIV:2306.03100")).toEqual({ arxiv: "2306.03100" });
    expect(s2IdIdentifiers("ACL:P02-1040")).toEqual({ acl: "P02-1040" });
    expect(s2IdIdentifiers("CorpusId:14514057")).toEqual({});
    expect(s2IdIdentifiers("2d5673caa9e6af3a7b82a43f19ee920992db07ad")).toEqual({ s2: "2d5673caa9e6af3a7b82a43f19ee920992db07ad" });
  });
});

describe("S2 recorded exchanges", () => {
  it("reassembles the two recorded pages of a reference list, with null paperIds as title stubs", () => {
    const r = importSources("s2", [file("test_get_paper_references.yaml")]);
    expect(r.problems).toEqual([]);
    const page = r.records[0]?.page;
    expect(page?.paper.ids).toEqual({ doi: "10.2139/ssrn.2250500" });
    expect(page?.buildsOn).toHaveLength(67);
    const stubs = page?.buildsOn.filter((x) => Object.keys(x.ids).length === 0) ?? [];
    expect(stubs).toHaveLength(23);
    expect(stubs[0]?.title).toBe("Progress of the World's Women 2011–2012: In Pursuit of Justice");
  });

  it("turns a batch response into one paper per result", () => {
    const r = importSources("s2", [file("test_get_papers.yaml")]);
    expect(r.records.map((x) => x.page.paper.ids.s2)).toEqual([
      "c31c87c591a25c64fbaa82e8ac6a81831b6ac7ce",
      "cb1ebd913c3724c599f6b276b14b5c6253da68f3",
      "0f40b1f08821e22e859c6050916cec3667778613",
    ]);
    expect(r.records[1]?.page.paper.authors).toEqual(["E. Duflo", "A. Banerjee", "R. Glennerster", "Cynthia Kinnan"]);
  });

  it("reports 19 pages of citations whose paper is named only by its corpus ID", () => {
    const exchanges = loadCassette(join(S2, "test_get_paper_citations.yaml"));
    const { bundles } = s2Bundles(exchanges);
    expect(bundles).toHaveLength(1);
    expect(bundles[0]?.citations).toHaveLength(1881);
    expect(bundles[0]?.warnings).toEqual([]);
    const r = importSources("s2", [file("test_get_paper_citations.yaml")]);
    expect(r.records).toEqual([]);
    expect(r.problems[0]?.reason).toMatch(/^CorpusID:14514057: known here only by its Semantic Scholar corpus ID/);
  });

  it("says which entries of a paged list were never recorded", () => {
    const page = (offset: number, n: number, next?: number) => ({ offset, data: Array.from({ length: n }, () => ({}) as S2Edge), ...(next !== undefined ? { next } : {}) });
    expect(assemblePages([page(0, 10, 10), page(20, 5, 25)], "citations").warnings).toEqual([
      "citations: entries 10-19 were not recorded",
      "citations: the list goes on past entry 25, which was not recorded",
    ]);
    expect(assemblePages([page(10, 10), page(0, 10, 10)], "references").data).toHaveLength(20);
  });
});

describe("citation attributes", () => {
  it("keeps isInfluential and intents on the edge, readable back from the database", async () => {
    const reference = JSON.parse(readFileSync(join(S2, "Reference.json"), "utf8")) as S2Edge;
    const citation = JSON.parse(readFileSync(join(S2, "Citation.json"), "utf8")) as S2Edge;
    const paper = JSON.parse(readFileSync(join(S2, "Paper.json"), "utf8")) as { paperId: string };
    const base = `https://api.semanticscholar.org/graph/v1/paper/${paper.paperId}`;
    // The API's list pages, with the fixture's real edge objects as their entries.
    const exchanges: Exchange[] = [
      { method: "GET", url: `${base}?fields=title`, status: 200, body: readFileSync(join(S2, "Paper.json"), "utf8") },
      { method: "GET", url: `${base}/references?offset=0`, status: 200, body: JSON.stringify({ offset: 0, data: [reference] }) },
      { method: "GET", url: `${base}/citations?offset=0`, status: 200, body: JSON.stringify({ offset: 0, data: [citation] }) },
    ];
    const bundle = s2Bundles(exchanges).bundles[0];
    expect(bundle).toBeDefined();
    const made = bundle ? s2Page(bundle) : { reason: "none" };
    if ("reason" in made) throw new Error(made.reason);
    expect(made.page.buildsOn[0]?.attributes).toEqual({ isInfluential: false, intents: ["background"] });
    expect(made.page.builtBy[0]?.attributes).toEqual({ isInfluential: true, intents: ["result", "background", "methodology"] });

    const tmp = tempDir();
    try {
      const db = join(tmp.dir, "attrs.db");
      const { writeRecords } = await import("../../library/import-files.ts");
      const { makeRecord } = await import("../../ingest/sources/source-record.ts");
      writeRecords(db, "s2", { records: [makeRecord("s2:test#attrs", made.page)], problems: [], warnings: [] });
      const { LineageDb } = await import("../../db/lineage-db.ts");
      const conn = LineageDb.open(db, { readonly: true });
      try {
        const turing = "doi:10.1093/mind/lix.236.433";
        expect(conn.queries.edgeAssertions(turing, "arxiv:1402.0030").map((a) => ({ source: a.source, attributes: a.attributes }))).toEqual([
          { source: "s2:test#attrs", attributes: { isInfluential: false, intents: ["background"] } },
        ]);
        expect(conn.queries.edgeAssertions("doi:10.1109/lra.2022.3229266", turing)[0]?.attributes?.isInfluential).toBe(true);
      } finally {
        conn.close();
      }
      const builtBy = await runJson<{ id: string }[]>(["built-by", `doi:10.1093/mind/lix.236.433`, "--db", db]);
      expect(builtBy.map((p) => p.id)).toEqual(["doi:10.1109/lra.2022.3229266"]);
      expect((await runCli(["explain", "arXiv:1402.0030", "--db", db])).code).toBe(0);
    } finally {
      tmp.cleanup();
    }
  });
});
