/** Golden, focused and property tests for the scholarly landing-page adapter (citation_* / DC / JSON-LD). */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayName, looksLikeScholarlyHtml, parseCitationReference, parseScholarlyHtml } from "../../ingest/adapters/scholarly-html.ts";
import type { AdapterResult, PageAdapter, PaperPage } from "../../vocabulary/paper-page.ts";
import { expectInjectedCrash, isRefusal, throwingOnHalf } from "../helpers/page-answers.ts";

const FIXTURES = new URL("../fixtures/pages/", import.meta.url);
const SLUGS = [
  "arxiv-abs-revised-citation-abstract",
  "arxiv-abs-body-abstract",
  "arxiv-abs-head-only",
  "acl-anthology-doi-and-abstract",
  "acl-anthology-legacy-no-doi",
  "scholarly-citation-reference",
];

function source(slug: string): string {
  return readFileSync(new URL(`${slug}/source.html`, FIXTURES), "utf8");
}

function page(html: string): PaperPage {
  const result = parseScholarlyHtml(html, "inline.html");
  if (!result.ok) throw new Error(result.reason);
  return result.page;
}

function wellFormed(result: AdapterResult): boolean {
  if (!result.ok) return isRefusal(result, ["no-title"]);
  return result.page.format === "scholarly-html" && Boolean(result.page.paper.title) && result.page.builtBy.length === 0;
}

describe("scholarly-html golden fixtures", () => {
  for (const slug of SLUGS) {
    it(`${slug} matches expected.json`, () => {
      const dir = new URL(`${slug}/`, FIXTURES);
      const meta = JSON.parse(readFileSync(new URL("meta.json", dir), "utf8")) as { format: string };
      const expected = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8")) as PaperPage;
      expect(meta.format).toBe("scholarly-html");
      expect(looksLikeScholarlyHtml(source(slug))).toBe(true);
      expect(JSON.parse(JSON.stringify(page(source(slug))))).toEqual(expected);
    });
  }

  it("arXiv pages: id without version, first-submission date, authors as 'Given Family', subjects", () => {
    const p = page(source("arxiv-abs-body-abstract"));
    expect(p.paper.ids).toEqual({ arxiv: "2004.91062" });
    expect(p.paper.date).toBe("2020-04-21");
    expect(p.paper.authors).toEqual(["Nnamdi Okonkwo-Hale", "Liesel Rautio", "Dario Vasquez-Mora"]);
    expect(p.paper.categories).toEqual(["cs.LG", "eess.SP", "stat.ML"]);
    // No citation_abstract here: the abstract comes from the body, after its "Abstract:" label
    // (og:description stops a sentence short of it).
    expect(p.paper.abstract).toMatch(/^Tide gauges fail in ways .* on fault-free days\.$/);
    // The relative canonical link, resolved against og:url, not og:url's v2.
    expect(page(source("arxiv-abs-head-only")).paper.url).toBe("https://arxiv.org/abs/1902.92534");
  });

  it("ACL pages: the ACL DOI yields the Anthology ID, venue and year come from the tags", () => {
    const p = page(source("acl-anthology-doi-and-abstract"));
    expect(p.paper.ids).toEqual({ acl: "2021.cilr-main.918", doi: "10.18653/v1/2021.cilr-main.918" });
    expect(p.paper.date).toBe("2021-06");
    expect(p.paper.year).toBe(2021);
    expect(p.paper.venue).toMatch(/^Proceedings of the 2021 Conference of the Invented Language Resources Association/);
    expect(p.paper.abstract).toMatch(/^Berth planners that rank vessels .* not the ships\.$/);
    const old = page(source("acl-anthology-legacy-no-doi"));
    expect(old.paper.ids).toEqual({ acl: "N04-9217" });
    expect(old.paper.year).toBe(2004);
    // og:description there is "R. Marchetti, … HLT-CILR 2004. 2004.": a citation line, not an abstract.
    expect(old.paper.abstract).toBeUndefined();
  });

  it("the hand-made page: one PaperRef per citation_reference, JSON-LD citations merged in", () => {
    const p = page(source("scholarly-citation-reference"));
    expect(p.paper.ids).toEqual({ arxiv: "2211.09110", openreview: "iO4LZibEqW" });
    expect(p.paper.venue).toBe("Transactions on Machine Learning Research");
    expect(p.buildsOn).toHaveLength(10);
    expect(p.buildsOn.map((r) => r.ids)).toEqual([
      { arxiv: "2206.04615" },
      { arxiv: "2005.14165" },
      { acl: "2021.naacl-main.324", doi: "10.18653/v1/2021.naacl-main.324" },
      { doi: "10.1145/3287560.3287596" },
      { doi: "10.1145/3458723" },
      { arxiv: "1804.07461" },
      {},
      { acl: "2022.acl-long.229" },
      { arxiv: "2108.07258" },
      { acl: "2020.acl-main.442", doi: "10.18653/v1/2020.acl-main.442" },
    ]);
    expect(p.buildsOn[6]).toEqual({ ids: {}, title: "Measuring Massive Multitask Language Understanding", year: 2021 });
    expect(p.builtBy).toEqual([]);
  });
});

