/**
 * The long form a short form abbreviates, among the words written before it, as A. Schwartz and
 * M. Hearst find abbreviation definitions ("A simple algorithm for identifying abbreviation
 * definitions in biomedical text", PSB 2003): the short form's letters and digits matched right to
 * left in the words before it, its first character at the start of a word, over at most
 * min(|short| + 5, 2 |short|) words. One matcher for the whole project: identity resolution's
 * aliases (vocabulary/aliases.ts) and search's (vocabulary/paper-aliases.ts) both ask it. Pure.
 */

/** The long form of `short` ending right before it in `before` ("… Holistic Evaluation of Language Models" for HELM), if any. */
export function longForm(short: string, before: string): string | undefined {
  const letters = short.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  if (letters.length < 2 || !/^[\p{L}\p{N}]/u.test(short)) return undefined;
  const words = before.trim().split(/\s+/);
  const window = words.slice(-Math.min(letters.length + 5, letters.length * 2)).join(" ");
  const text = window.toLowerCase();
  let s = letters.length - 1;
  let l = text.length - 1;
  while (s >= 0) {
    const c = letters[s] ?? "";
    // The first character of the short form must start a word of the long form.
    while (l >= 0 && (text[l] !== c || (s === 0 && l > 0 && /[\p{L}\p{N}]/u.test(text[l - 1] ?? "")))) l--;
    if (l < 0) return undefined;
    s--;
    l--;
  }
  const start = text.lastIndexOf(" ", l + 1) + 1;
  return window.slice(start) || undefined;
}
