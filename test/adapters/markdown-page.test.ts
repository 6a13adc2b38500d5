/** Golden, focused and property tests for the Markdown paper-page adapter. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { looksLikeMarkdownPage, parseMarkdownPage } from "../../ingest/adapters/markdown-page.ts";
import { hasIdentifier } from "../../vocabulary/identifiers.ts";
import { MAX_TITLE_CHARS } from "../../vocabulary/clean-text.ts";
import type { AdapterResult, PageAdapter, PaperPage } from "../../vocabulary/paper-page.ts";
import { expectInjectedCrash, isRefusal, throwingOnHalf } from "../helpers/page-answers.ts";
import { goldenPage } from "../helpers/golden.ts";

function fixture(slug: string): {
  source: string;
  expected: PaperPage;
  format: string;
} {
  const golden = goldenPage(slug);
  return { source: golden.text, expected: golden.expected as PaperPage, format: golden.format };
}

function page(text: string): PaperPage {
  const result = parseMarkdownPage(text, "inline.md");
  if (!result.ok) throw new Error(result.reason);
  return result.page;
}

/** The property every result must have: a refusal for want of a title, or lists holding only identifiable refs. */
function wellFormed(result: AdapterResult): boolean {
  if (!result.ok) return isRefusal(result, ["no-title"]);
  const refs = [...result.page.buildsOn, ...result.page.builtBy];
  return result.page.format === "markdown-page" && Boolean(result.page.paper.title) && refs.every((ref) => Boolean(ref.title?.trim()) || hasIdentifier(ref.ids));
}

describe("markdown-page golden fixtures", () => {
  for (const slug of ["seed-000-markdown", "seed-004-markdown"]) {
    it(`${slug} matches expected.json`, () => {
      const { source, expected, format } = fixture(slug);
      expect(format).toBe("markdown-page");
      expect(looksLikeMarkdownPage(source)).toBe(true);
      expect(page(source)).toEqual(expected);
    });
  }

  it("seed-000: counts and facts checked by hand against the source", () => {
    const p = page(fixture("seed-000-markdown").source);
    expect(p.paper.title).toBe("Rethinking Model Evaluation as Narrowing the Socio-Technical Gap");
    expect(p.paper.ids).toEqual({ arxiv: "2306.03100" });
    expect(p.paper.date).toBe("2023-06-01");
    expect(p.paper.year).toBe(2023);
    expect(p.facts).toMatchObject({
      citedByCount: 56,
      dataThrough: "2026-10-14",
      referencesInMap: 24,
      referencesTotal: 57,
      onMap: true,
    });
    expect(p.facts.directions).toEqual([
      {
        name: "Reasoning benchmarks and evaluation",
        area: "LLM reasoning",
        url: "https://mlsanity.com/lr/reasoning-benchmarks-and-evaluation/",
        directionsInArea: 17,
      },
    ]);
    expect(p.buildsOn).toHaveLength(24);
    expect(p.builtBy).toHaveLength(30);
    expect(p.buildsOn[0]).toEqual({
      ids: { arxiv: "2203.02155" },
      title: "Training language models to follow instructions with human feedback",
      url: "https://mlsanity.com/paper/2203.02155/",
      year: 2022,
    });
    expect(p.buildsOn.at(-1)?.ids.arxiv).toBe("2302.10395");
    expect(p.builtBy.at(-1)?.title).toBe("Distinguishing Task-Specific and General-Purpose AI in Regulation");
    expect(p.builtBy.map((r) => r.title)).toContain("(Beyond) Reasonable Doubt: Challenges that Public Defenders Face in Scrutinizing AI in Court");
    expect(p.builtBy.map((r) => r.title)).toContain("Rethinking Evaluation in the Era of Time Series Foundation Models: (Un)known Information Leakage Challenges");
    expect(p.paper.abstract?.startsWith("The recent development of generative large language models")).toBe(true);
    expect(p.warnings).toEqual(["listed 30 of 56 built-on-by papers"]);
  });

  it("seed-004: a page with no direction", () => {
    const p = page(fixture("seed-004-markdown").source);
    expect(p.paper.ids).toEqual({ arxiv: "2310.11986" });
    expect(p.paper.date).toBe("2023-10-18");
    expect(p.facts.directions).toEqual([]);
    expect(p.facts.onMap).toBeUndefined();
    expect(p.facts).toMatchObject({
      citedByCount: 157,
      referencesInMap: 148,
      referencesTotal: 398,
    });
    expect(p.buildsOn).toHaveLength(30);
    expect(p.builtBy).toHaveLength(30);
    expect(p.builtBy.at(-1)?.ids.arxiv).toBe("2501.07238");
    expect(p.warnings).toEqual(["listed 30 of 148 builds-on references", "listed 30 of 157 built-on-by papers"]);
  });
});

