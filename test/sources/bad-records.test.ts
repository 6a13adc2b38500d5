/**
 * One bad record never aborts an import (issue 17, item 3): `import s2` with `{"title":123}` beside
 * a good file makes the database, stores the good paper and names the bad file and position; each
 * field Lineage reads from an S2 paper or an OpenAlex work, given a value of another type, rejects
 * that record with the field's path (a bad entry of a reference list is left out with a warning);
 * nesting 20,000 levels deep and records past the size bounds are refused without recursion, in
 * JSON files and in cassettes alike. The seeded property tests are in field-type-fuzz.test.ts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { importSources } from "../../ingest/sources/import-sources.ts";
import { JSON_LIMITS } from "../../ingest/sources/json-reader.ts";
import { mutatedJson, type JsonPath } from "./field-mutations.ts";
import { inventedOpenAlexWork, inventedS2Paper, s2Id } from "./invented-records.ts";
import { runCli, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const bytes = (s: string) => new TextEncoder().encode(s);
const deep = (n: number) => "[".repeat(n) + "]".repeat(n);

describe("lineage import with a bad record beside good ones", () => {
  it('keeps the good S2 file when another holds {"title":123}, and says where the bad one is', async () => {
    const bad = join(tmp.dir, "bad.json");
    const good = join(tmp.dir, "good.json");
    writeFileSync(bad, '{"title":123}');
    writeFileSync(good, JSON.stringify(inventedS2Paper(1)));
    const db = join(tmp.dir, "s2.db");
    const r = await runCli(["import", "s2", bad, good, "--db", db, "--json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { records: { imported: number }; errors: { path: string; at?: string; reason: string }[] };
    expect(report.records.imported).toBe(1);
    expect(report.errors).toEqual([{ path: bad, at: "$", reason: "$: title: expected text, found a number (123)" }]);
    const shown = await runCli(["show", "10.5555/lineage.s2.1", "--db", db]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^Invented Paper Number 1 on Imaginary Reasoners/);
  });
});

/** A JSON Lines file: a good record on line 1, the mutated one on line 2. */
function withMutation(format: "s2" | "openalex", good: unknown, template: unknown, path: JsonPath, json: string) {
  return importSources(format, [{ path: "mixed.jsonl", bytes: bytes(`${JSON.stringify(good)}\n${mutatedJson(template, path, { kind: "case", json })}\n`) }]);
}

describe("each field an importer reads, given a value of another type", () => {
  // Fields whose wrong type crashed the import on main (TypeError, or a stack overflow serialising
  // a deep value that reached the page), and the rest of what is read: each rejects its record.
  const s2Cases: [JsonPath, string][] = [
    [["title"], "123"],
    [["title"], deep(20_000)],
    [["abstract"], "[1]"],
    [["authors"], '"Ada"'],
    [["authors", 0, "name"], "5"],
    [["fieldsOfStudy"], '"Computer Science"'],
    [["references"], "7"],
    [["citations"], "{}"],
    [["venue"], deep(20_000)],
    [["paperId"], "{}"],
    [["url"], "false"],
    [["year"], '"2021"'],
    [["year"], "1e300"],
    [["citationCount"], "-4"],
    [["externalIds"], "[]"],
    [["externalIds", "DOI"], "10"],
    [["publicationVenue", "name"], "[]"],
    [["journal"], '"J"'],
    [["publicationDate"], "20240101"],
  ];
  for (const [path, json] of s2Cases) {
    it(`S2 ${path.join(".")} := ${json.slice(0, 12)}: the record is rejected, naming the field`, () => {
      const r = withMutation("s2", inventedS2Paper(1), inventedS2Paper(2), path, json);
      expect(r.records.map((x) => x.page.paper.ids.s2)).toEqual([s2Id(1)]);
      expect(r.problems).toEqual([expect.objectContaining({ path: "mixed.jsonl", line: 2, reason: expect.stringContaining(`${path[0]}`) })]);
      expect(r.problems[0]?.reason).toMatch(/^line 2: /);
    });
  }

  it("S2: an entry of a reference list with a field of another type is left out, with a warning", () => {
    const r = withMutation("s2", inventedS2Paper(1), inventedS2Paper(2), ["references", 0, "title"], "{}");
    expect(r.problems).toEqual([]);
    const page = r.records.find((x) => x.page.paper.ids.s2 === s2Id(2))?.page;
    expect(page?.buildsOn.map((b) => b.title)).toEqual(["A Title-Only Reference of Paper 2"]);
    expect(page?.warnings).toContain("references[0] was left out: title: expected text, found an object");
  });

  const openAlexCases: [JsonPath, string][] = [
    [["id"], "17"],
    [["title"], "true"],
    [["display_name"], "[]"],
    [["doi"], deep(20_000)],
    [["authorships"], '"Cy Madeup"'],
    [["authorships", 0, "author", "display_name"], "{}"],
    [["concepts"], "0"],
    [["concepts", 0, "level"], '"zero"'],
    [["locations"], "{}"],
    [["locations", 0, "landing_page_url"], deep(20_000)],
    [["primary_location", "source", "display_name"], deep(20_000)],
    [["primary_location", "pdf_url"], "[]"],
    [["referenced_works"], "true"],
    [["referenced_works", 0], "{}"],
    [["abstract_inverted_index"], "[]"],
    [["abstract_inverted_index", "metrics"], "3"],
    [["abstract_inverted_index", "metrics", 0], '"one"'],
    [["ids", "doi"], "42"],
    [["publication_date"], deep(20_000)],
    [["updated_date"], "{}"],
    [["publication_year"], "2021.5"],
    [["cited_by_count"], '"many"'],
  ];
  for (const [path, json] of openAlexCases) {
    it(`OpenAlex ${path.join(".")} := ${json.slice(0, 12)}: the work is rejected, naming the field`, () => {
      const r = withMutation("openalex", inventedOpenAlexWork(1), inventedOpenAlexWork(2), path, json);
      expect(r.records.map((x) => x.source)).toEqual(["openalex:mixed.jsonl#W990000001"]);
      expect(r.problems).toEqual([expect.objectContaining({ path: "mixed.jsonl", line: 2, reason: expect.stringContaining(`${path[0]}`) })]);
    });
  }
});

