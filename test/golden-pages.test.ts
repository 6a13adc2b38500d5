/**
 * Golden pages, readability-style: one folder per page layout under test/fixtures/pages/<slug>/
 * (see test/helpers/golden.ts): the page, its format, and what the adapter must return, reviewed
 * by hand once. The format detector must pick the format too.
 */
import { describe, expect, it } from "vitest";
import { detectFormat, parsePage } from "../ingest/parse-page.ts";
import { decodePage } from "../ingest/decode.ts";
import { goldenPage, goldenSlugs } from "./helpers/golden.ts";

const slugs = goldenSlugs();

describe("golden pages", () => {
  it("covers every page format", () => {
    const formats = new Set(slugs.map((s) => goldenPage(s).format));
    expect([...formats].sort()).toEqual(["bare-abstract", "editorial", "html-page", "markdown-page", "scholarly-html", "text-page"]);
  });

  it.each(slugs)("%s parses to its expected page", (slug) => {
    const golden = goldenPage(slug);
    const decoded = decodePage(golden.bytes);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(detectFormat(decoded.text)).toBe(golden.format);
    const parsed = parsePage(golden.bytes, "");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(JSON.parse(JSON.stringify(parsed.page))).toEqual(golden.expected);
  });
});
