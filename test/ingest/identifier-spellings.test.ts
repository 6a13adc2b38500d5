/**
 * The spellings of identifiers that saved pages print (issue 16), read into the canonical forms
 * of vocabulary/identifiers.ts; and the near-misses that must not be read as identifiers.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalDoi, identifiersFromText, identifiersFromUrl, openAlexWorkId } from "../../vocabulary/identifiers.ts";

describe("arXiv IDs as pages spell them", () => {
  it.each([
    ["(2311.95012v2)", "2311.95012"],
    ["Paper ID: 1907.95243", "1907.95243"],
    ["arXiv ID: 2405.93310v1", "2405.93310"],
    ["arXiv 2504.90359v1", "2504.90359"],
    ["ArXiv: 2107.93374", "2107.93374"],
    ["arxiv: 2311.92022 · v1 · submitted 2023-11-20", "2311.92022"],
    ["https://doi.org/10.48550/arXiv.2403.91827", "2403.91827"],
    ["see hep-th/9901001v2 for the argument", "hep-th/9901001"],
    ["math.GT/0309136", "math.GT/0309136"],
    ["https://ar5iv.labs.arxiv.org/html/2305.95324", "2305.95324"],
    ["https://ar5iv.org/abs/2305.95324", "2305.95324"],
    ["https://www.arxiv-vanity.com/papers/2307.93109/", "2307.93109"],
    ["https://huggingface.co/papers/2009.91462", "2009.91462"],
    ["https://www.alphaxiv.org/abs/2310.96770v2", "2310.96770"],
  ])("%s is arXiv %s", (text, id) => {
    expect(identifiersFromText(text).arxiv).toBe(id);
  });

  it("does not take numbers, versions of dates or unknown archives for arXiv IDs", () => {
    for (const text of ["accuracy 2021.12345 points", "(2213.00001v1)", "build 1.2.3v4", "foo/1234567", "the 2311.95012 figure", "ID: 2311.95012"]) {
      expect(identifiersFromText(text).arxiv, text).toBeUndefined();
    }
  });
});

describe("DOIs, Anthology IDs, OpenReview and OpenAlex", () => {
  it("cuts a DOI glued to the next word of the page, and keeps DOIs that end in letters", () => {
    expect(identifiersFromText("https://doi.org/10.5555/j.ijts.2021.104417Get rights and content").doi).toBe("10.5555/j.ijts.2021.104417");
    expect(canonicalDoi("10.1109/CVPR.2016.90")).toBe("10.1109/cvpr.2016.90");
    expect(canonicalDoi("10.5555/abc-Xyz")).toBe("10.5555/abc-xyz");
  });

  it("drops an Anthology DOI cut short by the capture, keeps a whole one with its Anthology ID", () => {
    expect(identifiersFromText("DOI: 10.18653/v1/2022.findings-acl.")).toEqual({});
    expect(identifiersFromText("DOI: 10.18653/v1/2022.findings-acl.9402")).toEqual({ doi: "10.18653/v1/2022.findings-acl.9402", acl: "2022.findings-acl.9402" });
    expect(identifiersFromText("doi:10.18653/v1/W09-9931")).toEqual({ doi: "10.18653/v1/w09-9931", acl: "W09-9931" });
  });

  it("reads bare new-style Anthology IDs and labelled old-style ones, not volume IDs", () => {
    expect(identifiersFromText("2023.emnlp-main.9187").acl).toBe("2023.emnlp-main.9187");
    expect(identifiersFromText("Anthology ID: W09-9931").acl).toBe("W09-9931");
    expect(identifiersFromText("volume 2020.acl-main of the proceedings").acl).toBeUndefined();
    expect(identifiersFromText("W09-9931").acl).toBeUndefined();
  });

  it("reads OpenReview forum links written without their scheme", () => {
    expect(identifiersFromText("forum: openreview.net/forum?id=Kt7wQ2mZ9x").openreview).toBe("Kt7wQ2mZ9x");
  });

  it("recognises OpenAlex work IDs in links and after a label, and nothing else", () => {
    expect(openAlexWorkId("https://openalex.org/W4389519254")).toBe("W4389519254");
    expect(openAlexWorkId("https://openalex.org/works/w123456789")).toBe("W123456789");
    expect(openAlexWorkId("OpenAlex: W99887766")).toBe("W99887766");
    expect(openAlexWorkId("route W4389519254 north")).toBeUndefined();
    expect(identifiersFromUrl("https://www.scilynk.com/paper/W4389519254")).toEqual({});
  });

  it("keeps every value canonical on any text (property)", () => {
    const spelling = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc
        .tuple(fc.integer({ min: 7, max: 29 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 99999 }), fc.integer({ min: 1, max: 9 }))
        .map(([y, m, n, v]) => `(${String(y).padStart(2, "0")}${String(m).padStart(2, "0")}.${String(n).padStart(5, "0")}v${v})`),
    );
    fc.assert(
      fc.property(fc.array(spelling, { maxLength: 6 }), (parts) => {
        const ids = identifiersFromText(parts.join(" "));
        if (ids.arxiv) expect(ids.arxiv).not.toMatch(/v\d+$/);
        if (ids.doi) expect(ids.doi).toBe(ids.doi.toLowerCase());
        if (ids.doi?.startsWith("10.18653/v1/")) expect(ids.acl).toBeDefined();
      }),
      { seed: 16, numRuns: 400 },
    );
  });
});
