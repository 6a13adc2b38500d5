/** Golden, focused and property tests for the plain-text paper-page adapter. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { looksLikeTextPage, parseTextPage } from "../../ingest/adapters/text-page.ts";
import { hasIdentifier } from "../../vocabulary/identifiers.ts";
import { MAX_TITLE_CHARS } from "../../vocabulary/clean-text.ts";
import type { AdapterResult, PageAdapter, PaperPage } from "../../vocabulary/paper-page.ts";
import { expectInjectedCrash, isRefusal, throwingOnHalf } from "../helpers/page-answers.ts";
import { goldenPage } from "../helpers/golden.ts";

const GOLDEN = goldenPage("seed-002-text");
const SOURCE = GOLDEN.text;
const EXPECTED = GOLDEN.expected as PaperPage;
const META = { format: GOLDEN.format };

function page(text: string): PaperPage {
  const result = parseTextPage(text, "inline.txt");
  if (!result.ok) throw new Error(result.reason);
  return result.page;
}

/** The property every result must have: a refusal for want of a title, or lists holding only identifiable refs. */
function wellFormed(result: AdapterResult): boolean {
  if (!result.ok) return isRefusal(result, ["no-title"]);
  const refs = [...result.page.buildsOn, ...result.page.builtBy];
  return result.page.format === "text-page" && Boolean(result.page.paper.title) && refs.every((ref) => Boolean(ref.title?.trim()) || hasIdentifier(ref.ids));
}

const HEAD = "mlsanityData to 7 Oct 2026\n\nA Paper\n\narXiv 2401.00001 ↗First posted 2 Jan 2024cs.LG stat.MLcited by 3\n\n";

describe("text-page golden fixture", () => {
  it("seed-002-text matches expected.json", () => {
    expect(META.format).toBe("text-page");
    expect(looksLikeTextPage(SOURCE)).toBe(true);
    expect(page(SOURCE)).toEqual(EXPECTED);
  });

  it("seed-002: counts and facts checked by hand against the source", () => {
    const p = page(SOURCE);
    expect(p.paper).toMatchObject({
      title: "Benchmarks as Microscopes: A Call for Model Metrology",
      ids: { arxiv: "2407.16711" },
      date: "2024-07-22",
      year: 2024,
      categories: ["cs.SE", "cs.CL"],
    });
    expect(p.paper.abstract?.startsWith("Modern language models (LMs) pose")).toBe(true);
    expect(p.paper.abstract?.endsWith("add clarity to the AI discussion.")).toBe(true);
    expect(p.facts).toEqual({
      directions: [],
      dataThrough: "2026-10-07",
      origin: "mlsanity",
      citedByCount: 33,
      onMap: false,
      referencesInMap: 83,
      referencesTotal: 137,
      citationsPerYear: { "2024": 4, "2025": 17, "2026": 12 },
    });
    expect(p.buildsOn).toHaveLength(50);
    expect(p.builtBy).toHaveLength(33);
    expect(p.buildsOn[0]).toEqual({
      ids: {},
      title: "GPT-4 Technical Report",
      year: 2023,
      citedByCount: 18132,
    });
    expect(p.buildsOn[12]?.title).toBe("MathVista: Evaluating Mathematical Reasoning of Foundation Models in Visual Contexts");
    expect(p.buildsOn.at(-1)).toEqual({
      ids: {},
      title: "Levels of AGI for Operationalizing Progress on the Path to AGI",
      year: 2023,
      citedByCount: 94,
    });
    expect(p.buildsOn[25]?.title).toBe('The Reversal Curse: LLMs trained on "A is B" fail to learn "B is A"');
    expect(p.builtBy[0]?.citedByCount).toBe(58);
    expect(p.builtBy[12]?.title).toBe("How Reliable is Language Model Micro-Benchmarking?");
    expect(p.builtBy.at(-1)).toEqual({
      ids: {},
      title: "WitnessGym: Benchmarking Coding Agents on the Construction of Bug Witnesses",
      year: 2026,
      citedByCount: 0,
    });
    expect(p.warnings).toEqual(["listed 50 of 83 builds-on references"]);
  });
});

