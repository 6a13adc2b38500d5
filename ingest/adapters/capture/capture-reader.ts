/**
 * The capture reader: the paper inside a saved page's site chrome (issue 16). Given a capture's
 * lines it finds, in order of trust, the title (a labelled "Title:", a scholarly meta tag, the
 * page's heading, the line before an author line, the first title-like line that is not a site's
 * name), the authors (a labelled list, the line under the title, the page's own citation or
 * embedded record, "By X et al."), the date (capture-dates.ts), the identifiers (labelled, in
 * metadata lines, breadcrumbs and links near the title, in the page's own citation; never from
 * prose about other works, reference lists or "Similar papers"), the abstract (after its label)
 * and the citation lists (reference-lists.ts). A site adapter passes what its layout says for sure
 * (`SiteReading`); the reader fills in the rest the same way for every site. What a line is
 * (line-kinds.ts), where authors are printed (capture-authors.ts), the page's citation of itself
 * (self-citations.ts), the formatted citations it prints (page-citations.ts), a title line's trims
 * and repairs (title-trims.ts) and the fields read from lines (capture-fields.ts) have their own
 * modules. Pure.
 */
import { hasIdentifier, merge } from "../../../vocabulary/identifiers.ts";
import { cleanCapturedTitle, normalizeTitle } from "../../../vocabulary/titles.ts";
import { ID_SCHEMES, type Identifiers, type PaperRef } from "../../../vocabulary/paper-page.ts";
import type { ListName } from "../page-sections.ts";
import { cleanName, isPersonName, parseAuthorList, type AuthorList } from "./author-lists.ts";
import { authorsFrom, authorsUnderTitle, byLine, findAuthorLine, labelledAuthorList, recordAuthors, tableAuthors } from "./capture-authors.ts";
import { paperDate, venueLine, venueStatementLine } from "./capture-dates.ts";
import { categoriesOf, cleanAbstract, labelledIds, lineIds } from "./capture-fields.ts";
import type { Capture } from "./capture-lines.ts";
import { isBreadcrumb, isChrome } from "./chrome.ts";
import { bibtexRecord, jsonRecord, risRecord, xmlRecord, type EmbeddedRecord } from "./embedded-records.ts";
import { shortCitationAround } from "./formatted-citations.ts";
import { firstOf, labelledValues } from "./labels.ts";
import { authorsOn, isProse, isSentence, latexBody, looksLikeSiteName, sentencesOneALine, stripHeading, titleLike, TOP_LINES, underFieldNames, wrappedProse, wrappedTitle } from "./line-kinds.ts";
import { citationAtTop, citedTitles, fullerOf, onlyCitation } from "./page-citations.ts";
import { citationLists } from "./reference-lists.ts";
import { readByline, type Byline } from "./bylines.ts";
import { cutGluedName, joinSmallCaps, trimTitle, urlsOff } from "./title-trims.ts";
import { titleThenAuthors } from "./title-author-lines.ts";
import { cutHeadingFlattened, flattenedPdfHeader } from "./flattened-pdf.ts";
import { DEFAULT_READER_SETTINGS, type ReaderSettings } from "../../reader-settings.ts";
import { venueStatement } from "../bare-abstract.ts";
import { yearFitsArxiv } from "../../../vocabulary/arxiv-dates.ts";
import { citedInProse, findSelfCitation, identifiedTitle, namedPaper, quotedTitleSentence, sameLetters, sameTitle, titleTail } from "./self-citations.ts";
import { ownPageMarker, sectionHeadingMarker, speakerTurns } from "./page-genre.ts";

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

/** The most words a title line below the page's first may have. */
const MAX_TITLE_WORDS = 25;

/** Sections about other papers: nothing in them is the page's own paper. */
const OTHER_PAPERS =
  /^(?:(?:similar|related|recommended|trending|popular|latest|new|recent|other) (?:papers?|works?|articles?|publications?|research|posts?|reading)(?: on .{1,30})?|more like this|you might also like|people also (?:read|viewed)|see also|further reading)(?:\s*\(\d+\))?:?$/i;

