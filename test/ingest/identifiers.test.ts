/** Identifiers in every form users and pages write them, and their canonical values. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalDoi, identifiersFromText, identifiersFromUrl, parseIdentifier } from "../../vocabulary/identifiers.ts";

describe("arXiv identifiers", () => {
  it.each([
    ["2306.03100", "2306.03100"],
    ["arXiv:2306.03100", "2306.03100"],
    ["arXiv:2306.03100v2", "2306.03100"],
    ["https://arxiv.org/abs/2306.03100v1", "2306.03100"],
    ["https://arxiv.org/pdf/2306.03100v3.pdf", "2306.03100"],
    ["http://export.arxiv.org/abs/2306.03100", "2306.03100"],
    ["https://arxiv.org/html/2306.03100v2", "2306.03100"],
    ["https://mlsanity.com/paper/2306.03100/", "2306.03100"],
    ["/paper/2306.03100/", "2306.03100"],
    ["hep-th/9901001", "hep-th/9901001"],
    ["https://arxiv.org/abs/math.GT/0309136v1", "math.GT/0309136"],
    ["https://doi.org/10.48550/arXiv.2306.03100", "2306.03100"],
    ["1501.00001", "1501.00001"],
  ])("%s is arXiv %s", (input, expected) => {
    expect(parseIdentifier(input)).toEqual({ scheme: "arxiv", value: expected });
  });

  it("finds arXiv IDs in prose only when marked as such", () => {
    expect(identifiersFromText("see arXiv:2407.16711v2 for details").arxiv).toBe("2407.16711");
    expect(identifiersFromText("accuracy rose from 2021.5 to 2023.12345 points").arxiv).toBeUndefined();
  });
});

describe("DOIs, ACL Anthology, OpenReview and Semantic Scholar", () => {
  it("canonicalises DOIs case-insensitively and strips sentence punctuation", () => {
    expect(canonicalDoi("https://doi.org/10.1145/3442188.3445922.")).toBe("10.1145/3442188.3445922");
    expect(parseIdentifier("doi:10.1145/ABC.DEF")).toEqual({ scheme: "doi", value: "10.1145/abc.def" });
    expect(canonicalDoi("10.1000")).toBeUndefined();
  });

  it("reads ACL Anthology IDs from IDs, URLs and ACL DOIs", () => {
    expect(parseIdentifier("P02-1040")).toEqual({ scheme: "acl", value: "P02-1040" });
    expect(parseIdentifier("j93-2003")).toEqual({ scheme: "acl", value: "J93-2003" });
    expect(identifiersFromUrl("https://aclanthology.org/P02-1040/").acl).toBe("P02-1040");
    expect(identifiersFromUrl("https://aclanthology.org/2021.naacl-main.208.pdf").acl).toBe("2021.naacl-main.208");
    expect(identifiersFromUrl("https://www.aclweb.org/anthology/P/P02/P02-1040.pdf").acl).toBe("P02-1040");
    // The Anthology's files and a branch preview of it name the paper the same way.
    expect(identifiersFromUrl("https://aclanthology.org/anthology-files/pdf/P/P02/P02-1040.bib").acl).toBe("P02-1040");
    expect(identifiersFromUrl("https://preview.aclanthology.org/some-branch-name/P02-1040/").acl).toBe("P02-1040");
    expect(identifiersFromUrl("https://aclanthology.org/volumes/2020.acl-main/").acl).toBeUndefined();
    expect(identifiersFromUrl("https://doi.org/10.18653/v1/2021.naacl-main.208")).toEqual({
      doi: "10.18653/v1/2021.naacl-main.208",
      acl: "2021.naacl-main.208",
    });
    // DOIs are printed in lower case as often as not; an old-style Anthology ID is one value whatever the DOI's case.
    expect(identifiersFromText("DO - 10.18653/v1/w18-5446")).toMatchObject({ doi: "10.18653/v1/w18-5446", acl: "W18-5446" });
  });

  it("reads OpenReview and Semantic Scholar links", () => {
    expect(identifiersFromUrl("https://openreview.net/forum?id=rJ4km2R5t7").openreview).toBe("rJ4km2R5t7");
    expect(identifiersFromUrl("https://openreview.net/pdf?id=rJ4km2R5t7&noteId=x").openreview).toBe("rJ4km2R5t7");
    const s2 = "https://www.semanticscholar.org/paper/Attention-is-All-you-Need-Vaswani/204e3073870fae3d05bcbc2f6a8e263d9b72e776";
    expect(identifiersFromUrl(s2).s2).toBe("204e3073870fae3d05bcbc2f6a8e263d9b72e776");
  });

  it("never throws and always returns canonical forms (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const ids = identifiersFromText(s);
        for (const v of Object.values(ids)) expect(typeof v).toBe("string");
        if (ids.doi) expect(ids.doi).toBe(ids.doi.toLowerCase());
        if (ids.arxiv) expect(ids.arxiv).not.toMatch(/v\d+$/);
        parseIdentifier(s);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it("round-trips any new-style arXiv ID through every URL form (property)", () => {
    const id = fc
      .tuple(fc.integer({ min: 7, max: 29 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 99999 }))
      .map(([y, m, n]) => `${String(y).padStart(2, "0")}${String(m).padStart(2, "0")}.${String(n).padStart(5, "0")}`);
    fc.assert(
      fc.property(id, fc.integer({ min: 1, max: 9 }), (arxiv, v) => {
        for (const form of [arxiv, `arXiv:${arxiv}v${v}`, `https://arxiv.org/abs/${arxiv}v${v}`, `https://arxiv.org/pdf/${arxiv}`]) {
          expect(parseIdentifier(form)).toEqual({ scheme: "arxiv", value: arxiv });
        }
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
