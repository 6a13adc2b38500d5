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

/** Sites whose name a page title carries as a prefix or suffix ("… | OpenReview", "Paper page - …"). */
const SITE_NAMES =
  "openreview|arxiv(?:\\.org)?|semantic scholar|papers with code|hugging face|alphaxiv|acl anthology|aclanthology|researchgate|google scholar|" +
  "dblp|sciencedirect|springerlink|springer|ieee xplore|acm digital library|pubmed|europe pmc|ssrn|biorxiv|medrxiv|scilit|connected papers|" +
  "emergent mind|paperswithcode|huggingface|ar5iv|arxiv vanity|paper digest|scholar archive|internet archive scholar|openalex|zotero|github";
const SITE_SUFFIX = new RegExp(`\\s+(?:\\\\?[|·–—-]|::)\\s+(?:${SITE_NAMES})(?:\\s*[|·–—-]\\s*[\\w .]{1,30})?\\s*$`, "i");
const SITE_PREFIX = new RegExp(`^(?:paper page|papers with code|(?:${SITE_NAMES}))\\s+(?:[|·–—-]|::)\\s+`, "i");
/** A work type a catalogue appends in brackets: "… [article]", "… [PDF]". */
const TYPE_TAG =
  /\s*\[(?:article|preprint|paper|paper-conference|book|chapter|thesis|dataset|report|pdf|html|citation|journal-article|proceedings-article|post|stub|conference paper|kimi|code|arxiv|bibtex|supp|video|slides|poster|project|abs)\]\s*$/i;

/**
 * A title as a captured page prints it, without what the site adds around it: "Title:" glued on,
 * a leading "[2310.06770]", a trailing type tag ("[article]") or site name ("| OpenReview",
 * with Markdown's escaped pipe), a blog's "Paper Summary:" prefix or bracketed tag ("[Paper
 * Summary] …"), and the missing space after a
 * colon in an upper-case title ("BERTSCORE:EVALUATING" → "BERTSCORE: EVALUATING").
 */
export function cleanCapturedTitle(raw: string): string {
  let t = cleanLine(raw)
    .replace(/^(?:paper\s+)?title\s*:\s*/i, "")
    .replace(/^\[\s*(?:arxiv:)?\d{4}\.\d{4,5}(?:v\d+)?\s*\]\s*/i, "")
    .replace(/^#\d{1,4}\s+/, "")
    .replace(/^(?:paper (?:summary|review|notes?|reading|explained)|summary|review|notes? on|reading notes?)\s*[:—–-]\s+/i, "")
    // A blog's tag in brackets before the title ("[Paper Summary] …", "[Review] …"): a few words, no digits.
    .replace(/^[[【]\s*[^\]】\d]{2,30}?\s*[\]】]\s*(?=[^\s(]\S*(?:\s+\S+){2})/u, "");
  for (let k = 0; k < 6; k++) t = t.replace(TYPE_TAG, "").replace(SITE_SUFFIX, "").replace(SITE_PREFIX, "").trim();
  if (t === t.toUpperCase() && /\p{Lu}{3}/u.test(t)) t = t.replace(/(\p{Lu}):(?=\p{Lu})/gu, "$1: ");
  // A title given in quotes ("“GLUE: …”"), or followed by its link ("Title https://arxiv.org/abs/…"),
  // or by the link's words for screen readers ("Title (opens in new tab)").
  t = t
    .replace(/\s+https?:\/\/\S+$/, "")
    .replace(/ ?\((?:opens|open|opening) in (?:a )?new (?:tab|window)\)$/i, "")
    .replace(/^[“"](.+)[”"]$/u, "$1");
  return t.replace(/\\([|*_[\]])/g, "$1").trim();
}

/**
 * A title written "Name: subtitle", as papers that name a benchmark, a metric or a model are
 * ("RULER: What's the Real Context Size…"), as normalised keys: the name with its spaces taken
 * out (sites write "RealToxicityPrompts" and "REALTOXICITY PROMPTS") and the subtitle's words.
 * Undefined when there is no colon, or the part before it is not a short name (at most four
 * words and 40 characters: "Judging LLM-as-a-Judge with MT-Bench…" names nothing).
 */
export function titleParts(title: string): { name: string; subtitle: string } | undefined {
  const text = decodeHTML(title).normalize("NFKC");
  const colon = text.indexOf(":");
  if (colon <= 0) return undefined;
  const head = normalizeTitle(text.slice(0, colon));
  const subtitle = normalizeTitle(text.slice(colon + 1));
  if (!head || !subtitle || head.length > 40 || head.split(" ").length > 4) return undefined;
  return { name: squashed(head), subtitle };
}

/** A normalised title or name with its spaces and hyphens taken out, for names sites space differently. */
export function squashed(normTitle: string): string {
  return normTitle.replace(/[\s-]+/g, "");
}
