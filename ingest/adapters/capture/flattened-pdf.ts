/**
 * A PDF's first page that a document host flattened onto one line under a heading of its own
 * ("measuring massive multitask language understanding" / "25" / "Measuring Massive Multitask
 * Language Understanding Dan Hendrycks UC Berkeley … ABSTRACT We propose …"): the line that opens
 * with the page's title, the title as the PDF prints it (the host's heading may have lost its
 * case), and the authors of the byline between the title and "Abstract" — names among their
 * affiliations and e-mails, a list with footnote marks ("A * , B * , C *†"), or a comma list or
 * names set apart by spaces before the affiliations (pdf-bylines.ts). Pure.
 */
import { namesAmongAffiliations } from "./affiliated-authors.ts";
import { parseAuthorList } from "./author-lists.ts";
import { isChrome } from "./chrome.ts";
import { pdfBylineNames } from "./pdf-bylines.ts";

/** How far down, and how far into a line, the flattened page is looked for. */
const WITHIN_LINES = 60;
const BYLINE_CHARS = 1500;

export interface FlattenedHeader {
  /** The title as the line prints it. */
  title: string;
  authors: string[];
  at: number;
}

const word = (w: string) =>
  w
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toLowerCase();

/** Where the words of `title` end at the start of `line` (compared without case or marks), or -1. */
function titleEnd(line: string, title: string): number {
  const want = title.split(/\s+/).map(word).filter(Boolean);
  if (want.length < 2) return -1;
  let k = 0;
  for (const m of line.matchAll(/\S+/g)) {
    const w = word(m[0]);
    if (!w) continue;
    if (w !== want[k]) return -1;
    k++;
    if (k === want.length) return (m.index ?? 0) + m[0].length;
  }
  return -1;
}

/** The flattened first page that opens with `title`, if the page holds one. */
export function flattenedPdfHeader(lines: readonly string[], title: string): FlattenedHeader | undefined {
  for (let i = 0; i < lines.length && i < WITHIN_LINES; i++) {
    const line = lines[i] ?? "";
    if (line.length < 200) continue;
    const end = titleEnd(line, title);
    if (end < 0) continue;
    const abstract = /\s(?:Abstract|ABSTRACT|A BSTRACT)[\s:.—-]/.exec(line.slice(end, end + BYLINE_CHARS));
    if (!abstract) continue;
    const byline = line.slice(end, end + abstract.index).trim();
    return { title: line.slice(0, end).trim(), authors: bylineNames(byline), at: i };
  }
  return undefined;
}

/** Words a title does not end on ("… Challenge at", "… Models for"). */
const OPEN_ENDING = /^(?:of|for|and|or|with|the|a|an|in|on|to|from|by|via|at|as|into|under|over|between|through)$/i;
/** How many words past a cut heading the whole title may run. */
const MAX_MORE_WORDS = 12;

/**
 * A heading cut short ("WinoGrande: An Adversarial …WINOGRANDE: An Adversarial Winograd Schema
 * Challenge...") over the flattened first page that opens with it: the whole title runs past the
 * cut to where the byline starts, the first place the rest reads as names (two or more, the first
 * one opening the rest) and the title does not end on an open word ("… at"). Undefined when no
 * place fits.
 */
export function cutHeadingFlattened(lines: readonly string[]): FlattenedHeader | undefined {
  const heading = lines
    .slice(0, WITHIN_LINES)
    .filter((l) => l !== "" && !isChrome(l))
    .slice(0, 10)
    .find((l) => /\S(?:…|\.\.\.)(?:\S|$)/u.test(l) && l.length <= 400);
  if (!heading) return undefined;
  const prefixes = heading
    .split(/…|\.\.\./)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length >= 3);
  for (const prefix of prefixes) {
    for (let i = 0; i < lines.length && i < WITHIN_LINES; i++) {
      const line = lines[i] ?? "";
      const start = line.length >= 200 ? titleEnd(line, prefix) : -1;
      if (start < 0) continue;
      const abstract = /\s(?:Abstract|ABSTRACT|A BSTRACT)[\s:.—-]/.exec(line.slice(start, start + BYLINE_CHARS));
      if (!abstract) continue;
      const stop = start + abstract.index;
      const words = [...line.slice(start, stop).matchAll(/\S+/g)];
      for (let k = 0; k <= MAX_MORE_WORDS && k < words.length; k++) {
        const end = k === 0 ? start : start + (words[k - 1]?.index ?? 0) + (words[k - 1]?.[0].length ?? 0);
        const title = line.slice(0, end).trim();
        if (OPEN_ENDING.test(title.split(/\s+/).at(-1) ?? "")) continue;
        const rest = line.slice(end, stop).trim();
        const names = bylineNames(rest);
        // The first name opens the rest and is a plain one ("Ada Quill", "Kilian Q. Weinberger"): a longer
        // run of capitals there would be the title's last words read as a name.
        const first = (names[0] ?? "").split(" ");
        const plain = first.length === 2 || (first.length === 3 && /^\p{Lu}\.$/u.test(first[1] ?? ""));
        if (names.length >= 2 && plain && rest.startsWith(first[0] ?? "\u0000")) return { title, authors: names, at: i };
      }
    }
  }
  return undefined;
}

/** The names of a flattened byline: among affiliations, or a list set apart by footnote marks. */
function bylineNames(byline: string): string[] {
  const among = namesAmongAffiliations(byline);
  if (among) return among;
  // "Ada Quill * , Bram Okoye * , Cy Varga *† * Harbour Institute …": the marked list, before its affiliations.
  if (!/\S\s[*∗†‡]/u.test(byline)) return pdfBylineNames(byline);
  const marked = byline.split(/\s[*∗†‡]+\s(?![,*∗†‡])/u)[0] ?? "";
  const list = parseAuthorList(marked.replace(/\s[*∗†‡]+\s?(?=,|$)/gu, ""));
  return list?.names ?? [];
}
