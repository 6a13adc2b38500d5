/**
 * Every reader of hostile input does work in proportion to its input (issue 29): each importer
 * (BibTeX, RIS, EndNote, CSL-JSON, JSON-LD, Semantic Scholar, OpenAlex, AAN), the page path
 * (`lineage ingest`'s format detection and the adapter it picks) and each page adapter on its
 * own, over the adversarial shapes of test/helpers/adversarial-inputs.ts (the issue's
 * reproductions and more: runs of one character, of separators, of nesting, of tags).
 *
 * Work is counted, not timed (test/helpers/work-meter.ts: the characters and items the built-in
 * operations handle), so a loaded machine changes nothing: for a size n drawn by fast-check
 * (seeded) and for 4n, the count may grow by at most SLACK times the growth of the input. And
 * every regular expression that searched a long text must be linear on it
 * (test/helpers/regex-safety.ts): backtracking inside one match is what a count of calls cannot
 * see. A control case shows both instruments catching the quadratic code the issue found.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SHAPES, shape as shapeNamed, type AdversarialShape } from "../helpers/adversarial-inputs.ts";
import { measureWork, type Work } from "../helpers/work-meter.ts";
import { unsafeOn } from "../helpers/regex-safety.ts";
import { fileKind } from "../../ingest/file-kind.ts";
import { ADAPTERS, parsePage } from "../../ingest/parse-page.ts";
import { importRecordFiles, importSources } from "../../ingest/sources/import-sources.ts";
import type { PageAdapterFormat } from "../../vocabulary/paper-page.ts";

const GROWTH = 4;
/** How much faster than the input the count may grow between n and 4n (fixed costs make it grow slower). */
const SLACK = 1.5;

/** What `lineage ingest` or `lineage import` does with the file, short of the database. */
function read(shape: AdversarialShape, text: string): void {
  const bytes = Buffer.from(text);
  const file = { path: shape.file, bytes };
  if (shape.readBy.command === "import") {
    importSources(shape.readBy.format, [file]);
    return;
  }
  const kind = fileKind(text);
  if (kind.kind === "records") importRecordFiles(kind.format, [file]);
  else if (kind.kind === "page") parsePage(bytes, shape.file, { maxBytes: 64 * 1024 * 1024 });
}

const baseSize = (s: AdversarialShape, divisor: number) => Math.max(8, Math.floor(s.reproduction / divisor));

interface Growth {
  small: { bytes: number; work: Work };
  large: { bytes: number; work: Work };
}

function grow(s: AdversarialShape, n: number, run: (text: string) => void): Growth {
  const measure = (size: number) => {
    const text = s.make(size);
    return { bytes: text.length, work: measureWork(() => run(text)).work };
  };
  return { small: measure(n), large: measure(GROWTH * n) };
}

function expectLinear(s: AdversarialShape, g: Growth, what: string): void {
  const inputGrowth = g.large.bytes / g.small.bytes;
  const workGrowth = g.large.work.steps / Math.max(1, g.small.work.steps);
  expect(workGrowth, `${what}: ${g.small.work.steps} steps on ${g.small.bytes} bytes, ${g.large.work.steps} on ${g.large.bytes}`).toBeLessThanOrEqual(inputGrowth * SLACK);
  const unsafe = [...g.large.work.longSubjects].map(([re, texts]) => unsafeOn(re, texts)).filter((u) => u !== undefined);
  expect(
    unsafe.map((u) => `${u.pattern} ${u.why}`),
    `${what}: super-linear expressions on ${s.what}`,
  ).toEqual([]);
}

const TARGETS = [...new Set(SHAPES.map((s) => s.target))];

describe("work grows with the input, for every importer and the page path", () => {
  for (const target of TARGETS) {
    describe(target, () => {
      for (const s of SHAPES.filter((x) => x.target === target)) {
        it(`${s.name}${s.issue ? " (the issue's reproduction)" : ""}: ${s.what}`, () => {
          const base = baseSize(s, 256);
          fc.assert(
            fc.property(fc.integer({ min: base, max: 2 * base }), (n) =>
              expectLinear(
                s,
                grow(s, n, (text) => read(s, text)),
                s.name,
              ),
            ),
            { seed: 29, numRuns: 2 },
          );
        });
      }
    });
  }
});

describe("work grows with the input, for each page adapter on its own", () => {
  const pageShapes = SHAPES.filter((s) => s.target === "page");
  for (const [format, adapter] of Object.entries(ADAPTERS) as [PageAdapterFormat, (typeof ADAPTERS)[PageAdapterFormat]][]) {
    it(`${format} on ${pageShapes.length} page shapes`, () => {
      for (const s of pageShapes) {
        const n = baseSize(s, 512);
        expectLinear(
          s,
          grow(s, n, (text) => adapter(text, s.file)),
          `${format} on ${s.name}`,
        );
      }
    });
  }
});

describe("the instruments catch the quadratic code the issue found", () => {
  it("counts a reader that re-reads the text before each record (the old EndNote split) as quadratic", () => {
    const s = shapeNamed("endnote-many-records");
    const oldSplit = (text: string) => {
      const lines: number[] = [];
      for (const m of text.matchAll(/(?<=^|\s)%0 /g)) lines.push(text.slice(0, m.index).split("\n").length);
      return lines;
    };
    const g = grow(s, 400, oldSplit);
    expect(g.large.work.steps / g.small.work.steps).toBeGreaterThan(3 * (g.large.bytes / g.small.bytes));
  });

  it("finds `\\s+$` unsafe on a value of spaces, and `\\S+@\\S+` on a line of letters, but not on collapsed lines", () => {
    expect(unsafeOn(/\s+$/, [`${" ".repeat(5000)}x`])?.why).toMatch(/fails at every start position of a run of " "/);
    expect(unsafeOn(/\S+@\S+/g, ["a".repeat(5000)])).toBeDefined();
    expect(unsafeOn(/\s+$/, ["a b ".repeat(2000)])).toBeUndefined();
  });
});
