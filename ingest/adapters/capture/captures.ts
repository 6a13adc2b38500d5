/**
 * One entry point for every capture adapter: the page's text as a `Capture`, from HTML when it is
 * HTML (html-lines.ts) and from its lines otherwise (capture-lines.ts). Pure: the same text
 * always gives the same capture, and nothing is kept between calls (the format detector makes one
 * capture and hands it to each check, ingest/parse-page.ts).
 */
import { looksLikeHtml } from "../html-dom.ts";

/**
 * HTML as a document has block elements; a text capture with markup leaked into one of its lines
 * (an abstract holding `<a href=…>this https URL</a>`) has inline tags only, and one printing an
 * XML file has the file's own elements.
 */
export function isHtmlDocument(text: string): boolean {
  if (!looksLikeHtml(text)) return false;
  const head = text.slice(0, 65_536);
  // `\s` takes in U+FEFF: one run, not two (two made the test quadratic on a head of spaces).
  // A document type other than HTML's (a JATS `<!DOCTYPE article …>`) is an XML file shown as text.
  if (/<!doctype\s+(?!html\b)|<article-meta[\s>]/i.test(head) && !/<(?:html|body)[\s>]/i.test(head)) return false;
  if (/^\s*<(?:!doctype|html[\s>]|\?xml)/i.test(head)) return true;
  // An XML file printed inside a text page (a corpus viewer's "File: …" over `<?xml …?>` and its
  // `<Paper>`, `<Title>` elements) is text showing markup, not an HTML document.
  if (/<\?xml\s/i.test(head) && !/<(?:html|head|body|div|p|span|a)[\s>]/i.test(head)) return false;
  return /<(?:html|head|body|div|p|h[1-6]|section|article|main|table|tr|td|ul|ol|li|header|footer|nav|blockquote|title|dl|dt|dd|pre|form|br)[\s>/]/i.test(head);
}
import type { Capture } from "./capture-lines.ts";
import { textCapture } from "./capture-lines.ts";
import { htmlCapture } from "./html-lines.ts";

export function captureOf(text: string, origin = ""): Capture {
  return isHtmlDocument(text) ? htmlCapture(text, origin) : textCapture(text);
}
