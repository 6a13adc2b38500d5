/**
 * From bytes to a `PaperPage`: decode defensively, detect the format, run its adapter, and check
 * the page has an identity. Pure: the same bytes and origin always give the same answer. Input
 * that is not a page is refused with a `Refusal` kind and a one-line reason; an adapter that throws
 * is not refused but propagates as an `AdapterCrash` (ingest/adapter-crash.ts), since it is a bug.
 */
import { createHash } from "node:crypto";
import { decodePage, DEFAULT_MAX_BYTES } from "./decode.ts";
import type { AdapterResult, PageAdapter, PageAdapterFormat, PaperPage, Refusal } from "./types.ts";
import { AdapterCrash } from "./adapter-crash.ts";
import { hasIdentifier } from "./identifiers.ts";
import { looksLikeScholarlyHtml, parseScholarlyHtml } from "./adapters/scholarly-html.ts";
import { looksLikeHtml } from "./adapters/html-dom.ts";
import { parseHtmlPage } from "./adapters/html-page.ts";
import { looksLikeMarkdownPage, parseMarkdownPage } from "./adapters/markdown-page.ts";
import { looksLikeTextPage, parseTextPage } from "./adapters/text-page.ts";
import { looksLikeEditorialPage, parseEditorialPage } from "./adapters/editorial.ts";
import { looksLikeAbstract, parseBareAbstract } from "./adapters/bare-abstract.ts";

/** One adapter per detected format. */
export type AdapterTable = Readonly<Record<PageAdapterFormat, PageAdapter>>;

export const ADAPTERS: AdapterTable = {
  "scholarly-html": parseScholarlyHtml,
  "html-page": parseHtmlPage,
  "markdown-page": parseMarkdownPage,
  "text-page": parseTextPage,
  editorial: parseEditorialPage,
  "bare-abstract": parseBareAbstract,
};

const LIST_HEADING = /<h[1-6][^>]*>\s*(?:<[^>]+>\s*)*(builds on|built on by)\b/i;

/** The format of a decoded page, or undefined when it looks like none of them. */
export function detectFormat(text: string): PageAdapterFormat | undefined {
  if (looksLikeHtml(text)) {
    if (looksLikeScholarlyHtml(text) && !LIST_HEADING.test(text)) return "scholarly-html";
    return "html-page";
  }
  if (looksLikeMarkdownPage(text)) return "markdown-page";
  if (looksLikeTextPage(text)) return "text-page";
  if (looksLikeEditorialPage(text)) return "editorial";
  if (looksLikeAbstract(text)) return "bare-abstract";
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
}

export function parsePage(bytes: Uint8Array, origin: string, options: ParseOptions = {}): ParseResult {
  const decoded = decodePage(bytes, options.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!decoded.ok) return decoded;
  const format = detectFormat(decoded.text);
  if (!format) return { ok: false, refusal: "not-a-page", reason: "not a paper page: no title, identifier or abstract-like prose" };
  const adapter = (options.adapters ?? ADAPTERS)[format];
  let result: AdapterResult;
  try {
    result = adapter(decoded.text, origin);
  } catch (err) {
    // Not a recovery: the exception goes on, with the name of the adapter it came out of.
    throw new AdapterCrash(format, err);
  }
  if (!result.ok) return result;
  const { page } = result;
  if (!hasIdentifier(page.paper.ids) && !page.paper.title?.trim()) {
    return { ok: false, refusal: "no-identity", reason: `${format} page has no identity: no identifier link and no title` };
  }
  if (decoded.encoding !== "utf-8") page.warnings.push(`decoded as ${decoded.encoding}`);
  return {
    ok: true,
    page,
    contentHash: createHash("sha256").update(bytes).digest("hex"),
    encoding: decoded.encoding,
    byteSize: bytes.length,
  };
}
