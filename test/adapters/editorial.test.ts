/** Golden, focused and property tests for the editorial-page adapter. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { looksLikeEditorialPage, parseEditorialPage } from "../../ingest/adapters/editorial.ts";
import type { AdapterResult, PageAdapter, PaperPage } from "../../vocabulary/paper-page.ts";
import { expectInjectedCrash, isRefusal, throwingOnHalf } from "../helpers/page-answers.ts";
import { goldenPage } from "../helpers/golden.ts";

const GOLDEN = goldenPage("seed-003-editorial");
const SOURCE = GOLDEN.text;

function page(text: string): PaperPage {
  const result = parseEditorialPage(text, "inline.txt");
  if (!result.ok) throw new Error(result.reason);
  return result.page;
}

function wellFormed(result: AdapterResult): boolean {
  if (!result.ok) return isRefusal(result, ["no-title", "not-this-format"]);
  const p = result.page;
  return p.format === "editorial" && Boolean(p.paper.title) && p.buildsOn.length === 0 && p.builtBy.length === 0;
}

describe("editorial golden fixture", () => {
  it("seed-003-editorial matches expected.json", () => {
    const meta = { format: GOLDEN.format };
    const expected = GOLDEN.expected as PaperPage;
    expect(meta.format).toBe("editorial");
    expect(looksLikeEditorialPage(SOURCE)).toBe(true);
    expect(JSON.parse(JSON.stringify(page(SOURCE)))).toEqual(expected);
  });

  it("keeps the six 'Related on' entries as related links and yields zero citations", () => {
    const p = page(SOURCE);
    expect(p.related).toHaveLength(6);
    expect(p.related[0]).toEqual({
      title: "Beyond Static Leaderboards: Predictive Validity for the Evaluation of LLM Agents",
      note: "Static LLM agent leaderboards fail to predict real-world performance; predictive validity, correlating in-sample and out-of-sample ranks, offers a robust evaluation.",
    });
    expect(p.related.map((r) => r.title).at(-1)).toBe("DeployBench: Benchmarking LLM Agents for Research Artifact Deployment");
    expect(p.buildsOn).toEqual([]);
    expect(p.builtBy).toEqual([]);
  });

  it("reads the dateline, sections, topics and audience", () => {
    const p = page(SOURCE);
    expect(p.paper.title).toBe("Beyond Static Benchmarks: A Validity, Reliability, and Sociotechnical Framework for Evaluating LLMs in Deployment Contexts");
    expect(p.paper).toMatchObject({ date: "2026-06-25", year: 2026, ids: {}, titleInferred: false });
    expect(p.facts).toMatchObject({
      source: "Paper Index on ACL Anthology",
      field: "Technology & Digital — Artificial Intelligence & Machine Learning",
      depth: "Expert, quick",
    });
    expect(p.facts.summary).toBe(p.paper.abstract);
    expect(p.facts.summary).toMatch(/^VRS-Eval is a new framework .* raise reliability\.$/);
    expect(p.facts.takeaway).toMatch(/^For MLOps engineers/);
    expect(p.facts.insights).toMatch(/^Static LLM benchmarks often misrepresent/);
    expect(p.facts.topics).toHaveLength(6);
    expect(p.facts.audience).toEqual(["Research Scientist", "AI Architect", "AI Engineer", "AI Scientist", "Machine Learning Engineer", "MLOps Engineer"]);
  });
});

describe("editorial identifiers and rejection", () => {
  it("takes identifiers from the page's own text, never from its related links", () => {
    const text = [
      "A Paper Title",
      "",
      "2025-01-02 · Source: arXiv · Field: AI",
      "",
      "Summary",
      "",
      "We study X (arXiv:2401.01234).",
      "",
      "Related on Site",
      "",
      "• Other paper — https://arxiv.org/abs/2301.00001 a note",
    ].join("\n");
    const p = page(text);
    expect(p.paper.ids).toEqual({ arxiv: "2401.01234" });
    expect(p.related).toEqual([{ title: "Other paper", note: "a note", url: "https://arxiv.org/abs/2301.00001" }]);
  });

  it("rejects text with no title, or with neither a dateline nor known sections", () => {
    expect(parseEditorialPage("", "empty.txt").ok).toBe(false);
    const prose = parseEditorialPage("Just a line\nand another one", "p.txt");
    expect(prose.ok).toBe(false);
    if (!prose.ok) expect(prose.reason).toMatch(/^no dateline/);
    const markdown = goldenPage("seed-000-markdown").text;
    expect(looksLikeEditorialPage(markdown)).toBe(false);
  });
});

describe("editorial properties", () => {
  const line = fc.oneof(
    fc.constantFrom(
      "Summary",
      "Key takeaway",
      "Key insights",
      "Topics",
      "Related on X",
      "Best for: A, B",
      "Open in X →",
      "2026-06-25 · Source: S · Field: F · Depth: D",
      "• Title — note",
      "• ",
      "",
      "Principles",
    ),
    fc.string({ maxLength: 40 }),
  );

  const anyString = fc.oneof(fc.string({ maxLength: 2000 }), fc.string({ unit: "binary", maxLength: 2000 }));
  const editorialish = fc.array(line, { maxLength: 60 }).map((lines) => lines.join("\n"));
  const RUN = { seed: 42, numRuns: 200 };
  /** `adapter` answers every string of `arb` with a well-formed page or refusal; a throw fails it. */
  const answers = (adapter: PageAdapter, arb: fc.Arbitrary<string>) =>
    fc.property(arb, (text) => {
      looksLikeEditorialPage(text);
      return wellFormed(adapter(text, "fuzz"));
    });

  it("never throws on arbitrary strings", () => {
    fc.assert(answers(parseEditorialPage, anyString), RUN);
  });

  it("never throws on random editorial-ish pages", () => {
    fc.assert(answers(parseEditorialPage, editorialish), RUN);
  });

  it("both properties fail for an adapter that throws on half its inputs", () => {
    for (const arb of [anyString, editorialish]) expectInjectedCrash(fc.check(answers(throwingOnHalf(parseEditorialPage), arb), RUN));
  });
});