/** The capture's paper, its lists and what the reader noticed. */
export function readCapture(capture: Capture, site: SiteReading = {}, settings: ReaderSettings = DEFAULT_READER_SETTINGS): CaptureReading {
  const { lines } = capture;
  const lists = citationLists(lines, capture.cutAtEnd);
  const end = site.contentEnd ?? otherPapersStart(lines);
  const labels = labelledValues(lines.slice(0, end), capture.framed).filter((v) => !lists.lines.has(v.at));
  // A dialogue's turns ("John: …", "Noah: …") are never a title, an author or an identifier.
  const turns = speakerTurns(lines);
  const chrome = (i: number): boolean => site.chrome?.has(i) === true || turns.has(i) || isChrome(lines[i] ?? "");
  const excluded = (i: number): boolean => i >= end || lists.lines.has(i);
  const text = lines.slice(0, end).join("\n");
  const xml = xmlRecord(text);
  const records = [bibtexRecord(text), risRecord(text), /"title"\s*:/.test(text) ? jsonRecord(text) : undefined, xml].filter((r): r is EmbeddedRecord => r !== undefined);
  const reading: CaptureReading = { authors: [], ids: {}, categories: [], buildsOn: lists.buildsOn, builtBy: lists.builtBy, declared: lists.declared, warnings: [] };

  // Title.
  let titleLine = site.titleLine;
  let title = site.title;
  const labelledTitle = firstOf(labels, "title");
  if (!title && labelledTitle && titleLike(cleanCapturedTitle(labelledTitle.value), { long: true })) {
    title = labelledTitle.value;
    titleLine = labelledTitle.at;
  }
  // An XML paper file shown as text: its <Title> is the title, over a viewer's file labels.
  if (!title && xml?.title && titleLike(xml.title, { long: true })) title = xml.title;
  // "source: arxiv:2109.07958 — Title": the paper named by its identifier, then its title.
  const identified = title ? undefined : identifiedTitle(lines, TOP_LINES, (t) => titleLike(t, { long: true }));
  if (identified) {
    title = identified.title;
    titleLine = identified.at;
  }
  const h1s = [...capture.headings.entries()]
    .filter(([i, level]) => level === 1 && !excluded(i))
    .map(([i]) => i)
    .sort((a, b) => a - b);
  const h1 = h1s.find((i) => titleLike(stripHeading(lines[i] ?? ""), { long: true }));
  const meta = metaTitle(capture.meta);
  // A title from a heading or the first title-like line may be the page's own headline (page-genre.ts).
  let weakTitle = false;
  if (!title && meta) {
    weakTitle = true;
    // og:title is often the heading with the site's name after it: the heading is the title then.
    const heading = h1 !== undefined ? stripHeading(lines[h1] ?? "") : undefined;
    const within = heading && normalizeTitle(cleanCapturedTitle(meta)).startsWith(normalizeTitle(heading)) && normalizeTitle(heading).length >= 8;
    title = within ? heading : meta;
    if (within) titleLine = h1;
  }
  if (!title && h1 !== undefined) {
    title = stripHeading(lines[h1] ?? "");
    titleLine = h1;
    weakTitle = true;
  }
  // "Papers/Title" over "Title": the breadcrumb's last step, printed again as the heading, is the title.
  const crumb = title ? undefined : breadcrumbTitle(lines, end);
  if (crumb !== undefined) {
    title = lines[crumb] ?? "";
    titleLine = crumb;
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
      // The line right over the authors is the title, however long, unless it is prose (an
      // abstract over a menu whose entries look like names); further up, title-sized ones of two
      // words or more (three over an "Authors" label, which may sit lower on the page).
      const words = l.split(/\s+/).length;
      if (isProse(l) || isSentence(l)) break;
      if (titleLike(l, { long: seen === 1 }) && words >= (topAuthorLine.label ? 3 : seen === 1 ? 1 : 2)) {
        title = wrappedTitle(lines, j, chrome) ?? l;
        titleLine = j;
        break;
      }
    }
    // A tag of a few words over the authors ("Large Language Models") under a long title that
    // opens the page: the page's first line is the title.
    const opening = lines.findIndex((l, i) => l !== "" && !chrome(i));
    const first = lines[opening] ?? "";
    if (
      title &&
      titleLine !== undefined &&
      opening >= 0 &&
      opening < titleLine &&
      title.split(/\s+/).length <= 3 &&
      first.split(/\s+/).length >= 5 &&
      titleLike(first, { long: true }) &&
      !isProse(first)
    ) {
      title = first;
      titleLine = opening;
    }
  }
  const topCitation = citationAtTop(lines, chrome);
  if (!title && topCitation?.authors.length) title = topCitation.title;
  // A record shown as text (an RIS export, a BibTeX entry in a paragraph) under a site's chrome:
  // its title is the page's, over the first title-like line, which is the site's.
  const shownRecord = title ? undefined : records.find((r) => r.title && titleLike(r.title, { long: true }));
  if (shownRecord?.title) title = shownRecord.title;
  // Text printed one sentence a line (a digest's abstract split at its full stops) has no title line among them.
  // A paper's LaTeX source from "\section{Introduction}" on: its lines are the body's, never a title (only \title{…} would be).
  if (!title && !sentencesOneALine(lines, chrome) && !latexBody(lines)) {
    const candidates: number[] = [];
    // "https://… https://… Title": links a page printed before its title (a prompt's sources) are no part of it.
    const shown = (i: number): string => urlsOff(lines[i] ?? "");
    for (let i = 0, seen = 0; i < lines.length && seen < TOP_LINES && candidates.length < 3; i++) {
      const l = shown(i);
      if (!l || chrome(i) || excluded(i)) continue;
      seen++;
      // The page's first line may be a title of any length; further down only title-sized lines.
      // The row under a table's glued field names is its values glued, never a title.
      // Further down, a line of more than 25 words is a description, not a title (the longest title in the corpora has 15).
      if (
        titleLike(l, { long: seen === 1 }) &&
        (seen === 1 || l.split(/\s+/).length <= MAX_TITLE_WORDS) &&
        !isSentence(l) &&
        !wrappedProse(lines, i) &&
        !authorsOn(l) &&
        !looksLikeSiteName(lines, i, chrome) &&
        !underFieldNames(lines, i)
      )
        candidates.push(i);
    }
    // The first such line, unless a later one is the title the page cites (a show's name over an
    // episode titled after the paper it cites).
    // A reference entry among them ("<Title>, First Last, First Last") is the page's paper, under a heading of the site's.
    const cited = candidates.length > 1 ? citedTitles(lines, end) : new Set<string>();
    const entry = candidates.length > 1 ? candidates.find((i) => titleThenAuthors(shown(i)) !== undefined) : undefined;
    const at = entry ?? (cited.has(normalizeTitle(shown(candidates[0] ?? -1))) ? undefined : candidates.find((i) => cited.has(normalizeTitle(shown(i))))) ?? candidates[0];
    if (at !== undefined) {
      title = shown(at);
      titleLine = at;
      weakTitle = entry === undefined;
      // A host's heading made of the PDF's first line and its author ("… Lessons Learned from Ani
      // Nenkova" over "… Lessons Learned from" / "the Document Understanding Conference" / "Ani
      // Nenkova"): the title is the PDF's, wrapped over its lines.
      const pdf = headingOverPdfTitle(lines, at, chrome);
      if (pdf) {
        title = pdf.title;
        titleLine = pdf.at;
      }
    }
  }
  if (!title && topCitation) title = topCitation.title;
  // A heading cut short ("… Winograd Schema Challenge...") over the PDF's first page flattened onto one line: the whole title there.
  if (!title) title = cutHeadingFlattened(lines)?.title;
  if (!title) title = records.find((r) => r.title)?.title;
  // "<Title>, First Last, First Last, …": the title line goes on with its authors.
  const withAuthors = title && !site.title && !labelledTitle ? titleThenAuthors(title) : undefined;
  if (withAuthors) title = withAuthors.title;
  if (title) {
    title = joinSmallCaps(cutGluedName(cleanCapturedTitle(title)));
    const short = shortCitationAround(title);
    if (short) title = short.title;
    const trimmed = trimTitle(title, lines, titleLine);
    title = cutGluedName(trimmed.title);
    if (trimmed.at !== undefined) titleLine = trimmed.at;
    reading.title = title;
    // A title from a tag or a record: the line that prints it, for what is read near the title.
    if (titleLine === undefined) {
      const key = normalizeTitle(title);
      const at = lines.findIndex((l, i) => i < end && l.length <= 400 && normalizeTitle(cleanCapturedTitle(stripHeading(l))) === key);
      if (at >= 0) titleLine = at;
    }
  }
  const short = site.title ? undefined : shortCitationAround(cleanCapturedTitle(lines[titleLine ?? -1] ?? ""));

  // A PDF's first page flattened onto one line under the host's heading: the title as the PDF prints it.
  const flat = title ? flattenedPdfHeader(lines, title) : undefined;
  if (flat && title && title === title.toLowerCase() && flat.title !== flat.title.toLowerCase()) title = reading.title = flat.title;

  // "a review of the paper "X" by A, B and C, … in 2024": the page names its paper in a sentence.
  const named = namedPaper(lines, end);
  if (named && (!title || sameLetters(named.title, title))) title = reading.title = named.title;

  // "Notes on X" over the page's citation of X: the title is X, as the page heads it.
  if (title) {
    const cited = findSelfCitation(lines, labels, undefined, excluded, title);
    const tail = cited ? titleTail(title, cited.title) : undefined;
    if (tail) title = reading.title = tail;
  }

  // '"Measuring …" (Hendrycks et al., 2020)' in the text, under "MMLU: Measuring …": the title as the page cites it.
  const prose = title ? citedInProse(lines, title, end) : undefined;
  if (prose?.title && title && normalizeTitle(prose.title) !== normalizeTitle(title)) title = reading.title = prose.title;

  // A list never holds the page's own paper ("Cite this paper" under the references).
  if (title) {
    reading.buildsOn = reading.buildsOn.filter((r) => !sameTitle(r.title, title));
    reading.builtBy = reading.builtBy.filter((r) => !sameTitle(r.title, title));
  }

  // A headline nothing confirms, over a page whose one formatted citation names another title (a
  // report's "provenance: Surname, I., … (2023). Title."): the page is about the paper it cites.
  if (weakTitle && title && !site.title && !topCitation && !repeatedTitle(lines.slice(0, end), title, titleLine)) {
    const cited = onlyCitation(lines, end);
    if (cited && cited.authors.length >= 2 && cited.year !== undefined && !sameTitle(cited.title, title)) {
      title = reading.title = cited.title;
      titleLine = undefined;
    }
  }

  // The page's own citation and records: those naming its title (or, with no title, the first).
  const selfCitation =
    (topCitation && sameTitle(topCitation.title, title) ? topCitation : findSelfCitation(lines, labels, title, excluded)) ??
    (named && sameTitle(named.title, title) ? named : undefined) ??
    (title ? quotedTitleSentence(lines, title, end) : undefined);
  const ownRecords = records.filter((r) => !title || !r.title || sameTitle(r.title, title));

  // The page's byline (its authors, date, venue and identifier on one line), near the title.
  const byline = headerByline(lines, titleLine, excluded, chrome);

  // The first abstract label with prose after it ("Abstract" over "Document Sections" is a menu).
  const abstractLabel = labels.find((v) => v.kind === "abstract" && v.value.split(/\s+/).length >= 8) ?? firstOf(labels, "abstract");
  // Authors.
  const labelledAuthors = firstOf(labels, "authors");
  // A bibliography's entry ("A, B, C:" over "Title. Venue 2024: 1-9") has its authors over its title.
  const entryAuthors = entryVenue && topAuthorLine ? parseAuthorList((lines[topAuthorLine.at] ?? "").replace(/:\s*$/, "")) : undefined;
  const authorList =
    site.authors ??
    entryAuthors ??
    (labelledAuthors ? labelledAuthorList(lines, labelledAuthors) : undefined) ??
    (withAuthors ? { names: withAuthors.authors, ...(withAuthors.truncated ? { truncated: {} } : {}) } : undefined) ??
    authorsUnderTitle(lines, titleLine, chrome) ??
    (flat && flat.authors.length >= 2 ? { names: flat.authors } : undefined) ??
    // Names under the abstract are not the header's (a menu of short CJK entries reads like names).
    (topAuthorLine && !topAuthorLine.label && titleLine !== undefined && topAuthorLine.at > titleLine && topAuthorLine.at <= titleLine + 12 && !(abstractLabel && abstractLabel.at < topAuthorLine.at)
      ? authorsFrom(lines, topAuthorLine.at, chrome)
      : undefined) ??
    byline?.authors ??
    fullerOf(selfCitation ? { names: selfCitation.authors, ...(selfCitation.truncated ? { truncated: {} } : {}) } : undefined, recordAuthors(ownRecords)) ??
    tableAuthors(lines) ??
    byLine(lines, end);
  if (authorList) {
    reading.authors = authorList.names;
    if (authorList.truncated) reading.authorsTruncated = authorList.truncated;
  }

  // A page about a paper that is something else itself (a post, a lesson, an episode, a dialogue's
  // transcript, page-genre.ts): the headline read as its title is its own, unless the page
  // confirms it as the paper's (authors under it, its own citation, the title again elsewhere).
  // The title again in the page's header (its document title over its heading) says only that
  // it is the page's headline: only a repeat from its prose on confirms it as the paper's.
  const firstProse = lines.findIndex((l) => isProse(l));
  const headerRepeat = (_l: string, i: number): boolean => i < firstProse;
  if (weakTitle && reading.title && reading.authors.length === 0 && !selfCitation && !repeatedTitle(lines.slice(0, end), reading.title, titleLine, headerRepeat)) {
    // "Title" over "Abstract": a paper's own header, whatever the page's sections below.
    const abstractNext = abstractLabel !== undefined && titleLine !== undefined && abstractLabel.at > titleLine && lines.slice(titleLine + 1, abstractLabel.at).filter((l) => l !== "").length <= 1;
    const marker =
      ownPageMarker(lines.slice(0, end), reading.title) ??
      (abstractNext || ownRecords.length > 0 || titleLine === undefined ? undefined : sectionHeadingMarker(lines.slice(0, end), titleLine, reading.title));
    if (marker) {
      reading.warnings.push(`title not taken: "${reading.title}" heads ${marker}, and nothing on the page confirms it as the paper's`);
      delete reading.title;
      title = undefined;
    }
  }

  // Venue and date.
  const venueLabel = firstOf(labels, "venue");
  const statement =
    entryVenue ??
    lines
      .slice(0, Math.max(40, (titleLine ?? 0) + 8))
      .map((l, i) => venueStatementLine(l) ?? wrappedProceedings(l, lines[i + 1]))
      .find((v) => v !== undefined) ??
    lines
      .slice(Math.max(0, (titleLine ?? 0) - 3), (titleLine ?? 0) + 8)
      .map(venueLine)
      .find((v) => v !== undefined);
  reading.venue = site.venue ?? venueLabel?.value ?? statement?.venue ?? byline?.venue?.venue ?? selfCitation?.venue ?? ownRecords.find((r) => r.venue)?.venue;
  if (!reading.venue) delete reading.venue;
  // The header runs to the abstract's label, or a few lines past the title and the authors under it.
  const authorsEnd = lastLineNaming(lines, reading.authors.at(-1), titleLine ?? 0);
  const headerEnd = Math.min(abstractLabel?.at ?? Infinity, Math.max((titleLine ?? 0) + 14, authorsEnd + 8), end - 1);
  // Identifiers: labelled, the page's own citation and records, metadata lines, breadcrumbs, links.
  const cutLine = capture.cutAtEnd ? lastFilled(lines) : -1;
  merge(reading.ids, site.ids ?? {});
  merge(reading.ids, labelledIds(labels, excluded, cutLine));
  if (selfCitation) merge(reading.ids, selfCitation.ids);
  if (byline) merge(reading.ids, byline.ids);
  // "Title https://arxiv.org/abs/…": the link on the title's own line is the paper's.
  if (titleLine !== undefined && /https?:\/\//.test(lines[titleLine] ?? "")) merge(reading.ids, lineIds(lines[titleLine] ?? "", titleLine === cutLine));
  for (const r of ownRecords) merge(reading.ids, r.ids);
  const labelLines = new Set(labels.flatMap((v) => [v.at, ...v.valueLines]));
  const metaIds: Identifiers[] = [];
  for (let i = 0; i < end; i++) {
    const l = lines[i] ?? "";
    if (!l || excluded(i) || labelLines.has(i) || isProse(l) || l.length > 400) continue;
    if (chrome(i) && !isBreadcrumb(l)) continue;
    metaIds.push(lineIds(l, i === cutLine));
  }
  merge(reading.ids, unambiguous(metaIds));
  // A link whose text is another paper's title ("as described in [Scaling …](arxiv.org/abs/…)") cites that paper.
  const headerLinks = capture.links.filter((k) => !excluded(k.line) && k.line <= headerEnd + 40 && !namesAnotherPaper(k.text, reading.title));
  merge(reading.ids, unambiguous(headerLinks.map((k) => k.ids)));

  const venueYear = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(venueLabel?.value ?? "")?.[1];
  const date =
    site.date || site.year
      ? undefined
      : paperDate(
          {
            lines: lines.slice(0, end),
            labels,
            ...(titleLine !== undefined ? { titleLine } : {}),
            headerEnd: Number.isFinite(headerEnd) ? headerEnd : 14,
            ...((selfCitation?.year ?? ownRecords.find((r) => r.year)?.year ?? short?.year ?? prose?.year ?? withAuthors?.year ?? abstractCopyright(abstractLabel?.value))
              ? { recordYear: selfCitation?.year ?? ownRecords.find((r) => r.year)?.year ?? short?.year ?? prose?.year ?? withAuthors?.year ?? abstractCopyright(abstractLabel?.value) }
              : {}),
            ...(venueYear ? { venueYear: Number(venueYear) } : statement ? { venueYear: statement.year } : byline?.venue ? { venueYear: byline.venue.year } : {}),
            ...(byline?.date ? { bylineDate: byline.date } : {}),
            ...(reading.ids.arxiv ? { arxiv: reading.ids.arxiv } : {}),
          },
          settings,
        );
  reading.date = site.date ?? date?.date;
  reading.year = site.year ?? (site.date ? Number(site.date.slice(0, 4)) : date?.year);
  if (!reading.date) delete reading.date;
  if (!reading.year) delete reading.year;

  // Abstract and categories.
  const abstract = cleanAbstract(site.abstract ?? xml?.abstract ?? abstractLabel?.value ?? "");
  // An "Abstract:" label that only links to the abstract is no abstract.
  if (abstract.split(/\s+/).length >= 8 && !/^https?:\/\/\S+$/.test(abstract)) reading.abstract = abstract;
  // "… for the first time.Comment: To appear at EMNLP 2015.": the abstract's own word on where it appeared.
  const stated = reading.year === undefined && !site.year && reading.abstract ? venueStatement(reading.abstract) : undefined;
  if (stated?.year !== undefined && yearFitsArxiv(stated.year, reading.ids.arxiv, settings.yearsAfterArxiv)) reading.year = stated.year;
  reading.categories = site.categories ?? categoriesOf(labels, lines, headerEnd);
  return reading;
}

