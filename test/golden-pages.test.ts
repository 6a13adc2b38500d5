/**
 * Golden pages, readability-style: one folder per real page under test/fixtures/pages/<slug>/
 * with `source.*` (the page as captured), `meta.json` (its format) and `expected.json` (what
 * the adapter must return, reviewed by hand once). The format detector must pick the format too.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { detectFormat, parsePage } from "../ingest/parse-page.ts";
import { decodePage } from "../ingest/decode.ts";

const PAGES = join(import.meta.dirname, "fixtures/pages");
const slugs = readdirSync(PAGES).sort();

describe("golden pages", () => {
  it("covers every page format", () => {
    const formats = new Set(slugs.map((s) => (JSON.parse(readFileSync(join(PAGES, s, "meta.json"), "utf8")) as { format: string }).format));
    expect([...formats].sort()).toEqual(["bare-abstract", "editorial", "html-page", "markdown-page", "scholarly-html", "text-page"]);
  });

  it.each(slugs)("%s parses to its expected page", (slug) => {
    const dir = join(PAGES, slug);
    const source = readdirSync(dir).find((f) => f.startsWith("source."));
    expect(source).toBeDefined();
    const bytes = readFileSync(join(dir, source ?? ""));
    const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as { format: string };
    const decoded = decodePage(bytes);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(detectFormat(decoded.text)).toBe(meta.format);
    const parsed = parsePage(bytes, "");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as unknown;
    expect(JSON.parse(JSON.stringify(parsed.page))).toEqual(expected);
  });
});
