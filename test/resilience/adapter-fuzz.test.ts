/**
 * Every adapter under hostile bytes with bounded resources (issue 6). The per-adapter property
 * tests in test/adapters check what a result says; this one checks what it costs: each of the six
 * page adapters, parsePage (decoding included) and the five structured-source importers gets
 * seeded fast-check input (random text and bytes, real pages and exports cut up and spliced,
 * and pathological shapes: deep nesting, one enormous line, a list heading repeated thousands of
 * times), and must return without throwing, within a time bound per input, with a result whose
 * size is bounded by the input's (no blow-up) and no runaway heap.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS, parsePage } from "../../ingest/parse-page.ts";
import { importSources, SOURCE_FORMATS } from "../../ingest/sources/import-sources.ts";
import type { PageAdapterFormat, SourceFormat } from "../../ingest/types.ts";
import { ROOT } from "../helpers/cli.ts";
import { goldenPage, goldenSlugs } from "../helpers/golden.ts";

/** Generous for a 2-core machine under a parallel test run; a regex gone exponential takes minutes. */
const MAX_MS_PER_INPUT = 1500;
const MAX_HEAP_GROWTH = 256 * 2 ** 20;
const RUNS = Number(process.env.LINEAGE_FUZZ_RUNS ?? 40);

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
sourceTexts.aan = [
  readFileSync(join(ROOT, "data/aan/acl-metadata.txt"), "latin1").slice(0, 20_000),
  readFileSync(join(ROOT, "data/aan/acl.txt"), "latin1").slice(0, 20_000),
];

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
  const spliced = fc
    .tuple(real, fc.nat(), fc.nat(), fc.string({ unit: "grapheme", maxLength: 200 }), fc.integer({ min: 1, max: 400 }))
    .map(([doc, a, b, junk, times]) => {
      const i = doc.length === 0 ? 0 : a % doc.length;
      const j = doc.length === 0 ? 0 : b % doc.length;
      const [lo, hi] = i < j ? [i, j] : [j, i];
      return doc.slice(0, lo) + junk + doc.slice(lo, Math.min(hi, lo + 2_000)).repeat(times % 50) + doc.slice(hi);
    });
  return fc.oneof(
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 3_000 }) },
    { weight: 3, arbitrary: spliced },
    { weight: 1, arbitrary: fc.constantFrom(...PATHOLOGICAL) },
  );
}

interface Budget {
  worstMs: number;
  worstRatio: number;
}

/** Runs `fn` on every input, checking time, output size and heap against the input. */
function bounded<T>(what: string, arb: fc.Arbitrary<T>, size: (input: T) => number, fn: (input: T) => unknown): Budget {
  const budget: Budget = { worstMs: 0, worstRatio: 0 };
  const heapStart = process.memoryUsage().heapUsed;
  fc.assert(
    fc.property(arb, (input) => {
      const t0 = performance.now();
      let result: unknown;
      expect(() => (result = fn(input)), what).not.toThrow();
      const ms = performance.now() - t0;
      budget.worstMs = Math.max(budget.worstMs, ms);
      expect(ms, `${what}: ${size(input)} bytes took ${ms.toFixed(0)} ms`).toBeLessThan(MAX_MS_PER_INPUT);
      const out = JSON.stringify(result ?? null).length;
      const ratio = out / (size(input) + 1_000);
      budget.worstRatio = Math.max(budget.worstRatio, ratio);
      // A result may restate its input with structure around it, never multiply it.
      expect(ratio, `${what}: ${size(input)} bytes gave ${out} bytes of result`).toBeLessThan(40);
      expect(process.memoryUsage().heapUsed - heapStart, what).toBeLessThan(MAX_HEAP_GROWTH);
    }),
    { seed: Number(process.env.LINEAGE_FUZZ_SEED ?? 20261129), numRuns: RUNS },
  );
  return budget;
}

describe("every adapter under hostile input, with bounded time and memory", () => {
  for (const format of Object.keys(ADAPTERS) as PageAdapterFormat[]) {
    it(`page adapter ${format}`, () => {
      const adapter = ADAPTERS[format];
      const b = bounded(format, textFrom(pageSources), (s) => s.length, (text) => adapter(text, "fuzz.txt"));
      expect(b.worstMs).toBeLessThan(MAX_MS_PER_INPUT);
    });
  }

  it("parsePage on raw bytes (decoding, detection, any adapter)", () => {
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
    bounded("parsePage", bytes, (b) => b.length, (b) => parsePage(b, "fuzz.bin"));
  });

  it("every pathological shape through every page adapter and importer, once each", () => {
    const targets: [string, (text: string) => unknown][] = [
      ...(Object.keys(ADAPTERS) as PageAdapterFormat[]).map((f): [string, (text: string) => unknown] => [f, (text) => ADAPTERS[f](text, "shape.txt")]),
      ...SOURCE_FORMATS.map((f): [string, (text: string) => unknown] => [f, (text) => importSources(f, [{ path: "shape", bytes: new TextEncoder().encode(text) }])]),
    ];
    for (const [k, shape] of PATHOLOGICAL.entries()) {
      for (const [what, fn] of targets) {
        const t0 = performance.now();
        let result: unknown;
        expect(() => (result = fn(shape)), `${what}, shape ${k}`).not.toThrow();
        const ms = performance.now() - t0;
        expect(ms, `${what}: shape ${k} (${shape.length} chars) took ${ms.toFixed(0)} ms`).toBeLessThan(MAX_MS_PER_INPUT);
        expect(JSON.stringify(result ?? null).length / (shape.length + 1_000), `${what}, shape ${k}`).toBeLessThan(40);
      }
    }
  });

  for (const format of SOURCE_FORMATS) {
    it(`source importer ${format}`, () => {
      const files = fc.array(textFrom(sourceTexts[format]), { minLength: 1, maxLength: 2 });
      bounded(
        format,
        files,
        (fs) => fs.reduce((n, s) => n + s.length, 0),
        (fs) => importSources(format, fs.map((s, i) => ({ path: `fuzz-${i}`, bytes: new TextEncoder().encode(s) }))),
      );
    });
  }
});
