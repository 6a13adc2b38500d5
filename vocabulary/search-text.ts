/**
 * How search reads text (issue 24), shared by the index (db/search-index.ts) and the queries
 * (library/paper-search.ts) so that both see the same words: words folded to lower case without
 * diacritics, the joined form of hyphenated words ("BIG-bench" is also "bigbench") and a name
 * without its version number ("CLAWS4" is also "CLAWS"), the compact
 * key names are compared by ("BIG-bench", "Big Bench" and "bigbench" are one name), the
 * stopwords a query may leave out, years typed beside an author, the American spelling of a
 * British word, and the edit distance that
 * tells a typo from another word (Damerau's: a swap of two letters is one edit, Damerau 1964).
 */
import { decodeHTML } from "entities";

const COMBINING = /\p{M}+/gu;

/** Lower case, diacritics and HTML entities gone, NFKC: the form every comparison uses. */
export function foldText(text: string): string {
  return decodeHTML(text).normalize("NFKD").replace(COMBINING, "").normalize("NFKC").toLowerCase();
}

/**
 * Stored text as the index reads it: terminal escape sequences (which an older database may hold)
 * and control characters taken out, so that "An \u001b[31mEscaped Title" is indexed as the words
 * a reader sees.
 */
export function indexableText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
}

/** The words of a text, folded: runs of letters and digits. */
export function searchWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A name as names are compared: folded, letters and digits only ("BIG-bench" → "bigbench"). */
export function compactKey(text: string): string {
  return searchWords(text).join("");
}

/** Hyphenated (or slashed, or dotted) words joined, as some write them: "Socio-Technical" → "sociotechnical". */
export function joinedCompounds(text: string): string[] {
  const out: string[] = [];
  for (const m of foldText(text).matchAll(/[\p{L}\p{N}]+(?:[-‐‑/.][\p{L}\p{N}]+)+/gu)) out.push(m[0].replace(/[^\p{L}\p{N}]+/gu, ""));
  return out;
}

/** A name's letters without the version number glued to them, as some write it: "CLAWS4" → "claws", "Llama2" → "llama". */
export function versionlessNames(text: string): string[] {
  const out: string[] = [];
  for (const m of foldText(text).matchAll(/(?<![\p{L}\p{N}])(\p{L}{3,})\d+(?![\p{L}\p{N}])/gu)) if (m[1]) out.push(m[1]);
  return out;
}

/**
 * A word without its plural ending ("roles" → "role", "approaches" → "approach", "studies" →
 * "study"): the inflection a typed word may differ from a title's by and still be the word typed.
 * Search's index stems further (Porter's "generalized" and "generation" are one stem); this tells
 * the word typed from its relatives.
 */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(?:[sxz]|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

/** British endings and their American spellings: -ise/-ize, -yse/-yze, -our/-or, -lled/-led, -tre/-ter, -ogue/-og. */
const BRITISH: readonly { re: RegExp; to: string }[] = [
  { re: /^(\p{L}{2,}i)s(e|es|ed|er|ers|ing|ation|ations|ational)$/u, to: "$1z$2" },
  { re: /^(\p{L}{2,}y)s(e|es|ed|er|ers|ing)$/u, to: "$1z$2" },
  { re: /^(\p{L}{3,}o)ur(s|ed|ing|ite|ites|al)?$/u, to: "$1r$2" },
  { re: /^(\p{L}{2,}[aeiou]l)l(ed|ing|er|ers)$/u, to: "$1$2" },
  { re: /^(\p{L}{2,}t)re(s)?$/u, to: "$1er$2" },
  { re: /^(\p{L}{2,}og)ue(s)?$/u, to: "$1$2" },
];

/**
 * A word as American spelling writes it ("tokenisation" → "tokenization", "modelling" →
 * "modeling", "dialogue" → "dialog", "colour" → "color", "centre" → "center"): the index holds
 * it beside the word a title writes, and a query asks for it, so that either spelling finds both.
 * Some of these are no word at all ("otherwize"); they are only ever beside the word written.
 */
export function americanSpelling(word: string): string {
  for (const { re, to } of BRITISH) if (re.test(word)) return word.replace(re, to);
  return word;
}

/** The American spellings of a text's British words ("Lexical Normalisation" → "normalization"). */
export function americanSpellings(text: string): string[] {
  const out: string[] = [];
  for (const w of searchWords(text)) {
    const us = americanSpelling(w);
    if (us !== w) out.push(us);
  }
  return out;
}

/** Words a query may leave out and a title may hold (never a search term on their own). */
export const STOPWORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "the",
  "of",
  "and",
  "or",
  "in",
  "on",
  "for",
  "to",
  "with",
  "by",
  "from",
  "at",
  "as",
  "is",
  "are",
  "via",
  "into",
  "its",
  "it",
  "be",
  "do",
  "we",
]);

/** A year typed with other words ("Collins 2002"): matched against the paper's year, not its text. */
export function yearWord(word: string): number | undefined {
  if (!/^(?:19|20)\d\d$/.test(word)) return undefined;
  return Number(word);
}

/** Edits a typed word may be from the word meant: none below 5 letters, one up to 8, two from 9. */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * Whether `a` is within `max` edits of `b`, counting an insertion, a deletion, a substitution or
 * a swap of two neighbouring letters as one edit (optimal string alignment distance).
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (before[j - 2] ?? 0) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A swap reaches two rows down at one edit more: stop only when neither row can come back.
    if (rowMin > max && prevMin >= max) return false;
    prevMin = rowMin;
    [before, prev, cur] = [prev, cur, before];
  }
  return (prev[n] ?? 0) <= max;
}

/**
 * How much a paper matters in the map, as search ranks by it: citations in the map, and the count
 * its pages report as a weaker prior (half the weight: a page's count is of another collection
 * and another date), both on a log scale. Unknown counts add nothing; they are not zero citations.
 */
export function importance(citedInMap: number, reported: number | null): number {
  return Math.log1p(citedInMap) + REPORTED_WEIGHT * Math.log1p(reported ?? 0);
}

/** The weight of a page-reported count beside citations in the map. */
export const REPORTED_WEIGHT = 0.5;
