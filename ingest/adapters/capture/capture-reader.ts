/**
 * The capture reader: the paper inside a saved page's site chrome (issue 16). Given a capture's
 * lines it finds, in order of trust, the title (a labelled "Title:", a scholarly meta tag, the
 * page's heading, the line before an author line, the first title-like line that is not a site's
 * name), the authors (a labelled list, the line under the title, the page's own citation or
 * embedded record, "By X et al."), the date (capture-dates.ts), the identifiers (labelled, in
 * metadata lines, breadcrumbs and links near the title, in the page's own citation; never from
 * prose about other works, reference lists or "Similar papers"), the abstract (after its label)
 * and the citation lists (reference-lists.ts). A site adapter passes what its layout says for sure
 * (`SiteReading`); the reader fills in the rest the same way for every site. Pure.
 */
import { canonicalArxiv, hasIdentifier, merge } from "../../identifiers.ts";
import { cleanCapturedTitle, normalizeTitle } from "../../titles.ts";
import type { Identifiers, PaperRef } from "../../types.ts";
import { identifiersIn } from "../page-text.ts";
import type { ListName } from "../page-sections.ts";
import { namesAmongAffiliations } from "./affiliated-authors.ts";
import { cleanName, isPersonName, parseAuthorList, type AuthorList } from "./author-lists.ts";
import { paperDate, venueLine, venueStatementLine } from "./capture-dates.ts";
import { findDate } from "../../dates.ts";
import type { Capture } from "./capture-lines.ts";
import { isBreadcrumb, isChrome, isSectionLabel } from "./chrome.ts";
import { bibtexRecord, jsonRecord, type EmbeddedRecord } from "./embedded-records.ts";
import { parseFormattedCitation, trailingShortCitation, type FormattedCitation } from "./formatted-citations.ts";
import { firstOf, inlineLabel, labelAlone, labelledValues, type LabelledValue } from "./labels.ts";
import { citationLists } from "./reference-lists.ts";

export interface CaptureReading {
  title?: string;
  authors: string[];
  authorsTruncated?: { total?: number };
  date?: string;
  year?: number;
  venue?: string;
  ids: Identifiers;
  abstract?: string;
  categories: string[];
  buildsOn: PaperRef[];
  builtBy: PaperRef[];
  declared: Partial<Record<ListName, number>>;
  warnings: string[];
}

/** What a site's layout says for sure; the reader does not second-guess it. */
export interface SiteReading {
  title?: string;
  titleLine?: number;
  authors?: AuthorList;
  date?: string;
  year?: number;
  venue?: string;
  ids?: Identifiers;
  abstract?: string;
  categories?: string[];
  /** Lines that are the page's chrome for this site (never titles, authors or identifiers). */
  chrome?: ReadonlySet<number>;
  /** Lines after which nothing is about the page's own paper (reviews, comments, similar papers). */
  contentEnd?: number;
}

/** How far from the top a title or an author line is looked for. */
const TOP_LINES = 60;
/** How many lines are searched for the page's citation of itself. */
const SELF_CITATION_LINES = 600;
/** Sections about other papers: nothing in them is the page's own paper. */
const OTHER_PAPERS = /^(?:(?:similar|related|recommended|trending|popular|latest|new|recent|other) (?:papers?|works?|articles?|research|posts?|reading)(?: on .{1,30})?|more like this|you might also like|people also (?:read|viewed)|see also|further reading)(?:\s*\(\d+\))?:?$/i;
const ARXIV_CODE = /^(?:cs|math|stat|physics|q-bio|q-fin|eess|econ|astro-ph|cond-mat|nlin|quant-ph|hep-[a-z]{2,3}|nucl-[a-z]{2}|gr-qc|math-ph)\.[A-Z]{2}$/;

