/**
 * Every adapter under hostile bytes with bounded resources (issue 6). The per-adapter property
 * tests in test/adapters check what a result says; this one checks what it costs: each of the six
 * page adapters, parsePage (decoding included) and the five structured-source importers gets
 * seeded fast-check input (random text and bytes, real pages and exports cut up and spliced,
 * and pathological shapes: deep nesting, one enormous line, a list heading repeated thousands of
 * times), and must return without throwing, a page adapter or parsePage with a page or a refusal
 * of a known kind, with a result whose size is bounded by the input's (no blow-up) and no runaway
 * heap. No clock is read (issue 14: a time bound fails on a loaded machine, not on a slow parser):
 * a parser gone quadratic in its output or its memory fails the size and heap bounds on the
 * pathological shapes, and one that never returns fails on vitest's test timeout.
 * Each property is a function of the adapter (or adapter table) it runs, and is shown to fail,
 * as fc.check reports it, on an adapter that throws on half its inputs.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AdapterCrash } from "../../ingest/adapter-crash.ts";
import { ADAPTERS, parsePage, type AdapterTable, type ParseResult } from "../../ingest/parse-page.ts";
import { importSources, SOURCE_FORMATS } from "../../ingest/sources/import-sources.ts";
import { ADAPTER_REFUSALS, type AdapterRefusal, type AdapterResult, type PageAdapter, type PageAdapterFormat, type SourceFormat } from "../../vocabulary/paper-page.ts";
import { ROOT } from "../helpers/cli.ts";
import { goldenPage, goldenSlugs } from "../helpers/golden.ts";
import { expectInjectedCrash, InjectedCrash, isRefusal, throwingOnHalf, throwingTable } from "../helpers/page-answers.ts";

/** A result may restate its input with structure around it, never multiply it. */
const MAX_OUTPUT_RATIO = 40;
const MAX_HEAP_GROWTH = 256 * 2 ** 20;
const RUNS = Number(process.env.LINEAGE_FUZZ_RUNS ?? 40);
const RUN = { seed: Number(process.env.LINEAGE_FUZZ_SEED ?? 20261129), numRuns: RUNS };
/** For the runs that must fail: the first failure is the answer, shrinking it would only cost time. */
const RUN_TO_FAILURE = { ...RUN, endOnFailure: true };
const FORMATS = Object.keys(ADAPTERS) as PageAdapterFormat[];

const pageSources: string[] = goldenSlugs().map((slug) => goldenPage(slug).text);
const SOURCES_DIR = join(ROOT, "test/fixtures/sources");
const sourceFiles: Record<SourceFormat, string[]> = {
  bibtex: ["bib/benchmark-citations.bib"],
  ris: ["ris/benchmark-citations.ris", "ris/zotero_style_export.ris"],
  s2: ["s2/paper-with-references-and-citations.json", "s2/reference-edge.json", "s2/cassette-references-in-two-pages.yaml"],
  openalex: ["openalex/journal-article-work.json", "openalex/cassette-work-by-doi.yaml"],
  aan: [],
};
const sourceTexts: Record<SourceFormat, string[]> = Object.fromEntries(
  SOURCE_FORMATS.map((f) => [f, sourceFiles[f].map((p) => readFileSync(join(SOURCES_DIR, p), "utf8").slice(0, 60_000))]),
) as Record<SourceFormat, string[]>;
sourceTexts.aan = [readFileSync(join(ROOT, "data/aan/acl-metadata.txt"), "latin1").slice(0, 20_000), readFileSync(join(ROOT, "data/aan/acl.txt"), "latin1").slice(0, 20_000)];

