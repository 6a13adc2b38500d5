/**
 * The site layouts in the adapter table (issue 16): each detector knows its own golden pages and
 * no other site's, each adapter refuses a capture holding only chrome with a reason naming what
 * it read, listings are refused as listings, and the mlsanity Markdown page keeps its adapter.
 */
import { describe, expect, it } from "vitest";
import { ADAPTERS, detectFormat, parsePage } from "../../ingest/parse-page.ts";
import type { Capture } from "../../ingest/adapters/capture/capture-lines.ts";
import { captureOf } from "../../ingest/adapters/capture/captures.ts";
import { looksLikeArxivAbs } from "../../ingest/adapters/sites/arxiv-abs.ts";
import { looksLikeAclAnthology } from "../../ingest/adapters/sites/acl-anthology.ts";
import { looksLikeOpenReview } from "../../ingest/adapters/sites/openreview.ts";
import { looksLikeSemanticScholar } from "../../ingest/adapters/sites/semantic-scholar.ts";
import { looksLikePaperHub } from "../../ingest/adapters/sites/paper-hub.ts";
import { looksLikePosterPage } from "../../ingest/adapters/sites/poster-page.ts";
import { cleanCapturedTitle } from "../../vocabulary/titles.ts";
import type { PageAdapterFormat } from "../../vocabulary/paper-page.ts";
import { goldenPage, goldenSlugs } from "../helpers/golden.ts";

const DETECTORS: Partial<Record<PageAdapterFormat, (capture: Capture) => boolean>> = {
  "arxiv-abs": looksLikeArxivAbs,
  "acl-anthology": looksLikeAclAnthology,
  openreview: looksLikeOpenReview,
  "semantic-scholar": looksLikeSemanticScholar,
  "paper-hub": looksLikePaperHub,
  "poster-page": looksLikePosterPage,
};

const goldens = goldenSlugs().map((slug) => goldenPage(slug));
const encode = (text: string) => new TextEncoder().encode(text);