/** Prose: a sentence of a dozen words or more, or a long line. */
export function isProse(line: string): boolean {
  const words = line.split(/\s+/).length;
  const sentences = line.match(/[\p{Ll}\d)\]"”’][.!?;]["”’]?\s+["“]?\p{Lu}\p{Ll}/gu)?.length ?? 0;
  const periods = line.match(/[\p{Ll}\d)\]"”’][.;]["”’]?\s+["“]?\p{Lu}\p{Ll}/gu)?.length ?? 0;
  return (words >= 12 && (periods > 0 || sentences > 1)) || (words >= 20 && /[.!?]["”’)]?$/.test(line)) || words > 45;
}

/** A date, year, id or figure line ("2021 · ArXiv: 2107.03374", "arXiv.org · 8,712 Citations"). */
function isMetaLine(line: string): boolean {
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
  if (isChrome(s) || isSectionLabel(s) || labelAlone(s) !== undefined || inlineLabel(s) !== undefined) return false;
  const prose = opts.long ? isProse(s.slice(0, 200)) : isProse(s);
  if (isMetaLine(s) || prose || /^(?:https?:|www\.|@|\{|\[\d|[-*•·>|%]|\d+\s*[{[])/i.test(s) || /\S+@\S+\.\S+/.test(s)) return false;
  // A venue's line ("Proceedings of …", "Journal 12(3):45-58").
  if (/^(?:in:?\s+)?(?:proceedings of|published in)\b/i.test(s) || /\b\d+\s?\(\d+\)\s?:\s?\d+/.test(s)) return false;
  // A BibTeX field, a file name, a venue statement, a short line holding a full date.
  if (/^[A-Za-z_]+\s*=\s*\S/.test(s) || /^"[^"]{1,60}"\s*:/.test(s) || /^\S+\.(?:json|md|txt|html?|pdf|bib|ya?ml|csv|xml|tex)\b/i.test(s) || venueStatementLine(s)) return false;
  if (s.length <= 60 && findDate(s)?.iso.length === 10) return false;
  return opts.long === true || !(s.split(/\s+/).length >= 10 && /[.]$/.test(s));
}

/**
 * A site's name rather than a title: one or two words, no colon, with a longer title-like line
 * after it before any prose (the site's menus may stand between them).
 */
function looksLikeSiteName(lines: readonly string[], i: number, chrome: (k: number) => boolean): boolean {
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

function authorsOn(line: string): AuthorList | undefined {
  if (line.length > 6000 || isChrome(line)) return undefined;
  // "A, B, C; Proceedings of the … 2023, pp. 1-10": the authors before the venue.
  const beforeVenue = /^(.{3,2000}?);\s*(?=(?:In:?\s)?(?:Proceedings|Conference|Journal|Workshop|Transactions|Advances|arXiv)\b)/.exec(line)?.[1];
  const list = parseAuthorList(beforeVenue ?? line);
  if (list) return list;
  const among = namesAmongAffiliations(line);
  return among ? { names: among } : undefined;
}

function sameTitle(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = normalizeTitle(a);
  const y = normalizeTitle(b);
  return x === y || (Math.min(x.length, y.length) >= 20 && (x.startsWith(y) || y.startsWith(x)));
}

/** Identifiers of a line, leaving out the last word of a capture that stops mid-word. */
function lineIds(line: string, cut: boolean): Identifiers {
  if (!cut) return identifiersIn(line);
  const words = line.split(/\s+/);
  const last = words[words.length - 1] ?? "";
  const whole = /(?:^|\D)(?:(?:0[7-9]|1[0-4])(?:0[1-9]|1[0-2])\.\d{4}|(?:1[5-9]|[2-9]\d)(?:0[1-9]|1[0-2])\.\d{5})(?:v\d+)?$/.test(last);
  return identifiersIn(whole ? line : words.slice(0, -1).join(" "));
}

/** The values of labels of one kind read as identifiers ("Paper ID: 1905.07830", "DOI:" / "10.…"). */
function labelledIds(labels: readonly LabelledValue[], excluded: (i: number) => boolean, cutLine: number): Identifiers {
  const ids: Identifiers = {};
  for (const v of labels) {
    // The page's citation of itself is prose and holds the page's identifiers; other prose does not.
    if (excluded(v.at) || v.kind === "editors" || v.kind === "abstract" || v.kind === "keywords" || (isProse(v.value) && v.kind !== "self-citation")) continue;
    const cut = v.valueLines.includes(cutLine);
    const value = v.value.slice(0, 2000);
    if (v.kind === "arxiv") {
      const bare = canonicalArxiv(value.split(/[\s,·]/)[0] ?? "");
      if (bare && !cut) merge(ids, { arxiv: bare });
      merge(ids, lineIds(value, cut));
    } else if (v.kind === "doi") merge(ids, lineIds(/^10\./.test(value) ? `doi:${value}` : value, cut));
    else if (v.kind === "acl") {
      merge(ids, lineIds(/^[A-Z]\d{2}-\d{4}$/.test(value.trim()) ? `ACL ${value.trim()}` : value, cut));
    } else merge(ids, lineIds(value, cut));
  }
  return ids;
}

/** "Name" / "Order" / … table headers, then rows of a name glued to its figures ("Ada Lovelace154621.68"). */
function authorTable(lines: readonly string[]): string[] {
  const at = lines.findIndex((l) => /^name$/i.test(l));
  if (at < 0) return [];
  const names: string[] = [];
  for (let i = at + 1; i < lines.length && i < at + 200; i++) {
    const l = lines[i] ?? "";
    if (!l) continue;
    if (labelAlone(l) !== undefined && names.length === 0) continue;
    const m = /^(\p{Lu}[\p{L}\p{M}'’. -]{2,60}?)\d[\d.,]*$/u.exec(l);
    if (!m?.[1]) break;
    const list = parseAuthorList(m[1].trim(), { labelled: true });
    if (list?.names.length === 1 && list.names[0]) names.push(list.names[0]);
  }
  return names;
}

/** The capture's paper, its lists and what the reader noticed. */
export function readCapture(capture: Capture, site: SiteReading = {}): CaptureReading {
  const { lines } = capture;
  const lists = citationLists(lines, capture.cutAtEnd);
  const end = site.contentEnd ?? otherPapersStart(lines);
  const labels = labelledValues(lines.slice(0, end), capture.framed).filter((v) => !lists.lines.has(v.at));
  const chrome = (i: number): boolean => site.chrome?.has(i) === true || isChrome(lines[i] ?? "");
  const excluded = (i: number): boolean => i >= end || lists.lines.has(i);
  const text = lines.slice(0, end).join("\n");
  const records = [bibtexRecord(text), /"title"\s*:/.test(text) ? jsonRecord(text) : undefined].filter((r): r is EmbeddedRecord => r !== undefined);
  const reading: CaptureReading = { authors: [], ids: {}, categories: [], buildsOn: lists.buildsOn, builtBy: lists.builtBy, declared: lists.declared, warnings: [] };

  // Title.
  let titleLine = site.titleLine;
  let title = site.title;
  const labelledTitle = firstOf(labels, "title");
  if (!title && labelledTitle && titleLike(cleanCapturedTitle(labelledTitle.value), { long: true })) {
    title = labelledTitle.value;
    titleLine = labelledTitle.at;
  }
  const h1s = [...capture.headings.entries()].filter(([i, level]) => level === 1 && !excluded(i)).map(([i]) => i).sort((a, b) => a - b);
  const h1 = h1s.find((i) => titleLike(stripHeading(lines[i] ?? ""), { long: true }));
  const meta = metaTitle(capture.meta);
  if (!title && meta) {
    // og:title is often the heading with the site's name after it: the heading is the title then.
    const heading = h1 !== undefined ? stripHeading(lines[h1] ?? "") : undefined;
    const within = heading && normalizeTitle(cleanCapturedTitle(meta)).startsWith(normalizeTitle(heading)) && normalizeTitle(heading).length >= 8;
    title = within ? heading : meta;
    if (within) titleLine = h1;
  }
  if (!title && h1 !== undefined) {
    title = stripHeading(lines[h1] ?? "");
    titleLine = h1;
  }
  const topAuthorLine = findAuthorLine(lines, chrome, excluded);
  // "A, B, C:" over "Title. Venue 2024: 112-125" (a bibliography's entry): the title follows.
  let entryVenue: { venue: string; year: number } | undefined;
  if (!title && topAuthorLine !== undefined && /:\s*$/.test(lines[topAuthorLine.at] ?? "")) {
    const at = lines.findIndex((l, i) => i > topAuthorLine.at && l !== "");
    const entry = /^(.{8,300}?[.?!])\s+(\S.{0,80}?)\s((?:19|20)\d\d)(?::\s*[\d–-]+)?\s*$/.exec(lines[at] ?? "");
    if (entry?.[1] && entry[2] && entry[3]) {
      title = entry[1].replace(/\.$/, "");
      titleLine = at;
      entryVenue = { venue: `${entry[2]} ${entry[3]}`, year: Number(entry[3]) };
    }
  }
  if (!title && topAuthorLine !== undefined) {
    for (let j = topAuthorLine.at - 1, seen = 0; j >= 0 && seen < 4; j--) {
      const l = lines[j] ?? "";
      if (!l || chrome(j)) continue;
      seen++;
      // The line right over the authors is the title, however long; further up, title-sized ones
      // of two words or more (three over an "Authors" label, which may sit lower on the page).
      const words = l.split(/\s+/).length;
      if (titleLike(l, { long: seen === 1 }) && words >= (topAuthorLine.label ? 3 : seen === 1 ? 1 : 2)) {
        title = wrappedTitle(lines, j, chrome) ?? l;
        titleLine = j;
        break;
      }
    }
  }
  if (!title) {
    for (let i = 0, seen = 0; i < lines.length && seen < TOP_LINES; i++) {
      const l = lines[i] ?? "";
      if (!l || chrome(i) || excluded(i)) continue;
      seen++;
      // The page's first line may be a title of any length; further down only title-sized lines.
      if (titleLike(l, { long: seen === 1 }) && !authorsOn(l) && !looksLikeSiteName(lines, i, chrome)) {
        title = l;
        titleLine = i;
        break;
      }
    }
  }
  const firstLine = lines.find((l) => l !== "") ?? "";
  const topCitation = firstLine.length > 60 ? parseFormattedCitation(firstLine) : undefined;
  if (!title && topCitation) title = topCitation.title;
  if (!title) title = records.find((r) => r.title)?.title;
  if (title) {
    title = cleanCapturedTitle(title);
    const short = trailingShortCitation(title);
    if (short) title = short.title;
    reading.title = title;
    // A title from a tag or a record: the line that prints it, for what is read near the title.
    if (titleLine === undefined) {
      const key = normalizeTitle(title);
      const at = lines.findIndex((l, i) => i < end && l.length <= 400 && normalizeTitle(cleanCapturedTitle(stripHeading(l))) === key);
      if (at >= 0) titleLine = at;
    }
  }
  const short = site.title ? undefined : trailingShortCitation(cleanCapturedTitle(lines[titleLine ?? -1] ?? ""));

  // "a review of the paper "X" by A, B and C, … in 2024": the page names its paper in a sentence.
  const named = namedPaper(lines, end);
  if (named && (!title || sameLetters(named.title, title))) title = reading.title = named.title;

  // "Notes on X" over the page's citation of X: the title is X, as the page heads it.
  if (title) {
    const cited = findSelfCitation(lines, labels, undefined, excluded, title);
    const tail = cited ? titleTail(title, cited.title) : undefined;
    if (tail) title = reading.title = tail;
  }

  // A list never holds the page's own paper ("Cite this paper" under the references).
  if (title) {
    reading.buildsOn = reading.buildsOn.filter((r) => !sameTitle(r.title, title));
    reading.builtBy = reading.builtBy.filter((r) => !sameTitle(r.title, title));
  }

  // The page's own citation and records: those naming its title (or, with no title, the first).
  const selfCitation =
    (topCitation && sameTitle(topCitation.title, title) ? topCitation : findSelfCitation(lines, labels, title, excluded)) ?? (named && sameTitle(named.title, title) ? named : undefined);
  const ownRecords = records.filter((r) => !title || !r.title || sameTitle(r.title, title));

  // Authors.
  const labelledAuthors = firstOf(labels, "authors");
  // A bibliography's entry ("A, B, C:" over "Title. Venue 2024: 1-9") has its authors over its title.
  const entryAuthors = entryVenue && topAuthorLine ? parseAuthorList((lines[topAuthorLine.at] ?? "").replace(/:\s*$/, "")) : undefined;
  const authorList =
    site.authors ??
    entryAuthors ??
    (labelledAuthors ? labelledAuthorList(lines, labelledAuthors) : undefined) ??
    authorsUnderTitle(lines, titleLine, chrome) ??
    (selfCitation ? { names: selfCitation.authors, ...(selfCitation.truncated ? { truncated: {} } : {}) } : undefined) ??
    recordAuthors(ownRecords) ??
    tableAuthors(lines) ??
    byLine(lines, end);
  if (authorList) {
    reading.authors = authorList.names;
    if (authorList.truncated) reading.authorsTruncated = authorList.truncated;
  }

  // Venue and date.
  const venueLabel = firstOf(labels, "venue");
  const statement =
    entryVenue ??
    lines.slice(0, Math.max(40, (titleLine ?? 0) + 8)).map(venueStatementLine).find((v) => v !== undefined) ??
    lines.slice(Math.max(0, (titleLine ?? 0) - 3), (titleLine ?? 0) + 8).map(venueLine).find((v) => v !== undefined);
  reading.venue = site.venue ?? venueLabel?.value ?? statement?.venue ?? selfCitation?.venue ?? ownRecords.find((r) => r.venue)?.venue;
  if (!reading.venue) delete reading.venue;
  // The first abstract label with prose after it ("Abstract" over "Document Sections" is a menu).
  const abstractLabel = labels.find((v) => v.kind === "abstract" && v.value.split(/\s+/).length >= 8) ?? firstOf(labels, "abstract");
  const headerEnd = Math.min(abstractLabel?.at ?? Infinity, (titleLine ?? 0) + 14, end - 1);
  const venueYear = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(venueLabel?.value ?? "")?.[1];
  const date = site.date || site.year ? undefined : paperDate({
    lines: lines.slice(0, end),
    labels,
    ...(titleLine !== undefined ? { titleLine } : {}),
    headerEnd: Number.isFinite(headerEnd) ? headerEnd : 14,
    ...(selfCitation?.year ?? ownRecords.find((r) => r.year)?.year ?? short?.year ? { recordYear: selfCitation?.year ?? ownRecords.find((r) => r.year)?.year ?? short?.year } : {}),
    ...(venueYear ? { venueYear: Number(venueYear) } : statement ? { venueYear: statement.year } : {}),
  });
  reading.date = site.date ?? date?.date;
  reading.year = site.year ?? (site.date ? Number(site.date.slice(0, 4)) : date?.year);
  if (!reading.date) delete reading.date;
  if (!reading.year) delete reading.year;

  // Identifiers: labelled, the page's own citation and records, metadata lines, breadcrumbs, links.
  const cutLine = capture.cutAtEnd ? lastFilled(lines) : -1;
  merge(reading.ids, site.ids ?? {});
  merge(reading.ids, labelledIds(labels, excluded, cutLine));
  if (selfCitation) merge(reading.ids, selfCitation.ids);
  for (const r of ownRecords) merge(reading.ids, r.ids);
  const labelLines = new Set(labels.flatMap((v) => [v.at, ...v.valueLines]));
  for (let i = 0; i < end; i++) {
    const l = lines[i] ?? "";
    if (!l || excluded(i) || labelLines.has(i) || isProse(l) || l.length > 400) continue;
    if (chrome(i) && !isBreadcrumb(l)) continue;
    merge(reading.ids, lineIds(l, i === cutLine));
  }
  const headerLinks = capture.links.filter((k) => !excluded(k.line) && k.line <= headerEnd + 40);
  for (const link of headerLinks) merge(reading.ids, link.ids);

  // Abstract and categories.
  const abstract = cleanAbstract(site.abstract ?? abstractLabel?.value ?? "");
  // An "Abstract:" label that only links to the abstract is no abstract.
  if (abstract.split(/\s+/).length >= 8 && !/^https?:\/\/\S+$/.test(abstract)) reading.abstract = abstract;
  reading.categories = site.categories ?? categoriesOf(labels, lines, headerEnd);
  return reading;
}

/** Words a title line wrapped after does not end on ("Probes for", "Learning in the"). */
const OPEN_ENDING = /\b(?:of|for|and|or|with|the|a|an|in|on|to|from|by|via|under|over|at|as|into|without|between|through)$/i;

/**
 * A title wrapped over two lines (PDF text): the line above the title's last line, with no blank
 * between, that ends open ("… for", "…:") or has its continuation start in lower case.
 */
function wrappedTitle(lines: readonly string[], at: number, chrome: (i: number) => boolean): string | undefined {
  const above = lines[at - 1] ?? "";
  const here = lines[at] ?? "";
  if (!above || chrome(at - 1) || !titleLike(above) || looksLikeSiteName(lines, at - 1, chrome)) return undefined;
  if (!(OPEN_ENDING.test(above) || /[:–—-]$/.test(above) || /^\p{Ll}/u.test(here))) return undefined;
  const joined = `${above} ${here}`;
  return joined.length <= 300 ? joined : undefined;
}

function stripHeading(line: string): string {
  return line.replace(/^#{1,6}\s+/, "").replace(/\s+#+\s*$/, "").trim();
}

function metaTitle(meta: Map<string, string[]>): string | undefined {
  for (const key of ["citation_title", "dc.title", "og:title", "twitter:title"]) {
    const v = meta.get(key)?.find((x) => x.trim() !== "");
    if (v) return v;
  }
  return undefined;
}

/**
 * The first line near the top that opens the authors: an author list (plain, or names among
 * affiliations), the first of names printed one per line, or an "Authors" label alone.
 */
function findAuthorLine(lines: readonly string[], chrome: (i: number) => boolean, excluded: (i: number) => boolean): { at: number; label?: boolean } | undefined {
  for (let i = 0, seen = 0; i < lines.length && seen < TOP_LINES; i++) {
    const l = lines[i] ?? "";
    if (!l || chrome(i) || excluded(i)) continue;
    seen++;
    if (i === 0 || isProse(l)) continue;
    // An "Authors" label counts with names under it (a menu's "Authors" entry has none).
    const next = lines.findIndex((x, k) => k > i && x !== "" && !/^[,;&]$/.test(x) && !chrome(k));
    if ((labelAlone(l) === "authors" || labelAlone(l) === "author(s)") && next > 0 && (nameLines(lines, next, chrome).length >= 1 || authorsOn(lines[next] ?? ""))) return { at: i, label: true };
    const list = authorsOn(l);
    if (list && (list.names.length >= 2 || list.truncated)) return { at: i };
    if (nameLines(lines, i, chrome).length >= 2) return { at: i };
  }
  return undefined;
}

/**
 * Authors printed one per line from line `from` on (a viewer's "Ada Quill" / "Invented University"
 * / "Bram Okoye" / …), affiliations and lone commas between them passed over; empty unless the
 * first line is a name.
 */
function nameLines(lines: readonly string[], from: number, chrome: (i: number) => boolean): string[] {
  const names: string[] = [];
  for (let j = from, seen = 0; j < lines.length && seen < 30; j++) {
    const l = lines[j] ?? "";
    if (!l || /^[,;&]$/.test(l) || chrome(j)) continue;
    seen++;
    const name = cleanName(l.replace(/^[,;&]\s*|\s*[,;&]$/g, ""));
    if (isPersonName(name)) names.push(name);
    else if (names.length === 0 || isProse(l) || labelAlone(l) !== undefined || isSectionLabel(l) || isMetaLine(l) || /\d/.test(l) || l.length > 80) break;
  }
  return names;
}

/** The author list on one of the few lines under the title (metadata lines in between skipped). */
function authorsUnderTitle(lines: readonly string[], titleLine: number | undefined, chrome: (i: number) => boolean): AuthorList | undefined {
  if (titleLine === undefined) return undefined;
  for (let j = titleLine + 1, seen = 0; j < lines.length && seen < 4; j++) {
    const l = lines[j] ?? "";
    if (!l || chrome(j)) continue;
    seen++;
    const parts = l.split(/\s+·\s+/);
    // "29 Mar 2023 · A, B, C ·": the authors between the dots.
    for (const part of parts.length > 1 ? parts : [l]) {
      const list = authorsOn(part.replace(/\s*·\s*$/, ""));
      if (list) return list;
    }
    const oneEach = nameLines(lines, j, chrome);
    if (oneEach.length >= 2) return { names: oneEach };
    if (chrome(j) || isMetaLine(l)) continue;
    if (isProse(l) || isSectionLabel(l) || (/[.!?]$/.test(l) && l.split(/\s+/).length >= 8)) break;
  }
  return undefined;
}

/**
 * The page's citation of itself: a labelled one ("Cite (ACL):", "Citation:") or any naming its
 * title; with `endingTitle`, one whose title ends the page's heading ("Notes on X" citing X).
 */
function findSelfCitation(
  lines: readonly string[],
  labels: readonly LabelledValue[],
  title: string | undefined,
  excluded: (i: number) => boolean,
  endingTitle?: string,
): FormattedCitation | undefined {
  const fits = (c: FormattedCitation): boolean => (endingTitle ? titleTail(endingTitle, c.title) !== undefined : !title || sameTitle(c.title, title));
  for (const v of labels) {
    if (v.kind !== "self-citation") continue;
    const c = parseFormattedCitation(v.value);
    if (c && fits(c)) return c;
  }
  if (!title && !endingTitle) return undefined;
  // Near the top, or in a "Cite this" block: the first lines of a page, each a paragraph at most.
  for (let i = 0; i < lines.length && i < SELF_CITATION_LINES; i++) {
    const l = (lines[i] ?? "").replace(/^>\s*/, "");
    if (excluded(i) || l.length < 40 || l.length > 3000 || !/(?:19|20)\d\d/.test(l)) continue;
    const c = parseFormattedCitation(l);
    if (c && fits(c)) return c;
  }
  return undefined;
}

/** Two titles with the same letters and digits, whatever their punctuation ("X — Y" and "X: Y"). */
function sameLetters(a: string, b: string): boolean {
  const key = (t: string) => t.normalize("NFKD").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return key(a).length >= 12 && key(a) === key(b);
}

/** "the paper "Glimmer: …" by Ines Wong, Tobias Keller and Farah Nasser, published … in 2024". */
function namedPaper(lines: readonly string[], end: number): FormattedCitation | undefined {
  for (const l of lines.slice(0, Math.min(end, SELF_CITATION_LINES))) {
    if (l.length > 3000) continue;
    const m = /\bpaper,?\s(?:titled\s|entitled\s|called\s|named\s)?[“"]([^”"]{8,300}?)[,.]?[”"],?\sby\s([^.()]{3,400})/u.exec(l);
    if (!m?.[1] || !m[2]) continue;
    const authorsText = m[2].split(/,?\s(?:published|presented|which|that|in|at|from|accepted|appeared|and published)\b/)[0] ?? "";
    const list = parseAuthorList(authorsText, { labelled: true });
    const rest = l.slice((m.index ?? 0) + m[0].length - m[2].length).split(/[.!?](?:\s|$)/)[0] ?? "";
    const year = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(rest)?.[1];
    const c: FormattedCitation = { title: m[1].trim(), authors: list?.names ?? [], truncated: list?.truncated !== undefined, ids: {} };
    if (year) c.year = Number(year);
    return c;
  }
  return undefined;
}

/** The end of a heading that is a cited title ("Notes on Brambles: …" citing "Brambles: …"), as the heading prints it. */
function titleTail(heading: string, cited: string): string | undefined {
  const h = normalizeTitle(heading);
  const c = normalizeTitle(cited);
  if (c.length < 12 || h === c || !h.endsWith(` ${c}`)) return undefined;
  const words = heading.trim().split(/\s+/);
  const count = c.split(" ").length;
  const tail = words.slice(words.length - count).join(" ");
  return normalizeTitle(tail) === c ? tail : undefined;
}

/**
 * The list an "Authors" label introduces: on its line, or one name (or list) per line below it with
 * affiliations and lone commas between ("Authors:" / "Ada Lovelace" / "Invented University" / …),
 * and a "Show all 5 authors" line that says how many there are.
 */
function labelledAuthorList(lines: readonly string[], label: LabelledValue): AuthorList | undefined {
  const whole = parseAuthorList(label.value, { labelled: true });
  if (whole || label.valueLines.length < 2) return whole;
  const names: string[] = [];
  let total: number | undefined;
  const last = label.valueLines[label.valueLines.length - 1] ?? label.at;
  const after = lines.slice(last + 1, last + 3).find((l) => l !== "");
  for (const at of [...label.valueLines, ...(after !== undefined ? [-1] : [])]) {
    const l = (at < 0 ? after ?? "" : lines[at] ?? "").trim();
    const shown = /^(?:show|view|see) all (\d+) authors?$/i.exec(l);
    if (shown?.[1]) total = Number(shown[1]);
    if (!l || /^[,;&]$/.test(l) || at < 0) continue;
    const list = parseAuthorList(l.replace(/^[,;&]\s*|\s*[,;&]$/g, ""), { labelled: true });
    if (list) names.push(...list.names);
  }
  if (names.length === 0) return undefined;
  return total !== undefined && total > names.length ? { names, truncated: { total } } : { names };
}

function recordAuthors(records: readonly EmbeddedRecord[]): AuthorList | undefined {
  const r = records.find((x) => x.authors.length > 0);
  return r ? { names: r.authors } : undefined;
}

function tableAuthors(lines: readonly string[]): AuthorList | undefined {
  const names = authorTable(lines);
  return names.length > 0 ? { names } : undefined;
}

/** "By Hsieh et al. (NVIDIA Research)." in the page's text: one named author of more. */
function byLine(lines: readonly string[], end: number): AuthorList | undefined {
  for (const l of lines.slice(0, end)) {
    const m = /(?:^|[.!?]\s+)By (\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){0,2}) et al\./u.exec(l);
    const list = m?.[1] ? parseAuthorList(`${m[1]} et al.`) : undefined;
    if (list) return list;
  }
  return undefined;
}

/** The line where sections about other papers begin ("Similar Papers"), or the end. */
function otherPapersStart(lines: readonly string[]): number {
  const at = lines.findIndex((l) => OTHER_PAPERS.test(l.replace(/^#{1,6}\s+/, "")));
  return at < 0 ? lines.length : at;
}

function lastFilled(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]) return i;
  return -1;
}

/** An abstract without the capture's expanders ("… CONTINUE READING", "more »"). */
export function cleanAbstract(text: string): string {
  return text
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]{0,20}(?:\s[^<>]{0,500})?\/?>/g, "")
    .replace(/\s*<[A-Za-z][^<>]{0,500}$/, "")
    .replace(/\s*(?:…|\.\.\.)?\s*(?:CONTINUE READING|Read more|Show more|Expand|\(more\)|more »)\s*$/i, "")
    .replace(/\s*more »\s*(?:\.\.\.|…)?\s*/g, " ")
    .replace(/^abstract\s*[:.]\s*/i, "")
    .trim();
}

function categoriesOf(labels: readonly LabelledValue[], lines: readonly string[], headerEnd: number): string[] {
  const out: string[] = [];
  const add = (code: string): void => {
    if (ARXIV_CODE.test(code) && !out.includes(code)) out.push(code);
  };
  for (const v of labels) if (v.kind === "categories") for (const m of v.value.matchAll(/\b[a-z][a-z-]{1,12}\.[A-Z]{2}\b/g)) add(m[0]);
  for (const l of lines.slice(0, Math.max(0, headerEnd) + 1)) {
    if (l.length > 200) continue;
    for (const m of l.matchAll(/(?<![\w.])([a-z][a-z-]{1,12}\.[A-Z]{2})(?![\w.])/g)) if (m[1]) add(m[1]);
  }
  return out;
}

/** True when the capture has a page's identity: a title or an identifier. */
export function hasIdentity(reading: CaptureReading): boolean {
  return Boolean(reading.title) || hasIdentifier(reading.ids);
}
