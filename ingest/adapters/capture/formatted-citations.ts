/**
 * Formatted citations as pages print them, read back into title, authors, year and identifiers:
 * APA ("Surname, I., Surname, I., & Surname, I. (2024). Title. Venue."), and Harvard ("Surname, I.
 * and Surname, I. (2019) ‘Title’, Venue, pp. 1–9."), found even inside a
 * sentence ("…included in the Repository: Shevlane, T., … et al. (2023). Title. In arXiv."),
 * the ACL Anthology's ("A, B, and C. 2020. Title. In Proceedings of …"), a catalogue entry that
 * starts with its title ("Title. Surname, I., …, & Surname, I. Venue, July, 2021."), a repository's
 * ("Surname, AB; Surname, C; (2023) Title. Venue"), the
 * quoted-title styles ("A, B, "Title," Venue, 2020.", "“Title”, A, B2018-04-20"), a source
 * list's entry ("1. Title — A, B, C, 2021"), and MLA ("Bai, Yuntao, et al. Title. arXiv, 15 Dec.
 * 2022."), and short citations around a title ("Title (Quill et al., 2021)", "Quill et al 2021: Title"). A page that cites itself this way (a blog
 * post's citation of the paper it is about, the Anthology's "Cite (ACL):") gives its authors and
 * year; which citation is the page's own is for the caller to decide, by its title. Pure.
 */
import { identifiersFromText } from "../../../vocabulary/identifiers.ts";
import type { Identifiers } from "../../../vocabulary/paper-page.ts";
import { parseAuthorList } from "./author-lists.ts";

export interface FormattedCitation {
  title: string;
  authors: string[];
  /** The list ends in "et al." or similar. */
  truncated: boolean;
  year?: number;
  venue?: string;
  ids: Identifiers;
}

