/**
 * The text-format importers under hostile field values (issue 17, items 3 and 7): BibTeX, RIS and
 * AAN records with one field's value replaced by hostile text on its line (a huge text, braces
 * nested 20,000 deep, control characters, markup, nothing at all), beside good records; and the
 * CSL-JSON items citation-js hands the BibTeX and RIS importers, with one field, at any path,
 * replaced by a value of another type. Nothing throws, every good record is kept as it imports
 * alone, the bad one is kept or reported at its line, and every kept page is clean and bounded.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { importSources, type SourceFile } from "../../ingest/sources/import-sources.ts";
import { pageFromCsl, type CslItem } from "../../ingest/sources/csl.ts";
import { makeRecord, type SourceResult } from "../../ingest/sources/source-record.ts";
import type { SourceFormat } from "../../vocabulary/paper-page.ts";
import { MAX_TITLE_CHARS } from "../../vocabulary/clean-text.ts";
import { hostileValue, pageFaults, pathsOf, type JsonPath } from "./field-mutations.ts";
import { inventedAan, inventedBibtex, inventedRis } from "./invented-records.ts";

const SEED = 20261218;
const RUNS = Number(process.env.LINEAGE_FUZZ_RUNS ?? 100);
const bytes = (s: string) => new TextEncoder().encode(s);

/** Text that stays on its line: what a field's value can hold without starting another record. */
const hostileLine: fc.Arbitrary<{ kind: string; text: string }> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }).map((s) => ({ kind: "random", text: s.replace(/[\r\n\u2028\u2029\u0085\v\f]/g, " ") })),
  fc.constantFrom(
    { kind: "empty", text: "" },
    { kind: "spaces", text: "   \t  " },
    { kind: "huge", text: "word ".repeat(20_000) },
    { kind: "huge, no spaces", text: "x".repeat(300_000) },
    { kind: "deep braces", text: "{".repeat(20_000) + "}".repeat(20_000) },
    { kind: "unbalanced", text: "}}} {{{ \\" },
    { kind: "control characters", text: "Esc\u001b[31mape\u0007 bell\u0000 nul\u009b csi\u007f" },
    { kind: "markup", text: '<script>alert(1)</script> &amp; \\textbf{x} $x^2$ "quoted"' },
    { kind: "record start mid-line", text: "x @article{y, TY  - JOUR ER  - " },
  ),
);

function importOf(format: SourceFormat, files: SourceFile[]): SourceResult {
  let result: SourceResult | undefined;
  expect(() => (result = importSources(format, files))).not.toThrow();
  return result as SourceResult;
}

/** Records joined by `sep`, the bad one at `slot`; the line its record starts on. */
function joined(goods: string[], bad: string | undefined, slot: number, sep: string): { text: string; badLine: number } {
  const records = [...goods];
  const at = Math.min(slot, records.length);
  if (bad !== undefined) records.splice(at, 0, bad);
  const before = records.slice(0, at).join(sep) + (at > 0 ? sep : "");
  return { text: records.join(sep) + "\n", badLine: before.split("\n").length };
}

function checkTextImport(what: string, format: SourceFormat, goods: string[], bad: string, slot: number, sep: string, file: string): void {
  const withBad = joined(goods, bad, slot, sep);
  const result = importOf(format, [{ path: file, bytes: bytes(withBad.text) }]);
  const baseline = importOf(format, [{ path: file, bytes: bytes(joined(goods, undefined, slot, sep).text) }]);
  expect(baseline.problems).toEqual([]);
  for (const good of baseline.records) expect(result.records.find((r) => r.source === good.source)?.page, `${what}: ${good.source}`).toEqual(good.page);
  expect(result.records.length === baseline.records.length + 1 || result.problems.length > 0, what).toBe(true);
  for (const p of result.problems) {
    expect(p.path, what).toBe(file);
    expect(p.line, `${what}: ${p.reason}`).toBe(withBad.badLine);
  }
  for (const r of result.records) expect(pageFaults(r.page, MAX_TITLE_CHARS), `${what}: ${r.source}`).toEqual([]);
}

describe("hostile field values in the text formats", () => {
  it("BibTeX: one field of one entry", () => {
    const goods = [1, 2, 3].map((n) => inventedBibtex(n));
    fc.assert(
      fc.property(fc.constantFrom("title", "author", "year", "journal", "doi", "eprint", "url", "note"), hostileLine, fc.nat(3), (field, value, slot) => {
        checkTextImport(`bibtex ${field} := ${value.kind}`, "bibtex", goods, inventedBibtex(4, { [field]: value.text }), slot, "\n\n", "refs.bib");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("RIS: one tag of one record", () => {
    const goods = [1, 2, 3].map((n) => inventedRis(n));
    fc.assert(
      fc.property(fc.constantFrom("TI", "AU", "PY", "JO", "DO", "UR", "N1", "AB", "T2"), hostileLine, fc.nat(3), (tag, value, slot) => {
        checkTextImport(`ris ${tag} := ${value.kind}`, "ris", goods, inventedRis(4, { [tag]: value.text }), slot, "\n", "refs.ris");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("AAN: one field of one metadata record", () => {
    const goods = [1, 2, 3].map((n) => inventedAan(n));
    fc.assert(
      fc.property(fc.constantFrom("title", "author", "venue", "year"), hostileLine, fc.nat(3), (field, value, slot) => {
        checkTextImport(`aan ${field} := ${value.kind}`, "aan", goods, inventedAan(4, { [field]: value.text }), slot, "\n\n", "acl-metadata.txt");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("CSL-JSON items (what citation-js hands the BibTeX and RIS importers)", () => {
  const item = {
    id: "invented1",
    type: "article-journal",
    title: "An Invented Item about Nothing",
    author: [{ given: "Ada", family: "Placeholder" }, { literal: "The Invented Consortium" }],
    issued: { "date-parts": [[2021, 4, 5]] },
    "event-date": { raw: "2021" },
    DOI: "10.5555/lineage.csl.1",
    URL: "https://example.org/invented/1",
    "container-title": "Journal of Made-Up Results",
    publisher: "Nobody Press",
    abstract: "Nothing is evaluated here.",
    note: "arXiv: 2403.99001",
  };

  it("never throws: a page of clean, well-typed values, or a reason", () => {
    const paths = pathsOf(item);
    fc.assert(
      fc.property(fc.nat(), hostileValue, (index, value) => {
        const path = paths[index % paths.length] as JsonPath;
        const copy = JSON.parse(JSON.stringify(item)) as Record<string | number, unknown>;
        let parent = copy;
        for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
        parent[path[path.length - 1] as string | number] = JSON.parse(value.json) as unknown;
        let made: ReturnType<typeof pageFromCsl> | undefined;
        expect(() => (made = pageFromCsl("bibtex", copy as CslItem))).not.toThrow();
        // Every importer stores its pages through makeRecord, which cleans them.
        if (made && "page" in made) expect(pageFaults(makeRecord("csl:t#1", made.page).page, MAX_TITLE_CHARS), `${path.join(".")} := ${value.kind}`).toEqual([]);
        else expect(made?.reason, `${path.join(".")} := ${value.kind}`).toMatch(/\S/);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
