/**
 * What a line of a capture is, as the capture reader asks it: prose, a metadata line (a date, a
 * year, an identifier, a figure), a title-like line, a site's name, an author line (a list, or
 * names among affiliations), a title wrapped over two lines, a heading, a line of wrapped prose or
 * of an abstract printed a sentence a line, a line under a table's field names, LaTeX source. Pure.
 */
import { findDate } from "../../dates.ts";
import { namesAmongAffiliations } from "./affiliated-authors.ts";
import { cleanName, isPersonName, parseAuthorList, type AuthorList } from "./author-lists.ts";
import { venueStatementLine } from "./capture-dates.ts";
import { isChrome, isSectionLabel } from "./chrome.ts";
import { inlineLabel, isFieldNameRow, labelAlone } from "./labels.ts";
import { hasEmailLike } from "../../../vocabulary/linear-text.ts";
import { isNonTitle } from "./non-titles.ts";
import { emailCount, pdfBylineNames } from "./pdf-bylines.ts";

/** How far from the top a title or an author line is looked for. */
export const TOP_LINES = 60;

/** Prose: a sentence of a dozen words or more, or a long line. */
export function isProse(line: string): boolean {
  const words = line.split(/\s+/).length;
  const sentences = line.match(/[\p{Ll}\d)\]"”’][.!?;]["”’]?\s+["“]?\p{Lu}\p{Ll}/gu)?.length ?? 0;
  const periods = line.match(/[\p{Ll}\d)\]"”’][.;]["”’]?\s+["“]?\p{Lu}\p{Ll}/gu)?.length ?? 0;
  return (words >= 12 && (periods > 0 || sentences > 1)) || (words >= 20 && /[.!?]["”’)]?$/.test(line)) || words > 45;
}

/**
 * A sentence in sentence case ending in a full stop ("Our evaluation surfaces 25 top-level
 * findings."): five words or more, the words after the first mostly in lower case. Headings in
 * sentence case end without one; a title with its citation's full stop is read as a citation.
 */
export function isSentence(line: string): boolean {
  const s = line.trim();
  if (!/[\p{Ll}\d)]\.$/u.test(s)) return false;
  const words = s.split(/\s+/);
  if (words.length < 5) return false;
  const capitalised = words.slice(1).filter((w) => /^\p{Lu}/u.test(w)).length;
  return capitalised * 3 < words.length - 1;
}

/** A date, year, id or figure line ("2021 · ArXiv: 2107.03374", "arXiv.org · 8,712 Citations"). */
export function isMetaLine(line: string): boolean {
  if (/^(?:\[?submitted on|\d{1,2} [A-Z][a-z]{2,8}\.? (?:19|20)\d\d|[A-Z][a-z]{2,8}\.? \d{1,2},? (?:19|20)\d\d|(?:19|20)\d\d(?:[-/]\d{1,2}){0,2}(?![\d.]))/i.test(line)) return true;
  if (/^(?:arxiv|doi|isbn|issn|pmid|pmcid|corpus id)\s*:?\s*\S/i.test(line)) return true;
  return /^[\d.,\s]+\s*(?:citations?|views?|downloads?|reads?|likes?|stars?|upvotes?|comments?|references?)\b/i.test(line) || /·\s*[\d,]+\s+citations?\b/i.test(line);
}

/**
 * A line that can be the title: words, not chrome, a label, a date, an id line or prose. `long`
 * lifts the bounds on length for a line the layout says is the title (a labelled "Title:", the
 * page's heading): a title however long is kept, and cut by the one cleaning (clean-text.ts).
 */
export function titleLike(line: string, opts: { long?: boolean } = {}): boolean {
  const s = line.trim();
  if (s.length < 3 || (s.length > 300 && !opts.long) || !/\p{L}\p{L}/u.test(s)) return false;
  if (isChrome(s) || isSectionLabel(s) || labelAlone(s) !== undefined || inlineLabel(s) !== undefined || isFieldNameRow(s)) return false;
  const prose = opts.long ? isProse(s.slice(0, 200)) : isProse(s);
  if (isMetaLine(s) || prose || /^(?:https?:|www\.|@|\{|\[\d|[-*•·>|%]|\d+\s*[{[])/i.test(s) || hasEmailLike(s)) return false;
  // A venue's line ("Proceedings of …", "Transactions of …", "Journal of …", "Journal 12(3):45-58").
  if (/^(?:in:?\s+)?(?:proceedings of|published in|transactions (?:of|on)|journal of)\b/i.test(s) || /\b\d+\s?\(\d+\)\s?:\s?\d+/.test(s)) return false;
  // A BibTeX field, a file name, a venue statement, a short line holding a full date.
  if (/^[A-Za-z_]+\s*=\s*\S/.test(s) || /^"[^"]{1,60}"\s*:/.test(s) || /^\S+\.(?:json|md|txt|html?|pdf|bib|ya?ml|csv|xml|tex)\b/i.test(s) || venueStatementLine(s)) return false;
  if (s.length <= 60 && findDate(s)?.iso.length === 10) return false;
  if (isNonTitle(s)) return false;
  // A sentence's tail cut off its start ("Reasoning, disinformation).": a bracket closed before any opened.
  if (/^[^([]*[)\]]/.test(s)) return false;
  // A sentence of six words or more ending in a full stop ("Share your opinion to help …").
  return opts.long === true || !(s.split(/\s+/).length >= 6 && /[\p{Ll}\d"”’)\]][.]$/u.test(s));
}

/**
 * A site's name rather than a title: one or two words, no colon, with a longer title-like line
 * after it before any prose (the site's menus may stand between them).
 */
export function looksLikeSiteName(lines: readonly string[], i: number, chrome: (k: number) => boolean): boolean {
  const s = lines[i] ?? "";
  if (s.split(/\s+/).length > 2 || s.includes(":") || s.length > 30) return false;
  for (let j = i + 1, seen = 0; j < lines.length && seen < 12; j++) {
    const next = lines[j] ?? "";
    if (!next || chrome(j)) continue;
    seen++;
    if (isProse(next)) return false;
    if (titleLike(next) && next.split(/\s+/).length >= 3) return true;
  }
  return false;
}

/** True for a line holding an author list (with or without affiliations between the names). */
export function isAuthorLine(line: string): boolean {
  return authorsOn(line) !== undefined;
}

export function authorsOn(line: string): AuthorList | undefined {
  if (line.length > 6000 || isChrome(line)) return undefined;
  const bold = boldNames(line);
  if (bold) return bold;
  // "A, B, C; Proceedings of the … 2023, pp. 1-10": the authors before the venue.
  const beforeVenue = /^(.{3,2000}?);\s*(?=(?:In:?\s)?(?:Proceedings|Conference|Journal|Workshop|Transactions|Advances|arXiv)\b)/.exec(line)?.[1];
  // "A, B, C. 2021": the year after the names is the byline's (bylines.ts), not a name.
  const beforeYear = beforeVenue ? undefined : /^(.{5,1400}?)[.,]\s+(?:\p{L}+\s+)?(?:19|20)\d\d\.?$/u.exec(line)?.[1];
  const list = (beforeYear ? parseAuthorList(beforeYear) : undefined) ?? parseAuthorList(beforeVenue ?? line);
  if (list) return list;
  const among = namesAmongAffiliations(line);
  if (among) return { names: among };
  // "Dan Gillick, Benoit Favre, Dilek Hakkani-Tur International … {dgillick,favre,dilek}@…": a PDF's byline with its e-mails.
  const byline = emailCount(line) > 0 ? pdfBylineNames(line) : [];
  return byline.length >= 2 ? { names: byline } : undefined;
}

/** "**Karl Cobbe\\***      **Vineet Kosaraju\\***      **Mark Chen**": names in bold, set apart by spaces. */
function boldNames(line: string): AuthorList | undefined {
  const segments = [...line.matchAll(/\*\*((?:\\\*|[^*]){2,80})\*\*/g)];
  if (segments.length < 2 || line.replace(/\*\*(?:\\\*|[^*]){2,80}\*\*/g, "").trim() !== "") return undefined;
  const names = segments.map((m) => cleanName((m[1] ?? "").replace(/\\\*/g, "")));
  return names.every((n) => isPersonName(n)) ? { names } : undefined;
}

/** Words a title line wrapped after does not end on ("Probes for", "Learning in the"). */
const OPEN_ENDING = /\b(?:of|for|and|or|with|the|a|an|in|on|to|from|by|via|under|over|at|as|into|without|between|through)$/i;

/**
 * A title wrapped over two lines (PDF text): the line above the title's last line, with no blank
 * between, that ends open ("… for", "…:") or has its continuation start in lower case.
 */
export function wrappedTitle(lines: readonly string[], at: number, chrome: (i: number) => boolean): string | undefined {
  const above = lines[at - 1] ?? "";
  const here = lines[at] ?? "";
  if (!above || chrome(at - 1) || !titleLike(above) || looksLikeSiteName(lines, at - 1, chrome)) return undefined;
  if (!(OPEN_ENDING.test(above) || /[:–—-]$/.test(above) || /^\p{Ll}/u.test(here))) return undefined;
  // A title's first line is a dozen words or so: a longer one is a sentence ("Access and use of … set forth at").
  if (above.split(/\s+/).length > 16) return undefined;
  const joined = `${above} ${here}`;
  return joined.length <= 300 ? joined : undefined;
}

export function stripHeading(line: string): string {
  return line
    .replace(/^#{1,6}\s+/, "")
    .replace(/\s+#+\s*$/, "")
    .trim();
}

/**
 * True when the page opens with a sentence and most of its first lines are sentences ending in a
 * full stop, one a line (an abstract split at its sentences): a line among them is a fragment of
 * the prose, not a title.
 */
export function sentencesOneALine(lines: readonly string[], chrome: (i: number) => boolean): boolean {
  const filled = lines.flatMap((l, i) => (l !== "" && !chrome(i) ? [l] : [])).slice(0, 10);
  const sentence = (l: string) => l.split(/\s+/).length >= 4 && /^\p{Lu}/u.test(l) && /[\p{Ll}\d)\]"”’][.!?]["”’)]?$/u.test(l);
  return filled.length >= 6 && sentence(filled[0] ?? "") && filled.filter(sentence).length * 2 > filled.length;
}

/**
 * A line inside a paragraph wrapped at a fixed width ("We discussed … dynamic" / "benchmarking in
 * this episode …" / …): four lines or more with no blank between, nearly all of one length, most
 * running on without a stop at their end, this one among them (as long, running on, or going on the line above in lower case). A shorter
 * line over a PDF's wrapped text is still its title.
 */
export function wrappedProse(lines: readonly string[], i: number): boolean {
  let from = i;
  let to = i;
  while (from > 0 && (lines[from - 1] ?? "") !== "" && i - from < 40) from--;
  while ((lines[to + 1] ?? "") !== "" && to - i < 40) to++;
  const block = lines.slice(from, to + 1);
  if (block.length < 4) return false;
  const longest = Math.max(...block.map((l) => l.length));
  if (longest < 50) return false;
  const even = block.filter((l) => l.length >= longest * 0.6).length;
  const runOn = block.slice(0, -1).filter((l) => !/[.!?:;]$/.test(l)).length;
  // The line is one of the wrapped ones: as long as they are, and running on.
  const line = lines[i] ?? "";
  const wrapped = (line.length >= longest * 0.75 && !/[.!?:;]$/.test(line)) || /^\p{Ll}/u.test(line);
  return wrapped && even * 4 >= block.length * 3 && runOn * 2 >= block.length - 1;
}

/** True when the filled line above line i is a row of a table's field names. */
export function underFieldNames(lines: readonly string[], i: number): boolean {
  for (let j = i - 1; j >= 0 && j >= i - 3; j--) if (lines[j]) return isFieldNameRow(lines[j] ?? "");
  return false;
}

/** A text that opens with LaTeX markup ("\\section{Introduction}", "\\begin{abstract}"): a paper's source, not a page. */
export function latexBody(lines: readonly string[]): boolean {
  const first = lines.find((l) => l.trim() !== "") ?? "";
  return /^\s*\\(?:section|subsection|chapter|begin|documentclass|usepackage|input)\*?[{[]/.test(first);
}