/** Pathological shapes that have sunk parsers: nesting, one huge line, repeated structure. */
const PATHOLOGICAL = [
  "<div>".repeat(20_000),
  "<a href='x'>".repeat(10_000) + "Builds on",
  "[".repeat(50_000),
  "(".repeat(50_000) + ")",
  "{".repeat(30_000) + "}".repeat(30_000),
  "a".repeat(300_000),
  "## Builds on\n".repeat(5_000),
  "- [A title](https://arxiv.org/abs/2401.00001) (2024)\n".repeat(5_000),
  "@article{x,\n title = {" + "{".repeat(10_000) + "}\n}",
  "TY  - JOUR\n" + "AU  - A\n".repeat(20_000) + "ER  - \n",
  '{"data":' + "[".repeat(5_000) + "]".repeat(5_000) + "}",
  "id = {P02-1040}\n" + "title = {" + "&amp;".repeat(20_000) + "}\n",
  "P02-1040 , J93-2004\n".repeat(20_000),
  "e\u0301".repeat(50_000),
  "\u0000\uFFFD\uD800".repeat(10_000),
  "arXiv:2401.00001 ".repeat(20_000),
  // A cassette whose response line was duplicated: thousands of YAML errors, each of which the
  // yaml library placed by rescanning the text (5 s for these 100 kB before cassette.ts stopped it).
  "interactions:\n- response:\n    body:\n" +
    `      string: '{"id":"https://openalex.org/W1","doi":"https://doi.org/10.1/x","title":"Vector\n        Filters","ids":{"openalex":"https://openalex.org/W1","mag":"1"},"primary_location":{"id":"doi:10.1/x","is_oa":true,"raw_source_name":"Proceedings\n        of the Conference","raw_type":"proceedings-article"},"authorships":[{"`.repeat(
      300,
    ),
];

/** Text: random unicode, a real document cut and spliced with junk, or a pathological shape. */
function textFrom(corpus: readonly string[]): fc.Arbitrary<string> {
  const real = corpus.length > 0 ? fc.constantFrom(...corpus) : fc.constant("");
  const spliced = fc.tuple(real, fc.nat(), fc.nat(), fc.string({ unit: "grapheme", maxLength: 200 }), fc.integer({ min: 1, max: 400 })).map(([doc, a, b, junk, times]) => {
    const i = doc.length === 0 ? 0 : a % doc.length;
    const j = doc.length === 0 ? 0 : b % doc.length;
    const [lo, hi] = i < j ? [i, j] : [j, i];
    return doc.slice(0, lo) + junk + doc.slice(lo, Math.min(hi, lo + 2_000)).repeat(times % 50) + doc.slice(hi);
  });
  return fc.oneof({ weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 3_000 }) }, { weight: 3, arbitrary: spliced }, { weight: 1, arbitrary: fc.constantFrom(...PATHOLOGICAL) });
}

/** The result is no bigger than the input allows, and the heap has not run away since `heapStart`. */
function expectBounded(what: string, inputSize: number, result: unknown, heapStart: number): void {
  const out = JSON.stringify(result ?? null).length;
  expect(out / (inputSize + 1_000), `${what}: ${inputSize} bytes gave ${out} bytes of result`).toBeLessThan(MAX_OUTPUT_RATIO);
  expect(process.memoryUsage().heapUsed - heapStart, `${what}: heap growth`).toBeLessThan(MAX_HEAP_GROWTH);
}

/** A page adapter's or parsePage's answer: a page, or a refusal of one of `kinds` with a one-line reason. */
function expectAnswer(what: string, result: AdapterResult | ParseResult, kinds?: readonly AdapterRefusal[]): void {
  if (!result.ok) expect(isRefusal(result, kinds), `${what}: refused with ${JSON.stringify([result.refusal, result.reason])}`).toBe(true);
}

/**
 * `run` on every input of `arb` returns (a throw fails the property), with an answer `check`
 * accepts and a result bounded in size and heap.
 */
function boundedProperty<T, R>(what: string, arb: fc.Arbitrary<T>, size: (input: T) => number, run: (input: T) => R, check: (result: R) => void = () => {}) {
  const heapStart = process.memoryUsage().heapUsed;
  return fc.property(arb, (input) => {
    const result = run(input);
    check(result);
    expectBounded(what, size(input), result, heapStart);
  });
}

/** The property of one page adapter: any text, spliced page or pathological shape gets an answer. */
function pageAdapterAnswers(what: string, adapter: PageAdapter) {
  return boundedProperty(
    what,
    textFrom(pageSources),
    (s) => s.length,
    (text) => adapter(text, "fuzz.txt"),
    (r) => expectAnswer(what, r, ADAPTER_REFUSALS),
  );
}

