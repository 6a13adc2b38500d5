/**
 * From bytes to a `PaperPage`: decode defensively, detect the format, run its adapter, and check
 * the page has an identity. Pure: the same bytes and origin always give the same answer.
 */
import { createHash } from "node:crypto";
import { decodePage, DEFAULT_MAX_BYTES } from "./decode.ts";
import type { AdapterResult, PageAdapter, PageAdapterFormat, PaperPage } from "./types.ts";
import { hasIdentifier } from "./identifiers.ts";
import { looksLikeScholarlyHtml, parseScholarlyHtml } from "./adapters/scholarly-html.ts";
import { looksLikeHtml } from "./adapters/html-dom.ts";
import { parseHtmlPage } from "./adapters/html-page.ts";
import { looksLikeMarkdownPage, parseMarkdownPage } from "./adapters/markdown-page.ts";
import { looksLikeTextPage, parseTextPage } from "./adapters/text-page.ts";
import { looksLikeEditorialPage, parseEditorialPage } from "./adapters/editorial.ts";
import { looksLikeAbstract, parseBareAbstract } from "./adapters/bare-abstract.ts";

export const ADAPTERS: Record<PageAdapterFormat, PageAdapter> = {
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

export type ParseResult = ({ ok: true } & ParsedPage) | { ok: false; reason: string };

export interface ParseOptions {
  maxBytes?: number;
}

export function parsePage(bytes: Uint8Array, origin: string, options: ParseOptions = {}): ParseResult {
  const decoded = decodePage(bytes, options.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!decoded.ok) return decoded;
  const format = detectFormat(decoded.text);
  if (!format) return { ok: false, reason: "not a paper page: no title, identifier or abstract-like prose" };
  let result: AdapterResult;
  try {
    result = ADAPTERS[format](decoded.text, origin);
  } catch (err) {
    return { ok: false, reason: `${format} adapter failed: ${(err as Error).message}` };
  }
  if (!result.ok) return result;
  const { page } = result;
  if (!hasIdentifier(page.paper.ids) && !page.paper.title?.trim()) {
    return { ok: false, reason: `${format} page has no identity: no identifier link and no title` };
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
