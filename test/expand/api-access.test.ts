/**
 * The pure rules of who asks each API and what its refusals mean (crawl/api-access.ts), and how a
 * paper is looked for on OpenAlex (crawl/openalex-lookup.ts): which answers end a run and with
 * which sentence (Semantic Scholar: https://www.semanticscholar.org/product/api; OpenAlex:
 * https://developers.openalex.org/api-reference/errors, the X-RateLimit-* headers of
 * https://docs.openalex.org/how-to-use-the-api/rate-limits-and-authentication, and the spent-budget
 * test of https://github.com/ourresearch/openalex-official); the DOIs an ACL Anthology ID can
 * have; a title made a `title.search` value (property: never a character the filter syntax reads,
 * whatever the title); and the match check of a found work. Seeded (fast-check).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apiKeyOf, keylessNote, openAlexBudgetSpent, refusalRule } from "../../crawl/api-access.ts";
import { aclDois, identifierOfApiId, lookupPlan, sameWork, titleQuery } from "../../crawl/openalex-lookup.ts";
import type { RefusedAnswer } from "../../crawl/fetcher.ts";
import type { OpenAlexWork } from "../../ingest/sources/openalex.ts";

const answer = (status: number, over: Partial<RefusedAnswer> = {}): RefusedAnswer => Object.assign({ status, headers: {}, attempts: 1, waitedMs: 0, final: false }, over);

describe("the keys", () => {
  it("takes --api-key over the source's variable, and a blank one as none", () => {
    expect(apiKeyOf("openalex", { LINEAGE_OPENALEX_API_KEY: "from-env" })).toBe("from-env");
    expect(apiKeyOf("openalex", { LINEAGE_OPENALEX_API_KEY: "from-env" }, "given")).toBe("given");
    expect(apiKeyOf("s2", { LINEAGE_OPENALEX_API_KEY: "not-s2s" })).toBeUndefined();
    expect(apiKeyOf("s2", { LINEAGE_S2_API_KEY: "  " })).toBeUndefined();
  });

  it("says what going without a key means, and nothing with one", () => {
    expect(keylessNote("openalex", {})).toMatch(/^OpenAlex: no API key .* required one since February 2026: .* about a hundred list requests .* https:\/\/openalex\.org\/settings\/api$/);
    expect(keylessNote("s2", {})).toMatch(/^Semantic Scholar: no API key .* share a pool .* \(429\); .* https:\/\/www\.semanticscholar\.org\/product\/api#api-key-form$/);
    expect(keylessNote("openalex", { LINEAGE_OPENALEX_API_KEY: "k" })).toBeUndefined();
    expect(keylessNote("s2", {}, "k")).toBeUndefined();
  });
});

describe("Semantic Scholar's refusals", () => {
  const keyless = refusalRule("s2", false);
  const keyed = refusalRule("s2", true);

  it("retries a 429 while tries are left, and ends the run once they are spent", () => {
    expect(keyless(answer(429))).toBeUndefined();
    expect(keyless(answer(429, { final: true, attempts: 10, waitedMs: 250_000 }))).toBe(
      "Semantic Scholar's shared pool for requests without a key still answered 429 Too Many Requests after 10 tries over 4 min: wait a while, or set LINEAGE_S2_API_KEY to a key of your own (https://www.semanticscholar.org/product/api#api-key-form)",
    );
    expect(keyed(answer(429, { final: true, attempts: 10, waitedMs: 30_000 }))).toMatch(/^Semantic Scholar still answered 429 Too Many Requests for your key after 10 tries over 30 s: /);
  });

  it("ends the run at a 403, and leaves 404, 400 and 5xx to the paper or the list", () => {
    expect(keyed(answer(403))).toMatch(/^Semantic Scholar refused the API key \(HTTP 403\): check LINEAGE_S2_API_KEY/);
    expect(keyless(answer(403))).toMatch(/^Semantic Scholar refused the request without a key \(HTTP 403\)/);
    for (const status of [400, 404, 500, 503]) expect(keyless(answer(status, { final: true }))).toBeUndefined();
  });
});

describe("OpenAlex's refusals", () => {
  const keyless = refusalRule("openalex", false);
  const keyed = refusalRule("openalex", true);
  const spent = { "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-credits-required": "1", "x-ratelimit-reset": "3600" };

  it("reads a spent budget from the rate-limit headers, as the official client does", () => {
    expect(openAlexBudgetSpent(spent)).toBe(true);
    expect(openAlexBudgetSpent({ "x-ratelimit-remaining": "5", "x-ratelimit-credits-required": "10" })).toBe(true);
    expect(openAlexBudgetSpent({ "x-ratelimit-remaining": "50", "x-ratelimit-credits-required": "10" })).toBe(false);
    expect(openAlexBudgetSpent({ "x-ratelimit-remaining-usd": "0" })).toBe(true);
    expect(openAlexBudgetSpent({ "x-ratelimit-remaining": "lots" })).toBe(false);
    expect(openAlexBudgetSpent({})).toBe(false);
  });

  it("ends the run at the first 429 of a spent day, with or without a key, saying what to do", () => {
    expect(keyless(answer(429, { headers: spent }))).toBe(
      "OpenAlex's daily allowance for requests without an API key is spent (HTTP 429): set LINEAGE_OPENALEX_API_KEY (or --api-key) to a free key from https://openalex.org/settings/api",
    );
    expect(keyed(answer(429, { headers: spent }))).toBe(
      "OpenAlex's daily budget for your API key is spent (HTTP 429): it renews at midnight UTC, in about 60 min; for more, see https://openalex.org/pricing",
    );
    // Too fast, not spent: retried; still refused once the tries are spent.
    expect(keyless(answer(429))).toBeUndefined();
    expect(keyed(answer(429, { final: true, attempts: 10, waitedMs: 200_000 }))).toMatch(
      /^OpenAlex still answered 429 Too Many Requests after 10 tries over 3 min: your key's daily budget is probably spent/,
    );
  });

  it("gives a wrong key (401) and a 403 each their own sentence", () => {
    expect(keyed(answer(401))).toBe("OpenAlex refused the API key (HTTP 401 Unauthorized): check LINEAGE_OPENALEX_API_KEY (or --api-key) against your key at https://openalex.org/settings/api");
    expect(keyless(answer(401))).toMatch(/^OpenAlex asks for an API key \(HTTP 401 Unauthorized\): set LINEAGE_OPENALEX_API_KEY/);
    expect(keyed(answer(403))).toMatch(/^OpenAlex answered 403 Forbidden, its answer to requests beyond a key's limits: wait a while, lower --rate/);
    expect(keyless(answer(404, { final: true }))).toBeUndefined();
  });
});

describe("looking for a paper on OpenAlex", () => {
  it("asks an ACL Anthology ID by the DOIs its year can have, and none before 2014", () => {
    expect(aclDois("P02-1040")).toEqual({ dois: [], none: "the ACL Anthology gives papers from before 2014 (P02-1040) no DOI of its own" });
    expect(aclDois("D14-1162").dois).toEqual(["10.3115/v1/D14-1162"]);
    expect(aclDois("D15-1166").dois).toEqual(["10.18653/v1/D15-1166", "10.3115/v1/D15-1166"]);
    expect(aclDois("N19-1423").dois).toEqual(["10.18653/v1/N19-1423"]);
    expect(aclDois("2020.acl-main.442").dois).toEqual(["10.18653/v1/2020.acl-main.442"]);
    expect(aclDois("J79-1048").dois).toEqual([]);
  });

  it("reads the OpenAlex IDs crawl/api-refs.ts gives, and the identifier each stands for", () => {
    expect(lookupPlan("w2741809807")).toEqual({ work: "W2741809807", dois: [] });
    expect(lookupPlan("https://doi.org/10.48550/arXiv.2306.03100")).toEqual({ dois: ["10.48550/arXiv.2306.03100"] });
    expect(lookupPlan("ACL:P16-1016")).toEqual({ dois: ["10.18653/v1/P16-1016"] });
    expect(identifierOfApiId("https://doi.org/10.48550/arXiv.2306.03100")).toEqual({ scheme: "arxiv", value: "2306.03100" });
    expect(identifierOfApiId("ACL:P02-1040")).toEqual({ scheme: "acl", value: "P02-1040" });
    expect(identifierOfApiId("https://doi.org/10.5555/x.1")).toEqual({ scheme: "doi", value: "10.5555/x.1" });
    expect(identifierOfApiId("W1")).toBeUndefined();
  });

  it("makes any title a title.search value the filter syntax cannot misread", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: "grapheme", maxLength: 200 }), fc.constantFrom("BLEU: a Method, for|Automatic: Evaluation", "!not,this", "")), (title) => {
        const q = titleQuery(title);
        expect(q).not.toMatch(/[,|:!&?#%]/);
        expect(q.length).toBeLessThanOrEqual(300);
        expect(q).toBe(q.trim());
      }),
      { seed: 20261230, numRuns: 300 },
    );
    expect(titleQuery("BLEU: a Method for Automatic Evaluation of Machine Translation")).toBe("bleu a method for automatic evaluation of machine translation");
  });

  it("takes a found work only with the same normalised title and a year within one", () => {
    const work = (title: string, year?: number): OpenAlexWork =>
      Object.assign({ id: "https://openalex.org/W1", title, authorships: [], locations: [], referenced_works: [], concepts: [] }, year !== undefined ? { publication_year: year } : {});
    const hint = { title: "BLEU: a Method for Automatic Evaluation of Machine Translation", year: 2002 };
    expect(sameWork(work("Bleu: A Method for Automatic Evaluation of Machine Translation", 2002), hint)).toBe(true);
    expect(sameWork(work("BLEU: a method for automatic evaluation of machine translation", 2003), hint)).toBe(true);
    expect(sameWork(work("BLEU: a method for automatic evaluation of machine translation", 2004), hint)).toBe(false);
    expect(sameWork(work("BLEU revisited: a method for automatic evaluation of machine translation", 2002), hint)).toBe(false);
    expect(sameWork(work("BLEU: a Method for Automatic Evaluation of Machine Translation"), hint)).toBe(true);
  });
});
