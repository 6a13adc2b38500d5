/**
 * Site chrome around a page does not change what is read (issue 16). Each golden page of a
 * capture layout gets, before it and (unless the capture stops mid-line) after it, lines of the
 * boilerplate sites print around every paper: skip links, cookie and donation banners, sign-in
 * prompts, menus (one entry a line, or a bar of entries), breadcrumbs, share bars, "Cite this"
 * blocks, counters, back links and footers; an HTML page gets them as elements of its body. The
 * page must keep its format, title, year, authors, identifiers and both citation lists. Seeded
 * fast-check; the same property is shown to fail for a reader that takes the first line for the
 * title, so the chrome generated is chrome a reader can be fooled by.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePage } from "../../ingest/parse-page.ts";
import type { PaperPage, PaperRef } from "../../vocabulary/paper-page.ts";
import { goldenPage, goldenSlugs } from "../helpers/golden.ts";

const CAPTURE_FORMATS = new Set(["page-capture", "arxiv-abs", "arxiv-html", "acl-anthology", "openreview", "semantic-scholar", "paper-hub", "poster-page", "markdown-note"]);
const RUN = { seed: 20260316, numRuns: 25 };

const pick = (...lines: string[]) => fc.constantFrom(...lines);
const NAV = ["Home", "About", "Blog", "Search", "Browse", "Explore", "Help", "FAQ", "Contact", "Pricing", "Docs", "News", "Login", "Sign up"];

/** Blocks of boilerplate, each one to a few lines, as sites print them. */
const chromeBlock: fc.Arbitrary<string[]> = fc.oneof(
  pick("Skip to main content", "Skip to content", "Skip to navigation", "Jump to content").map((l) => [l]),
  fc
    .tuple(
      pick(
        "We use cookies to improve your experience on our site.",
        "This website uses cookies to analyse traffic. By continuing to browse you agree to our use of cookies.",
        "We use cookies and similar technologies. See our cookie policy for details.",
      ),
      pick("Accept all cookies", "Accept", "Reject all", "Manage preferences", "Got it"),
    )
    .map(([banner, button]) => [banner, button]),
  pick("Donate", "Support us", "We gratefully acknowledge support from our members and donors.").map((l) => [l]),
  pick("Sign in", "Log in", "Sign up", "Create account", "Join Invented Scholar to unlock AI-powered summaries, collections and more!").map((l) => [l]),
  fc.subarray(NAV, { minLength: 2, maxLength: 8 }).chain((entries) => fc.constantFrom(entries, [entries.join(" | ")], [entries.join(" · ")], ["Menu", ...entries])),
  pick("Home > Papers > 2024", "Home › Library › Evaluation", "Papers / Language models / Benchmarks", "Home » Reading list").map((l) => [l]),
  fc
    .subarray(["Share", "Tweet", "Share on LinkedIn", "Share on Facebook", "Copy link", "Email", "Print", "Bookmark"], { minLength: 1 })
    .chain((entries) => fc.constantFrom(entries, [entries.join(" · ")])),
  fc.subarray(["Cite this paper", "BibTeX", "RIS", "EndNote", "APA", "MLA", "Copy citation", "Export citation", "Copy to clipboard"], { minLength: 1 }),
  fc
    .oneof(
      fc.integer({ min: 0, max: 99_999 }).map((n) => n.toLocaleString("en")),
      pick("1.2k", "37", "5,886"),
    )
    .map((n) => [n]),
  pick("← Reference library", "← Back to all papers", "Back to search results", "Back to top").map((l) => [l]),
  fc.subarray(["© 2025 Invented Labs. All rights reserved.", "Privacy Policy", "Terms of Service", "Accessibility", "Contact us", "Powered by Invented CMS", "Subscribe to our newsletter"], {
    minLength: 1,
  }),
);

const chromeLines: fc.Arbitrary<string[]> = fc.array(chromeBlock, { minLength: 1, maxLength: 6 }).map((blocks) => blocks.flat());

interface Goldens {
  slug: string;
  text: string;
  html: boolean;
  /** The capture stops mid-line: nothing can follow its end. */
  cut: boolean;
}

const goldens: Goldens[] = goldenSlugs()
  .map((slug) => goldenPage(slug))
  .filter((g) => CAPTURE_FORMATS.has(g.format) && !("refusal" in (g.expected as object)))
  .map((g) => ({ slug: g.slug, text: g.text, html: g.sourcePath.endsWith(".html"), cut: !/\n\s*$/.test(g.text) }));

/** The page with chrome before and after it: lines for text, elements of the body for HTML. */
function surround(page: Goldens, before: string[], after: string[], gap: string): string {
  if (page.html) {
    const element = (l: string) => `<div class="site-chrome"><p>${l.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p></div>`;
    return page.text.replace(/<body([^>]*)>/i, (m) => `${m}\n${before.map(element).join("\n")}`).replace(/<\/body>/i, `${after.map(element).join("\n")}\n</body>`);
  }
  const tail = page.cut ? "" : `${gap}${after.join(gap)}\n`;
  return `${before.join(gap)}${gap}${page.text}${tail}`;
}

const refs = (list: PaperRef[]) => list.map((r) => ({ title: r.title, ids: r.ids, year: r.year }));

/** What the property keeps: the paper's identity and the lists. */
function whatIsRead(page: PaperPage) {
  const { paper } = page;
  return { format: page.format, title: paper.title, year: paper.year, authors: paper.authors, ids: paper.ids, buildsOn: refs(page.buildsOn), builtBy: refs(page.builtBy) };
}

function read(text: string, reader: (text: string) => unknown): unknown {
  return reader(text);
}

const parsedRead = (text: string) => {
  const r = parsePage(new TextEncoder().encode(text), "");
  return r.ok ? whatIsRead(r.page) : { refused: r.refusal };
};

/** The property, for one page and one reader. */
function unchangedBy(page: Goldens, reader: (text: string) => unknown) {
  const original = read(page.text, reader);
  return fc.property(chromeLines, chromeLines, fc.constantFrom("\n", "\n\n"), (before, after, gap) => {
    expect(read(surround(page, before, after, gap), reader)).toEqual(original);
  });
}

describe("boilerplate around a golden page does not change what is read (property)", () => {
  it("has capture pages in text and HTML to run on", () => {
    expect(goldens.length).toBeGreaterThanOrEqual(40);
    expect(goldens.some((g) => g.html)).toBe(true);
    expect(goldens.some((g) => g.cut)).toBe(true);
  });

  it.each(goldens.map((g) => [g.slug, g] as const))("%s", (_slug, page) => {
    fc.assert(unchangedBy(page, parsedRead), RUN);
  });

  it("fails for a reader that takes the first line of a page for its title", () => {
    const firstLine = (text: string) =>
      text
        .split("\n")
        .find((l) => l.trim() !== "")
        ?.trim();
    const textPages = goldens.filter((g) => !g.html);
    const failures = textPages.filter((page) => fc.check(unchangedBy(page, firstLine), { ...RUN, endOnFailure: true }).failed);
    expect(failures.length).toBe(textPages.length);
  });
});
