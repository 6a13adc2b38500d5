/**
 * The date of a paper as a captured page shows it, and only that date: the first submission of an
 * arXiv paper ("[Submitted on 7 Jul 2021 (v1), last revised …]", "[v1] Wed, 7 Jul 2021 …", the
 * `arXiv:2307.03109v1 [cs.CL] 6 Jul 2023` stamp of a first version), a labelled date ("Published:
 * May 21, 2019", "Year:" / "2020", "Publication Date: 2024-03-06", "submitted 2023-11-20" inside a
 * metadata line), a venue's year ("Published as a conference paper at ICLR 2020", "Venue: … (ACL)
 * 2020"), and a date or year opening a short line near the title ("2021 · ArXiv: …", "29 Mar 2023
 * · A, B", "2019-04-21ICLR 2020…", "articleJan 1, 2023GOLD OA"). Never a revision's date, an
 * update, edition or review date, a view or citation count, a copyright line, a date range, or a
 * run of template dates ("(2018; 20 February 2007; 12 March 2009)"). Pure.
 */
import { findDate, yearOf } from "../../dates.ts";
import { DEFAULT_READER_SETTINGS, type ReaderSettings } from "../../reader-settings.ts";
import { arxivFirstVersion, yearFitsArxiv } from "../../../vocabulary/arxiv-dates.ts";
import { YEAR_SLACK } from "../../../vocabulary/identity-clusters.ts";
import type { LabelledValue } from "./labels.ts";

export interface PaperDate {
  date?: string;
  year: number;
  /** Where it came from, strongest first. */
  source: "arxiv-submission" | "labelled" | "venue" | "record" | "near-title";
}

const YEAR = /(?<!\d)((?:19|20)\d\d)(?!\d)/;
/** Dates a page prints that are not the paper's. */
const NOT_PAPER_DATE =
  /(?:\b|(?<=\d))(?:updated|modified|revised|edition|reviewed|retrieved|accessed|crawled|indexed|viewed|edited|verified|uploaded|answered|sampled|scraped|fetched|last seen|data (?:to|through)|copyright|expires?)\b|©|\(c\)\s*\d{4}/i;

/** "[Submitted on 7 Jul 2021 (v1), last revised …]", "[v1] Wed, 7 Jul 2021 …", a v1 stamp. */
export function arxivSubmission(lines: readonly string[]): string | undefined {
  for (const line of lines.slice(0, 4000)) {
    const submitted = /\[?\s*Submitted on ([^\]()]{6,40})/i.exec(line);
    const history = /^\[v1\]\s+(.{6,60})/.exec(line);
    const stamp = /\barXiv:\d{4}\.\d{4,5}v1\s+\[[a-z-]+(?:\.[A-Z]{2})?\]\s+(\d{1,2}\s+[A-Z][a-z]{2}\s+\d{4})/.exec(line);
    const found = submitted?.[1] ?? history?.[1] ?? stamp?.[1];
    const date = found ? findDate(found) : undefined;
    if (date) return date.iso;
  }
  return undefined;
}

/** The dates labelled values give ("Published: May 21, 2019", "Year" / "2020", "Venue: … 2020"), in page order. */
function labelledDates(values: readonly LabelledValue[]): Candidate[] {
  const out: Candidate[] = [];
  for (const v of values) {
    if (v.kind !== "date" && v.kind !== "year") continue;
    const value = v.value.slice(0, 200);
    if (NOT_PAPER_DATE.test(value.split(/,\s*(?=[A-Z][a-z]+ ?\w*:)/)[0] ?? value)) continue;
    const unconfirmed = PAGE_OWN_LABELS.has(v.label) ? { unconfirmed: true } : {};
    const found = findDate(value);
    if (found && found.at <= 20) {
      out.push({ date: found.iso, year: yearOf(found.iso) ?? 0, source: "labelled", ...unconfirmed });
      continue;
    }
    const year = YEAR.exec(value);
    if (year?.[1] && (v.kind === "year" || (year.index ?? 0) <= 20)) out.push({ year: Number(year[1]), source: "labelled", ...unconfirmed });
  }
  return out;
}

/**
 * '"Title" was submitted to arXiv on June 9, 2023 by …', "posted to arXiv in July 2021": the
 * first prose under the title telling when the paper reached arXiv (its first version).
 */
