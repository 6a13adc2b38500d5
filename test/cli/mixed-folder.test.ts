/**
 * `lineage ingest` on a folder a user dropped everything into (issue 16): a Markdown note beside a
 * BibTeX file, RIS, CSL-JSON and JSON-LD exports, a JSON benchmark card and a CSV table, and two
 * files told only from more than their first bytes (a long JSON list, BibTeX saved as UTF-16). Each file
 * goes where its content says: records to the importers `lineage import` uses, each one counted
 * and named with its file; what is not a paper says what it looks like; a bad record is reported
 * with its file and line and the rest go in. One work named by the note and the BibTeX file is one
 * node with the BibTeX title. Every file is invented.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const dir = join(tmp.dir, "mixed");
const db = join(tmp.dir, "mixed.db");

const NOTE = `# Tidal benchmarks for invented models

arXiv: https://arxiv.org/abs/3104.01234

## Key facts

- First posted on arXiv 9 Apr 2031.
`;

const BIB = `% invented references
@inproceedings{quill2031tides,
  title = {Tidal {Benchmarks} for Invented Models},
  author = {Quill, Ada and Oyelaran, Bram},
  year = {2031},
  eprint = {3104.01234},
  archivePrefix = {arXiv}
}

@article{broken2030
  title = {A Record Missing Its Comma},
  year = {2030}
}

@article{ebb2029,
  title = {Ebb Tables},
  author = {Ibáñez, Chen},
  year = {2029},
  doi = {10.5555/ebb.2029}
}
`;

const bib16 = "@misc{wide2030,\n  title = {Wide Characters in Tides},\n  year = {2030},\n  doi = {10.5555/wide.2030}\n}\n";
const RIS = "TY  - JOUR\nTI  - Flood Counts Revisited\nAU  - Quill, Ada\nPY  - 2028\nDO  - 10.5555/flood.2028\nER  - \n";
const CSL = [{ id: "neap2027", type: "article-journal", title: "Neap Tides at Scale", author: [{ family: "Oyelaran", given: "Bram" }], issued: { "date-parts": [[2027]] } }];
const JSONLD = {
  "@context": "https://schema.org",
  "@type": "ScholarlyArticle",
  name: "Spring Tides Build on Benchmarks",
  datePublished: "2032-01-15",
  sameAs: "https://arxiv.org/abs/3201.00077",
  citation: ["https://arxiv.org/abs/3104.01234", { "@type": "ScholarlyArticle", name: "Ebb Tables", identifier: "doi:10.5555/ebb.2029" }],
};
const CARD = { benchmark_details: { name: "An Invented Tide Benchmark", resources: ["https://arxiv.org/abs/3104.01234"] }, methodology: {} };
const CSV = "title,year,venue\nTidal Benchmarks,2031,Invented\nEbb Tables,2029,Invented\nNeap Tides,2027,Invented\n";

interface Report {
  pages: { ingested: number; failed: number };
  files: { pages: number; records: Record<string, { files: number; records: number }> };
  papers: number;
  edges: number;
  errors: { path: string; reason: string; line?: number; key?: string }[];
}

let report: Report;
let code: number;
beforeAll(async () => {
  mkdirSync(join(dir, "exports"), { recursive: true });
  writeFileSync(join(dir, "note.md"), NOTE);
  writeFileSync(join(dir, "exports", "refs.bib"), BIB);
  writeFileSync(join(dir, "exports", "flood.ris"), RIS);
  writeFileSync(join(dir, "exports", "items.json"), JSON.stringify(CSL));
  writeFileSync(join(dir, "spring.jsonld"), JSON.stringify(JSONLD, null, 2));
  writeFileSync(join(dir, "card.json"), JSON.stringify(CARD, null, 2));
  writeFileSync(join(dir, "table.csv"), CSV);
  // Beyond the part of a file sniffed first: a long CSL-JSON list, and BibTeX saved as UTF-16.
  const long = Array.from({ length: 40 }, (_, i) => ({ id: `long${i}`, type: "article", title: `Long List Item ${i}`, DOI: `10.5555/long.${i}`, abstract: "An invented abstract. ".repeat(20) }));
  writeFileSync(join(dir, "exports", "long.json"), JSON.stringify(long, null, 2));
  writeFileSync(join(dir, "exports", "utf16.bib"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(bib16, "utf16le")]));
  const r = await runCli(["ingest", dir, "--db", db, "--json"]);
  code = r.code;
  report = JSON.parse(r.stdout) as Report;
});
afterAll(() => tmp.cleanup());

describe("ingesting a mixed folder", () => {
  it("reads each file of records with the importer for its content, and counts them like pages", () => {
    expect(report.files).toEqual({ pages: 1, records: { ris: { files: 1, records: 1 }, "csl-json": { files: 2, records: 41 }, bibtex: { files: 2, records: 3 }, jsonld: { files: 1, records: 1 } } });
    expect(report.pages.ingested).toBe(47);
    // The note's paper and the BibTeX entry are one; the JSON-LD article cites it and Ebb Tables.
    expect(report.papers).toBe(46);
    expect(report.edges).toBe(2);
  });

  it("names each failure with its file: the bad record by line and key, the rest by what they look like", () => {
    expect(code).toBe(1);
    const byName = Object.fromEntries(report.errors.map((e) => [e.path.slice(dir.length + 1), e]));
    expect(Object.keys(byName).sort()).toEqual(["card.json", "exports/refs.bib", "table.csv"]);
    expect(byName["exports/refs.bib"]).toMatchObject({ line: 10, key: "broken2030", reason: expect.stringMatching(/^line 10 \(broken2030\): malformed entry: missing comma after the citation key/) });
    expect(byName["card.json"]?.reason).toBe("a JSON document that is not a paper record (top-level keys: benchmark_details, methodology)");
    expect(byName["table.csv"]?.reason).toBe("a CSV table (3 columns: title, year, venue), not a page");
    expect(report.pages.failed).toBe(3);
  });

  it("makes one node of the work the note and the BibTeX entry name, with the BibTeX title and authors", async () => {
    const paper = await runJson<{ title: string; year: number; authors: string[]; sources: { source: string; format: string; role: string }[] }>(["show", "arXiv:3104.01234", "--db", db]);
    expect(paper.title).toBe("Tidal Benchmarks for Invented Models");
    expect(paper.year).toBe(2031);
    expect(paper.authors).toEqual(["Ada Quill", "Bram Oyelaran"]);
    const selfs = paper.sources.filter((s) => s.role === "self").map((s) => [s.format, s.source]);
    expect(selfs).toEqual(
      expect.arrayContaining([
        ["markdown-page", join(dir, "note.md")],
        ["bibtex", `bibtex:${join(dir, "exports", "refs.bib")}#quill2031tides`],
      ]),
    );
    const cited = await runJson<{ title: string }[]>(["builds-on", "arXiv:3201.00077", "--db", db]);
    expect(cited.map((p) => p.title).sort()).toEqual(["Ebb Tables", "Tidal Benchmarks for Invented Models"]);
  });

  it("says in one line how many pages and records of each format went in", async () => {
    const again = await runCli(["ingest", dir, "--db", db]);
    expect(again.stdout).toBe(
      "Ingested 1 page and 46 records (RIS: 1 from 1 file; CSL-JSON: 41 from 2 files; BibTeX: 3 from 2 files; JSON-LD: 1 from 1 file) " +
        "(0 new, 0 updated, 47 unchanged), 3 failed. Graph: 46 papers, 2 citations.",
    );
    expect(again.stderr.split("\n")).toHaveLength(3);
  });
});
