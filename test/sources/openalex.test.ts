/**
 * OpenAlex works (from the openalex-python, commonmeta-py and paper-qa test data): identifiers
 * from DOIs and location URLs, the abstract rebuilt from its inverted index, and references kept
 * when the work they name is known to the import.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { importSources, openAlexRecords } from "../../ingest/sources/import-sources.ts";
import { abstractFromInvertedIndex, openAlexId, type OpenAlexWork } from "../../ingest/sources/openalex.ts";
import { openAlexWorkOf } from "../../ingest/sources/openalex-record.ts";
import { ROOT } from "../helpers/cli.ts";

const OA = join(ROOT, "test/fixtures/sources/openalex");
const file = (name: string) => ({ path: join(OA, name), bytes: readFileSync(join(OA, name)) });
const work = (name: string): OpenAlexWork => {
  const read = openAlexWorkOf(JSON.parse(readFileSync(join(OA, name), "utf8")));
  if ("reason" in read) throw new Error(`${name}: ${read.reason}`);
  return read.work;
};

describe("OpenAlex works", () => {
  it("reads a work: DOI, authors, venue, counts, and the abstract in word order", () => {
    const r = importSources("openalex", [file("W2741809807.json")]);
    const page = r.records[0]?.page;
    expect(r.records[0]?.source).toBe("openalex:W2741809807.json#W2741809807");
    expect(page?.paper).toMatchObject({
      title: "The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles",
      ids: { doi: "10.7717/peerj.4375" },
      year: 2018,
      date: "2018-02-13",
      venue: "PeerJ",
    });
    expect(page?.paper.authors.slice(0, 3)).toEqual(["Heather Piwowar", "Jason Priem", "Vincent Larivière"]);
    expect(page?.paper.abstract).toMatch(/^Despite growing interest in Open Access \(OA\) to scholarly literature, there is an unmet need/);
    expect(page?.paper.abstract?.split(" ")).toHaveLength(258);
    expect(page?.facts).toMatchObject({ citedByCount: 962, referencesTotal: 45, dataThrough: "2025-06-11" });
  });

  it("leaves out references known only by OpenAlex ID, and says how many", () => {
    const page = importSources("openalex", [file("W2741809807.json")]).records[0]?.page;
    expect(page?.buildsOn).toEqual([]);
    expect(page?.warnings).toEqual([expect.stringMatching(/^45 of 45 referenced works are known only by their OpenAlex ID/)]);
  });

  it("keeps a reference when the work it names is in the same import", () => {
    const citing = { ...work("W3174427814_vector_quotient_filters.json"), referenced_works: ["https://openalex.org/W2741809807", "https://openalex.org/W1"] };
    const r = openAlexRecords([{ path: "a.json", works: [citing, work("W2741809807.json")] }]);
    const page = r.records[0]?.page;
    expect(page?.buildsOn).toEqual([
      expect.objectContaining({ ids: { doi: "10.7717/peerj.4375" }, year: 2018, url: "https://openalex.org/W2741809807" }),
    ]);
    expect(page?.warnings[0]).toMatch(/^1 of 2 referenced works/);
  });

  it("finds an arXiv ID in a preprint's DOI and locations (search results page)", () => {
    const r = importSources("openalex", [file("chemcrow_openalex_search_results.json")]);
    expect(r.records.map((x) => [openAlexId(x.source.split("#")[1]), x.page.paper.ids])).toEqual([
      ["W4396723768", { doi: "10.1038/s42256-024-00832-8" }],
      ["W4365597205", { arxiv: "2304.05376" }],
    ]);
  });

  it("reads works out of recorded exchanges, gzip bodies included, and ignores the other APIs'", () => {
    const r = importSources("openalex", [file("paperqa_test_title_search_paper_attributes2.yaml"), file("commonmeta_test_proceedings_article.yaml")]);
    expect(r.problems).toEqual([]);
    expect(r.records.map((x) => x.page.paper.title)).toEqual([
      "Augmenting large language models with chemistry tools",
      "ChemCrow: Augmenting large-language models with chemistry tools",
      "Vector Quotient Filters",
    ]);
    expect(r.warnings).toEqual([expect.objectContaining({ warning: "ignored 4 recorded exchange(s) that hold no OpenAlex works" })]);
  });

  it("rebuilds an abstract from positions, whatever order the words come in", () => {
    expect(abstractFromInvertedIndex({ world: [1], hello: [0, 2] })).toBe("hello world hello");
    expect(abstractFromInvertedIndex(null)).toBeUndefined();
  });
});