/** The property of parsePage run with `adapters`: any bytes get a page or a refusal of a known kind. */
function parsePageAnswers(adapters: AdapterTable) {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 4_000 }),
    textFrom(pageSources).map((s) => new TextEncoder().encode(s)),
    fc.tuple(textFrom(pageSources), fc.uint8Array({ maxLength: 64 })).map(([s, junk]) => {
      const t = new TextEncoder().encode(s);
      const out = new Uint8Array(t.length + junk.length);
      out.set(junk, 0);
      out.set(t, junk.length);
      return out;
    }),
  );
  return boundedProperty(
    "parsePage",
    bytes,
    (b) => b.length,
    (b) => parsePage(b, "fuzz.bin", { adapters }),
    (r) => expectAnswer("parsePage", r),
  );
}

describe("every adapter under hostile input, with bounded output and memory", () => {
  for (const format of FORMATS) {
    it(`page adapter ${format}`, () => {
      fc.assert(pageAdapterAnswers(format, ADAPTERS[format]), RUN);
    });
  }

  it("parsePage on raw bytes (decoding, detection, any adapter)", () => {
    fc.assert(parsePageAnswers(ADAPTERS), RUN);
  });

  it("every pathological shape through every page adapter and importer, once each", () => {
    const heapStart = process.memoryUsage().heapUsed;
    for (const [k, shape] of PATHOLOGICAL.entries()) {
      for (const format of FORMATS) {
        const result = ADAPTERS[format](shape, "shape.txt");
        expectAnswer(`${format}, shape ${k}`, result, ADAPTER_REFUSALS);
        expectBounded(`${format}, shape ${k}`, shape.length, result, heapStart);
      }
      for (const format of SOURCE_FORMATS) {
        const result = importSources(format, [{ path: "shape", bytes: new TextEncoder().encode(shape) }]);
        expectBounded(`${format}, shape ${k}`, shape.length, result, heapStart);
      }
    }
  });

  for (const format of SOURCE_FORMATS) {
    it(`source importer ${format}`, () => {
      const files = fc.array(textFrom(sourceTexts[format]), { minLength: 1, maxLength: 2 });
      fc.assert(
        boundedProperty(
          format,
          files,
          (fs) => fs.reduce((n, s) => n + s.length, 0),
          (fs) =>
            importSources(
              format,
              fs.map((s, i) => ({ path: `fuzz-${i}`, bytes: new TextEncoder().encode(s) })),
            ),
        ),
        RUN,
      );
    });
  }
});

describe("the properties above fail on a faulty adapter (fc.check)", () => {
  for (const format of FORMATS) {
    it(`page adapter ${format}, made to throw on half its inputs`, () => {
      expectInjectedCrash(fc.check(pageAdapterAnswers(format, throwingOnHalf(ADAPTERS[format])), RUN_TO_FAILURE));
    });
  }

  it("parsePage with every adapter made to throw on half its inputs: fails on the AdapterCrash naming it", () => {
    const run = fc.check(parsePageAnswers(throwingTable(ADAPTERS)), RUN_TO_FAILURE);
    expectInjectedCrash(run);
    expect(run.errorInstance).toBeInstanceOf(AdapterCrash);
    const crash = run.errorInstance as AdapterCrash;
    expect(FORMATS).toContain(crash.format);
    expect(crash.cause).toBeInstanceOf(InjectedCrash);
  });

  it("a refusal of an unknown kind, or with a reason of two lines, fails the page-adapter property", () => {
    const unknownKind: PageAdapter = () => ({ ok: false, refusal: "gave-up" as AdapterRefusal, reason: "gave up" });
    const twoLines: PageAdapter = () => ({ ok: false, refusal: "no-title", reason: "no title\n    at readPage (page.ts:1:1)" });
    for (const adapter of [unknownKind, twoLines]) {
      const run = fc.check(pageAdapterAnswers("faulty", adapter), RUN_TO_FAILURE);
      expect(run.failed).toBe(true);
      expect(String(run.errorInstance)).toMatch(/faulty: refused with/);
    }
  });
});