/**
 * The identifiers of a scheme that all these lines (or links) agree on. Lines naming two arXiv IDs
 * are a list of papers (a README's table, "Further reading"): neither is the page's, and taking the
 * first would make one paper of two.
 */
function unambiguous(found: readonly Identifiers[]): Identifiers {
  const out: Identifiers = {};
  for (const scheme of ID_SCHEMES) {
    const values = new Set(found.map((ids) => ids[scheme]).filter((v): v is string => v !== undefined));
    const only = [...values][0];
    if (values.size === 1 && only !== undefined) out[scheme] = only;
  }
  return out;
}

function metaTitle(meta: Map<string, string[]>): string | undefined {
  for (const key of ["citation_title", "dc.title", "og:title", "twitter:title"]) {
    const v = meta.get(key)?.find((x) => x.trim() !== "");
    if (v) return v;
  }
  return undefined;
}

/** The last line, within 300 lines after `from`, that holds `name` (the authors' block ends there), or -1. */
function lastLineNaming(lines: readonly string[], name: string | undefined, from: number): number {
  if (!name) return -1;
  let at = -1;
  for (let i = from; i < lines.length && i < from + 300; i++) if ((lines[i] ?? "").includes(name)) at = i;
  return at;
}

/** A link's text that is a title (three words or more, title-like) other than the page's own. */
function namesAnotherPaper(text: string, title: string | undefined): boolean {
  const t = text.trim();
  return (
    (t.match(/\p{L}[\p{L}\p{N}'’-]*/gu)?.length ?? 0) >= 3 &&
    !/^[[(].*[\])]$/.test(t) &&
    titleLike(t) &&
    !/^(?:this https? url|view|download|read|pdf|paper|abstract)\b/i.test(t) &&
    !sameTitle(t, title)
  );
}

/** The first byline among the lines around the title (or at the top when there is no title line). */
function headerByline(lines: readonly string[], titleLine: number | undefined, excluded: (i: number) => boolean, chrome: (i: number) => boolean): Byline | undefined {
  const from = Math.max(0, (titleLine ?? 0) - 4);
  // With no title line, the first few lines that are not chrome.
  for (let i = from, seen = 0; i < lines.length && (titleLine !== undefined ? i < titleLine + 8 : seen < 12); i++) {
    const l = lines[i] ?? "";
    if (!l || excluded(i) || i === titleLine || chrome(i)) continue;
    seen++;
    const b = readByline(l);
    if (b) return b;
  }
  return undefined;
}

/**
 * The PDF's title under a host's heading that runs its first line on into the author's name: the
 * later line the heading starts with (four words or more), joined to the line it wraps onto, when
 * what the heading adds is a person's name.
 */
function headingOverPdfTitle(lines: readonly string[], at: number, chrome: (i: number) => boolean): { title: string; at: number } | undefined {
  const heading = lines[at] ?? "";
  for (let j = at + 1; j < lines.length && j <= at + 6; j++) {
    const l = lines[j] ?? "";
    if (!l || chrome(j) || l.length >= heading.length || l.split(/\s+/).length < 4 || !heading.startsWith(`${l} `)) continue;
    if (!isPersonName(cleanName(heading.slice(l.length).trim()))) return undefined;
    const wrapped = wrappedTitle(lines, j + 1, chrome);
    return wrapped ? { title: wrapped, at: j + 1 } : { title: l, at: j };
  }
  return undefined;
}

/**
 * "… from the user point of view. © 2002 ACM.": the copyright an abstract ends with is the paper's
 * (a publisher's or its authors'), unlike a site's footer, which stands on a line of its own.
 */
function abstractCopyright(abstract: string | undefined): number | undefined {
  const m = /(?:©|\(c\)|Copyright)\s?((?:19|20)\d\d),?\s+(?:ACM|IEEE|AAAI|(?:the\s)?Association for Computational Linguistics|The Authors?|The Author\(s\))\.?\s*$/i.exec((abstract ?? "").slice(-120));
  return m?.[1] ? Number(m[1]) : undefined;
}

/** "Proceedings of the 40th Annual Meeting of the Association for" over "Computational Linguistics (ACL), Philadelphia, July 2002, …": the statement a PDF wrapped. */
function wrappedProceedings(line: string, next: string | undefined): { venue: string; year: number } | undefined {
  if (!next || line.length > 200 || !/^(?:In:?\s+)?(?:Proceedings of|Advances in)\b/.test(line) || /(?:19|20)\d\d/.test(line)) return undefined;
  return venueStatementLine(`${line} ${next.slice(0, 200)}`);
}

/** True when the page prints `title` again: on another line of its own, or in quotes in a line. */
function repeatedTitle(lines: readonly string[], title: string, titleLine: number | undefined, skip: (l: string, i: number) => boolean = () => false): boolean {
  const key = normalizeTitle(title);
  if (key.length < 8) return false;
  return lines.slice(0, 400).some((l, i) => {
    if (i === titleLine || !l || l.length > 3000 || skip(l, i)) return false;
    // The title again, alone or before a site's name ("Title - Invented Reader").
    if (l.length <= 400 && [l, l.replace(/\s[-|–—]\s[^-|–—]{1,60}$/, "")].some((x) => normalizeTitle(cleanCapturedTitle(stripHeading(x))) === key)) return true;
    for (const q of l.matchAll(/["“]([^"“”]{8,300})["”]/g)) if (normalizeTitle(q[1] ?? "") === key) return true;
    return false;
  });
}

/** The line that repeats the last step of a breadcrumb right above it ("Papers/Title", then "Title"), or undefined. */
function breadcrumbTitle(lines: readonly string[], end: number): number | undefined {
  for (let i = 0, seen = 0; i < end && seen < TOP_LINES; i++) {
    const l = (lines[i] ?? "").trim();
    if (!l) continue;
    seen++;
    if (!l.includes("/") || l.length > 400 || /^https?:|^www\./i.test(l)) continue;
    const next = lines.findIndex((x, j) => j > i && x !== "");
    const heading = (lines[next] ?? "").trim();
    if (next < 0 || next > i + 3 || heading.length < 8 || heading.length >= l.length) continue;
    const crumbs = l.slice(0, l.length - heading.length);
    // The steps before the title: one to four short words of a site's sections, each ending in "/".
    if (l.endsWith(heading) && /^(?:[^/\s][^/]{0,40}\/\s*){1,4}$/.test(crumbs) && titleLike(heading, { long: true })) return next;
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

/** True when the capture has a page's identity: a title or an identifier. */
export function hasIdentity(reading: CaptureReading): boolean {
  return Boolean(reading.title) || hasIdentifier(reading.ids);
}