describe("nesting and size, bounded without recursion", () => {
  it("refuses OpenAlex JSON nested 20,000 levels deep and keeps the good file beside it", () => {
    const r = importSources("openalex", [
      { path: "deep.json", bytes: bytes(deep(20_000)) },
      { path: "results.json", bytes: bytes(`{"results":${deep(20_000)}}`) },
      { path: "good.json", bytes: bytes(JSON.stringify(inventedOpenAlexWork(1))) },
    ]);
    expect(r.records.map((x) => x.source)).toEqual(["openalex:good.json#W990000001"]);
    // Each list is walked three levels down (a batch of API pages is two), and no further.
    const tooDeep = "a list where a record was expected, inside lists nested more than 3 deep";
    expect(r.problems).toEqual([
      { path: "deep.json", at: "$[0][0][0]", reason: `$[0][0][0]: ${tooDeep}` },
      { path: "results.json", at: "$.results[0][0][0]", reason: `$.results[0][0][0]: ${tooDeep}` },
    ]);
  });

  it("refuses an S2 list nested 20,000 deep, and a record past the bound on values", () => {
    const many = `{"paperId":"${s2Id(3)}","title":"Many","fieldsOfStudy":[${"0,".repeat(JSON_LIMITS.maxValues)}0]}`;
    const r = importSources("s2", [
      { path: "deep.json", bytes: bytes(`{"data":${deep(20_000)}}`) },
      { path: "many.json", bytes: bytes(many) },
      { path: "good.json", bytes: bytes(JSON.stringify(inventedS2Paper(1))) },
    ]);
    expect(r.records.map((x) => x.page.paper.ids.s2)).toEqual([s2Id(1)]);
    expect(r.problems.map((p) => [p.path, p.at, p.reason])).toEqual([
      ["deep.json", "$.data[0][0][0]", "$.data[0][0][0]: a list where a record was expected, inside lists nested more than 3 deep"],
      ["many.json", "$", `$: more than ${JSON_LIMITS.maxValues.toLocaleString("en")} values in one record`],
    ]);
  });

  it("refuses a text field longer than the bound, naming it and its length", () => {
    const r = withMutation("s2", inventedS2Paper(1), inventedS2Paper(2), ["abstract"], JSON.stringify("y".repeat(JSON_LIMITS.maxTextChars + 1)));
    expect(r.records).toHaveLength(1);
    expect(r.problems[0]?.reason).toBe(
      `line 2: abstract: ${(JSON_LIMITS.maxTextChars + 1).toLocaleString("en")} characters, over the ${JSON_LIMITS.maxTextChars.toLocaleString("en")} a field may hold`,
    );
  });

  it("refuses a cassette nested 20,000 levels deep before the YAML parser sees it (which could exhaust the heap)", () => {
    const text = `interactions:\n- request: {method: GET, uri: "https://api.openalex.org/works/W1"}\n  response: ${deep(20_000)}\n`;
    const r = importSources("openalex", [{ path: "deep.yaml", bytes: bytes(text) }]);
    expect(r.records).toEqual([]);
    expect(r.problems).toEqual([{ path: "deep.yaml", reason: expect.stringMatching(/^nested more than \d+ levels deep at line 3/) }]);
  });
});
