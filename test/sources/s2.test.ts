/**
 * Semantic Scholar responses (invented, in the shapes the Graph API and its Python client save;
 * see test/fixtures/sources/README.md): a paper with its references and citations, single
 * citation edges, and the recorded exchanges whose lists come in pages. Paged lists are
 * reassembled in order; null paperIds become title stubs.
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
  it("makes a full paper record one page: 14 references built on, 300 citations building on it", () => {
    const r = importSources("s2", [file("paper-with-references-and-citations.json")]);
    expect(r.problems).toEqual([]);
    const page = r.records[0]?.page;
    expect(r.records[0]?.source).toBe("s2:paper-with-references-and-citations.json#5e1f0c3a9d7b2e8f4a6c1d0b9e8f7a6b5c4d3e2f");
    expect(page?.paper).toMatchObject({
      title: "Can a Ledger Judge? Notes on Mechanical Bookkeeping",
      year: 1953,
      date: "1953-04-01",
      authors: ["E. Marwick"],
      ids: { doi: "10.5555/ledger.lxii.0417", s2: "5e1f0c3a9d7b2e8f4a6c1d0b9e8f7a6b5c4d3e2f" },
    });
    // The counts are the record's, not the length of the lists it embeds.
    expect(page?.facts).toMatchObject({ citedByCount: 4812, referencesTotal: 14 });
    expect(page?.buildsOn).toHaveLength(14);
    expect(page?.builtBy).toHaveLength(300);
    expect(page?.buildsOn[0]).toMatchObject({ title: "Tables for the Hand Calculation of Tidal Orbits", year: 1949, ids: { doi: "10.5555/tide.1949.0031" } });
  });

  it("imports a lone reference or citation edge as its paper, saying the other side is unknown", () => {
    const r = importSources("s2", [file("reference-edge.json"), file("citation-edge.json")]);
    expect(r.records.map((x) => x.page.paper.ids)).toEqual([
      { arxiv: "1402.9930", s2: "9c2e4a7b1d0f3e5a6b8c9d0e1f2a3b4c5d6e7f80" },
      { doi: "10.5555/tmr.2022.3229417", s2: "e4b7c1d2a3f40516273849a0b1c2d3e4f5a6b7c8" },
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
    const r = importSources("s2", [file("cassette-references-in-two-pages.yaml")]);
    expect(r.problems).toEqual([]);
    const page = r.records[0]?.page;
    expect(page?.paper.ids).toEqual({ doi: "10.5555/wp.2013.0417" });
    expect(page?.buildsOn).toHaveLength(67);
    const stubs = page?.buildsOn.filter((x) => Object.keys(x.ids).length === 0) ?? [];
    expect(stubs).toHaveLength(23);
    expect(stubs[0]?.title).toBe("Harvest Ledgers of the World's Smallholders 2009–2010: A Field Survey");
  });

  it("turns a batch response into one paper per result", () => {
    const r = importSources("s2", [file("cassette-batch-of-three.yaml")]);
    expect(r.records.map((x) => x.page.paper.ids.s2)).toEqual(["3b8e2f61c0d94a7e5f1c2b3a4d5e6f708192a3b4", "7c4d1e9a2b3f5a6c8d0e1f2a3b4c5d6e7f809a1b", "a1f0e2d3c4b5a6978877665544332211ffeeddcc"]);
    expect(r.records[1]?.page.paper.authors).toEqual(["E. Abernethy", "T. Okonkwo-Hale", "R. Saltmarsh", "Ilse Brannigan"]);
  });

  it("reports 6 pages of citations whose paper is named only by its corpus ID", () => {
    const exchanges = loadCassette(join(S2, "cassette-citations-by-corpus-id.yaml"));
    expect(exchanges).toHaveLength(6);
    const { bundles } = s2Bundles(exchanges);
    expect(bundles).toHaveLength(1);
    expect(bundles[0]?.citations).toHaveLength(537);
    expect(bundles[0]?.warnings).toEqual([]);
    const r = importSources("s2", [file("cassette-citations-by-corpus-id.yaml")]);
    expect(r.records).toEqual([]);
    expect(r.problems[0]?.reason).toMatch(/^CorpusID:90417117: known here only by its Semantic Scholar corpus ID/);
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
  it("keeps isInfluential, intents and the citing sentences on the edge, readable back from the database", async () => {
    const reference = JSON.parse(readFileSync(join(S2, "reference-edge.json"), "utf8")) as S2Edge & { contexts: string[] };
    const citation = JSON.parse(readFileSync(join(S2, "citation-edge.json"), "utf8")) as S2Edge & { contexts: string[] };
    const paper = JSON.parse(readFileSync(join(S2, "paper-with-references-and-citations.json"), "utf8")) as { paperId: string };
    const base = `https://api.semanticscholar.org/graph/v1/paper/${paper.paperId}`;
    // The API's list pages, with the fixtures' edge objects as their entries.
    const exchanges: Exchange[] = [
      { method: "GET", url: `${base}?fields=title`, status: 200, body: readFileSync(join(S2, "paper-with-references-and-citations.json"), "utf8") },
      { method: "GET", url: `${base}/references?offset=0`, status: 200, body: JSON.stringify({ offset: 0, data: [reference] }) },
      { method: "GET", url: `${base}/citations?offset=0`, status: 200, body: JSON.stringify({ offset: 0, data: [citation] }) },
    ];
    const bundle = s2Bundles(exchanges).bundles[0];
    expect(bundle).toBeDefined();
    const made = bundle ? s2Page(bundle) : { reason: "none" };
    if ("reason" in made) throw new Error(made.reason);
    expect(made.page.buildsOn[0]?.attributes).toEqual({ isInfluential: false, intents: ["background"], contexts: reference.contexts });
    expect(made.page.builtBy[0]?.attributes).toEqual({ isInfluential: true, intents: ["result", "background", "methodology"], contexts: citation.contexts });
    expect(citation.contexts).toHaveLength(4);

    const tmp = tempDir();
    try {
      const db = join(tmp.dir, "attrs.db");
      const { writeRecords } = await import("../../library/import-files.ts");
      const { makeRecord } = await import("../../ingest/sources/source-record.ts");
      writeRecords(db, "s2", { records: [makeRecord("s2:test#attrs", made.page)], problems: [], warnings: [] });
      const { LineageDb } = await import("../../db/lineage-db.ts");
      const conn = LineageDb.open(db, { readonly: true });
      try {
        const ledger = "doi:10.5555/ledger.lxii.0417";
        expect(conn.queries.edgeAssertions(ledger, "arxiv:1402.9930").map((a) => ({ source: a.source, attributes: a.attributes }))).toEqual([
          { source: "s2:test#attrs", attributes: { isInfluential: false, intents: ["background"], contexts: reference.contexts } },
        ]);
        expect(conn.queries.edgeAssertions("doi:10.5555/tmr.2022.3229417", ledger)[0]?.attributes?.isInfluential).toBe(true);
      } finally {
        conn.close();
      }
      const builtBy = await runJson<{ id: string }[]>(["built-by", `doi:10.5555/ledger.lxii.0417`, "--db", db]);
      expect(builtBy.map((p) => p.id)).toEqual(["doi:10.5555/tmr.2022.3229417"]);
      expect((await runCli(["explain", "arXiv:1402.9930", "--db", db])).code).toBe(0);
    } finally {
      tmp.cleanup();
    }
  });
});
