/** Golden, focused and property tests for the HTML paper-page adapter. */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limitNesting, looksLikeHtml } from "../../ingest/adapters/html-dom.ts";
import { parseHtmlPage } from "../../ingest/adapters/html-page.ts";
import { hasIdentifier } from "../../vocabulary/identifiers.ts";
import type { AdapterResult, PageAdapter, PaperPage } from "../../vocabulary/paper-page.ts";
import { expectInjectedCrash, isRefusal, throwingOnHalf } from "../helpers/page-answers.ts";

const DIR = new URL("../fixtures/pages/html-page-2306.03100/", import.meta.url);
const SOURCE = readFileSync(new URL("source.html", DIR), "utf8");

function page(html: string): PaperPage {
  const result = parseHtmlPage(html, "inline.html");
  if (!result.ok) throw new Error(result.reason);
  return result.page;
}

function arxivIds(refs: { ids: { arxiv?: string } }[]): string[] {
  return refs.map((r) => r.ids.arxiv ?? "");
}

/** Every result: a refusal for want of a title, or a titled page whose list entries are identifiable. */
function wellFormed(result: AdapterResult): boolean {
  if (!result.ok) return isRefusal(result, ["no-title"]);
  const refs = [...result.page.buildsOn, ...result.page.builtBy];
  return result.page.format === "html-page" && Boolean(result.page.paper.title) && refs.every((ref) => Boolean(ref.title?.trim()) || hasIdentifier(ref.ids));
}

describe("html-page golden fixture", () => {
  it("html-page-2306.03100 matches expected.json", () => {
    const meta = JSON.parse(readFileSync(new URL("meta.json", DIR), "utf8")) as { format: string };
    const expected = JSON.parse(readFileSync(new URL("expected.json", DIR), "utf8")) as PaperPage;
    expect(meta.format).toBe("html-page");
    expect(looksLikeHtml(SOURCE)).toBe(true);
    expect(JSON.parse(JSON.stringify(page(SOURCE)))).toEqual(expected);
  });

  it("reads the same paper as the Markdown capture of the page (seed 000)", () => {
    const markdown = JSON.parse(readFileSync(new URL("../fixtures/pages/seed-000-markdown/expected.json", import.meta.url), "utf8")) as PaperPage;
    const html = JSON.parse(JSON.stringify(page(SOURCE))) as PaperPage;
    expect({ ...html, format: "markdown-page" }).toEqual(markdown);
  });

  it("finds 24 builds-on and 30 built-on-by papers, with titles, years and absolute URLs", () => {
    const p = page(SOURCE);
    expect(p.paper.ids).toEqual({ arxiv: "2306.03100" });
    expect(p.buildsOn).toHaveLength(24);
    expect(p.builtBy).toHaveLength(30);
    expect(p.buildsOn[0]).toEqual({
      ids: { arxiv: "2203.02155" },
      title: "Training language models to follow instructions with human feedback",
      year: 2022,
      url: "https://mlsanity.com/paper/2203.02155/",
    });
    expect(p.buildsOn[10]?.title).toBe("All That's 'Human' Is Not Gold: Evaluating Human Evaluation of Generated Text");
    expect(p.builtBy[15]?.title).toBe("The Responsible Foundation Model Development Cheatsheet: A Review of Tools & Resources");
    expect(p.builtBy.at(-1)?.ids.arxiv).toBe("2506.17347");
    expect(p.warnings).toEqual(["listed 30 of 56 built-on-by papers"]);
  });

  it("never takes nav, header-menu, aside, footer, script or noscript links as citations", () => {
    const p = page(SOURCE);
    const cited = new Set([...arxivIds(p.buildsOn), ...arxivIds(p.builtBy)]);
    for (const chrome of ["2201.11903", "2303.08774", "2005.14165", "2107.03374", "2501.12948", "2110.14168", "2402.06196", "2404.00001"]) {
      expect(cited.has(chrome)).toBe(false);
    }
    // The "Show all 56" link points at the page's own paper: not a citation either.
    expect(cited.has("2306.03100")).toBe(false);
  });

  it("keeps the entries before the cut when the HTML is truncated mid-tag", () => {
    const sixth = SOURCE.indexOf('<li><a href="/paper/2407.16711/');
    expect(sixth).toBeGreaterThan(0);
    const cut = SOURCE.slice(0, sixth + '<li><a href="/paper/24'.length);
    const p = page(cut);
    expect(p.buildsOn).toHaveLength(24);
    expect(arxivIds(p.builtBy)).toEqual(arxivIds(page(SOURCE).builtBy).slice(0, 5));
    expect(p.paper.abstract).toBeUndefined();
    expect(page(SOURCE.slice(0, SOURCE.indexOf("<h2>Built on by") + 5)).builtBy).toEqual([]);
  });
});

