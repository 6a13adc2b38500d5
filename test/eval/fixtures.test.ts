/**
 * The fixtures evaluation (eval/fixtures.ts) run on the repository's own fixtures, never the
 * shared data: each file read as `lineage ingest`/`import` read it, records attributed to their
 * files, and known facts reported met or missed, so the evaluation cannot rot unnoticed.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fixturesEvaluation, { fixturesText, readFixtures, type FileReport } from "../../eval/fixtures.ts";
import { REAL_FIXTURE_FACTS, type KnownFact } from "../../eval/fixture-facts.ts";
import { ROOT } from "../helpers/cli.ts";

const ROOT_DIR = join(ROOT, "test/fixtures");
const PAPER = "sources/s2/paper-with-references-and-citations.json";

const OWN_FACTS: KnownFact[] = [
  {
    path: PAPER,
    fact: "a paper with 300 citations and 14 references",
    check: (f) => ({ met: f.records[0]?.builtBy === 300 && f.records[0].buildsOn === 14, found: `${f.records[0]?.builtBy} citations` }),
  },
  { path: PAPER, fact: "a paper with 1,000 citations", check: (f) => ({ met: f.records[0]?.builtBy === 1000, found: `${f.records[0]?.builtBy} citations` }) },
  {
    path: "sources/bib/benchmark-citations.bib",
    fact: "40 entries, each after a `% source:` comment",
    check: (f, text) => {
      const comments = text.split("\n").filter((l) => l.startsWith("% source:")).length;
      return { met: f.entries === 40 && comments === 40, found: `${f.entries} entries, ${comments} comments` };
    },
  },
  { path: "sources/s2/not-there.json", fact: "a file that is not there", check: () => ({ met: true, found: "" }) },
];

const report = readFixtures(ROOT_DIR, OWN_FACTS);
const file = (path: string): FileReport => {
  const f = report.files.find((x) => x.path === path);
  if (!f) throw new Error(`${path} was not read`);
  return f;
};

describe("the fixtures evaluation on the repository's fixtures", () => {
  it("reads every page and source file, and passes over the rest", () => {
    const kinds = Object.fromEntries(Object.entries(report.totals.byKind).map(([k, v]) => [k, v.files]));
    // Every golden page saved as HTML is a page file (test/fixtures/pages/<slug>/source.html).
    const htmlPages = readdirSync(join(ROOT_DIR, "pages")).filter((slug) => existsSync(join(ROOT_DIR, "pages", slug, "source.html"))).length;
    expect(kinds).toEqual({ page: htmlPages, s2: 6, openalex: 5, bibtex: 2, ris: 2 });
    expect(report.skipped).toContain("sources/README.md");
    expect(report.skipped).toContain("pages/arxiv-abs-head-only/expected.json");
    expect(report.totals.records).toBe(report.files.reduce((n, f) => n + f.records.length, 0));
  });

  it("says how each page was detected and what was read from it", () => {
    expect(file("pages/arxiv-abs-head-only/source.html")).toMatchObject({ kind: "page", detected: "scholarly-html", problems: [] });
    expect(file("pages/arxiv-abs-head-only/source.html").records[0]).toMatchObject({ ids: { arxiv: "1902.92534" }, year: 2019, authors: 3, abstract: true });
    expect(file("pages/html-page-2306.03100/source.html").detected).toBe("html-page");
  });

  it("reads an S2 folder in one import, each record and problem under its own file", () => {
    expect(file(PAPER)).toMatchObject({ kind: "s2", detected: "JSON object" });
    expect(file(PAPER).records).toEqual([expect.objectContaining({ buildsOn: 14, builtBy: 300, stubs: 6, citedByCount: 4812, referencesTotal: 14 })]);
    const paged = file("sources/s2/cassette-citations-by-corpus-id.yaml");
    expect(paged).toMatchObject({ detected: "cassette, 6 recorded exchanges, 537 list entries reassembled", entries: 6, listEntries: 537, records: [] });
    expect(paged.problems).toEqual([expect.objectContaining({ key: "CorpusID:90417117", reason: expect.stringMatching(/corpus ID/) })]);
    expect(file("sources/s2/cassette-references-in-two-pages.yaml").records[0]).toMatchObject({ ids: { doi: "10.5555/wp.2013.0417" }, buildsOn: 67, stubs: 23 });
  });

  it("reports malformed BibTeX entries with their lines, and recorded exchanges it ignored", () => {
    const bib = file("sources/bib/benchmark-citations.bib");
    expect(bib).toMatchObject({ detected: "BibTeX, 40 entries", entries: 40 });
    // The entry at line 231 has no key ('@misc{' then its fields): read with a warning, since a
    // site's "Cite" box often gives BibTeX without one; '@inproceedings{,' (line 81) stays refused.
    expect(bib.records).toHaveLength(36);
    expect(bib.problems.map((p) => p.line)).toEqual([15, 81, 283, 312]);
    const search = file("sources/openalex/cassette-title-search-four-apis.yaml");
    expect(search.records.map((r) => r.ids)).toEqual([{ doi: "10.5555/nmi.2024.00832" }, { arxiv: "2304.95376" }]);
    expect(search.warnings).toEqual(["ignored 4 recorded exchange(s) that hold no OpenAlex works"]);
  });

  it("checks known facts against what was read, met or missed, and misses a file that is not there", () => {
    expect(report.facts.map((f) => [f.fact, f.met])).toEqual([
      ["a paper with 300 citations and 14 references", true],
      ["a paper with 1,000 citations", false],
      ["40 entries, each after a `% source:` comment", true],
      ["a file that is not there", false],
    ]);
    expect(report.facts[3]?.found).toBe("file not found");
    // The shared data's facts name files this folder does not hold: every one is missed, none passes by default.
    const real = readFixtures(join(ROOT_DIR, "sources"), REAL_FIXTURE_FACTS).facts;
    expect(real.length).toBeGreaterThan(10);
    expect(real.every((f) => !f.met && f.found === "file not found")).toBe(true);
  });

  it("prints a line per file, per record and per fact", () => {
    const text = fixturesText(report);
    expect(text).toContain("sources/bib/benchmark-citations.bib: bibtex, BibTeX, 40 entries; 36 records, 4 problems");
    expect(text).toContain(
      "  Can a Ledger Judge? Notes on Mechanical Bookkeeping (1953) doi:10.5555/ledger.lxii.0417 s2:5e1f0c3a9d7b2e8f4a6c1d0b9e8f7a6b5c4d3e2f; 1 author, 14 references, 300 citations (6 title-only)",
    );
    expect(text).toContain(`  MISSED ${PAPER}: a paper with 1,000 citations (found: 300 citations)`);
    expect(text.filter((l) => l.startsWith("  problem: "))).toHaveLength(report.totals.problems);
  });

  it("runs as `npm run eval -- fixtures --dir PATH`, with the report as its figures", async () => {
    const lines: string[] = [];
    const result = await fixturesEvaluation({ sharedData: "/nonexistent", args: ["--dir", join(ROOT_DIR, "sources/ris")], log: (l) => lines.push(l) });
    expect(result.name).toBe("fixtures");
    expect(result.figures).toMatchObject({ totals: { files: 2, records: 16, problems: 1 } });
    expect(result.text).toMatch(/^Fixtures read as Lineage reads them: .*sources\/ris$/m);
  });
});