function arxivInProse(lines: readonly string[], from: number, to: number): Candidate | undefined {
  for (let i = Math.max(0, from), seen = 0; i <= to && i < lines.length && seen < 3; i++) {
    const line = (lines[i] ?? "").slice(0, 2000);
    if (!line) continue;
    seen++;
    const m = /\b(?:first\s+)?(?:submitted|posted|uploaded|released|published|put)\s+(?:(?:on|to)\s+)?arXiv\s+(?:on|in)\s+(.{6,30})/i.exec(line);
    const found = m?.[1] ? findDate(m[1]) : undefined;
    if (found && found.at === 0) return { date: found.iso, year: yearOf(found.iso) ?? 0, source: "labelled" };
  }
  return undefined;
}

/** "2015" over "Year" (a card's figures, each over its label, "3.4K" over "Citations"): the year the label names. */
function yearOverLabel(lines: readonly string[], to: number): Candidate | undefined {
  for (let i = 0; i < lines.length && i <= to + 10; i++) {
    const m = /^((?:19|20)\d\d)$/.exec((lines[i] ?? "").trim());
    if (m?.[1] && /^(?:year|publication year|published)$/i.test((lines[i + 1] ?? "").trim())) return { year: Number(m[1]), source: "labelled" };
  }
  return undefined;
}

/** "arxiv(2021)", "ICLR (2020)" alone on a line near the title: where it appeared, and its year. */
function venueYearLine(lines: readonly string[], from: number, to: number): Candidate | undefined {
  const shape = new RegExp(`^(?:arxiv|corr|${VENUES})\\s*\\(\\s*((?:19|20)\\d\\d)\\s*\\)$`, "i");
  for (let i = Math.max(0, from); i <= to && i < lines.length; i++) {
    const m = shape.exec((lines[i] ?? "").trim());
    if (m?.[1]) return { year: Number(m[1]), source: "venue" };
  }
  return undefined;
}

/** "submitted 2023-11-20", "Published on Sep 24, 2020", "Submitted to arXiv on 07 Sep. 2020" inside a metadata line. */
function phraseDate(lines: readonly string[], from: number, to: number): Candidate | undefined {
  for (let i = Math.max(0, from); i <= to && i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.length > 300) continue;
    const m = /\b(first )?(submitted|published|posted|released|presented|appeared)(?: (?:to arxiv )?(?:on|in))?:?\s+(.{6,40})/i.exec(line);
    if (!m?.[3] || NOT_PAPER_DATE.test(line.slice(Math.max(0, (m.index ?? 0) - 20), (m.index ?? 0) + 10))) continue;
    // A post's byline ("Posted on 12 January 2026 by …") dates the post, not the paper.
    if (/^(?:posted|published) on .{6,40}\bby\b/i.test(line)) continue;
    const found = findDate(m[3]);
    // "Published June 26, 2026" is how a site dates its own entry too: a date to confirm.
    const unconfirmed = !m[1] && /^(?:published|posted)$/i.test(m[2] ?? "") ? { unconfirmed: true } : {};
    if (found && found.at === 0) return { date: found.iso, year: yearOf(found.iso) ?? 0, source: "labelled", ...unconfirmed };
    // "Published in Journal of X · 14 March 2022": the date after the venue.
    const after = /\bpublished in .{2,160}?\s[·|]\s(.{6,40})$/i.exec(line)?.[1];
    const dated = after ? findDate(after) : undefined;
    if (dated && dated.at === 0) return { date: dated.iso, year: yearOf(dated.iso) ?? 0, source: "labelled" };
  }
  return undefined;
}

/** "Published as a conference paper at ICLR 2020", "Accepted at NeurIPS 2023": venue and year. */
export function venueStatementLine(line: string): { venue: string; year: number } | undefined {
  // "Proceedings of the … (CVPR), 2023, pp. 1-10", "Advances in … 33 (NeurIPS 2020)".
  const proceedings =
    /^(?:.{0,600}?;\s*)?(?:In:?\s+|Part of\s+)?((?:Proceedings of|Advances in) .{5,200}?)(?:,\s*|\s+)(?:\(?[A-Za-z]{2,12}\)?,?\s*)?\(?((?:19|20)\d\d)\)?(?:-\d\d(?:-\d\d)?)?(?:[,.)]|\s|$)/.exec(
      line.trim(),
    );
  if (proceedings?.[1] && proceedings[2]) {
    return { venue: proceedings[1].replace(/,\s*(?:PMLR|pp\.|pages|vol\.|volume)\b.*$/i, "").replace(/[\s,(]+$/, ""), year: Number(proceedings[2]) };
  }
  const m =
    /^(?:published as an? (?:conference|workshop|journal|main conference) paper (?:at|in)|accepted (?:at|to|by|for publication in)|to appear (?:at|in)|presented at|appeared in|published (?:in|at))\s+(?:the\s+)?(.{2,120}?)\.?$/i.exec(
      line.trim(),
    );
  const year = m?.[1] ? YEAR.exec(m[1]) : null;
  return m?.[1] && year?.[1] ? { venue: m[1].trim(), year: Number(year[1]) } : undefined;
}

