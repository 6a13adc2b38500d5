/** Golden, focused and property tests for the bare-abstract adapter. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstSentence, looksLikeAbstract, parseBareAbstract, titleFrom, venueStatement } from "../../ingest/adapters/bare-abstract.ts";
import type { AdapterResult, PageAdapter, PaperPage } from "../../vocabulary/paper-page.ts";
import { expectInjectedCrash, isRefusal, throwingOnHalf } from "../helpers/page-answers.ts";
import { goldenPage } from "../helpers/golden.ts";

const GOLDEN = goldenPage("seed-001-abstract");
const SOURCE = GOLDEN.text;
const PROSE =
  "We propose a method for evaluating language models in context. It is simple and it works well on the tasks " +
  "we tried, which cover question answering, summarisation and dialogue across several domains and languages.";

function page(text: string): PaperPage {
  const result = parseBareAbstract(text, "inline.txt");
  if (!result.ok) throw new Error(result.reason);
  return result.page;
}

function wellFormed(result: AdapterResult): boolean {
  if (!result.ok) return isRefusal(result, ["not-this-format"]);
  const p = result.page;
  return p.format === "bare-abstract" && p.buildsOn.length === 0 && p.builtBy.length === 0 && (p.paper.title === undefined || p.paper.title.length <= 121);
}

describe("bare-abstract golden fixture", () => {
  it("seed-001-abstract matches expected.json", () => {
    const meta = { format: GOLDEN.format };
    const expected = GOLDEN.expected as PaperPage;
    expect(meta.format).toBe("bare-abstract");
    expect(looksLikeAbstract(SOURCE)).toBe(true);
    expect(JSON.parse(JSON.stringify(page(SOURCE)))).toEqual(expected);
  });

  it("infers the title from the first sentence and reads year and venue from the closing statement", () => {
    const p = page(SOURCE);
    expect(p.paper.title).toBe("LLM evaluation is trapped in a cycle");
    expect(p.paper.titleInferred).toBe(true);
    expect(p.paper.year).toBe(2025);
    expect(p.paper.venue).toBe("Third Workshop on Socially Responsible Language Modelling Research (SoLaR) at the 2025 Conference on Language Modeling (COLM)");
    expect(p.paper.abstract?.split("\n\n")).toHaveLength(5);
    expect(p.paper.ids).toEqual({});
  });
});

describe("bare-abstract pieces", () => {
  it("cuts long first sentences at a word boundary with an ellipsis, and skips abbreviations", () => {
    const long = "This paper studies the many ways in which we evaluate large language models when they are deployed in the world today";
    expect(titleFrom(long)).toBe("This paper studies the many ways in which we evaluate large language models when they…");
    expect(titleFrom("Short one")).toBe("Short one");
    expect(firstSentence("We compare methods, e.g. ranking vs. scoring, in Fig. 2 of Smith et al. here. Second.")).toBe("We compare methods, e.g. ranking vs. scoring, in Fig. 2 of Smith et al. here");
    expect(titleFrom("x".repeat(300)).length).toBeLessThanOrEqual(121);
  });

  it("finds venue statements and their year, and only capitalised venues", () => {
    expect(venueStatement("Accepted at ACL 2023 (Findings).")).toEqual({ venue: "ACL 2023 (Findings)", year: 2023 });
    expect(venueStatement("To appear in Advances in Neural Information Processing Systems.")).toEqual({
      venue: "Advances in Neural Information Processing Systems",
    });
    expect(venueStatement("Results published in prior work show gains.")).toBeUndefined();
  });

  it("reads identifiers stated in the text", () => {
    expect(page(`${PROSE} Code and paper: arXiv:2401.01234v2.`).paper.ids).toEqual({ arxiv: "2401.01234" });
  });

  it("rejects input with no abstract-like prose and no identifier", () => {
    for (const text of ["", "12345 67890 3.14 2.71", "- a\n- b\n- c", "<div><p>x</p></div>".repeat(50), "a b c d e f. ".repeat(3)]) {
      const result = parseBareAbstract(text, "junk.txt");
      expect(result).toEqual({ ok: false, refusal: "not-this-format", reason: "no title, identifier or abstract-like prose" });
    }
    const markdown = goldenPage("seed-000-markdown").text;
    expect(looksLikeAbstract(markdown)).toBe(false);
  });

  it("keeps a page of identifiers only, with a warning", () => {
    const p = page("doi:10.1145/3458723");
    expect(p.paper.ids).toEqual({ doi: "10.1145/3458723" });
    expect(p.paper.title).toBeUndefined();
    expect(p.warnings).toEqual(["no abstract-like prose: only identifiers were read"]);
  });

  it("strips leftover tags and decodes entities", () => {
    const p = page(`<p>Models &amp; metrics matter.</p> ${PROSE}`);
    expect(p.paper.title).toBe("Models & metrics matter");
    expect(p.paper.abstract?.startsWith("Models & metrics matter. We propose")).toBe(true);
  });
});

describe("bare-abstract properties", () => {
  const word = fc.oneof(
    fc.constantFrom("the", "model", "We", "e.g.", "et al.", "presented at the", "2025", "Conference", "(COLM)", ".", "\n\n", "arXiv:2106.09608", "<b>", "&amp;", "—"),
    fc.string({ maxLength: 12 }),
  );

  const anyString = fc.oneof(fc.string({ maxLength: 3000 }), fc.string({ unit: "binary", maxLength: 3000 }));
  const proseish = fc.array(word, { maxLength: 300 }).map((words) => words.join(" "));
  const RUN = { seed: 42, numRuns: 200 };
  /** `adapter` answers every string of `arb` with a well-formed page or refusal; a throw fails it. */
  const answers = (adapter: PageAdapter, arb: fc.Arbitrary<string>) =>
    fc.property(arb, (text) => {
      looksLikeAbstract(text);
      return wellFormed(adapter(text, "fuzz"));
    });

  it("never throws on arbitrary strings", () => {
    fc.assert(answers(parseBareAbstract, anyString), RUN);
  });

  it("never throws on random prose-ish strings", () => {
    fc.assert(answers(parseBareAbstract, proseish), RUN);
  });

  it("both properties fail for an adapter that throws on half its inputs", () => {
    for (const arb of [anyString, proseish]) expectInjectedCrash(fc.check(answers(throwingOnHalf(parseBareAbstract), arb), RUN));
  });
});
