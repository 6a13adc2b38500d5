/**
 * The readers only `lineage ingest` routes to: schema.org JSON-LD (a ScholarlyArticle with its
 * citations, a `@graph` beside site nodes), CSL-JSON lists and EndNote (refer) records, collapsed
 * onto one line as saved copies often are. Each record's fields, identifiers and position when it
 * is bad. Every record is invented.
 */
import { describe, expect, it } from "vitest";
import { importRecordFiles } from "../../ingest/sources/import-sources.ts";
import type { RecordFormat } from "../../ingest/file-kind.ts";

const file = (path: string, text: string) => ({ path, bytes: new TextEncoder().encode(text) });
const read = (format: RecordFormat, path: string, value: unknown) => importRecordFiles(format, [file(path, typeof value === "string" ? value : JSON.stringify(value, null, 2))]);

const ARTICLE = {
  "@context": "https://schema.org",
  "@type": "ScholarlyArticle",
  "@id": "https://doi.org/10.5555/TIDES.2031.7",
  name: "Tidal Benchmarks for Invented Models",
  author: [{ "@type": "Person", name: "Ada Quill" }, { "@type": "Person", givenName: "Bram", familyName: "Oyelaran" }, "Chen Ibáñez"],
  datePublished: "2031-04-09",
  sameAs: ["https://arxiv.org/abs/3104.01234v2", "https://www.wikidata.org/wiki/Q1"],
  isPartOf: { "@type": "Periodical", name: "Journal of Invented Tides" },
  abstract: "We invent   a benchmark.",
  citation: [
    { "@type": "ScholarlyArticle", name: "An Older Invented Survey", datePublished: "2029", identifier: { "@type": "PropertyValue", propertyID: "DOI", value: "10.5555/older.2029" } },
    "https://arxiv.org/abs/3001.00042",
    { "@type": "CreativeWork", identifier: "arXiv:2912.04321" },
    "Somebody et al. 2028, a reference given only as prose",
  ],
};

describe("JSON-LD", () => {
  it("reads the work's name, authors, date, venue, identifiers and citation list", () => {
    const r = read("jsonld", "/notes/tides.jsonld", ARTICLE);
    expect(r.problems).toEqual([]);
    const page = r.records[0]?.page;
    expect(r.records[0]?.source).toBe("jsonld:tides.jsonld#10.5555/tides.2031.7");
    expect(page?.format).toBe("jsonld");
    expect(page?.paper).toMatchObject({
      title: "Tidal Benchmarks for Invented Models",
      authors: ["Ada Quill", "Bram Oyelaran", "Chen Ibáñez"],
      year: 2031,
      date: "2031-04-09",
      venue: "Journal of Invented Tides",
      abstract: "We invent a benchmark.",
      ids: { doi: "10.5555/tides.2031.7", arxiv: "3104.01234" },
      titleInferred: false,
    });
    expect(page?.buildsOn).toEqual([{ ids: { doi: "10.5555/older.2029" }, title: "An Older Invented Survey", year: 2029 }, { ids: { arxiv: "3001.00042" } }, { ids: { arxiv: "2912.04321" } }]);
    expect(page?.warnings).toEqual(["skipped 1 citation(s) given with neither a name nor an identifier"]);
  });

  it("reads the paper nodes of a @graph and passes over the site's own nodes", () => {
    const doc = {
      "@context": { "@vocab": "http://schema.org/" },
      "@graph": [
        { "@type": "WebSite", name: "An invented paper site" },
        { "@type": "BreadcrumbList", itemListElement: [] },
        { "@type": ["http://schema.org/ScholarlyArticle"], headline: "Ebb Tables", author: { "@list": [{ name: "Ada Quill" }] }, identifier: [{ propertyID: "arxiv", value: "3105.00007" }] },
      ],
    };
    const r = read("jsonld", "graph.json", doc);
    expect(r.problems).toEqual([]);
    expect(r.records.map((x) => [x.page.paper.title, x.page.paper.ids, x.page.paper.authors])).toEqual([["Ebb Tables", { arxiv: "3105.00007" }, ["Ada Quill"]]]);
  });

  it("rejects a paper node whose field is of the wrong kind, by position, and keeps the others", () => {
    const r = read("jsonld", "two.json", [
      { "@type": "Article", name: "Good Tides" },
      { "@type": "Article", name: 7 },
    ]);
    expect(r.records.map((x) => x.page.paper.title)).toEqual(["Good Tides"]);
    expect(r.problems).toEqual([{ path: "two.json", at: "$[1]", reason: "$[1]: has a field of the wrong kind: $[1].name: expected text, found a number (7)" }]);
  });
});

