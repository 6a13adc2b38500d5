/**
 * OpenAlex works (invented, as the API returns them and Python clients record them; see
 * test/fixtures/sources/README.md): identifiers from DOIs and location URLs, the abstract rebuilt
 * from its inverted index, and references kept when the work they name is known to the import.
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
    const r = importSources("openalex", [file("journal-article-work.json")]);
    const page = r.records[0]?.page;
    expect(r.records[0]?.source).toBe("openalex:journal-article-work.json#W9904175201");
    expect(page?.paper).toMatchObject({
      title: "Counting the commons: a large-scale census of openly licensed evaluation datasets",
      ids: { doi: "10.5555/jom.2018.4375" },
      year: 2018,
      date: "2018-02-13",
      venue: "Journal of Open Measurement",
    });
    expect(page?.paper.authors.slice(0, 3)).toEqual(["Ilse Hallowell", "Kofi Brannigan", "Maëlle Corbeau"]);
    expect(page?.paper.abstract).toMatch(/^Despite growing interest in openly licensed evaluation data, there is no large-scale, up-to-date/);
    expect(page?.paper.abstract?.split(" ")).toHaveLength(117);
    expect(page?.facts).toMatchObject({ citedByCount: 731, referencesTotal: 45, dataThrough: "2025-05-19" });
  });

  it("leaves out references known only by OpenAlex ID, and says how many", () => {
    const page = importSources("openalex", [file("journal-article-work.json")]).records[0]?.page;
    expect(page?.buildsOn).toEqual([]);
    expect(page?.warnings).toEqual([expect.stringMatching(/^45 of 45 referenced works are known only by their OpenAlex ID/)]);
  });

  it("keeps a reference when the work it names is in the same import", () => {
    const citing = { ...work("conference-paper-work.json"), referenced_works: ["https://openalex.org/W9904175201", "https://openalex.org/W1"] };
    const r = openAlexRecords([{ path: "a.json", works: [citing, work("journal-article-work.json")] }]);
    const page = r.records[0]?.page;
    expect(page?.buildsOn).toEqual([expect.objectContaining({ ids: { doi: "10.5555/jom.2018.4375" }, year: 2018, url: "https://openalex.org/W9904175201" })]);
    expect(page?.warnings[0]).toMatch(/^1 of 2 referenced works/);
  });

  it("finds an arXiv ID in a preprint's DOI and locations (search results page)", () => {
    const r = importSources("openalex", [file("search-results-journal-and-preprint.json")]);
    expect(r.records.map((x) => [openAlexId(x.source.split("#")[1]), x.page.paper.ids])).toEqual([
      ["W9943967237", { doi: "10.5555/nmi.2024.00832" }],
      ["W9943655972", { arxiv: "2304.95376" }],
    ]);
  });

  it("reads works out of recorded exchanges, gzip bodies included, and ignores the other APIs'", () => {
    const r = importSources("openalex", [file("cassette-title-search-four-apis.yaml"), file("cassette-work-by-doi.yaml")]);
    expect(r.problems).toEqual([]);
    expect(r.records.map((x) => x.page.paper.title)).toEqual([
      "Augmenting language models with laboratory instruments",
      "LabBench: Augmenting large-language models with laboratory instruments",
      "Quotient Sketches for Streaming Deduplication",
    ]);
    expect(r.warnings).toEqual([expect.objectContaining({ warning: "ignored 4 recorded exchange(s) that hold no OpenAlex works" })]);
  });

  it("rebuilds an abstract from positions, whatever order the words come in", () => {
    expect(abstractFromInvertedIndex({ world: [1], hello: [0, 2] })).toBe("hello world hello");
    expect(abstractFromInvertedIndex(null)).toBeUndefined();
  });
});