describe("markdown-page tricky inputs", () => {
  it("keeps brackets, parentheses and escapes in titles", () => {
    const p = page(
      [
        "# A \\*Starred\\* \\_Title\\_ with \\[brackets\\]",
        "",
        "## Builds on (most cited first, 3 of 3)",
        "",
        "- [\\[Re\\] Reproducing (Un)fair [Models]](https://arxiv.org/abs/2101.00001v2) (2021)",
        "- [(Beyond) Reasonable Doubt: Challenges](https://mlsanity.com/paper/2403.13004/) (2024)",
        "- [Wiki link](https://en.wikipedia.org/wiki/Foo_(bar)) (2020)",
      ].join("\n"),
    );
    expect(p.paper.title).toBe("A *Starred* _Title_ with [brackets]");
    expect(p.buildsOn).toEqual([
      {
        ids: { arxiv: "2101.00001" },
        title: "[Re] Reproducing (Un)fair [Models]",
        url: "https://arxiv.org/abs/2101.00001v2",
        year: 2021,
      },
      {
        ids: { arxiv: "2403.13004" },
        title: "(Beyond) Reasonable Doubt: Challenges",
        url: "https://mlsanity.com/paper/2403.13004/",
        year: 2024,
      },
      {
        ids: {},
        title: "Wiki link",
        url: "https://en.wikipedia.org/wiki/Foo_(bar)",
        year: 2020,
      },
    ]);
    expect(p.warnings).toEqual([]);
  });

  it("never takes links outside the two lists as citations", () => {
    const p = page(
      [
        "# Paper",
        "arXiv: https://arxiv.org/abs/2306.03100",
        "## Related reading",
        "- [Not a citation](https://mlsanity.com/paper/2101.00002/) (2021)",
        "## Abstract (arXiv)",
        "- [Also not](https://mlsanity.com/paper/2101.00003/) (2021)",
        "## Built on by (most cited first, 1 of 1)",
        "- [Citing paper](https://mlsanity.com/paper/2101.00004/) (2022)",
        "## Something new",
        "- [Ignored](https://mlsanity.com/paper/2101.00005/) (2023)",
      ].join("\n"),
    );
    expect(p.buildsOn).toEqual([]);
    expect(p.builtBy.map((r) => r.ids.arxiv)).toEqual(["2101.00004"]);
    expect(p.paper.abstract).toBe("- [Also not](https://mlsanity.com/paper/2101.00003/) (2021)");
    expect(p.paper.ids).toEqual({ arxiv: "2306.03100" });
  });

  it("takes a direction from the key-fact sentence alone", () => {
    const p = page("# T\n\n## Key facts\n\n- Placed in Agent evaluation, one of 9 directions in LLM agents.\n");
    expect(p.facts.directions).toEqual([{ name: "Agent evaluation", area: "LLM agents", directionsInArea: 9 }]);
    expect(p.facts.onMap).toBe(true);
  });

  it("accepts a page with only a title", () => {
    const p = page("# Just a title\n");
    expect(p.paper).toMatchObject({ title: "Just a title", ids: {} });
    expect(p.buildsOn).toEqual([]);
    expect(p.builtBy).toEqual([]);
    expect(p.facts).toEqual({ directions: [] });
  });

  it("returns ok:false without a title, and never throws on empty input", () => {
    for (const text of ["", "\n\n", "## Builds on\n- [X](https://arxiv.org/abs/2101.00001) (2021)", "#NoSpace"]) {
      const result = parseMarkdownPage(text, "empty.md");
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^no "# Title" heading/);
    }
  });

  it("detects only Markdown paper pages", () => {
    expect(looksLikeMarkdownPage(fixture("seed-002-text").source)).toBe(false);
    expect(looksLikeMarkdownPage("# A blog post\n\nSome text with a [link](https://example.com).")).toBe(false);
    expect(looksLikeMarkdownPage("## Key facts\n# Title")).toBe(false);
    expect(looksLikeMarkdownPage("# Title\n\narXiv: https://arxiv.org/abs/2306.03100\n")).toBe(true);
    expect(looksLikeMarkdownPage("# Title\n\n## Builds on (1 of 1)\n")).toBe(true);
  });

  // No clock (issue 14): a parser gone quadratic fails on vitest's timeout; here the answer to
  // the pathological lines must be well formed and bounded by what was given.
  it("returns a bounded answer on pathological long lines", () => {
    const text = [
      "# " + " ".repeat(50_000) + "#",
      ("arxiv" + " ".repeat(3_990) + "\n").repeat(100),
      "## Builds on",
      "- [" + "](".repeat(20_000) + ")",
      "- " + "[".repeat(20_000) + " (2020)",
      "## Key facts",
      "- Placed in " + "a".repeat(10_000) + ", one of " + "1".repeat(5_000),
      "- Cited by " + "1,".repeat(20_000),
      ("10.1234/" + "x".repeat(10)).repeat(5_000),
    ].join("\n");
    const result = parseMarkdownPage(text, "long.md");
    expect(wellFormed(result)).toBe(true);
    expect(JSON.stringify(result).length).toBeLessThan(text.length);
    if (result.ok) {
      expect(result.page.paper.title?.length ?? 0).toBeLessThanOrEqual(MAX_TITLE_CHARS);
      expect(result.page.buildsOn.length + result.page.builtBy.length).toBeLessThanOrEqual(text.split("\n").length);
    }
    expect(typeof looksLikeMarkdownPage(text)).toBe("boolean");
  });
});

