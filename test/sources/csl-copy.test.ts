/**
 * A CSL item is parsed input: a record may carry an own "__proto__" field (JSON.parse makes one).
 * Its copy must keep it an ordinary field, never the copy's prototype, or its contents would be
 * read as the record's own DOI, URL or title.
 */
import { describe, expect, it } from "vitest";
import { pageFromCsl, type CslItem } from "../../ingest/sources/csl.ts";

describe("CSL items with a __proto__ field", () => {
  const hostile = JSON.parse('{"title": "A Real Title", "__proto__": {"DOI": "10.1234/planted", "URL": "https://arxiv.org/abs/2101.00001", "abstract": "planted"}}') as CslItem;

  it("takes no identifier, URL or abstract from it", () => {
    const made = pageFromCsl("bibtex", hostile);
    if (!("page" in made)) throw new Error(made.reason);
    expect(made.page.paper.title).toBe("A Real Title");
    expect(made.page.paper.ids).toEqual({});
    expect(made.page.paper.url).toBeUndefined();
    expect(made.page.paper.abstract).toBeUndefined();
  });

  it("still reads the record's own fields", () => {
    const own = JSON.parse('{"title": "T", "DOI": "10.1234/own", "__proto__": {"DOI": "10.1234/planted"}}') as CslItem;
    const made = pageFromCsl("bibtex", own);
    if (!("page" in made)) throw new Error(made.reason);
    expect(made.page.paper.ids.doi).toBe("10.1234/own");
  });
});
