/**
 * Adapter for a bare abstract: prose pasted or saved with no title line, links or markup. The title
 * is inferred from the first sentence (and flagged `titleInferred`) of a text that is prose
 * throughout (a page that labels its abstract or carries widgets beside it has lost its title
 * line: no title is made of its prose), or read from a record run onto its first line with its fields
 * labelled ("authors: … title: … date: …", labelled-runs.ts), a reference entry opening it ("<Title>,
 * First Last, …"), its title in quotes opening it ('"Title" investigates …') or the one citation it holds on a line of its own; the abstract is the whole
 * text, and year and venue come from a statement such as "to be presented at … 2025 …" when there
 * is one, or from a line "2023: A, B, C" with the authors.
 */
import { decodeHTML } from "entities";
import { hasIdentifier, identifiersFromText } from "../../vocabulary/identifiers.ts";
import { emptyPage } from "../../vocabulary/paper-page.ts";
import type { PageAdapter } from "../../vocabulary/paper-page.ts";
import { collapse } from "./page-text.ts";
import { cleanPage } from "../../vocabulary/clean-text.ts";
import { titleThenAuthors } from "./capture/title-author-lines.ts";
import { parseFormattedCitation } from "./capture/formatted-citations.ts";
import { splitPdfHeader, titleEndingWithName } from "./capture/pdf-bylines.ts";
import { parseAuthorList } from "./capture/author-lists.ts";
import { labelledRun } from "./capture/labelled-runs.ts";

/** Longer text is cut (with a warning): an abstract, even a long extended one, is far shorter. */
const MAX_TEXT = 200_000;
const TITLE_WORDS = 15;
const TITLE_CHARS = 120;

/** Words that end with a period without ending a sentence. */
const ABBREVIATIONS = new Set(["e.g", "i.e", "et al", "al", "etc", "vs", "cf", "fig", "figs", "eq", "no", "dr", "mr", "ms", "st", "approx", "resp", "sec"]);

/** "to be presented at", "published in", "accepted at" … (first letter either case) then a capitalised venue. */
const VENUE_PHRASE = new RegExp(
  String.raw`\b(?:(?:[Tt]o be |[Ww]as |[Ii]s )?[Pp]resented at|(?:[Tt]o be |[Ww]as |[Ii]s )?[Pp]ublished in|[Aa]ppeared in|[Aa]ppears in|` +
    String.raw`[Aa]ccepted (?:at|to|by|for publication in)|[Tt]o appear (?:in|at))\s+(?:the\s+)?([A-Z0-9][^.!?\n]{2,300})`,
  "g",
);

/** Markup a pasted abstract may still carry: tags out, entities decoded. */
function plain(text: string): string {
  const noTags = text.replace(/<\/?[A-Za-z][A-Za-z0-9-]{0,20}(?:\s[^<>]{0,300})?\/?>/g, " ");
  return /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,10});/i.test(noTags) ? decodeHTML(noTags) : noTags;
}

/** Paragraphs (split on blank lines), each with whitespace collapsed. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n[ \t\r\f\v]*\n/)
    .map(collapse)
    .filter((p) => p !== "");
}

/** Cheap check for the format detector: mostly sentences of words, at least ~30 words, from the first line on. */
export function looksLikeAbstract(text: string): boolean {
  return proseLike(text) && opensWithProse(text);
}

/**
 * A page whose first line is a short heading or button ("Quick answer") is a page whose title is
 * missing, not a pasted abstract: no title is inferred from its prose.
 */
function opensWithProse(text: string): boolean {
  const opening = (/^\s*(\S[^\n]*)/.exec(plain(text.slice(0, 5000)))?.[1] ?? "").trim();
  // A sentence ends its first line, or the line runs on; a cut line ("… Schema Challenge...") does not.
  if (/(?:…|\.\.\.)$/.test(opening)) return false;
  return opening.split(/\s+/).length >= 4 || /[.!?:]$/.test(opening) || /^abstract$/i.test(opening);
}

