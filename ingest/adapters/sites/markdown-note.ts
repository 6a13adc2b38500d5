/**
 * Adapter for a paper note in Markdown (Obsidian, a thesis's reference folder, a benchmark card, a
 * GitHub README): a `# Title` heading, or no heading but a link to the paper (`[Title | OpenReview]
 * (https://openreview.net/forum?id=…)`), bold labelled facts (`**Authors:** …`, `- **arXiv
 * preprint:** August 2023, arXiv:2308.14508`), link lists and a citation blockquote. A note
 * flattened onto one line by a capture (`## Memo … ## Abstract …`) is split at its headings first.
 * The notes about other works a note may hold (later versions, related benchmarks) are prose, and
 * never give the note's paper an identifier. The mlsanity Markdown page (markdown-page.ts) is not a
 * note: it has its own adapter.
 */
import { identifiersFromUrl } from "../../../vocabulary/identifiers.ts";
import { boundedLines } from "../page-text.ts";
import type { Capture, CaptureLink } from "../capture/capture-lines.ts";
import { textCapture } from "../capture/capture-lines.ts";
import { capturePage } from "../capture/capture-page.ts";
import { hasIdentity, readCapture, type SiteReading } from "../capture/capture-reader.ts";
import type { ReadingAdapter } from "../../reader-settings.ts";
import { noteFreeText } from "./note-text.ts";
import { cleanCapturedTitle, normalizeTitle } from "../../../vocabulary/titles.ts";
import { hasIdentifier } from "../../../vocabulary/identifiers.ts";
import { titleLike } from "../capture/line-kinds.ts";

const LINK = /\[((?:\\.|[^\]\\]){1,500})\]\((https?:\/\/[^\s)]{1,2000})\)/g;
const HEADING = /^#{1,6}\s+\S/;

/** A note's lines: headings a capture ran together are split apart, one per line. */
function noteText(text: string): string {
  return boundedLines(text)
    .flatMap((l) => (/\s#{1,6}\s+\S/.test(l) && HEADING.test(l.trim()) ? l.split(/\s+(?=#{1,6}\s+\S)/) : [l]))
    .join("\n");
}

function noteCapture(text: string): Capture {
  const capture = textCapture(noteText(text));
  const links: CaptureLink[] = [];
  capture.lines.forEach((line, i) => {
    for (const m of line.matchAll(LINK)) if (m[1] && m[2]) links.push({ line: i, text: m[1], url: m[2], ids: identifiersFromUrl(m[2]) });
  });
  capture.links = links;
  return capture;
}

/** Cheap check for the format detector: Markdown headings, bold labels or links to papers. */
export function looksLikeMarkdownNote(text: string): boolean {
  // Lines are cut before the text is: a huge title line must not hide the lines under it.
  const head = boundedLines(text).slice(0, 2_000).join("\n");
  const headings = head.match(/(?:^|\n|\s)#{1,6}\s+\S/g)?.length ?? 0;
  const bold = head.match(/\*\*[A-Z][^*\n]{0,40}:?\*\*:?/g)?.length ?? 0;
  const paperLinks = [...head.matchAll(LINK)].filter((m) => hasIdentifier(identifiersFromUrl(m[2] ?? ""))).length;
  return (/^\s*#{1,6}\s+\S/.test(head) && (headings >= 2 || bold >= 1 || paperLinks >= 1)) || (headings >= 2 && paperLinks >= 1) || ((bold >= 2 || paperLinks >= 1) && /^\s*#\s+\S/m.test(head));
}

/** Sections of a note that list other works: their links never name the note's paper. */
const OTHER_WORKS = /^(#{1,6})\s+(?:builds on|built on by|references|bibliography|related(?: work| works| papers)?|see also|further reading|cited by|citations|citing papers|reading list)\b/i;

/** The lines of the note's sections that list other works ("## Builds on" to the next heading as high). */
function otherWorksLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  let level = 0;
  lines.forEach((l, i) => {
    const heading = /^(#{1,6})\s+\S/.exec(l);
    if (heading?.[1] && level > 0 && heading[1].length <= level) level = 0;
    const list = OTHER_WORKS.exec(l);
    if (list?.[1]) level = list[1].length;
    if (level > 0) out.add(i);
  });
  return out;
}

/** A link that is its line's whole content (a list item, "Source: [Title](…)"), not a link inside a sentence. */
function standsAlone(line: string, link: CaptureLink): boolean {
  const rest = line.replace(`[${link.text}](${link.url})`, " ").replace(/^[\s>*+-]+/, "");
  return rest.trim().split(/\s+/).filter(Boolean).length <= 2;
}

/** A heading that is a work's short name ("Big-Bench", "GPQA"): a few words, no colon. */
function shortName(heading: string): boolean {
  return heading.length <= 40 && heading.split(/\s+/).length <= 3 && !heading.includes(":");
}

export const parseMarkdownNote: ReadingAdapter = (text, _origin, settings) => {
  const capture = noteCapture(text);
  const others = otherWorksLines(capture.lines);
  const listed = capture.links.filter((k) => others.has(k.line));
  capture.links = capture.links.filter((k) => !others.has(k.line));
  const site: SiteReading = { chrome: others };
  const h1 = capture.lines.findIndex((l) => /^#\s+\S/.test(l));
  const paperLinks = capture.links.filter((k) => hasIdentifier(k.ids));
  if (h1 >= 0) {
    // A note titled after its paper's short name ("Reading notes: Thermocline", "Big-Bench") links
    // the paper under its whole title right under the heading: the link's text is the title.
    const raw = cleanCapturedTitle((capture.lines[h1] ?? "").replace(/^#\s+/, ""));
    const heading = normalizeTitle(raw);
    const whole = paperLinks.find(
      (k) =>
        k.line <= h1 + 6 &&
        heading.length >= 3 &&
        (normalizeTitle(cleanCapturedTitle(k.text)).startsWith(heading) || (shortName(raw) && k.line <= h1 + 3 && k.text.split(/\s+/).length >= 4 && standsAlone(capture.lines[k.line] ?? "", k))),
    );
    if (whole) {
      site.title = cleanCapturedTitle(whole.text);
      site.titleLine = h1;
    }
  } else {
    // No title heading: the text of the first link to a paper that reads as a title names it
    // ("[source](…)", "[GAIA Paper](…)" are a link's words, not a title).
    const link = paperLinks.find((k) => k.text.trim().split(/\s+/).length >= 3 && titleLike(k.text, { long: true }));
    if (link) {
      site.title = cleanCapturedTitle(link.text);
      site.titleLine = link.line;
    }
  }
  const reading = readCapture(capture, site, settings);
  if (!hasIdentity(reading) && listed.length > 0) {
    return {
      ok: false,
      refusal: "no-title",
      reason: `Markdown note: no title and no identifier of its own; the ${listed.length} paper${listed.length === 1 ? "" : "s"} it links ${listed.length === 1 ? "is" : "are"} a list of other works ("${(capture.lines[[...others][0] ?? 0] ?? "").replace(/^#+\s+/, "").slice(0, 40)}"), not the note's paper`,
    };
  }
  const result = capturePage("markdown-note", reading, "Markdown note");
  if (result.ok) {
    const note = noteFreeText(text);
    if (note) result.page.facts.note = note;
  }
  return result;
};