describe("text-page tricky inputs", () => {
  it("joins a list split by 'N more' with restarted numbering, skipping non-entry lines", () => {
    const p = page(
      HEAD +
        "Builds on\n\n3 of 9 references.\n\nReferences · 3\n\n" +
        "  1. 2020First Papercited by 10\n  2. 2019Second Papercited by 9\n1 more\n  1. 2018Third Papercited by 1\n\n" +
        "3 most cited of 3 All 3 (JSON)\n\nBuilt on by\n\nCited by year (2026 to 7 Oct)\n\n" +
        "Citing papers per year: 2025: 1; 2026: 1,204.\n\n2 papers.\n\nSort:\n\nBy area:\n\n" +
        "  1. 2025Citing Onecited by 2\n",
    );
    expect(p.buildsOn.map((r) => r.title)).toEqual(["First Paper", "Second Paper", "Third Paper"]);
    expect(p.builtBy).toEqual([{ ids: {}, title: "Citing One", year: 2025, citedByCount: 2 }]);
    expect(p.facts.citationsPerYear).toEqual({ "2025": 1, "2026": 1204 });
    expect(p.warnings).toEqual(["listed 1 of 2 built-on-by papers"]);
    expect(p.paper.categories).toEqual(["cs.LG", "stat.ML"]);
    expect(p.facts.citedByCount).toBe(3);
  });

  it("takes only the trailing 'cited by N'; titles keep digits, quotes, '?' and 'cited'", () => {
    const p = page(
      HEAD +
        "Builds on\n\n" +
        "  1. 2020Why Is It cited by 5 Groups?cited by 1,234\n" +
        '  2. 20191984 and "Beyond": 10 Lessonscited by 7\n' +
        "  3. 2021A Title That Ends In cited by\n" +
        "  4. 2023Some Paper https://arxiv.org/abs/2303.08774cited by 3\n" +
        "  5. 2022Other Paper (arXiv:2203.02155)cited by 2\n" +
        "  6. cited by 4\n",
    );
    expect(p.buildsOn).toEqual([
      {
        ids: {},
        title: "Why Is It cited by 5 Groups?",
        year: 2020,
        citedByCount: 1234,
      },
      {
        ids: {},
        title: '1984 and "Beyond": 10 Lessons',
        year: 2019,
        citedByCount: 7,
      },
      { ids: {}, title: "A Title That Ends In cited by", year: 2021 },
      {
        ids: { arxiv: "2303.08774" },
        title: "Some Paper",
        year: 2023,
        url: "https://arxiv.org/abs/2303.08774",
        citedByCount: 3,
      },
      {
        ids: { arxiv: "2203.02155" },
        title: "Other Paper",
        year: 2022,
        citedByCount: 2,
      },
    ]);
    expect(p.warnings).toEqual(["skipped an empty builds-on entry"]);
  });

  it("reads a direction from the key facts and then the paper is on the map", () => {
    const p = page(
      "mlsanityData to 7 Oct 2026\n\nT\n\nKey facts. Cited by 2 papers in the map (data through 7 Oct 2026). " +
        "Placed in Agent evaluation, one of 9 directions in LLM agents. First posted on arXiv 3 Mar 2025.\n",
    );
    expect(p.facts.directions).toEqual([{ name: "Agent evaluation", area: "LLM agents", directionsInArea: 9 }]);
    expect(p.facts.onMap).toBe(true);
    expect(p.paper.date).toBe("2025-03-03");
  });

  it("accepts a page with missing sections", () => {
    const p = page("mlsanityData to 7 Oct 2026\n\nOnly A Title\n");
    expect(p.paper.title).toBe("Only A Title");
    expect(p.facts).toEqual({ directions: [], dataThrough: "2026-10-07", origin: "mlsanity" });
    expect(p.buildsOn).toEqual([]);
    expect(p.builtBy).toEqual([]);
    expect(p.paper.abstract).toBeUndefined();
  });

  it("returns ok:false without a title, and never throws on empty input", () => {
    for (const text of ["", " \n\n ", "mlsanityData to 7 Oct 2026\n\n"]) {
      const result = parseTextPage(text, "empty.txt");
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^no title line after the "Data to" header/);
    }
  });

  it("detects only text paper pages", () => {
    expect(looksLikeTextPage(HEAD)).toBe(true);
    expect(looksLikeTextPage("# Title\n\narXiv: https://arxiv.org/abs/2306.03100\n## Builds on\n")).toBe(false);
    expect(looksLikeTextPage("Some essay.\n\nBuilds on\n")).toBe(false);
    expect(looksLikeTextPage("mlsanityData to 7 Oct 2026\n\nA title and nothing else\n")).toBe(false);
  });

  // No clock (issue 14): a parser gone quadratic fails on vitest's timeout; here the answer to
  // the pathological lines must be well formed and bounded by what was given.
  it("returns a bounded answer on pathological long lines", () => {
    const text = [
      "mlsanityData to 7 Oct 2026",
      "T",
      "arXiv" + " ".repeat(50_000) + "First posted " + "1 Jan 2024 ".repeat(5_000),
      ("arxiv" + " ".repeat(3_990) + "\n").repeat(100),
      "Key facts. Placed in " + "a".repeat(10_000) + ", one of " + "1".repeat(5_000),
      "Builds on",
      "  1. 2020" + "cited by ".repeat(10_000) + "1",
      ("  1. " + "10.1234/x".repeat(1_000) + "\n").repeat(50),
      "Citing papers per year: " + "2024: 1; ".repeat(10_000),
    ].join("\n");
    const result = parseTextPage(text, "long.txt");
    expect(wellFormed(result)).toBe(true);
    expect(JSON.stringify(result).length).toBeLessThan(text.length);
    if (result.ok) {
      expect(result.page.paper.title?.length ?? 0).toBeLessThanOrEqual(MAX_TITLE_CHARS);
      expect(result.page.buildsOn.length + result.page.builtBy.length).toBeLessThanOrEqual(text.split("\n").length);
    }
    expect(typeof looksLikeTextPage(text)).toBe("boolean");
  });
});

