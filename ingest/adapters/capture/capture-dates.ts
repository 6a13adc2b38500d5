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
import type { LabelledValue } from "./labels.ts";

export interface PaperDate {
  date?: string;
  year: number;
  /** Where it came from, strongest first. */
  source: "arxiv-submission" | "labelled" | "venue" | "record" | "near-title";
}

const YEAR = /(?<!\d)((?:19|20)\d\d)(?!\d)/;
/** Dates a page prints that are not the paper's. */
const NOT_PAPER_DATE = /\b(?:updated|modified|revised|edition|reviewed|retrieved|accessed|crawled|indexed|viewed|edited|last seen|data (?:to|through)|copyright|expires?)\b|©|\(c\)\s*\d{4}/i;

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

/** The date a labelled value gives ("Published: May 21, 2019", "Year" / "2020", "Venue: … 2020"). */
function labelledDate(values: readonly LabelledValue[]): PaperDate | undefined {
  for (const v of values) {
    if (v.kind !== "date" && v.kind !== "year") continue;
    const value = v.value.slice(0, 200);
    if (NOT_PAPER_DATE.test(value.split(/,\s*(?=[A-Z][a-z]+ ?\w*:)/)[0] ?? value)) continue;
    const found = findDate(value);
    if (found && found.at <= 20) return { date: found.iso, year: yearOf(found.iso) ?? 0, source: "labelled" };
    const year = YEAR.exec(value);
    if (year?.[1] && (v.kind === "year" || (year.index ?? 0) <= 20)) return { year: Number(year[1]), source: "labelled" };
  }
  return undefined;
}

/** "submitted 2023-11-20", "Published on Sep 24, 2020" inside a metadata line. */
function phraseDate(lines: readonly string[], from: number, to: number): PaperDate | undefined {
  for (let i = Math.max(0, from); i <= to && i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.length > 300) continue;
    const m = /\b(?:first )?(?:submitted|published|posted|released|presented|appeared)(?: (?:on|in))?:?\s+(.{6,40})/i.exec(line);
    if (!m?.[1] || NOT_PAPER_DATE.test(line.slice(Math.max(0, (m.index ?? 0) - 20), (m.index ?? 0) + 10))) continue;
    // A post's byline ("Posted on 12 January 2026 by …") dates the post, not the paper.
    if (/^(?:posted|published) on .{6,40}\bby\b/i.test(line)) continue;
    const found = findDate(m[1]);
    if (found && found.at === 0) return { date: found.iso, year: yearOf(found.iso) ?? 0, source: "labelled" };
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
  const proceedings = /^(?:.{0,600}?;\s*)?(?:In:?\s+|Part of\s+)?((?:Proceedings of|Advances in) .{5,200}?)(?:,\s*|\s+)(?:\(?[A-Za-z]{2,12}\)?,?\s*)?\(?((?:19|20)\d\d)\)?(?:[,.)]|\s|$)/.exec(
    line.trim(),
  );
  if (proceedings?.[1] && proceedings[2]) {
    return { venue: proceedings[1].replace(/,\s*(?:PMLR|pp\.|pages|vol\.|volume)\b.*$/i, "").replace(/[\s,(]+$/, ""), year: Number(proceedings[2]) };
  }
  const m =
    /^(?:published as an? (?:conference|workshop|journal|main conference) paper (?:at|in)|accepted (?:at|to|by|for publication in)|to appear (?:at|in)|presented at|appeared in|published in)\s+(?:the\s+)?(.{2,120}?)\.?$/i.exec(
      line.trim(),
    );
  const year = m?.[1] ? YEAR.exec(m[1]) : null;
  return m?.[1] && year?.[1] ? { venue: m[1].trim(), year: Number(year[1]) } : undefined;
}

const VENUES =
  "ACL|EMNLP|NAACL|EACL|AACL|COLING|LREC|TACL|CoNLL|NeurIPS|NIPS|ICML|ICLR|AAAI|IJCAI|CVPR|ICCV|ECCV|WACV|KDD|WWW|SIGIR|CHI|UIST|UAI|AISTATS|COLT|COLM|TMLR|JMLR|FAccT|ICRA|IROS|CoRL|RSS|MLSys|Interspeech|ICASSP|WSDM|CIKM|RecSys|ICSE|FSE|ASE|OSDI|SOSP|NSDI|USENIX Security";
/** A line that is only a venue's name and year, with a track ("ICLR 2024 Oral", "Findings of EMNLP 2023"). */
const VENUE_LINE = new RegExp(
  `^(?:Findings of (?:the )?)?(?:${VENUES})\\s?((?:19|20)\\d\\d)(?:\\s+(?:Oral|Poster|Spotlight|Main|Findings|Workshop|Long|Short|Demo|Track|Conference|Papers?|Highlight)){0,3}$`,
);

/** "ICLR 2024 Oral" alone on a line near the title: the venue, and its year. */
export function venueLine(line: string): { venue: string; year: number } | undefined {
  const m = VENUE_LINE.exec(line.trim());
  return m?.[1] ? { venue: line.trim(), year: Number(m[1]) } : undefined;
}

/** A date or year that opens a short line near the title (or a date inside a short token run). */
function nearTitleDate(lines: readonly string[], from: number, to: number): PaperDate | undefined {
  for (let i = Math.max(0, from); i <= to && i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (!line || line.length > 160 || NOT_PAPER_DATE.test(line)) continue;
    // Template dates: several dates in one parenthesis.
    if (/\([^)]*(?:19|20)\d\d[^)]*;[^)]*(?:19|20)\d\d[^)]*\)/.test(line)) continue;
    const found = findDate(line.replace(/^[.\s]+/, ""));
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
}

/** The paper's date and year from what the page shows, strongest clue first. */
export function paperDate(clues: DateClues): PaperDate | undefined {
  const submission = arxivSubmission(clues.lines);
  if (submission) return { date: submission, year: yearOf(submission) ?? 0, source: "arxiv-submission" };
  const top = clues.titleLine ?? 0;
  const labelled = labelledDate(clues.labels);
  if (labelled) return labelled;
  const phrase = phraseDate(clues.lines, 0, clues.headerEnd);
  // A venue's or record's year, given as a full date by a line of the page, is that date.
  for (const year of [clues.venueYear, clues.recordYear]) {
    if (year === undefined) continue;
    return phrase?.year === year ? phrase : { year, source: year === clues.venueYear ? "venue" : "record" };
  }
  // The page's own citation or record beats a date in a line of text (a blog's "Posted on …");
  // a short "Posted May 14, 2023." further down the page comes last.
  return (
    phrase ??
    nearTitleDate(clues.lines, top - 4, clues.headerEnd) ??
    phraseDate(
      clues.lines.map((l) => (l.length <= 80 ? l : "")),
      clues.headerEnd + 1,
      clues.lines.length - 1,
    )
  );
}
