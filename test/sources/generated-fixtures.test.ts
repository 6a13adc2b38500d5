/**
 * The generated source fixtures (test/fixtures/sources, see its README) are what
 * scripts/gen-source-fixtures.ts writes: a hand edit, or a generator change not rerun, fails here.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generatedSourceFixtures, SOURCES_DIR } from "../../scripts/gen-source-fixtures.ts";

describe("generated source fixtures", () => {
  it("match, byte for byte, what the seeded generator writes", async () => {
    const files = await generatedSourceFixtures();
    expect([...files.keys()].sort()).toEqual([
      "openalex/cassette-title-search-four-apis.yaml",
      "openalex/cassette-work-by-doi.yaml",
      "openalex/conference-paper-work.json",
      "openalex/journal-article-work.json",
      "openalex/search-results-journal-and-preprint.json",
      "ris/benchmark-citations.ris",
      "s2/cassette-batch-of-three.yaml",
      "s2/cassette-citations-by-corpus-id.yaml",
      "s2/cassette-references-in-two-pages.yaml",
      "s2/paper-with-references-and-citations.json",
    ]);
    for (const [path, text] of files) expect(readFileSync(join(SOURCES_DIR, path), "utf8"), path).toBe(text);
  });
});
