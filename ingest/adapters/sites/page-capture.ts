/**
 * Adapter for a saved page of any site without an adapter of its own: a text capture (or HTML) of
 * a paper page, summary, note or catalogue entry, read by the capture reader alone
 * (capture/capture-reader.ts). Detected when a title-like line stands near the top, apart from
 * prose: a bare abstract (prose from its first line) is left to bare-abstract.ts.
 */
import type { ReadingAdapter } from "../../reader-settings.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture } from "../capture/capture-reader.ts";
import { isProse, titleLike } from "../capture/line-kinds.ts";
import { captureOf } from "../capture/captures.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { isChrome } from "../capture/chrome.ts";
import { parseFormattedCitation } from "../capture/formatted-citations.ts";
import { labelledValues } from "../capture/labels.ts";
import { jsonRecord, risRecord, xmlRecord } from "../capture/embedded-records.ts";
import { readByline } from "../capture/bylines.ts";
import { cutHeadingFlattened } from "../capture/flattened-pdf.ts";
import { namedPaper } from "../capture/self-citations.ts";
import type { LabelKind } from "../capture/labels.ts";

/** Labels of a record's fields: two of them make a page of one paper's metadata. */
const RECORD_FIELDS: ReadonlySet<LabelKind> = new Set(["authors", "date", "year", "venue", "arxiv", "doi", "acl", "openreview"]);

/**
 * A JSON document cut short by the capture (it does not parse), that names its paper's title: a
 * record card saved as text, read field by field as far as it goes.
 */
export function cutJsonRecord(text: string): boolean {
  const head = text.slice(0, 20_000);
  if (!/^\s*\{/.test(head) || !/"title"\s*:\s*(?:\[\s*)?"/.test(head) || text.length > 2_000_000) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return jsonRecord(head)?.title !== undefined;
  }
}

/** Cheap check for the format detector: a title-like line near the top, not prose from the start. `capture`: the text's, when the caller has it. */
export function looksLikePageCapture(text: string, capture?: Capture): boolean {
  // A JSON document shown as text (with a viewer's line numbers, say) names its paper's title.
  if (/^\s*[^\s{[]/.test(text) && /"title"\s*:\s*(?:\[\s*)?"/.test(text.slice(0, 20_000)) && jsonRecord(text.slice(0, 20_000))?.title) return true;
  if (cutJsonRecord(text)) return true;
  // An XML paper file shown as text (a JATS article, a corpus's <Paper>) names its title.
  if (/<(?:\?xml\s|article-meta[\s>])/.test(text.slice(0, 20_000)) && xmlRecord(text.slice(0, 200_000))?.title) return true;
  // An RIS export shown as text, its tags run together on one line ("TY - JOUR AU - AB - … TI - …").
  if (/\bTY\s{1,2}-\s/.test(text.slice(0, 2_000)) && risRecord(text.slice(0, 20_000))?.title) return true;
  const { lines, framed } = capture ?? captureOf(text);
  // A document host's heading cut short over the PDF's first page flattened onto one line.
  if (cutHeadingFlattened(lines)) return true;
  const filled = lines.slice(0, 400).filter((l) => l !== "");
  if (filled.length < 2 && !(filled[0] && parseFormattedCitation(filled[0]))) return false;
  const labelled = labelledValues(lines.slice(0, 200), framed);
  if (labelled.some((v) => v.kind === "title")) return true;
  // A record's fields under their labels (authors, a date, a venue, an identifier), with or without a title.
  if (new Set(labelled.filter((v) => RECORD_FIELDS.has(v.kind) && v.value.trim() !== "").map((v) => v.kind)).size >= 2) return true;
  const first = filled.find((l) => !isChrome(l));
  if (first === undefined) return false;
  // A page that names its paper in a sentence ('This paper, titled "…," explores …').
  if (namedPaper(lines, 80)) return true;
  // A byline opening the page: its header, with the title elsewhere.
  if (readByline(first)) return true;
  if (isProse(first)) return parseFormattedCitation(first) !== undefined;
  return filled.slice(0, 40).some((l) => !isChrome(l) && titleLike(l));
}

export const parsePageCapture: ReadingAdapter = (text, origin, settings) => capturePage("page-capture", readCapture(captureOf(text, origin), {}, settings), "page capture");