/** Mostly sentences of words, at least ~30 words. */
export function proseLike(text: string): boolean {
  const raw = text.slice(0, 50_000);
  if (/^\s*<(?:!doctype|html[\s>]|\?xml)/i.test(raw)) return false;
  const sample = plain(raw);
  const words = sample.match(/[\p{L}][\p{L}\p{M}'’-]*/gu) ?? [];
  if (words.length < 30) return false;
  const tags = raw.match(/<\/?[A-Za-z][A-Za-z0-9-]{0,20}[\s/>]/g)?.length ?? 0;
  if (tags * 5 > words.length) return false;
  const visible = sample.replace(/\s+/g, "");
  const letters = visible.match(/[\p{L}\p{M}]/gu)?.length ?? 0;
  if (letters / Math.max(1, visible.length) < 0.7) return false;
  if (!/[\p{L})\]"”’][.!?](?:\s|$)/u.test(sample)) return false;
  const urls = sample.match(/https?:\/\//g)?.length ?? 0;
  if (urls * 20 > words.length) return false;
  const lines = sample.split(/\n/).filter((l) => l.trim() !== "");
  const listy = lines.filter((l) => /^\s*(?:#{1,6}\s|[-*+•·]\s|\d{1,3}[.)]\s|\|)/.test(l)).length;
  return listy * 3 <= lines.length;
}

/**
 * A page whose title line is missing rather than a pasted abstract (issue 26): it labels its
 * abstract ("Abstract:" at a line's start), or holds short lines that are no sentences (names over
 * "11 papers", a site's widgets) beside its prose. Its first sentence is prose, never its title.
 */
function titleMissing(text: string): boolean {
  const lines = text.slice(0, 50_000).split("\n", 400);
  return (
    lines.some((l) => /^\s*abstract\s*[:：]/i.test(l)) ||
    lines.filter((l) => l.trim() !== "" && l.trim().split(/\s+/).length < 4 && !/[.!?:]$/.test(l.trim())).length >= 2 ||
    headlineFirst(lines) ||
    headingFirst(lines) ||
    shortHeadingOverProse(lines)
  );
}

/**
 * A first line of six words or fewer with no sentence's end, right over a line of ten words or
 * more ("3.2 — Tide Cards" over a lesson's paragraph): a section's heading, not an abstract's first
 * line, which a wrapped abstract fills.
 */
function shortHeadingOverProse(lines: readonly string[]): boolean {
  const filled = lines.map((l) => l.trim()).filter((l) => l !== "");
  const [first = "", second = ""] = filled;
  return first.split(/\s+/).length <= 6 && !/[.!?:;,]["”’)]?$/.test(first) && second.split(/\s+/).length >= 10;
}

/**
 * A first line that is one short sentence standing alone over the text ("New tool X
 * revolutionizes …." over a paragraph): a news item's or summary's headline, not an abstract's
 * opening, which runs on into its next sentence.
 */
function headlineFirst(lines: readonly string[]): boolean {
  const filled = lines.map((l) => l.trim()).filter((l) => l !== "");
  const first = filled[0] ?? "";
  return filled.length >= 2 && first.split(/\s+/).length <= 15 && firstSentence(first) === first.replace(/[.!?]$/, "") && /[.!?]$/.test(first);
}

/**
 * A first line of a few words with no sentence's end, standing alone over the text ("🔗 AI's
 * Ostensible Emergent Abilities Are a Mirage" over a quoted paragraph): a headline, whose words
 * are the page's, not the first of an abstract.
 */
function headingFirst(lines: readonly string[]): boolean {
  const at = lines.findIndex((l) => l.trim() !== "");
  const first = (lines[at] ?? "").trim();
  return at >= 0 && (lines[at + 1] ?? "").trim() === "" && first.split(/\s+/).length <= 15 && !/[.!?:;,]["”’)]?$/.test(first);
}

/**
 * The page's citation of its paper when it has exactly one: a line of its own that reads as a
 * formatted citation with authors and a year (notes that quote an abstract and end with the
 * paper's reference). Two citations are a reading list, and neither is taken.
 */
function onlyCitation(text: string): { title: string; authors: string[]; year?: number } | undefined {
  const found = text
    .slice(0, 50_000)
    .split("\n", 400)
    .filter((l) => l.length >= 40 && l.length <= 3000 && /(?:19|20)\d\d/.test(l))
    .map((l) => parseFormattedCitation(l))
    .filter((c) => c !== undefined && c.authors.length > 0 && c.year !== undefined);
  const [only] = found;
  return found.length === 1 && only ? { title: only.title, authors: only.authors, ...(only.year !== undefined ? { year: only.year } : {}) } : undefined;
}

/** A line "2023: A, B, C" (a year, a colon, two names or more): the byline of an episode's notes. */
function datedByline(text: string): { year: number; authors: string[] } | undefined {
  for (const line of text.slice(0, 50_000).split("\n", 400)) {
    const m = /^\s*((?:19|20)\d\d):\s+(\S.{0,3000})$/.exec(line);
    const list = m?.[2] ? parseAuthorList(m[2]) : undefined;
    if (m?.[1] && list && list.names.length >= 2) return { year: Number(m[1]), authors: list.names };
  }
  return undefined;
}

/** '"Lost in the Middle: …" investigates …': a summary that opens with its paper's title in quotes, a verb after it. */
function quotedOpening(paragraph: string): { title: string; authors: string[]; year?: number } | undefined {
  const m = /^["“]([^"“”]{8,300})["”](?=\s+\p{Ll})/u.exec(paragraph);
  const title = m?.[1]?.replace(/[,.]$/, "").trim();
  return title && title.split(/\s+/).length >= 3 && /^\p{Lu}/u.test(title) ? { title, authors: [] } : undefined;
}

/**
 * A PDF's first page run onto a line near the top (under a host's search snippet, say): its title
 * and byline told apart by the byline's own shape (capture/pdf-bylines.ts), or a title line ending
 * with the first author over the others' names, one a line.
 */
function pdfHeaderAtTop(text: string): { title: string; authors: string[]; year?: number } | undefined {
  const lines = text.slice(0, 20_000).split("\n", 60);
  for (let i = 0, seen = 0; i < lines.length && seen < 3; i++) {
    const l = (lines[i] ?? "").trim();
    if (!l) continue;
    seen++;
    const header =
      splitPdfHeader(l) ??
      titleEndingWithName(
        lines.map((x) => x.trim()),
        i,
      );
    if (header) return header;
  }
  return undefined;
}

/** The first sentence: up to the first . ! or ? that ends a word which is not an abbreviation. */
export function firstSentence(text: string): string {
  const s = text.slice(0, 2000);
  for (const m of s.matchAll(/[.!?](?=\s|$)/g)) {
    const end = m.index ?? 0;
    const word = /([\p{L}.]+)$/u.exec(s.slice(Math.max(0, end - 12), end))?.[1]?.toLowerCase() ?? "";
    if (m[0] === "." && (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word))) continue;
    return s.slice(0, end).trim();
  }
  return s.trim();
}

/** At most TITLE_WORDS words and TITLE_CHARS characters, cut at a word boundary with "…". */
export function titleFrom(sentence: string): string {
  const words = sentence.split(/\s+/).filter((w) => w !== "");
  let title = "";
  for (const word of words.slice(0, TITLE_WORDS)) {
    const next = title ? `${title} ${word}` : word;
    if (next.length > TITLE_CHARS - 1) break;
    title = next;
  }
  if (!title && words[0]) title = words[0].slice(0, TITLE_CHARS - 1);
  return title.length < sentence.trim().length ? `${title.replace(/[\s,;:–—-]+$/, "")}…` : title;
}

/** "… presented at the Third Workshop … at the 2025 Conference on Language Modeling (COLM) in Montreal, Canada." */
export function venueStatement(text: string): { venue: string; year?: number } | undefined {
  let fallback: { venue: string; year?: number } | undefined;
  let seen = 0;
  for (const m of text.matchAll(VENUE_PHRASE)) {
    if (++seen > 50) break;
    const venue = (m[1] ?? "")
      .replace(/,?\s+(?:held\s+)?in\s+\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,3},\s*\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,3}\s*$/u, "")
      .replace(/[\s,;:]+$/, "")
      .trim();
    if (!venue) continue;
    const year = /\b(19\d\d|20\d\d)\b/.exec(m[1] ?? "")?.[1];
    if (year) return { venue, year: Number(year) };
    fallback ??= { venue };
  }
  return fallback;
}

export const parseBareAbstract: PageAdapter = (text) => {
  const source = plain(text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);
  const ids = identifiersFromText(source.slice(0, 50_000));
  const prose = looksLikeAbstract(source);
  if (!prose && !hasIdentifier(ids)) {
    return { ok: false, refusal: "not-this-format", reason: "no title, identifier or abstract-like prose" };
  }
  const page = emptyPage("bare-abstract");
  const { paper } = page;
  paper.ids = ids;
  if (text.length > MAX_TEXT) page.warnings.push(`text cut to its first ${MAX_TEXT} characters`);
  if (!prose) {
    page.warnings.push("no abstract-like prose: only identifiers were read");
    return { ok: true, page: cleanPage(page) };
  }
  // "2023: Xiao Liu, Hao Yu, …" under the abstract (an episode's notes): the year and the authors.
  const dated = datedByline(source);
  if (dated) {
    paper.year = dated.year;
    paper.authors = dated.authors;
  }
  const paras = paragraphs(source);
  paper.abstract = paras.join("\n\n");
  // A reference entry opening the text ("<Title>, First Last, First Last, …, 2023 …") names its paper;
  // so does the one citation a note ends with ("Quill, A., & Okoye, B. (2021). Title.").
  // A labelled record's fields are no part of the abstract that follows them.
  const run = labelledRun(source);
  if (run) {
    const rest = paragraphs(source.slice(run.proseAt));
    if (rest.join(" ").split(/\s+/).length >= 20) paper.abstract = rest.join("\n\n");
  }
  const entry = pdfHeaderAtTop(source) ?? run ?? titleThenAuthors(paras[0] ?? "") ?? quotedOpening(paras[0] ?? "") ?? onlyCitation(source);
  const title = entry ? entry.title : titleMissing(source) ? undefined : titleFrom(firstSentence(paras[0] ?? ""));
  if (entry) {
    paper.authors = entry.authors;
    if (entry.year !== undefined) paper.year = entry.year;
  }
  if (title) {
    paper.title = title;
    paper.titleInferred = !entry;
  }
  const stated = venueStatement(paper.abstract);
  if (stated) {
    paper.venue = stated.venue;
    if (stated.year !== undefined) paper.year = stated.year;
  }
  return { ok: true, page: cleanPage(page) };
};
