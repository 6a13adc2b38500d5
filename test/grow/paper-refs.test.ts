/**
 * The explorer's check of what the "Add paper" box takes (api/paper-refs.ts) gives the answers of
 * the parser the CLI and the server use (crawl/api-refs.ts parseApiRef): both read
 * vocabulary/api-identifiers.ts, and this holds the two together, on typed examples and on
 * generated strings built from the pieces identifiers are made of (fast-check, fixed seed).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseApiRef } from "../../crawl/api-refs.ts";
import { paperRefKind, paperRefProblem } from "../../api/paper-refs.ts";

const TYPED = [
  "10.5555/lineage.invented.7",
  "doi:10.5555/lineage.invented.7",
  "https://doi.org/10.5555/lineage.invented.7",
  "2409.90012",
  "arXiv:2409.90012v2",
  "https://arxiv.org/abs/2409.90012",
  "2024.invented-main.17",
  "https://aclanthology.org/2024.invented-main.17/",
  "W9910000042",
  "https://openalex.org/W9910000042",
  "CorpusId:77000042",
  "0123456789abcdef0123456789abcdef01234567",
  "s2:0123456789abcdef0123456789abcdef01234567",
  "https://www.semanticscholar.org/paper/Invented-Title/0123456789abcdef0123456789abcdef01234567",
  "https://openreview.net/forum?id=InventedId1",
  "An Invented Title About Measuring Nothing",
  "",
  "   ",
  "W",
  "10.5555",
  "doi:",
  "--db=/tmp/elsewhere.db",
];

describe("the Add paper box's check", () => {
  it("accepts what parseApiRef accepts, and nothing else, on typed examples", () => {
    for (const text of TYPED) expect([text, paperRefKind(text) !== undefined]).toEqual([text, parseApiRef(text) !== undefined]);
  });

  it("agrees with parseApiRef on strings made of identifier pieces", () => {
    const piece = fc.constantFrom(
      "10.",
      "5555",
      "/",
      "doi:",
      "https://",
      "doi.org/",
      "arxiv.org/abs/",
      "arXiv:",
      "2409.",
      "9001",
      "v2",
      "W",
      "99",
      "CorpusId:",
      "s2:",
      "0123456789abcdef",
      "openalex.org/",
      "aclanthology.org/",
      "P19-",
      "1001",
      ".",
      "-",
      " ",
      "x",
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const text = pieces.join("");
        expect(paperRefKind(text) !== undefined).toBe(parseApiRef(text) !== undefined);
      }),
      { seed: 19, numRuns: 2000 },
    );
  });

  it("says in one line why a text cannot be added", () => {
    expect(paperRefProblem("10.5555/lineage.invented.7")).toBeNull();
    expect(paperRefProblem("")).toMatch(/^Type a DOI/);
    expect(paperRefProblem("An Invented Title")).toMatch(/“An Invented Title” is not an identifier: type a DOI, an arXiv ID/);
    expect(paperRefProblem("https://openreview.net/forum?id=InventedId1")).toMatch(/OpenReview pages cannot be fetched/);
    expect(paperRefProblem("x".repeat(2000))).toMatch(/too long/);
  });
});