describe("site layouts", () => {
  for (const [format, looks] of Object.entries(DETECTORS) as [PageAdapterFormat, (c: Capture) => boolean][]) {
    it(`${format}: its detector knows its pages and no other site's`, () => {
      const own = goldens.filter((g) => g.format === format);
      expect(own.length).toBeGreaterThanOrEqual(2);
      for (const g of own) expect(looks(captureOf(g.text)), g.slug).toBe(true);
      for (const g of goldens.filter((x) => x.format !== format && x.format in DETECTORS)) expect(looks(captureOf(g.text)), g.slug).toBe(false);
    });
  }

  it("every capture adapter refuses a capture of chrome alone, saying what it read", () => {
    const chrome = "Skip to main content\nSign in\nDonate\nHelp | Advanced Search\n© 2025 Invented Labs\n";
    for (const format of ["page-capture", "arxiv-abs", "arxiv-html", "acl-anthology", "openreview", "semantic-scholar", "paper-hub", "poster-page", "markdown-note", "endnote-record"] as const) {
      const result = ADAPTERS[format](chrome, "chrome.txt");
      expect(result.ok, format).toBe(false);
      if (!result.ok) expect(result.reason, format).toMatch(/: no title line and no identifier among its lines/);
    }
  });

  it("refuses a listing of papers as a listing, naming how many and the first", () => {
    const entry = (title: string, id: string) => `${title}\n\nMay 2, 2024 · arXiv ${id}v1\n\nA one-line summary of an invented paper.\n`;
    const listing = [
      "invented topic",
      "",
      "3 papers",
      "",
      entry("First Invented Paper on Things", "2405.90001"),
      entry("Second Invented Paper on Things", "2405.90002"),
      entry("Third Invented Paper on Things", "2405.90003"),
    ].join("\n");
    expect(parsePage(encode(listing), "tag.txt")).toEqual({ ok: false, refusal: "not-a-page", reason: 'a listing of 3 papers ("First Invented Paper on Things", …), not one paper\'s page' });
    // One paper with "Similar papers" under it is a paper's page.
    const page = [
      "First Invented Paper on Things",
      "Ada Quill, Bram Okoye",
      "May 2, 2024 · arXiv 2405.90001v1",
      "Abstract",
      "An invented abstract that is long enough to be an abstract of a paper, in words.",
      "Similar Papers",
      entry("Second Invented Paper on Things", "2405.90002"),
      entry("Third Invented Paper on Things", "2405.90003"),
      entry("Fourth Invented Paper on Things", "2405.90004"),
    ].join("\n");
    const read = parsePage(encode(page), "page.txt");
    expect(read.ok && read.page.paper).toMatchObject({ title: "First Invented Paper on Things", ids: { arxiv: "2405.90001" } });
  });

  it("takes no identifier that lines of the page disagree on, so a page about two papers is not one of them", () => {
    const page = ["An Invented Survey of Benchmarks", "Ada Quill, Bram Okoye", "arXiv 2405.90001v1 · cs.CL", "Companion: arXiv 2405.90002v1", "DOI: 10.5555/survey.1", ""].join("\n");
    const read = parsePage(encode(page), "page.txt");
    expect(read.ok && read.page.paper.ids).toEqual({ doi: "10.5555/survey.1" });
    const one = ["An Invented Survey of Benchmarks", "Ada Quill, Bram Okoye", "arXiv 2405.90001v1 · cs.CL", "https://arxiv.org/abs/2405.90001"].join("\n");
    const alone = parsePage(encode(one), "page.txt");
    expect(alone.ok && alone.page.paper.ids).toEqual({ arxiv: "2405.90001" });
  });

  it("keeps the mlsanity Markdown page and sends any other Markdown note to the note adapter", () => {
    expect(detectFormat("# A Title\n\narXiv: https://arxiv.org/abs/2306.90100 · HTML: https://mlsanity.com/paper/2306.90100/\n")).toBe("markdown-page");
    expect(detectFormat("# A Title\n\n**Authors:** Ada Quill, Bram Okoye\n\n## Links\n\n- arXiv: https://arxiv.org/abs/2306.90100\n")).toBe("markdown-note");
  });

  it("reads a text capture with markup leaked into one line as text, not as HTML", () => {
    const text = 'Hedgerow: An Invented Benchmark\nAda Quill,Bram Okoye\n2024-05-07\nAbstract:An invented abstract with a link at <a href="https://example.org/x">this https URL</a>.';
    const read = parsePage(encode(text), "page.txt");
    expect(read.ok && read.page.format).toBe("page-capture");
    expect(read.ok && read.page.paper).toMatchObject({
      title: "Hedgerow: An Invented Benchmark",
      authors: ["Ada Quill", "Bram Okoye"],
      year: 2024,
      abstract: "An invented abstract with a link at this https URL.",
    });
  });

  it("refuses record files that reach the page parser, saying what they look like", () => {
    const refused = (text: string) => {
      const r = parsePage(encode(text), "file");
      return r.ok ? `read as ${r.page.format}: ${r.page.paper.title ?? ""}` : `${r.refusal}: ${r.reason}`;
    };
    expect(refused("% exported\n@ARTICLE{quill2024,\n title = {An Invented Title},\n booktitle = ACL,\n}\n@misc{b, title={B}}")).toBe("not-a-page: looks like a BibTeX file (2 entries), not a page");
    expect(refused("TY  - JOUR\nTI  - An Invented Title\nER  - \n")).toBe("not-a-page: looks like an RIS file, not a page");
    expect(refused('{"@context": "https://schema.org", "@type": "ScholarlyArticle", "name": "An Invented Title"}')).toBe("not-a-page: looks like a JSON document, not a page");
  });

  it("cleans what sites add around a captured title", () => {
    expect(cleanCapturedTitle("Cartographer: Mapping APIs \\| OpenReview")).toBe("Cartographer: Mapping APIs");
    expect(cleanCapturedTitle("Weathervane: Topic Drift [article]")).toBe("Weathervane: Topic Drift");
    expect(cleanCapturedTitle("Paper page - Underline: Quoting Sources")).toBe("Underline: Quoting Sources");
    expect(cleanCapturedTitle("[2307.93109] A Survey of Invented Things")).toBe("A Survey of Invented Things");
    expect(cleanCapturedTitle("SPARROW:SMALL PROBES")).toBe("SPARROW: SMALL PROBES");
    expect(cleanCapturedTitle("Re-evaluating Summarization - A Study")).toBe("Re-evaluating Summarization - A Study");
    expect(cleanCapturedTitle("Notes on the Theory of Invented Games")).toBe("Notes on the Theory of Invented Games");
  });
});