export const VENUES =
  "ACL|EMNLP|NAACL|EACL|AACL|COLING|LREC|TACL|CoNLL|NeurIPS|NIPS|ICML|ICLR|AAAI|IJCAI|CVPR|ICCV|ECCV|WACV|KDD|WWW|SIGIR|CHI|UIST|UAI|AISTATS|COLT|COLM|TMLR|JMLR|FAccT|ICRA|IROS|CoRL|RSS|MLSys|Interspeech|ICASSP|WSDM|CIKM|RecSys|ICSE|FSE|ASE|OSDI|SOSP|NSDI|USENIX Security";
/** A line that is only a venue's name and year, with a track ("ICLR 2024 Oral", "Findings of EMNLP 2023"). */
const VENUE_LINE = new RegExp(
  `^(?:Findings of (?:the )?)?(?:${VENUES})\\s?((?:19|20)\\d\\d)(?:\\s+(?:Oral|Poster|Spotlight|Main|Findings|Workshop|Long|Short|Demo|Track|Conference|Papers?|Highlight)){0,3}$`,
);

/** A venue's name and year anywhere in a short text ("… NeurIPS 2023 (arXiv:…)"). */
const VENUE_IN = new RegExp(`(?<![\\p{L}])(?:Findings of (?:the )?)?(?:${VENUES})\\s?((?:19|20)\\d\\d)(?!\\d)`, "u");

/** The first venue and year a short text names, if any. */
export function venueIn(text: string): { venue: string; year: number } | undefined {
  const m = VENUE_IN.exec(text.slice(0, 400));
  return m?.[1] ? { venue: m[0], year: Number(m[1]) } : undefined;
}

/** "Transactions of the … Linguistics (2019) (to appear)": a journal's or proceedings' name, its year in brackets. */
const JOURNAL_LINE =
  /^((?:Transactions|Journal|Proceedings|Annals|(?:(?:International|Annual|European|North American|Joint) )?(?:Conference|Meeting|Workshop|Symposium))\b[^()]{3,160}?)\s*\(((?:19|20)\d\d)\)(?:\s*\((?:to appear|in press|forthcoming)\))?\.?$/;

/**
 * "ICLR 2024 Oral" (or a journal's name and "(2019)") alone on a line near the title, or before a
 * bar of the site's links: the venue, and its year.
 */
export function venueLine(line: string): { venue: string; year: number } | undefined {
  const m = VENUE_LINE.exec(line.trim());
  if (m?.[1]) return { venue: line.trim(), year: Number(m[1]) };
  // "NeurIPS 2023 | Venue PDF | LLM Run Details": the venue before a bar of the site's links.
  const [first, ...links] = line.length <= 200 ? line.split(/\s+\|\s+/) : [];
  const barred = first && links.length > 0 && links.every((l) => l.split(/\s+/).length <= 4 && !/\d/.test(l)) ? VENUE_LINE.exec(first.trim()) : null;
  if (barred?.[1] && first) return { venue: first.trim(), year: Number(barred[1]) };
  const journal = line.length <= 240 ? JOURNAL_LINE.exec(line.trim()) : null;
  return journal?.[1] && journal[2] ? { venue: journal[1].trim(), year: Number(journal[2]) } : undefined;
}

/** A date or year that opens a short line near the title (or a date inside a short token run). */
function nearTitleDate(lines: readonly string[], from: number, to: number): PaperDate | undefined {
  for (let i = Math.max(0, from); i <= to && i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (!line || line.length > 160 || NOT_PAPER_DATE.test(line)) continue;
    // Template dates: several dates in one parenthesis.
    if (/\([^)]*(?:19|20)\d\d[^)]*;[^)]*(?:19|20)\d\d[^)]*\)/.test(line)) continue;
    const found = findDate(line.replace(/^[.\s•·▪◦*-]+/, ""));
    if (found && (found.at === 0 || (found.at <= 12 && !/\s/.test(line.slice(0, found.at))))) {
      return { date: found.iso, year: yearOf(found.iso) ?? 0, source: "near-title" };
    }
    const typed = /^(?:preprint|article|journal article|conference paper|proceedings paper|book chapter|thesis|report|dataset)\s*[,·|]\s*((?:19|20)\d\d)$/i.exec(line);
    if (typed?.[1]) return { year: Number(typed[1]), source: "near-title" };
    const year = /^((?:19|20)\d\d)(?:\s*[·|•,;:–—-]\s*|\s+(?=\p{L}))/u.exec(line);
    if (year?.[1] && !/^\d{4}\s+(?:papers?|results?|citations?|views?|downloads?|questions?|problems?|tasks?)\b/i.test(line)) {
      return { year: Number(year[1]), source: "near-title" };
    }
  }
  return undefined;
}

