/** Title normalisation: what must compare equal, and near-twins that must not. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { normalizeTitle } from "../../vocabulary/titles.ts";

describe("normalizeTitle", () => {
  it.each([
    ["Benchmarking is Broken -- Don't Let AI be its Own Judge", "Benchmarking is Broken \u2014 Don\u2019t Let AI be its Own Judge"],
    ["GPT-4 Technical Report", "GPT\u20114 Technical Report"],
    ["GPT-4 Technical Report", "GPT\u20104 technical report."],
    ["GPT-4 Technical Report", "  gpt\u22124   technical  REPORT  "],
    ['Q&A: "Fair" Evaluators', "Q&amp;A: \u201cFair\u201d Evaluators"],
    ["Ｆｕｌｌｗｉｄｔｈ Title", "Fullwidth Title"],
    ["Re-evaluating Summarization", "Re\u2013evaluating Summarization!"],
  ])("%s equals %s", (a, b) => {
    expect(normalizeTitle(a)).toBe(normalizeTitle(b));
  });

  it("keeps near-twins apart", () => {
    expect(normalizeTitle("A Survey on Evaluation of Large Language Models")).not.toBe(normalizeTitle("Evaluating Large Language Models: A Comprehensive Survey"));
    expect(normalizeTitle("Large Language Models are not Fair Evaluators")).not.toBe(normalizeTitle("Large Language Models are Fair Evaluators"));
  });

  it("is idempotent and never throws (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const once = normalizeTitle(s);
        expect(normalizeTitle(once)).toBe(once);
        expect(once).toBe(once.trim());
      }),
      { seed: 42, numRuns: 1000 },
    );
  });
});
