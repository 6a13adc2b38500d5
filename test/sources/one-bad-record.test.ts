/**
 * One bad record among good ones is dropped alone, with its reason and position, in every
 * importer (issue 29): nested too deep, over a size bound, or of the wrong type, in BibTeX, RIS,
 * EndNote, CSL-JSON, JSON-LD, Semantic Scholar and OpenAlex JSON (a document, JSON Lines, an API
 * page of results) and the AAN release. The issue's own case is here too: five good OpenAlex
 * works and one nested 40 levels deep used to import nothing ("Imported 0 … 1 failed"); through
 * `lineage import` now five go in and one fails, and the counts in the report agree.
 */
import { afterAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { importRecordFiles, importSources } from "../../ingest/sources/import-sources.ts";
import { JSON_LIMITS } from "../../ingest/sources/json-reader.ts";
import { BIBTEX_LIMITS } from "../../ingest/sources/bibtex.ts";
import { RIS_LIMITS } from "../../ingest/sources/ris.ts";
import type { SourceResult } from "../../ingest/sources/source-record.ts";
import type { RecordFormat } from "../../ingest/file-kind.ts";
import { inventedAan, inventedBibtex, inventedOpenAlexWork, inventedRis, inventedS2Paper } from "./invented-records.ts";
import { doublingStrings } from "../helpers/adversarial-inputs.ts";
import { runCli, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const file = (path: string, text: string) => ({ path, bytes: new TextEncoder().encode(text) });
const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);
const huge = "y".repeat(JSON_LIMITS.maxTextChars + 1);

/** The result keeps `kept` records and has exactly one problem, matching `where` and `why`. */
function expectAlone(r: SourceResult, kept: number, where: { line?: number; at?: string; key?: string }, why: RegExp): void {
  expect(r.records, r.problems.map((p) => p.reason).join("; ")).toHaveLength(kept);
  expect(r.problems).toHaveLength(1);
  expect(r.problems[0]).toMatchObject(where);
  expect(r.problems[0]?.reason).toMatch(why);
}

describe("text formats: the bad record between good ones", () => {
  const bib = (bad: string) => importRecordFiles("bibtex", [file("refs.bib", [inventedBibtex(1), inventedBibtex(2), bad, inventedBibtex(3), ""].join("\n"))]);
  const badLine = 15;

  it("BibTeX: an unclosed brace", () => {
    expectAlone(bib("@article{open,\n  title = {Never {Closed},\n  year = {2020}\n}"), 3, { line: badLine, key: "open" }, /malformed entry: .*not closed before the next entry/);
  });

  it("BibTeX: a field over the bound", () => {
    expectAlone(bib(`@article{big,\n  title = {${"x".repeat(BIBTEX_LIMITS.maxValueChars + 1)}}\n}`), 3, { line: badLine, key: "big" }, /the `title` field holds more than 1,000,000 characters/);
  });

  it("BibTeX: @strings that double, refused at the one that passes the bound, as it is expanded", () => {
    // 31 lines naming 2^32 characters: the macro over a million is refused, never built, and the
    // entry that uses the last one is left with no title.
    const r = bib(doublingStrings(31));
    expect(r.records).toHaveLength(3);
    expect(r.problems.map((p) => [p.line, p.key, p.reason])).toEqual([
      [badLine + 19, "s19", `line ${badLine + 19} (s19): @string expansion: \`@string s19\` would hold more than 1,000,000 characters`],
      [badLine + 31, "doubled", `line ${badLine + 31} (doubled): entry has neither a title nor an identifier`],
    ]);
  });

  it("RIS: a value over the bound, and a record with neither title nor identifier", () => {
    const ris = (bad: string) => importRecordFiles("ris", [file("refs.ris", [inventedRis(1), inventedRis(2), bad, inventedRis(3), ""].join("\n"))]);
    expectAlone(ris(`TY  - JOUR\nTI  - ${"x".repeat(RIS_LIMITS.maxValueChars + 1)}\nER  - `), 3, { line: 17 }, /malformed record: its TI value holds more than 1,000,000 characters/);
    expectAlone(ris("TY  - JOUR\nAU  - Nobody, A.\nPY  - 2020\nER  - "), 3, { line: 17 }, /record has neither a title nor an identifier/);
  });

  it("EndNote: a value over the bound", () => {
    const good = (n: number) => `%0 Journal Article\n%T Invented EndNote Record ${n}\n%A Placeholder, Ada\n%D 2020\n%R 10.5555/lineage.enw.${n}\n`;
    const r = importRecordFiles("endnote", [file("refs.enw", [good(1), good(2), `%0 Journal Article\n%T ${"x".repeat(JSON_LIMITS.maxTextChars + 1)}\n`, good(3)].join("\n"))]);
    expectAlone(r, 3, { line: 13 }, /malformed record: its %T value holds more than 1,000,000 characters/);
  });

  it("AAN: a record without an id", () => {
    const r = importSources("aan", [file("acl-metadata.txt", [inventedAan(1), inventedAan(2), inventedAan(3, { id: "" }), inventedAan(4), ""].join("\n\n"))]);
    expectAlone(r, 3, { line: 13 }, /record has no id/);
  });
});

/** Good records 1…4 and a bad one third, as one JSON document, as JSON Lines, and as a `results` page. */
const layouts = (good: (n: number) => unknown, bad: string) => {
  const goods = [1, 2, 3, 4].map((n) => JSON.stringify(good(n)));
  const items = [goods[0], goods[1], bad, goods[2], goods[3]];
  return {
    list: { text: `[${items.join(",")}]`, at: "$[2]" },
    lines: { text: items.join("\n"), at: "$", line: 3 },
    results: { text: `{"results":[${items.join(",")}]}`, at: "$.results[2]" },
  };
};

/** A bad record and why it is refused; `below` when the refusal is where the nesting passes three lists, below the record's place. */
type JsonCase = [kind: string, bad: string, why: RegExp, below?: true];

function jsonCases(field: string, record: (patch: string) => string): JsonCase[] {
  return [
    ["nested 40 levels deep", record(`"${field}":${nested(40)}`), /nested more than 32 levels deep/],
    ["a list nested 40 deep in its place", nested(40, "{}"), /a list where a record was expected, inside lists nested more than 3 deep/, true],
    ["a text over the bound", record(`"${field}":"${huge}"`), /1,000,001 characters, over the 1,000,000 a field may hold/],
    ["a field of the wrong type", record(`"${field}":5`), /expected text, found a number \(5\)/],
  ];
}

const csl = (n: number) => ({ id: `item${n}`, type: "article-journal", title: `Invented CSL Item ${n}`, DOI: `10.5555/lineage.csl.${n}`, author: [{ family: "Placeholder", given: "Ada" }] });
const jsonld = (n: number) => ({ "@context": "https://schema.org", "@type": "ScholarlyArticle", name: `Invented JSON-LD Article ${n}`, identifier: `https://doi.org/10.5555/lineage.ld.${n}` });

const JSON_FORMATS: { format: RecordFormat; good: (n: number) => unknown; cases: JsonCase[]; layouts: ("list" | "lines" | "results")[] }[] = [
  { format: "csl-json", good: csl, cases: jsonCases("title", (p) => `{"type":"article-journal","DOI":"10.5555/bad",${p}}`), layouts: ["list", "lines"] },
  {
    format: "s2",
    good: inventedS2Paper,
    cases: jsonCases("title", (p) => `{"paperId":"${"f".repeat(40)}",${p}}`),
    layouts: ["list", "lines"],
  },
  { format: "openalex", good: (n) => inventedOpenAlexWork(n), cases: jsonCases("title", (p) => `{"id":"https://openalex.org/W9999",${p}}`), layouts: ["list", "lines", "results"] },
];

describe("JSON formats: the bad record between good ones, in every layout", () => {
  for (const { format, good, cases, layouts: shapes } of JSON_FORMATS) {
    for (const [kind, bad, why, below] of cases) {
      for (const layout of shapes) {
        it(`${format}: ${kind} (${layout})`, () => {
          const l = layouts(good, bad)[layout];
          const r = importRecordFiles(format, [file(`records.${layout === "lines" ? "jsonl" : "json"}`, l.text)]);
          // Lists are walked three levels down from the document: a JSON Lines line is one level less deep.
          const at = below ? (layout === "lines" ? "$[0][0][0]" : `${l.at}[0][0]`) : l.at;
          expectAlone(r, 4, Object.assign({ at }, "line" in l ? { line: l.line } : {}), why);
        });
      }
    }
  }

  it("JSON-LD: a node nested too deep, over the bound, or of the wrong type, in a @graph", () => {
    const bads = [
      [`{"@type":"ScholarlyArticle","name":"Deep","about":${nested(40)}}`, /nested more than 32 levels deep/],
      [`{"@type":"ScholarlyArticle","name":"Big","abstract":"${huge}"}`, /1,000,001 characters|more than/],
      [`{"@type":"ScholarlyArticle","name":5}`, /expected text, found a number \(5\)/],
    ] as const;
    for (const [bad, why] of bads) {
      const graph = [jsonld(1), jsonld(2)].map((x) => JSON.stringify(x));
      const r = importRecordFiles("jsonld", [file("graph.jsonld", `{"@context":"https://schema.org","@graph":[${graph[0]},${bad},${graph[1]}]}`)]);
      expect(r.records).toHaveLength(2);
      expect(r.problems).toHaveLength(1);
      expect(r.problems[0]?.at).toBe('$["@graph"][1]');
      expect(r.problems[0]?.reason).toMatch(why);
    }
  });
});

describe("through `lineage import` and `lineage ingest`, the counts agree", () => {
  const works = Array.from({ length: 5 }, (_, i) => JSON.stringify(inventedOpenAlexWork(i + 1)));

  it("imports five good OpenAlex works beside one nested 40 levels deep (the issue's case: all five were lost)", async () => {
    const path = join(tmp.dir, "works.json");
    writeFileSync(path, `{"results":[${works.slice(0, 3).join(",")},${nested(40, '{"id":"https://openalex.org/W9"}')},${works.slice(3).join(",")}]}`);
    const r = await runCli(["import", "openalex", path, "--db", join(tmp.dir, "oa.db")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Imported 5 openalex records \(5 new, 0 updated, 0 unchanged\), 1 failed\./);
    expect(r.stderr).toContain(`${path.split("/").pop()}: $.results[3][0][0]: a list where a record was expected`);
  });

  it("imports the good S2 papers of a batch beside one nested 40 levels deep", async () => {
    const path = join(tmp.dir, "batch.json");
    const papers = [1, 2, 3].map((n) => JSON.stringify(inventedS2Paper(n)));
    writeFileSync(path, `[${papers[0]},{"paperId":"${"e".repeat(40)}","title":"Deep","externalIds":${nested(40, "{}")}},${papers[1]},${papers[2]}]`);
    const r = await runCli(["import", "s2", path, "--db", join(tmp.dir, "s2.db"), "--json"]);
    const report = JSON.parse(r.stdout) as { records: { imported: number; failed: number }; errors: { at?: string; reason: string }[] };
    expect(report.records).toMatchObject({ imported: 3, failed: 1 });
    expect(report.errors).toEqual([expect.objectContaining({ at: "$[1]", reason: "$[1]: externalIds: nested more than 32 levels deep" })]);
  });

  it("ingests the good CSL-JSON items beside one of the wrong type, and counts one failure", async () => {
    const path = join(tmp.dir, "items.json");
    writeFileSync(path, `[${JSON.stringify(csl(1))},{"type":"article-journal","title":5,"DOI":"10.5555/x"},${JSON.stringify(csl(2))}]`);
    const r = await runCli(["ingest", path, "--db", join(tmp.dir, "csl.db"), "--json"]);
    const report = JSON.parse(r.stdout) as { pages: { ingested: number; failed: number }; files: unknown; errors: unknown[] };
    expect(report.pages).toMatchObject({ ingested: 2, failed: 1 });
    expect(report.files).toEqual({ pages: 0, records: { "csl-json": { files: 1, records: 2 } } });
    expect(report.errors).toHaveLength(1);
  });
});
