/**
 * Golden pages, readability-style: one folder per page layout under test/fixtures/pages/<slug>/
 * (see test/helpers/golden.ts): the page, its format, and what the adapter must return, reviewed
 * by hand once. The format detector must pick the format too. A page that is not one paper's page
 * (a listing) has, instead of a page, the refusal it must get: `{"refusal": …, "reason": …}`.
 * The pages of issue 16 were written for these tests: invented titles, authors, text and
 * identifiers in the layouts of the sites researchers save pages from.
 */
import { describe, expect, it } from "vitest";
import { detectFormat, parsePage } from "../ingest/parse-page.ts";
import { decodePage } from "../ingest/decode.ts";
import { PAGE_ADAPTER_FORMATS } from "./helpers/page-formats.ts";
import { goldenPage, goldenSlugs } from "./helpers/golden.ts";

const slugs = goldenSlugs();

function isRefusal(expected: unknown): expected is { refusal: string; reason: string } {
  return typeof expected === "object" && expected !== null && "refusal" in expected;
}

describe("golden pages", () => {
  it("covers every page format", () => {
    const formats = new Set(slugs.map((s) => goldenPage(s).format));
    expect([...formats].sort()).toEqual([...PAGE_ADAPTER_FORMATS].sort());
  });

  it("holds at least 40 pages of issue 16's layouts, and some that must be refused", () => {
    const captures = slugs.filter((s) => !/^(?:seed-|html-page-|scholarly-|arxiv-abs-(?:body|head|revised)|acl-anthology-(?:doi|legacy-no))/.test(s));
    expect(captures.length).toBeGreaterThanOrEqual(40);
    expect(slugs.filter((s) => isRefusal(goldenPage(s).expected)).length).toBeGreaterThanOrEqual(2);
  });

  it.each(slugs)("%s parses to its expected page", (slug) => {
    const golden = goldenPage(slug);
    const decoded = decodePage(golden.bytes);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(detectFormat(decoded.text)).toBe(golden.format);
    const parsed = parsePage(golden.bytes, "");
    if (isRefusal(golden.expected)) {
      expect(parsed).toMatchObject({ ok: false, ...golden.expected });
      return;
    }
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(JSON.parse(JSON.stringify(parsed.page))).toEqual(golden.expected);
  });
});