describe("text-page properties", () => {
  const anyString = fc.string({ maxLength: 400 });
  const afterHeader = fc.string({ unit: "binary", maxLength: 400 }).map((text) => `mlsanityData to 7 Oct 2026\n${text}`);
  const lines = SOURCE.split("\n").filter((l) => l.length < 400);
  const fragments = [...lines, ...lines.map((l) => l.slice(0, l.length >> 1)), ...lines.map((l) => l.slice(l.length >> 1))];
  const shuffled = fc
    .array(fc.tuple(fc.constantFrom(...fragments), fc.constantFrom("\n", "\n\n", "", " ", "\r\n")), { maxLength: 60 })
    .map((parts) => parts.map(([fragment, sep]) => fragment + sep).join(""));
  const RUN = { seed: 42, numRuns: 300 };
  /** `adapter` answers every string of `arb` with a well-formed page or refusal; a throw fails it. */
  const answers = (adapter: PageAdapter, arb: fc.Arbitrary<string>) =>
    fc.property(arb, (text) => {
      looksLikeTextPage(text);
      return wellFormed(adapter(text, "fuzz.txt"));
    });

  it("never throws on arbitrary strings", () => {
    fc.assert(answers(parseTextPage, anyString), RUN);
    fc.assert(answers(parseTextPage, afterHeader), RUN);
  });

  it("never throws on shuffled fragments of the real seed lines", () => {
    fc.assert(answers(parseTextPage, shuffled), RUN);
  });

  it("the properties fail for an adapter that throws on half its inputs", () => {
    for (const arb of [anyString, afterHeader, shuffled]) {
      expectInjectedCrash(fc.check(answers(throwingOnHalf(parseTextPage), arb), RUN));
    }
  });
});
