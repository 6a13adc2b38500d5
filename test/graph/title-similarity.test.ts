/** BM25 over titles (Robertson & Zaragoza 2009), worked by hand on four invented titles. */
import { describe, expect, it } from "vitest";
import { TextIndex, textTerms } from "../../graph/title-similarity.ts";

const TITLES = ["Statistical Machine Translation", "Phrase-Based Statistical Machine Translations", "Dependency Parsing", null];
const index = new TextIndex(TITLES.length, (i) => ({ title: TITLES[i] ?? null }));

describe("title similarity", () => {
  it("reads content words, folding plurals and dropping stop words", () => {
    // "based" is a stop word; "translations" folds onto "translation".
    expect(textTerms("Phrase-Based Statistical Machine Translations")).toEqual(["phrase", "statistical", "machine", "translation"]);
    expect(index.hasText(3)).toBe(false);
  });

  it("scores BM25 with the title's words counted twice", () => {
    // 3 papers with text; "statistical", "machine", "translation" are in 2 of them:
    // idf = ln((3 - 2 + 0.5) / (2 + 0.5) + 1) = ln 1.6. Title lengths (words · 2): 6, 8, 4; mean 6.
    const idf = Math.log(1.6);
    const term = (length: number) => (idf * 2 * 2.2) / (2 + 1.2 * (0.25 + (0.75 * length) / 6));
    const query = index.queryOf(0);
    expect(index.score(query, 0)).toBeCloseTo(3 * term(6), 10);
    expect(index.score(query, 1)).toBeCloseTo(3 * term(8), 10);
    expect(index.score(query, 2)).toBe(0);
    expect(index.score(query, 3)).toBe(0);
    expect(index.ceiling(query)).toBeCloseTo(3 * idf * 2.2, 10);
  });

  it("searches postings, best first", () => {
    const hits = index.search(index.queryOf(1), 5);
    expect(hits.map((h) => h.index)).toEqual([1, 0]);
    expect(hits[0]?.score ?? 0).toBeGreaterThan(hits[1]?.score ?? 0);
  });
});

describe("weighted scores over several queries", () => {
  it("equal the weighted sum of the single-query scores", () => {
    const queries = [
      { query: index.queryOf(0), weight: 0.5 },
      { query: index.queryOf(2), weight: 2 },
    ];
    const weights = index.wordWeightsOf(queries);
    for (let paper = 0; paper < TITLES.length; paper++) {
      const expected = 0.5 * index.score(index.queryOf(0), paper) + 2 * index.score(index.queryOf(2), paper);
      expect(index.weightedScore(weights, paper)).toBeCloseTo(expected, 12);
    }
  });
});
