/**
 * From bytes to a `PaperPage`: decode defensively, detect the format, run its adapter, and check
 * the page has an identity. Pure: the same bytes and origin always give the same answer. Input
 * that is not a page is refused with a `Refusal` kind and a one-line reason; an adapter that throws
 * is not refused but propagates as an `AdapterCrash` (ingest/adapter-crash.ts), since it is a bug.
 * Formats are tried from the most particular to the most general (issue 16): the map pages this
 * project's own sites publish, scholarly HTML, the layouts of the sites researchers save most, the
 * Markdown note, any page capture, and last a bare abstract; a page listing many papers is refused.
 */
import { createHash } from "node:crypto";
import { decodePage, DEFAULT_MAX_BYTES } from "./decode.ts";
import type { AdapterResult, PageAdapterFormat, PaperPage, Refusal } from "../vocabulary/paper-page.ts";
import { DEFAULT_READER_SETTINGS, type ReaderSettings, type ReadingAdapter } from "./reader-settings.ts";
import { checkYears } from "./year-checks.ts";
import { AdapterCrash } from "./adapter-crash.ts";
import { hasIdentifier } from "../vocabulary/identifiers.ts";
import { looksLikeScholarlyHtml, parseScholarlyHtml } from "./adapters/scholarly-html.ts";
import { parseHtmlPage } from "./adapters/html-page.ts";
import { looksLikeMarkdownPage, parseMarkdownPage } from "./adapters/markdown-page.ts";
import { boundedLines } from "./adapters/page-text.ts";
import { looksLikeTextPage, parseTextPage } from "./adapters/text-page.ts";
import { looksLikeEditorialPage, parseEditorialPage } from "./adapters/editorial.ts";
import { looksLikeAbstract, parseBareAbstract, proseLike } from "./adapters/bare-abstract.ts";
import { captureOf, isHtmlDocument } from "./adapters/capture/captures.ts";
import { listingReason } from "./adapters/capture/listings.ts";
import type { Capture } from "./adapters/capture/capture-lines.ts";
import { cutJsonRecord, looksLikePageCapture, parsePageCapture } from "./adapters/sites/page-capture.ts";
import { looksLikeArxivAbs, parseArxivAbs } from "./adapters/sites/arxiv-abs.ts";
import { looksLikeArxivHtml, parseArxivHtml } from "./adapters/sites/arxiv-html.ts";
import { looksLikeAclAnthology, parseAclAnthology } from "./adapters/sites/acl-anthology.ts";
import { looksLikeOpenReview, parseOpenReview } from "./adapters/sites/openreview.ts";
import { looksLikeSemanticScholar, parseSemanticScholar } from "./adapters/sites/semantic-scholar.ts";
import { looksLikePaperHub, parsePaperHub } from "./adapters/sites/paper-hub.ts";
import { looksLikePosterPage, parsePosterPage } from "./adapters/sites/poster-page.ts";
import { looksLikeMarkdownNote, parseMarkdownNote } from "./adapters/sites/markdown-note.ts";
import { looksLikeEndnoteRecord, parseEndnoteRecord } from "./adapters/sites/endnote-record.ts";

/** One adapter per detected format. */
export type AdapterTable = Readonly<Record<PageAdapterFormat, ReadingAdapter>>;

export const ADAPTERS: AdapterTable = {
  "scholarly-html": parseScholarlyHtml,
  "html-page": parseHtmlPage,
  "markdown-page": parseMarkdownPage,
  "text-page": parseTextPage,
  editorial: parseEditorialPage,
  "bare-abstract": parseBareAbstract,
  "page-capture": parsePageCapture,
  "arxiv-abs": parseArxivAbs,
  "arxiv-html": parseArxivHtml,
  "acl-anthology": parseAclAnthology,
  openreview: parseOpenReview,
  "semantic-scholar": parseSemanticScholar,
  "paper-hub": parsePaperHub,
  "poster-page": parsePosterPage,
  "markdown-note": parseMarkdownNote,
  "endnote-record": parseEndnoteRecord,
};

const LIST_HEADING = /<h[1-6][^>]*>\s*(?:<[^>]+>\s*)*(builds on|built on by)\b/i;
const MAP_HEADING = /<h[1-6][^>]*>\s*(?:<[^>]+>\s*)*(?:builds on|built on by|key facts|placed in)\b/i;

/** The site layouts a capture (text or HTML) is checked for, most particular first. */
const SITE_LAYOUTS: ReadonlyArray<[PageAdapterFormat, (capture: Capture) => boolean]> = [
  ["arxiv-abs", looksLikeArxivAbs],
  ["acl-anthology", looksLikeAclAnthology],
  ["openreview", looksLikeOpenReview],
  ["poster-page", looksLikePosterPage],
  ["semantic-scholar", looksLikeSemanticScholar],
  ["paper-hub", looksLikePaperHub],
];

