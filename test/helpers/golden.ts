/**
 * The golden pages (test/fixtures/pages/<slug>/): each folder holds `meta.json` (the page's
 * format), `expected.json` (what its adapter must return) and the page itself as `source.*` —
 * or, for a seed page, `meta.json` names it (`"source": "data/pages/…"`), so that the seed pages
 * exist once, in data/pages, where the bundled collection is built from.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./cli.ts";

export const GOLDEN_DIR = join(ROOT, "test/fixtures/pages");

export interface GoldenPage {
  slug: string;
  format: string;
  /** Where the page's bytes are. */
  sourcePath: string;
  bytes: Buffer;
  /** The bytes as UTF-8 text. */
  text: string;
  /** The parsed expected.json. */
  expected: unknown;
}

export function goldenSlugs(): string[] {
  return readdirSync(GOLDEN_DIR).sort();
}

export function goldenPage(slug: string): GoldenPage {
  const dir = join(GOLDEN_DIR, slug);
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as { format: string; source?: string };
  const own = readdirSync(dir).find((f) => f.startsWith("source."));
  const sourcePath = meta.source ? join(ROOT, meta.source) : join(dir, own ?? "source");
  const bytes = readFileSync(sourcePath);
  return { slug, format: meta.format, sourcePath, bytes, text: bytes.toString("utf8"), expected: JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) };
}