export interface DateClues {
  lines: readonly string[];
  labels: readonly LabelledValue[];
  /** The title's line, when the title was found on one. */
  titleLine?: number;
  /** The line the near-title region ends at (the abstract's label, say). */
  headerEnd: number;
  /** A year from the page's own record (embedded BibTeX, JSON, its self-citation). */
  recordYear?: number;
  /** A year from the venue the page states. */
  venueYear?: number;
  /** The date of the page's byline (bylines.ts), printed with its authors or identifier. */
  bylineDate?: string;
  /** The page's own arXiv identifier: it fixes the first version's year (vocabulary/arxiv-dates.ts). */
  arxiv?: string;
}

/** Labels sites also print on their own posts and entries ("Published June 26, 2026" on a summary). */
const PAGE_OWN_LABELS = new Set(["published", "published on", "posted", "posted on", "date published", "publish date", "publish", "date", "online", "published online", "online publication date"]);

interface Candidate extends PaperDate {
  /** A date a site may print for its own entry: kept only when nothing contradicts it. */
  unconfirmed?: boolean;
}

/**
 * The paper's date and year from what the page shows, strongest clue first, among the dates that
 * can be the paper's: never before the first version the arXiv identifier dates, nor more than
 * `settings.yearsAfterArxiv` years after it; a date labelled as sites label their own entries
 * ("Published", "Posted") only when no firmer date of the page contradicts it, and, when nothing
 * confirms it either, as `settings.unconfirmedPublished` says.
 */
export function paperDate(clues: DateClues, settings: ReaderSettings = DEFAULT_READER_SETTINGS): PaperDate | undefined {
  const candidates = dateCandidates(clues);
  const first = arxivFirstVersion(clues.arxiv);
  const fits = (c: Candidate) => yearFitsArxiv(c.year, clues.arxiv, settings.yearsAfterArxiv);
  const firm = candidates.filter((c) => !c.unconfirmed && fits(c));
  const anchors = [...firm.map((c) => c.year), ...(first ? [first.year] : [])];
  const chosen = candidates.find((c) => {
    if (!fits(c)) return false;
    if (!c.unconfirmed) return true;
    if (anchors.length === 0) return settings.unconfirmedPublished === "keep";
    return anchors.every((y) => Math.abs(y - c.year) <= YEAR_SLACK);
  });
  if (!chosen) return undefined;
  const { unconfirmed: _, ...date } = chosen;
  return date;
}

/** Every date clue of the page, strongest first. */
function dateCandidates(clues: DateClues): Candidate[] {
  const out: Candidate[] = [];
  const submission = arxivSubmission(clues.lines);
  if (submission) out.push({ date: submission, year: yearOf(submission) ?? 0, source: "arxiv-submission" });
  const top = clues.titleLine ?? 0;
  out.push(...labelledDates(clues.labels));
  if (clues.bylineDate) {
    const year = yearOf(clues.bylineDate) ?? 0;
    out.push(clues.bylineDate.length > 4 ? { date: clues.bylineDate, year, source: "near-title" } : { year, source: "near-title" });
  }
  const over = yearOverLabel(clues.lines, clues.headerEnd);
  if (over) out.push(over);
  const prose = arxivInProse(clues.lines, top + 1, Math.min(clues.lines.length - 1, top + 8));
  if (prose) out.push(prose);
  const phrase = phraseDate(clues.lines, 0, clues.headerEnd);
  // A venue's or record's year, given as a full date by a line of the page, is that date.
  for (const year of [clues.venueYear, clues.recordYear]) {
    if (year === undefined) continue;
    out.push(phrase?.year === year ? { ...phrase, unconfirmed: false } : { year, source: year === clues.venueYear ? "venue" : "record" });
  }
  // The page's own citation or record beats a date in a line of text (a blog's "Posted on …");
  // a short "Posted May 14, 2023." further down the page comes last.
  for (const c of [
    phrase,
    nearTitleDate(clues.lines, top - 4, clues.headerEnd),
    venueYearLine(clues.lines, top + 1, Math.min(clues.headerEnd, top + 4)),
    phraseDate(
      clues.lines.map((l) => (l.length <= 80 ? l : "")),
      clues.headerEnd + 1,
      clues.lines.length - 1,
    ),
  ]) {
    if (c) out.push(c);
  }
  return out;
}