describe("CSL-JSON", () => {
  it("reads every item of a list through the CSL reading BibTeX uses, a bad item by position", () => {
    const items = [
      {
        id: "quill2031",
        type: "paper-conference",
        title: "Tidal Benchmarks",
        author: [{ family: "Quill", given: "Ada" }],
        issued: { "date-parts": [[2031, 5]] },
        DOI: "10.5555/tides.1",
        "container-title": "Proceedings of Invented Tides",
      },
      { id: 42, type: "article", title: "Ebb Tables", URL: "https://arxiv.org/abs/3105.00007" },
      { id: "bad", type: "article", title: ["fine"], author: "not a list" },
    ];
    const r = read("csl-json", "refs.json", items);
    expect(r.records.map((x) => [x.source, x.page.paper.title, x.page.paper.ids, x.page.paper.year ?? null])).toEqual([
      ["csl-json:refs.json#quill2031", "Tidal Benchmarks", { doi: "10.5555/tides.1" }, 2031],
      ["csl-json:refs.json#42", "Ebb Tables", { arxiv: "3105.00007" }, null],
    ]);
    expect(r.records[0]?.page.paper).toMatchObject({ authors: ["Ada Quill"], date: "2031-05", venue: "Proceedings of Invented Tides" });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ path: "refs.json", at: "$[2]" });
    expect(r.problems[0]?.reason).toMatch(/^\$\[2\]: CSL item has a field of the wrong kind: author/);
  });
});

describe("EndNote", () => {
  it("reads a record whose line breaks were collapsed to spaces", () => {
    const text =
      "%0 Conference Proceedings %T Ebb Tables: Measuring 50 % of the Tide %A Quill, Ada %A Oyelaran, Bram %Y Editor, Invented %S Proceedings of Invented Tides " +
      "%D 2031 %8 May %I Invented Association %F quill-etal-2031-ebb %X We measure tides. Half of them (50 %) ebb. %R 10.5555/ebb.2031 " +
      "%U https://aclanthology.org/2031.tides-main.7 %U https://doi.org/10.5555/ebb.2031 %P 1-9";
    const r = read("endnote", "ebb.endf", text);
    expect(r.problems).toEqual([]);
    expect(r.records[0]?.source).toBe("endnote:ebb.endf#quill-etal-2031-ebb");
    expect(r.records[0]?.page.paper).toMatchObject({
      title: "Ebb Tables: Measuring 50 % of the Tide",
      authors: ["Ada Quill", "Bram Oyelaran"],
      year: 2031,
      date: "2031-05",
      venue: "Proceedings of Invented Tides",
      abstract: "We measure tides. Half of them (50 %) ebb.",
      ids: { doi: "10.5555/ebb.2031", acl: "2031.tides-main.7" },
    });
  });

  it("reads several line-based records, and reports one with neither title nor identifier by its line", () => {
    const text = "%0 Journal Article\n%T Tidal Benchmarks\n%A Quill, Ada\n%D 2031\n\n%0 Report\n%A Nobody, Anne\n%D 2030\n\n%0 Thesis\n%T Ebb Tables\n%D 2032\n";
    const r = read("endnote", "refs.enw", text);
    expect(r.records.map((x) => [x.page.paper.title, x.page.paper.year])).toEqual([
      ["Tidal Benchmarks", 2031],
      ["Ebb Tables", 2032],
    ]);
    expect(r.problems).toEqual([{ path: "refs.enw", line: 6, reason: "line 6: record has neither a title nor an identifier" }]);
  });
});