describe("html-page sections", () => {
  const flat = `<h1>A Paper</h1>
    <p><a href="https://arxiv.org/abs/2401.00001v2">arXiv</a></p>
    <h2>Built on by (2 of 2)</h2>
    <ul><li><a href="https://arxiv.org/abs/2402.00002">Later paper</a> (2024)</li></ul>
    <p><a href="/paper/2403.00003/">Another later paper</a> (2024)</p>
    <h2>Builds on (1 of 1)</h2>
    <h3>From 2020</h3>
    <ul><li><a href="https://aclanthology.org/2020.acl-main.1/">Earlier paper</a> (2020)</li></ul>
    <h2>Abstract</h2>
    <p>We study things. <a href="/paper/2404.00004/">a link in the abstract</a></p>`;

  it("tells 'Built on by' from 'Builds on' and stops at the next heading of the same level", () => {
    const p = page(flat);
    expect(p.paper.ids).toEqual({ arxiv: "2401.00001" });
    expect(p.paper.url).toBe("https://arxiv.org/abs/2401.00001v2");
    expect(arxivIds(p.builtBy)).toEqual(["2402.00002", "2403.00003"]);
    expect(p.buildsOn).toEqual([{ ids: { acl: "2020.acl-main.1" }, title: "Earlier paper", year: 2020, url: "https://aclanthology.org/2020.acl-main.1/" }]);
    expect(p.paper.abstract).toBe("We study things. a link in the abstract");
  });

  it("stays inside the heading's section element, with role=heading and header-wrapped headings", () => {
    const html = `<h1>P</h1>
      <section><header><div role="heading" aria-level="2">builds on</div></header>
        <ol><li><a href="https://doi.org/10.1145/3458723">Datasheets for datasets</a> (2021)</li></ol></section>
      <p><a href="/paper/2101.00001/">outside every section</a> (2021)</p>`;
    const p = page(html);
    expect(p.buildsOn).toEqual([{ ids: { doi: "10.1145/3458723" }, title: "Datasheets for datasets", year: 2021, url: "https://doi.org/10.1145/3458723" }]);
  });

  it("reads text-page style entries without links", () => {
    const html = `<h1>Benchmarks as Microscopes</h1>
      <h2>Builds on</h2>
      <ol><li><span>2023</span><span>GPT-4 Technical Report</span><span>cited by 18,132</span></li>
      <li>2021 Training Verifiers to Solve Math Word Problems cited by 9,743</li>
      <li>Show 38 more</li></ol>`;
    expect(page(html).buildsOn).toEqual([
      { ids: {}, title: "GPT-4 Technical Report", year: 2023, citedByCount: 18132 },
      { ids: {}, title: "Training Verifiers to Solve Math Word Problems", year: 2021, citedByCount: 9743 },
    ]);
  });

  it("takes the title from h1, then og:title, then <title>, and rejects a page with none", () => {
    expect(page(`<html><head><meta property="og:title" content="OG &amp; title"><title>T</title></head></html>`).paper.title).toBe("OG & title");
    expect(page(`<html><head><title> Only   the title </title></head><body><p>x</p></body></html>`).paper.title).toBe("Only the title");
    const none = parseHtmlPage("<div><p>no title here</p></div>", "x.html");
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.reason).toMatch(/^no title \(no h1/);
  });

  it("flattens absurd nesting instead of spending minutes in the parser", () => {
    const deep = `<h1>T</h1><h2>Builds on</h2><ul><li><a href="/paper/2203.02155/">x</a> (2022)</li></ul>${"<div>".repeat(20_000)}`;
    const started = Date.now();
    const p = page(deep);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(p.buildsOn).toHaveLength(1);
    expect(p.warnings.some((w) => w.includes("nested deeper"))).toBe(true);
    expect(limitNesting("<div><div></div></div>", 1)).toEqual({ html: "<div></div>", dropped: 2 });
  });
});

describe("looksLikeHtml", () => {
  it("accepts documents and fragments, rejects Markdown and prose", () => {
    expect(looksLikeHtml("<!doctype html><title>x</title>")).toBe(true);
    expect(looksLikeHtml("<ul><li><a href='/paper/2203.02155/'>x</a></li></ul>")).toBe(true);
    expect(looksLikeHtml("# Title\n\n- [x](https://mlsanity.com/paper/2203.02155/) (2022)")).toBe(false);
    expect(looksLikeHtml("We show that a < b and c > d.")).toBe(false);
  });
});

describe("html-page properties", () => {
  const piece = fc.oneof(
    fc.constantFrom(
      "<h1>",
      "</h1>",
      "<h2>",
      "</h2>",
      "<h3>",
      "<section>",
      "</section>",
      "<nav>",
      "</nav>",
      "<aside>",
      "<footer>",
      "<header>",
      "</header>",
      "<ul>",
      "<li>",
      "</li>",
      '<a href="/paper/2203.02155/">',
      '<a href="https://arxiv.org/abs/1706.03762v5">',
      "</a>",
      "Builds on",
      "Built on by",
      "Key facts",
      "Abstract",
      "(2022)",
      "cited by 1,234",
      "<script>",
      "</script>",
      "<!--",
      "-->",
      "&amp;",
      "&#39;",
      "<",
      ">",
      '"',
      "<div role=heading>",
      "Placed in X, one of 3 directions in Y.",
      "<template>",
      "<table><td>",
      "<b><i>",
      "</b>",
    ),
    fc.string({ maxLength: 20 }),
  );

  const anyString = fc.oneof(fc.string({ maxLength: 2000 }), fc.string({ unit: "binary", maxLength: 2000 }));
  const htmlish = fc.array(piece, { maxLength: 200 }).map((parts) => parts.join(""));
  const RUN = { seed: 42, numRuns: 200 };
  /** `adapter` answers every string of `arb` with a well-formed page or refusal; a throw fails it. */
  const answers = (adapter: PageAdapter, arb: fc.Arbitrary<string>) =>
    fc.property(arb, (html) => {
      looksLikeHtml(html);
      return wellFormed(adapter(html, "fuzz"));
    });

  it("never throws on arbitrary strings", () => {
    fc.assert(answers(parseHtmlPage, anyString), RUN);
  });

  it("never throws on random HTML-ish strings", () => {
    fc.assert(answers(parseHtmlPage, htmlish), RUN);
  });

  it("both properties fail for an adapter that throws on half its inputs", () => {
    for (const arb of [anyString, htmlish]) expectInjectedCrash(fc.check(answers(throwingOnHalf(parseHtmlPage), arb), RUN));
  });
});
