/**
 * Adapter for an arXiv abstract page (arxiv.org/abs, export.arxiv.org/abs, a saved or Zotero
 * snapshot) captured as text: the "Skip to main content" / Cornell / Simons Foundation / Donate
 * banner, the breadcrumb ("arxiv logo > cs > arXiv:2107.03374", "Computer Science > Machine
 * Learning"), "[Submitted on 7 Jul 2021 (v1), last revised 14 Jul 2021 (this version, v2)]",
 * `Title:` and `Authors:` glued to their values, "View a PDF of the paper titled …, by A and 57
 * other authors", `Abstract:` (glued to the link labels before it in the current layout, "View PDF
 * HTML (experimental)Abstract:…"), Subjects, "Cite as: arXiv:…", and the sidebar of tools after it
 * ("References & Citations", "(What is …?)"), which is never a reference list. The date is the first
 * version's, never the revision's. HTML abstract pages carry citation_* tags and go to
 * scholarly-html.ts.
 */
import { canonicalArxiv } from "../../../vocabulary/identifiers.ts";
import type { Identifiers } from "../../../vocabulary/paper-page.ts";
import type { ReadingAdapter } from "../../reader-settings.ts";
import { parseAuthorList, type AuthorList } from "../capture/author-lists.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, type SiteReading } from "../capture/capture-reader.ts";
import { cleanAbstract } from "../capture/capture-fields.ts";
import { captureOf } from "../capture/captures.ts";
import { categoryOfBreadcrumb } from "./arxiv-categories.ts";

/** Cheap check for the format detector. */
export function looksLikeArxivAbs(capture: Capture): boolean {
  const top = capture.lines.slice(0, 300);
  const submitted = top.some((l) => /^\[?\s*Submitted on \d{1,2} [A-Z][a-z]{2} \d{4}/.test(l));
  const labelled = top.some((l) => /^Title\s*:\s*\S/.test(l)) && top.some((l) => /^Authors?\s*:\s*\S/.test(l) || /^View (?:a )?PDF\b/.test(l));
  const marks = top.some((l) => /arxiv logo|^View a PDF of the paper titled|^Cite as:\s*arXiv:|^Submission history|simons foundation/i.test(l));
  return submitted || (labelled && marks);
}

/** "View a PDF of the paper titled X, by A and 57 other authors" → X and the author count. */
function pdfLine(lines: readonly string[]): { title: string; total: number } | undefined {
  for (const l of lines) {
    const m = /^View (?:a )?PDF of the paper titled (.{3,400}), by .{2,120}?(?: and (\d+) other authors?)?$/.exec(l);
    if (m?.[1]) return { title: m[1], total: m[2] ? Number(m[2]) + 1 : 1 };
  }
  return undefined;
}

export const parseArxivAbs: ReadingAdapter = (text, origin, settings) => {
  const capture = captureOf(text, origin);
  const { lines } = capture;
  const site: SiteReading = {};
  const pdf = pdfLine(lines);
  const titleAt = lines.findIndex((l) => /^Title\s*:\s*\S/.test(l));
  if (titleAt >= 0) {
    site.title = (lines[titleAt] ?? "").replace(/^Title\s*:\s*/, "");
    site.titleLine = titleAt;
  } else if (pdf) site.title = pdf.title;
  const authorsLine = lines.find((l) => /^Authors?\s*:\s*\S/.test(l));
  const authors: AuthorList | undefined = authorsLine ? parseAuthorList(authorsLine.replace(/^Authors?\s*:\s*/, ""), { labelled: true }) : undefined;
  if (authors) {
    site.authors = authors;
    if (pdf && pdf.total > authors.names.length) site.authors = { ...authors, truncated: { total: pdf.total } };
  }
  const abstractAt = lines.findIndex((l) => /^(?:.{0,60}?\))?\s*Abstract\s*:\s*\S/.test(l) || /^View PDF.{0,40}Abstract\s*:/.test(l));
  if (abstractAt >= 0) site.abstract = cleanAbstract((lines[abstractAt] ?? "").replace(/^.*?Abstract\s*:\s*/, ""));
  const ids: Identifiers = {};
  for (const l of lines.slice(0, 400)) {
    const id = /(?:arxiv logo\s*>.*?|^Cite as:\s*)arXiv:(\S+)/i.exec(l)?.[1];
    const canonical = id ? canonicalArxiv(id) : undefined;
    if (canonical) {
      ids.arxiv = canonical;
      break;
    }
  }
  site.ids = ids;
  const categories = lines
    .slice(0, 60)
    .map(categoryOfBreadcrumb)
    .filter((c): c is string => c !== undefined);
  const end = lines.findIndex((l) => /^(?:References & Citations|Bibliographic (?:and Citation )?Tools|Access Paper:|Current browse context)/i.test(l));
  if (end >= 0) site.contentEnd = end;
  const reading = readCapture(capture, site, settings);
  for (const c of categories) if (!reading.categories.includes(c)) reading.categories.unshift(c);
  return capturePage("arxiv-abs", reading, "arXiv abstract page");
};
