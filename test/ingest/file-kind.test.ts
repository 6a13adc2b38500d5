/**
 * The content sniffer `lineage ingest` routes files by (ingest/file-kind.ts): each records format
 * is known by how its files start, JSON by the keys its records carry, and what Lineage does not
 * read is described; pages, including pages that quote a record further down or open with a
 * Markdown link, stay pages. Every input is invented.
 */
import { describe, expect, it } from "vitest";
import { fileKind } from "../../ingest/file-kind.ts";

const BIB = "% Exported by an invented reference manager\n%\n\n@InProceedings{quill2031tides,\n  title = {Tidal Benchmarks for Invented Models},\n  year = {2031}\n}\n";
const RIS = "TY  - JOUR\nTI  - Tidal Benchmarks for Invented Models\nPY  - 2031\nER  - \n";
const ENDNOTE_ONE_LINE = "%0 Conference Proceedings %T Tidal Benchmarks for Invented Models %A Quill, Ada %D 2031 %R 10.5555/tides.2031";
const ENDNOTE_LINES = "%T Tidal Benchmarks for Invented Models\n%A Quill, Ada\n%D 2031\n";

const records = (format: string) => expect.objectContaining({ kind: "records", format });

describe("fileKind", () => {
  it("knows BibTeX (after % comment lines), RIS and EndNote files by how they start", () => {
    expect(fileKind(BIB)).toEqual(records("bibtex"));
    expect(fileKind("\uFEFF" + BIB)).toEqual(records("bibtex"));
    expect(fileKind("\n\n" + RIS)).toEqual(records("ris"));
    expect(fileKind(ENDNOTE_ONE_LINE)).toEqual(records("endnote"));
    expect(fileKind(ENDNOTE_LINES)).toEqual(records("endnote"));
  });

  it("knows CSL-JSON, Semantic Scholar, OpenAlex and JSON-LD by the keys of their records", () => {
    const csl = [{ id: "quill2031", type: "paper-conference", title: "Tidal Benchmarks", author: [{ family: "Quill", given: "Ada" }], issued: { "date-parts": [[2031]] } }];
    expect(fileKind(JSON.stringify(csl))).toEqual(records("csl-json"));
    expect(fileKind(JSON.stringify({ paperId: "ab".repeat(20), title: "Tidal Benchmarks" }))).toEqual(records("s2"));
    expect(fileKind(JSON.stringify({ data: [{ citedPaper: { paperId: "cd".repeat(20) } }] }))).toEqual(records("s2"));
    expect(fileKind(JSON.stringify({ meta: { count: 1 }, results: [{ id: "https://openalex.org/W9900000001", display_name: "Tidal Benchmarks" }] }))).toEqual(records("openalex"));
    const jsonLines = [1, 2].map((n) => JSON.stringify({ id: `https://openalex.org/W990000000${n}` })).join("\n");
    expect(fileKind(jsonLines)).toEqual({ kind: "records", format: "openalex", looksLike: "OpenAlex JSON Lines" });
    const article = { "@context": "https://schema.org", "@type": "ScholarlyArticle", name: "Tidal Benchmarks" };
    expect(fileKind(JSON.stringify(article))).toEqual(records("jsonld"));
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebSite", name: "An invented site" },
        { "@type": "schema:ScholarlyArticle", name: "Tidal Benchmarks" },
      ],
    };
    expect(fileKind(JSON.stringify(graph))).toEqual(records("jsonld"));
  });

  it("says what a JSON document that holds no paper record looks like", () => {
    const card = { benchmark_details: { name: "An invented benchmark", resources: ["https://arxiv.org/abs/3101.00001"] }, purpose: {}, data: {} };
    expect(fileKind(JSON.stringify(card, null, 2))).toEqual({ kind: "other", looksLike: "a JSON document that is not a paper record (top-level keys: benchmark_details, purpose, data)" });
    expect(fileKind("[1, 2, 3]")).toEqual({ kind: "other", looksLike: "a JSON list of 3 items that are not paper records; the first is number" });
    const site = { "@context": "https://schema.org", "@type": "WebPage", name: "Home" };
    expect(fileKind(JSON.stringify(site))).toEqual({ kind: "other", looksLike: "a JSON-LD document that describes no paper (types: WebPage), not a paper record" });
    // A CSL-looking item needs more than a type and a title: a CMS post is not a paper record.
    expect(fileKind(JSON.stringify({ type: "article", title: "Site news", body: "…" }))).toEqual(expect.objectContaining({ kind: "other" }));
  });

  it("describes tables and XML documents, and does not take prose with commas for a table", () => {
    const csv = 'Title,Year,DOI\nTidal Benchmarks,2031,10.5555/t.1\n"Ebb, and Flow",2032,10.5555/t.2\nCut short,20';
    expect(fileKind(csv)).toEqual({ kind: "other", looksLike: "a CSV table (3 columns: Title, Year, DOI), not a page" });
    expect(fileKind("id\ttitle\tyear\n1\tTides\t2031\n2\tEbbs\t2032\n")).toEqual(expect.objectContaining({ looksLike: expect.stringMatching(/^a tab-separated table/) }));
    const atom = '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Query results</title></feed>';
    expect(fileKind(atom)).toEqual({ kind: "other", looksLike: "an XML document (root element <feed>), not a page" });
    expect(fileKind('<?xml version="1.0"?>\n<html><head><title>A paper</title></head></html>')).toEqual({ kind: "page" });
    const prose = "Tides, ebbs, and flows are studied here.\nWe measure, compare, and rank models.\nResults vary, as expected, by site.\n";
    expect(fileKind(prose)).toEqual({ kind: "page" });
  });

  it("leaves pages to the page adapters: one that quotes a record, one that opens with a link", () => {
    expect(fileKind(`# Tidal Benchmarks\n\nCite as:\n\n${BIB}`)).toEqual({ kind: "page" });
    expect(fileKind("[Tidal Benchmarks for Invented Models](https://arxiv.org/abs/3101.00001)\n\nNotes.")).toEqual({ kind: "page" });
    expect(fileKind("@quill wrote about tides {again}\n")).toEqual({ kind: "page" });
    // JSON that does not parse is still offered to the adapters, with what it looked like.
    expect(fileKind('{"name": "Tidal Benchmarks", "year": 20')).toEqual({ kind: "page", looksLike: expect.stringMatching(/^a JSON document that does not parse/) });
  });
});