describe("scholarly-html tags", () => {
  it("parses one citation_reference, keeping semicolons inside values", () => {
    expect(parseCitationReference("citation_title=Attention; or, all you need; citation_author=Vaswani, A.; citation_publication_date=2017/12/04; citation_arxiv_id=1706.03762v7")).toEqual({
      ids: { arxiv: "1706.03762" },
      title: "Attention; or, all you need",
      year: 2017,
    });
    expect(parseCitationReference("citation_title=;")).toBeUndefined();
    expect(parseCitationReference("   ")).toBeUndefined();
    expect(parseCitationReference("Vaswani et al. Attention is all you need. arXiv:1706.03762, 2017")).toEqual({ ids: { arxiv: "1706.03762" } });
    expect(parseCitationReference("Some free-text reference, 2017.")).toBeUndefined();
  });

  it("reads Dublin Core in any case, with name= or property=, and resolves a relative canonical link", () => {
    const html = `<html><head>
      <meta property="DC.Title" content="A DC-only paper">
      <meta name="dc.creator" content="Doe, Jane"><meta name="DC.CREATOR" content="Roe, Richard">
      <meta name="dc.date" content="2019-05-02T10:00:00Z">
      <meta name="DC.identifier" content="https://doi.org/10.5555/ABC.123">
      <meta property="og:url" content="https://example.org/papers/abc?ref=x">
      <link rel="canonical" href="/papers/abc">
    </head><body><p>x</p></body></html>`;
    const p = page(html);
    expect(p.paper).toMatchObject({
      title: "A DC-only paper",
      authors: ["Jane Doe", "Richard Roe"],
      date: "2019-05-02",
      year: 2019,
      ids: { doi: "10.5555/abc.123" },
      url: "https://example.org/papers/abc",
    });
  });

  it("falls back to JSON-LD, then og:title, and rejects a page with no scholarly title", () => {
    const ld = `<script type="application/ld+json">{"@type":["ScholarlyArticle"],"headline":"From JSON-LD",
      "author":"Ann Author","datePublished":"2020","identifier":"arXiv:2001.00001"}</script>`;
    expect(page(ld).paper).toMatchObject({ title: "From JSON-LD", authors: ["Ann Author"], year: 2020, ids: { arxiv: "2001.00001" } });
    expect(page(`<meta property="og:title" content="OG only"><p>x</p>`).paper.title).toBe("OG only");
    const none = parseScholarlyHtml("<html><body><h1>Just a page</h1></body></html>", "page.html");
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.reason).toMatch(/^no citation_title/);
  });

  it("turns 'Family, Given' into 'Given Family' and leaves other names alone", () => {
    expect(displayName("Riedl, Mark O.")).toBe("Mark O. Riedl");
    expect(displayName("Teven Le Scao")).toBe("Teven Le Scao");
    expect(displayName("King, Jr.")).toBe("King, Jr.");
  });

  it("detects scholarly pages only when the tags are there", () => {
    const htmlPage = readFileSync(new URL("html-page-2306.03100/source.html", FIXTURES), "utf8");
    expect(looksLikeScholarlyHtml(htmlPage)).toBe(false);
    expect(looksLikeScholarlyHtml('<meta name="citation_title" content="x">')).toBe(false); // not HTML enough
    expect(looksLikeScholarlyHtml('<html><head><meta content="x" name=citation_title></head></html>')).toBe(true);
  });
});

describe("scholarly-html properties", () => {
  const piece = fc.oneof(
    fc.constantFrom(
      '<meta name="citation_title" content="',
      '<meta name="citation_reference" content="',
      '<meta property="DC.identifier" content="',
      '<meta name="citation_author" content="',
      "citation_title=",
      "citation_doi=10.1000/x",
      "; ",
      '">',
      "<html>",
      "<head>",
      '<script type="application/ld+json">',
      "</script>",
      '{"@type":"ScholarlyArticle","name":',
      '"citation":[',
      "]",
      "}",
      "<h2>Abstract</h2>",
      "<span>Abstract:</span>",
      "<td>Subjects:</td><td>",
      "(cs.CL)",
      '<link rel="canonical" href="',
      "&amp;",
      "<",
      ">",
      '"',
      "arXiv:2106.09608v2",
    ),
    fc.string({ maxLength: 20 }),
  );

  const anyString = fc.oneof(fc.string({ maxLength: 2000 }), fc.string({ unit: "binary", maxLength: 2000 }));
  const htmlish = fc.array(piece, { maxLength: 200 }).map((parts) => parts.join(""));
  const RUN = { seed: 42, numRuns: 200 };
  /** `adapter` answers every string of `arb` with a well-formed page or refusal; a throw fails it. */
  const answers = (adapter: PageAdapter, arb: fc.Arbitrary<string>) =>
    fc.property(arb, (html) => {
      looksLikeScholarlyHtml(html);
      return wellFormed(adapter(html, "fuzz"));
    });

  it("never throws on arbitrary strings", () => {
    fc.assert(answers(parseScholarlyHtml, anyString), RUN);
  });

  it("never throws on random HTML-ish strings", () => {
    fc.assert(answers(parseScholarlyHtml, htmlish), RUN);
  });

  it("both properties fail for an adapter that throws on half its inputs", () => {
    for (const arb of [anyString, htmlish]) expectInjectedCrash(fc.check(answers(throwingOnHalf(parseScholarlyHtml), arb), RUN));
  });
});
