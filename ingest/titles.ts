/**
 * Title normalisation for identity: two titles that differ only in Unicode form, dash or hyphen
 * style (including U+2011), quotes, HTML entities, case, spacing or trailing punctuation compare
 * equal; titles that differ in any word do not ("A Survey on Evaluation of Large Language Models"
 * is not "Evaluating Large Language Models: A Comprehensive Survey").
 */
import { decodeHTML } from "entities";
import { cleanLine } from "./clean-text.ts";

/** Every character Unicode calls a dash (Pd) plus the minus signs, mapped to one hyphen. */
const DASHES = /[\p{Pd}\u2212\u2796\uFE63\uFF0D]/gu;
const QUOTES = /[\p{Pi}\p{Pf}"'`\u00b4\u2018-\u201f\u2032\u2033\u275b-\u275e\uff02\uff07]/gu;

/** Recent results: the same titles recur across many pages' lists. Cleared when it grows large. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** The key two titles must share to be one paper. */
export function normalizeTitle(title: string): string {
  let key = cache.get(title);
  if (key === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    key = computeNormalizedTitle(title);
    cache.set(title, key);
  }
  return key;
}

function computeNormalizedTitle(title: string): string {
  return decodeHTML(title)
    .normalize("NFKC")
    .replace(DASHES, "-")
    .replace(QUOTES, "")
    .toLowerCase()
    .replace(/\s*-+\s*/g, "-")
    .replace(/[^\p{L}\p{N}-]+/gu, " ")
    .replace(/-+/g, "-")
    .replace(/(^|\s)-|-(\s|$)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
}

/** A title cleaned for display: entities decoded, NFKC, control characters dropped, whitespace collapsed. */
export function cleanTitle(title: string): string {
  return cleanLine(decodeHTML(title).normalize("NFKC"));
}
