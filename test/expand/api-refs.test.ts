/**
 * What users type for expand, add and watch, as the IDs each API is asked for (crawl/api-refs.ts),
 * and the bound on stored citing sentences: properties over generated DOIs, arXiv IDs and
 * OpenAlex IDs in every form users write them, over arbitrary text (never a throw, never an ID
 * that would break a URL path), and over arbitrary sentences. Seeded (fast-check).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apiRefOfPaper, idPath, parseApiRef } from "../../crawl/api-refs.ts";
import { boundContexts, CITATION_CONTEXTS } from "../../ingest/sources/s2.ts";

const RUN = { seed: 20261219, numRuns: 200 };

const doi = fc
  .tuple(fc.integer({ min: 1000, max: 999_999_999 }), fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}[a-z0-9]$/))
  .map(([prefix, suffix]) => `10.${prefix}/${suffix}`)
  // An arXiv or ACL Anthology DOI means that identifier instead: a case of its own below.
  .filter((d) => !/^10\.(48550|18653)\//.test(d));
const arxiv = fc
  .tuple(fc.integer({ min: 7, max: 30 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 99_999 }))
  .map(([y, m, n]) => `${String(y).padStart(2, "0")}${String(m).padStart(2, "0")}.${String(n).padStart(5, "0")}`);
const work = fc.integer({ min: 1, max: 99_999_999_999 }).map((n) => `W${n}`);

describe("a REF as the IDs each API is asked for", () => {
  it("reads a DOI in any form users write it", () => {
    fc.assert(
      fc.property(doi, fc.constantFrom("", "doi:", "DOI: ", "https://doi.org/", "http://dx.doi.org/"), fc.boolean(), (d, form, upper) => {
        const typed = `${form}${upper ? d.toUpperCase() : d}`;
        expect(parseApiRef(typed)).toEqual({ text: typed, s2: `DOI:${d}`, openalex: `https://doi.org/${d}` });
      }),
      RUN,
    );
  });

  it("reads an arXiv ID bare, prefixed, or as an abs or pdf URL, with or without its version", () => {
    fc.assert(
      fc.property(arxiv, fc.constantFrom("", "arXiv:", "arxiv:", "https://arxiv.org/abs/", "https://arxiv.org/pdf/"), fc.option(fc.integer({ min: 1, max: 9 })), (id, form, v) => {
        const typed = `${form}${id}${v === null ? "" : `v${v}`}`;
        expect(parseApiRef(typed)).toEqual({ text: typed, s2: `ARXIV:${id}`, openalex: `https://doi.org/10.48550/arXiv.${id}` });
      }),
      RUN,
    );
  });

  it("takes an OpenAlex W… as OpenAlex's alone, however it is written", () => {
    fc.assert(
      fc.property(work, fc.constantFrom("", "https://openalex.org/", "https://api.openalex.org/works/"), fc.boolean(), (w, form, lower) => {
        const typed = `${form}${lower ? w.toLowerCase() : w}`;
        expect(parseApiRef(typed)).toEqual({ text: typed, only: "openalex", openalex: w });
      }),
      RUN,
    );
  });

  it("takes an S2 paperId, its URL, or a CorpusId as Semantic Scholar's alone", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{40}$/), fc.integer({ min: 1, max: 999_999_999 }), (hex, corpus) => {
        expect(parseApiRef(hex)).toEqual({ text: hex, only: "s2", s2: hex });
        expect(parseApiRef(`https://www.semanticscholar.org/paper/Some-Title/${hex}`)?.s2).toBe(hex);
        expect(parseApiRef(`CorpusId:${corpus}`)).toEqual({ text: `CorpusId:${corpus}`, only: "s2", s2: `CorpusId:${corpus}` });
      }),
      RUN,
    );
    // An Anthology ID is no DOI OpenAlex knows (P02-1040 has none of the Anthology's): looked up as ACL:… (crawl/openalex-lookup.ts).
    expect(parseApiRef("P02-1040")).toEqual({ text: "P02-1040", s2: "ACL:P02-1040", openalex: "ACL:P02-1040" });
  });

  it("never throws on arbitrary text, and gives only IDs that stay one URL path", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.string({ unit: "grapheme", maxLength: 40 }),
          doi.map((d) => `${d}?x=1#frag &`),
        ),
        (text) => {
          const ref = parseApiRef(text);
          for (const id of [ref?.s2, ref?.openalex]) {
            if (id === undefined) continue;
            expect(idPath(id)).not.toMatch(/[?#\s]/);
            expect(new URL(`http://x/works/${idPath(id)}`).pathname).toBe(`/works/${idPath(id)}`);
          }
        },
      ),
      RUN,
    );
  });

  it("asks for a paper of the map by its best identifier for each source", () => {
    const paper = { id: "arxiv:2409.90002", s2Id: "ab".repeat(20), arxivId: "2409.90002", doi: "10.5555/lineage.world.2", aclId: null };
    expect(apiRefOfPaper(paper)).toEqual({ text: paper.id, s2: "ab".repeat(20), openalex: "https://doi.org/10.5555/lineage.world.2" });
    expect(apiRefOfPaper(paper, ["https://example.org/x", "https://openalex.org/W9910000002"]).openalex).toBe("W9910000002");
    expect(apiRefOfPaper({ id: "acl:P02-1040", s2Id: null, arxivId: null, doi: null, aclId: "P02-1040" })).toEqual({
      text: "acl:P02-1040",
      s2: "ACL:P02-1040",
      openalex: "ACL:P02-1040",
    });
    expect(apiRefOfPaper({ id: "title:abc", s2Id: null, arxivId: null, doi: null, aclId: null })).toEqual({ text: "title:abc" });
  });
});

describe("citing sentences, bounded", () => {
  // eslint-disable-next-line no-control-regex
  const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

  it("keeps at most five distinct sentences of at most 400 characters, one line each, no control characters", () => {
    const sentence = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "grapheme", maxLength: 600 }), fc.string({ minLength: 380, maxLength: 900 }), fc.constant("\u0007\u001b[2J\u0000"));
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 12 }), (given) => {
        const kept = boundContexts(given);
        expect(kept.length).toBeLessThanOrEqual(CITATION_CONTEXTS.maxPerEdge);
        expect(new Set(kept).size).toBe(kept.length);
        for (const k of kept) {
          expect(k.length).toBeGreaterThan(0);
          expect(k.length).toBeLessThanOrEqual(CITATION_CONTEXTS.maxChars);
          expect(k).not.toMatch(CONTROL);
          expect(k).not.toMatch(/[\uD800-\uDBFF]…?$/);
        }
      }),
      RUN,
    );
  });

  it("keeps short clean sentences as they are, in order", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,60}[a-z.]$/), { maxLength: 8 }), (given) => {
        const clean = given.filter((g) => !/\s{2}/.test(g));
        expect(boundContexts(clean)).toEqual(clean.slice(0, CITATION_CONTEXTS.maxPerEdge));
      }),
      RUN,
    );
  });
});
