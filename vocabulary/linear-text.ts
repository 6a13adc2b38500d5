/**
 * Scans that a regular expression would make quadratic on hostile text (issue 29), written as
 * loops that look at each character once: trimming a set of characters off an end (`[…]+$`
 * fails at every start position of a long run that does not reach the end), and finding or
 * dropping e-mail-like words (`\S+@\S+` backtracks over every word of letters). Each gives
 * exactly what its expression gave.
 */

/** `text` without the characters `isTrimmed` accepts at its end: `text.replace(/[…]+$/, "")`. */
export function trimEndWhere(text: string, isTrimmed: (ch: string) => boolean): string {
  let end = text.length;
  while (end > 0 && isTrimmed(text[end - 1] ?? "")) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without the characters `isTrimmed` accepts at its start: `text.replace(/^[…]+/, "")`. */
export function trimStartWhere(text: string, isTrimmed: (ch: string) => boolean): string {
  let start = 0;
  while (start < text.length && isTrimmed(text[start] ?? "")) start++;
  return start === 0 ? text : text.slice(start);
}

const SPACE = /\s/;

/** The words of `text` (runs of non-space) with where each starts. */
function* words(text: string): Generator<{ word: string; start: number }> {
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const space = i === text.length || SPACE.test(text[i] ?? "");
    if (!space && start < 0) start = i;
    else if (space && start >= 0) {
      yield { word: text.slice(start, i), start };
      start = -1;
    }
  }
}

/** A word that `\S+@\S+` matches: an `@` with a character before it and one after. */
function hasAt(word: string): boolean {
  const at = word.indexOf("@", 1);
  return at >= 1 && at <= word.length - 2;
}

/** Whether `/\S+@\S+\.\S+/` matches: a word with an `@` after its first character and a dot after that, before its last. */
export function hasEmailLike(text: string): boolean {
  if (!text.includes("@")) return false;
  for (const { word } of words(text)) {
    const at = word.indexOf("@", 1);
    const dot = word.lastIndexOf(".", word.length - 2);
    if (at >= 1 && dot >= at + 2) return true;
  }
  return false;
}

/** `text.replace(/\S+@\S+/g, with_)`: every word with an `@` inside it replaced. */
export function replaceAtWords(text: string, with_: string): string {
  if (!text.includes("@")) return text;
  let out = "";
  let from = 0;
  for (const { word, start } of words(text)) {
    if (!hasAt(word)) continue;
    out += text.slice(from, start) + with_;
    from = start + word.length;
  }
  return from === 0 ? text : out + text.slice(from);
}