describe("markdown-page properties", () => {
  const anyString = fc.string({ maxLength: 400 });
  const titled = fc.string({ unit: "binary", maxLength: 400 }).map((text) => `# ${text}`);
  const lines = [fixture("seed-000-markdown").source, fixture("seed-004-markdown").source].flatMap((s) => s.split("\n")).filter((l) => l.length < 400);
  const fragments = [...lines, ...lines.map((l) => l.slice(0, l.length >> 1)), ...lines.map((l) => l.slice(l.length >> 1))];
  const shuffled = fc
    .array(fc.tuple(fc.constantFrom(...fragments), fc.constantFrom("\n", "\n\n", "", " ", "\r\n")), { maxLength: 60 })
    .map((parts) => parts.map(([fragment, sep]) => fragment + sep).join(""));
  const RUN = { seed: 42, numRuns: 300 };
  /** `adapter` answers every string of `arb` with a well-formed page or refusal; a throw fails it. */
  const answers = (adapter: PageAdapter, arb: fc.Arbitrary<string>) =>
    fc.property(arb, (text) => {
      looksLikeMarkdownPage(text);
      return wellFormed(adapter(text, "fuzz.md"));
    });

  it("never throws on arbitrary strings", () => {
    fc.assert(answers(parseMarkdownPage, anyString), RUN);
    fc.assert(answers(parseMarkdownPage, titled), RUN);
  });

  it("never throws on shuffled fragments of the real seed lines", () => {
    fc.assert(answers(parseMarkdownPage, shuffled), RUN);
  });

  it("the properties fail for an adapter that throws on half its inputs", () => {
    for (const arb of [anyString, titled, shuffled]) {
      expectInjectedCrash(fc.check(answers(throwingOnHalf(parseMarkdownPage), arb), RUN));
    }
  });
});