const YEAR = String.raw`(?:19|20)\d\d`;
/** One "Surname, I." of an APA list (surnames may be several words; initials may carry particles). */
const APA_NAME = String.raw`\p{Lu}[\p{L}\p{M}'’-]+(?:\s\p{Lu}[\p{L}\p{M}'’-]+){0,3},\s(?:\p{Lu}\.(?:\s?-?\p{Lu}\.)*\s?)+(?:[a-z]{1,3}\.\s?(?:\p{Lu}\.\s?)*)*`;
const APA_AUTHORS = new RegExp(String.raw`(?:${APA_NAME},?\s(?:&\s)?)*(?:&\s)?${APA_NAME}(?:,?\s(?:et al\.?|and others))?`, "u");
/** APA's list, or Harvard's with "and" before the last name ("Surname, I., Surname, I. and Surname, I."). */
const DATED_AUTHORS = new RegExp(String.raw`(?:${APA_NAME},?\s(?:&\s)?)*(?:(?:&|and)\s)?${APA_NAME}(?:,?\s(?:et al\.?|and others))?`, "u");
/** APA: the author list right before "(2023)." */
const APA = new RegExp(String.raw`(${DATED_AUTHORS.source})\s*\((${YEAR})[a-z]?(?:,\s*[A-Z][a-z]+\.?(?:\s\d{1,2})?)?\)\.?\s+(.+)$`, "u");
/** ACL Anthology: "A, B, and C. 2020. Title. In …". */
const ACL_STYLE = new RegExp(String.raw`^(.{3,3000}?)\.\s(${YEAR})[a-z]?\.\s(.+)$`, "u");
/** A catalogue entry: "Title. Surname, I., …, & Surname, I. Venue, Month, Year." */
const TITLE_FIRST = new RegExp(String.raw`^(.{8,400}?[.?!])\s(${APA_AUTHORS.source})\s(.+)$`, "u");
/** Lecture-notes style: "Surname, I., Surname, I.: Title. In: Venue, pp. 1–9 (2018)". */
const COLON_STYLE = new RegExp(String.raw`^(.{3,2000}?):\s(.{5,400}?[.?!])\s(.*?)\((${YEAR})\)\.?$`, "u");
/** Quoted titles: A, B, "Title," Venue, 2020. */
const QUOTED = /^(.{3,2000}?),?\s[“"]([^”"]{5,400}?)[,.]?[”"],?\s(.*)$/u;
/** The quoted title first: “Title”, A, B, C2018-04-20 (a link annotation's header). */
const QUOTED_FIRST = new RegExp(String.raw`^[“"]([^”"]{5,400}?)[,.]?[”"],?\s+(.{3,1500}?),?\s?(${YEAR})(?:-\d\d-\d\d)?(?:\s.*)?$`, "u");
/** A source list's entry: "1. Title — A, B, C, 2021". */
const DASHED = new RegExp(String.raw`^(?:\d{1,3}\.\s+)?(.{8,300}?)\s[—–]\s(.{3,1500}?),\s(${YEAR})\.?$`, "u");

/**
 * MLA: "Bai, Yuntao, et al. Title. arXiv:2212.08073, arXiv, 15 Dec. 2022. arXiv.org, …", "Quill,
 * Ada, and Bram Okoye. Title. Venue, 2021.": the first author surname first, the others given name
 * first, the title, then a container with the year (the first one after the title).
 */
const MLA = /^(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?),\s(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}\.)?)(,\set\sal|,?\sand\s\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}\.)?\s\p{Lu}[\p{L}'’-]+)?\.\s(.{8,400}?[.?!])\s(.+)$/u;

function mlaStyle(s: string): FormattedCitation | undefined {
  const m = MLA.exec(s);
  if (!m?.[1] || !m[2] || !m[4] || !m[5]) return undefined;
  const year = new RegExp(`(?<!\\d)(${YEAR})(?!\\d)`).exec(m[5].slice(0, 160))?.[1];
  if (!year) return undefined;
  const others = m[3] && !/et\sal/.test(m[3]) ? `, ${m[3].replace(/^,?\sand\s/, "")}` : "";
  const c = citation(`${m[2]} ${m[1]}${others}${m[3] && /et\sal/.test(m[3]) ? ", et al." : ""}`, m[4].replace(/\.$/, ""), Number(year), m[5], s);
  return c;
}

/**
 * A repository's citation, its authors "Surname, Initials;" one after the other (EPrints, PubMed):
 * "Srivastava, A; Rastogi, A; … Ippolito, D; (2023) Title. Venue". The names end at the last
 * semicolon before "(year)"; at most a short word or two of the site's ("+ view all") stand between.
 */
function semicolonStyle(s: string): FormattedCitation | undefined {
  const year = new RegExp(String.raw`\((${YEAR})\)\.?\s`, "u").exec(s.slice(0, 4000));
  if (!year?.[1] || year.index < 5) return undefined;
  const before = s.slice(0, year.index);
  const last = before.lastIndexOf(";");
  if (last < 3 || before.length - last > 24 || /[\d()]/.test(before.slice(last + 1))) return undefined;
  const names = before.slice(0, last + 1);
  if ((names.match(/;/g)?.length ?? 0) < 2 || !/^\p{Lu}[\p{L}\p{M}'’ -]{1,40},\s?\p{Lu}/u.test(names)) return undefined;
  const t = leadingTitle(s.slice(year.index + year[0].length));
  return t ? citation(names, t.title, Number(year[1]), t.after, s) : undefined;
}

/** The title at the start of `rest` ("Title. Venue …", "Title? Venue …") and what follows it. */
function leadingTitle(rest: string): { title: string; after: string } | undefined {
  // Harvard's single quotes: "‘Title’, Venue" (a closing ’ inside the title is an apostrophe).
  const m = /^([“"][^”"]{3,400}[”"]\.?|‘[^‘]{3,400}?’(?=[,.]?(?:\s|$))[,.]?|.+?[.?!])(?:\s+|$)(.*)$/u.exec(rest.slice(0, 2000));
  if (!m?.[1]) return undefined;
  const title = m[1]
    .replace(/[.,]$/, "")
    .trim()
    .replace(/^[“"‘](.*?)[.,]?[”"’]$/u, "$1");
  return title.split(/\s+/).length >= 2 ? { title, after: m[2] ?? "" } : undefined;
}

function lastYear(s: string): number | undefined {
  const years = [...s.slice(0, 600).matchAll(new RegExp(`(?<!\\d)(${YEAR})(?!\\d)`, "g"))].map((m) => Number(m[1]));
  return years[years.length - 1];
}

function venueOf(after: string): string | undefined {
  const v = after
    .replace(/^In:?\s+/, "")
    .replace(/\bhttps?:\/\/\S+/g, "")
    .split(/\.\s|,\s(?:pages|pp\.)|\s\(/)[0]
    ?.trim()
    .replace(/(?:,\s*(?:[A-Z][a-z]+\.?|\d{1,2}))*,\s*(?:19|20)\d\d$/, "")
    .replace(/\s*[.,]?$/, "");
  // A preprint's "venue" is its repository: "arXiv:2312.97460 [cs]", "In arXiv [cs.AI]".
  if (v && /^arXiv\b/i.test(v)) return "arXiv";
  return v && v.length >= 2 && v.length <= 200 ? v : undefined;
}

function citation(authorsText: string, title: string, year: number | undefined, after: string, whole: string): FormattedCitation | undefined {
  // A citation's structure already says where its authors are: one author is a list too.
  // Initials run together ("Raji, I.D.") are spaced as the list reader knows them ("I. D.").
  const list = parseAuthorList(authorsText.replace(/(?<=(?:^|[\s,])\p{Lu}\.)(?=\p{Lu}\.)/gu, " "), { labelled: true });
  if (!list) return undefined;
  const c: FormattedCitation = { title, authors: list.names, truncated: list.truncated !== undefined, ids: identifiersFromText(whole) };
  if (year !== undefined) c.year = year;
  const venue = venueOf(after);
  if (venue) c.venue = venue;
  return c;
}

/** The formatted citations in one line or paragraph, in the order the styles are tried. */
export function parseFormattedCitation(text: string): FormattedCitation | undefined {
  // Markdown's escapes ("\\(2023\\)", "\\_") are the characters they escape.
  const s = text
    .replace(/\\([()[\]_*])/g, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 6000);
  if (s.length < 20) return undefined;
  const apa = APA.exec(s);
  if (apa?.[1] && apa[2] && apa[3]) {
    const t = leadingTitle(apa[3]);
    const c = t ? citation(apa[1], t.title, Number(apa[2]), t.after, s) : undefined;
    if (c) return c;
  }
  const listed = semicolonStyle(s);
  if (listed) return listed;
  const first = TITLE_FIRST.exec(s);
  if (first?.[1] && first[2] && first[3]) {
    const c = citation(first[2], first[1].replace(/\.$/, ""), lastYear(first[3]), first[3], s);
    if (c) return c;
  }
  const acl = ACL_STYLE.exec(s);
  if (acl?.[1] && acl[2] && acl[3]) {
    const t = leadingTitle(acl[3]);
    // "Quill, A. 2020.": the initial's period was taken for the one ending the authors.
    const authors = /(?:^|[\s,])\p{Lu}$/u.test(acl[1]) ? `${acl[1]}.` : acl[1];
    const c = t ? citation(authors, t.title, Number(acl[2]), t.after, s) : undefined;
    if (c) return c;
  }
  const colon = COLON_STYLE.exec(s);
  if (colon?.[1] && colon[2]) {
    const c = citation(colon[1], colon[2].replace(/\.$/, "").trim(), Number(colon[4]), colon[3] ?? "", s);
    if (c) return c;
  }
  const quoted = QUOTED.exec(s);
  // The names end right before the quoted title ("A, B, and C present "Title"" is a sentence, not a
  // citation), and the year is the venue's, in the words after the title up to the sentence's end
  // ("… at CVPR 2009 in Miami Beach, …", never "Beginning in 2006" further on).
  if (quoted?.[1] && quoted[2] && !/\s\p{Ll}{3,}[,:]?$/u.test(quoted[1])) {
    const venue = (quoted[3] ?? "").split(/(?<=[\p{Ll}\d)]{2}[.!?])\s+(?=\p{Lu})/u)[0] ?? "";
    const c = citation(quoted[1], quoted[2].trim(), lastYear(venue), venue, s);
    if (c) return c;
  }
  const titled = QUOTED_FIRST.exec(s) ?? DASHED.exec(s);
  if (titled?.[1] && titled[2] && titled[3]) {
    const c = citation(titled[2].trim(), titled[1].trim(), Number(titled[3]), "", s);
    if (c) return c;
  }
  return mlaStyle(s);
}

/** "Title (Jimenez et al., 2024)" → the title, the first author's surname and the year. */
export function trailingShortCitation(title: string): { title: string; surname: string; year: number } | undefined {
  const m = new RegExp(String.raw`^(.{8,}?)\s*\((\p{Lu}[\p{L}'’-]+)(?:\s(?:et al\.?|and|&)\s?(?:\p{Lu}[\p{L}'’-]+)?)?,?\s(${YEAR})[a-z]?\)\s*$`, "u").exec(title);
  return m?.[1] && m[2] && m[3] ? { title: m[1].trim(), surname: m[2], year: Number(m[3]) } : undefined;
}

/** "Mitchell et al 2019: Title", "Quill and Okoye (2021): Title" (a lesson's heading) → the title, the first author's surname and the year. */
export function leadingShortCitation(title: string): { title: string; surname: string; year: number } | undefined {
  const m = new RegExp(String.raw`^(\p{Lu}[\p{L}'’-]+)(?:\s(?:et al\.?|(?:and|&)\s\p{Lu}[\p{L}'’-]+)),?\s\(?(${YEAR})[a-z]?\)?:\s+(\S.{7,})$`, "u").exec(title.trim());
  return m?.[1] && m[2] && m[3] ? { title: m[3].trim(), surname: m[1], year: Number(m[2]) } : undefined;
}

/** A short citation before or after a title: the title alone, the first author's surname and the year. */
export function shortCitationAround(title: string): { title: string; surname: string; year: number } | undefined {
  return trailingShortCitation(title) ?? leadingShortCitation(title);
}