/** The mlsanity Markdown page: its sections, or its line of links right under the title. */
function isMapMarkdown(text: string): boolean {
  // Lines are cut before the text is: a huge title line must not hide the lines under it.
  const lines = boundedLines(text).slice(0, 2_000);
  if (lines.some((l) => /^##\s+(?:Builds on|Built on by|Key facts|Placed in)\b/i.test(l))) return true;
  const title = lines.findIndex((l) => l.startsWith("# "));
  const next = lines.slice(title + 1).find((l) => l.trim() !== "") ?? "";
  return title >= 0 && /^\S[^\n]{0,40}:\s*https?:\/\//.test(next);
}

/** The site layout of a capture, or undefined when it is none of them. */
function siteLayout(text: string, capture: Capture): PageAdapterFormat | undefined {
  const layout = SITE_LAYOUTS.find(([, looks]) => looks(capture))?.[0];
  return layout ?? (looksLikeArxivHtml(text, capture) ? "arxiv-html" : undefined);
}

/** The format of a decoded page, or undefined when it looks like none of them. */
export function detectFormat(text: string): PageAdapterFormat | undefined {
  return detect(text, onceCaptured(text));
}

/** The text's capture, made on the first call and given again to the next (one per detection). */
function onceCaptured(text: string): () => Capture {
  let capture: Capture | undefined;
  return () => (capture ??= captureOf(text));
}

function detect(text: string, capture: () => Capture): PageAdapterFormat | undefined {
  if (isHtmlDocument(text)) {
    if (looksLikeScholarlyHtml(text) && !LIST_HEADING.test(text)) return "scholarly-html";
    if (MAP_HEADING.test(text.slice(0, 4_000_000))) return "html-page";
    return siteLayout(text, capture()) ?? (looksLikePageCapture(text, capture()) ? "page-capture" : "html-page");
  }
  if (looksLikeMarkdownPage(text) && isMapMarkdown(text)) return "markdown-page";
  if (looksLikeTextPage(text)) return "text-page";
  if (looksLikeEditorialPage(text)) return "editorial";
  if (looksLikeEndnoteRecord(text)) return "endnote-record";
  if (looksLikeMarkdownNote(text)) return "markdown-note";
  const layout = siteLayout(text, capture());
  if (layout) return layout;
  if (looksLikePageCapture(text, capture())) return "page-capture";
  if (looksLikeAbstract(text)) return "bare-abstract";
  return undefined;
}

/**
 * A file that is a record format rather than a page (BibTeX, RIS, JSON), which `lineage ingest`
 * routes to the importers before pages are parsed: if one reaches here it is refused, saying what
 * it looks like, never read as a page titled "@ARTICLE{…" or "{"@context":…".
 */
function recordFormatReason(text: string): string | undefined {
  const head = text.slice(0, 200_000);
  if (/^\s*(?:%[^\n]*\n\s*)*@[A-Za-z]+\s*[{(]/.test(head)) {
    const entries = head.match(/(?:^|\n)\s*@(?!comment|string|preamble)[A-Za-z]+\s*[{(]/gi)?.length ?? 0;
    return `looks like a BibTeX file (${entries} entr${entries === 1 ? "y" : "ies"}), not a page`;
  }
  if (/^\s*TY {2}- /.test(head)) return "looks like an RIS file, not a page";
  if (/^\s*[{[]\s*["{[\]]/.test(head)) return "looks like a JSON document, not a page";
  return undefined;
}

export interface ParsedPage {
  page: PaperPage;
  contentHash: string;
  encoding: string;
  byteSize: number;
}

export type ParseResult = ({ ok: true } & ParsedPage) | { ok: false; refusal: Refusal; reason: string };

export interface ParseOptions {
  maxBytes?: number;
  /** The adapters to run (ADAPTERS unless given): tests pass a table with a faulty one in it. */
  adapters?: AdapterTable;
  /** The readers' tunable choices (ingest/reader-settings.ts); the defaults unless given. */
  settings?: ReaderSettings;
}

export function parsePage(bytes: Uint8Array, origin: string, options: ParseOptions = {}): ParseResult {
  const decoded = decodePage(bytes, options.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!decoded.ok) return decoded;
  const capture = onceCaptured(decoded.text);
  const format = detect(decoded.text, capture);
  const cutRecord = format === "page-capture" && cutJsonRecord(decoded.text);
  const recordFormat = !cutRecord && (format === undefined || format === "page-capture" || format === "bare-abstract") ? recordFormatReason(decoded.text) : undefined;
  if (recordFormat) return { ok: false, refusal: "not-a-page", reason: recordFormat };
  if (!format) {
    const reason = proseLike(decoded.text)
      ? "not a paper page: no title line and no identifier, and its prose stands under a heading of its own, so no title is taken from it"
      : "not a paper page: no title, identifier or abstract-like prose";
    return { ok: false, refusal: "not-a-page", reason };
  }
  if (format === "page-capture" || format === "bare-abstract" || format === "markdown-note") {
    const listing = listingReason(capture());
    if (listing) return { ok: false, refusal: "not-a-page", reason: listing };
  }
  const adapter = (options.adapters ?? ADAPTERS)[format];
  const settings = options.settings ?? DEFAULT_READER_SETTINGS;
  let result: AdapterResult;
  try {
    result = adapter(decoded.text, origin, settings);
  } catch (err) {
    // Not a recovery: the exception goes on, with the name of the adapter it came out of.
    throw new AdapterCrash(format, err);
  }
  if (!result.ok) return result;
  const { page } = result;
  if (!hasIdentifier(page.paper.ids) && !page.paper.title?.trim()) {
    return { ok: false, refusal: "no-identity", reason: `${format} page has no identity: no identifier link and no title` };
  }
  checkYears(page, settings);
  if (decoded.encoding !== "utf-8") page.warnings.push(`decoded as ${decoded.encoding}`);
  return {
    ok: true,
    page,
    contentHash: createHash("sha256").update(bytes).digest("hex"),
    encoding: decoded.encoding,
    byteSize: bytes.length,
  };
}
