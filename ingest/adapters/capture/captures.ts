/**
 * One entry point for every capture adapter: the page's text as a `Capture`, from HTML when it is
 * HTML (html-lines.ts) and from its lines otherwise (capture-lines.ts). The format detector and
 * the adapter it picks read the same capture, so the last one made is kept for the next call on
 * the same text. Pure in effect: the same text always gives the same capture.
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
  if (/^\s*(?:\ufeff)?\s*<(?:!doctype|html[\s>]|\?xml)/i.test(head)) return true;
  // An XML file printed inside a text page (a corpus viewer's "File: …" over `<?xml …?>` and its
  // `<Paper>`, `<Title>` elements) is text showing markup, not an HTML document.
  if (/<\?xml\s/i.test(head) && !/<(?:html|head|body|div|p|span|a)[\s>]/i.test(head)) return false;
  return /<(?:html|head|body|div|p|h[1-6]|section|article|main|table|tr|td|ul|ol|li|header|footer|nav|blockquote|title|dl|dt|dd|pre|form|br)[\s>/]/i.test(head);
}
import type { Capture } from "./capture-lines.ts";
import { textCapture } from "./capture-lines.ts";
import { htmlCapture } from "./html-lines.ts";

let last: { text: string; origin: string; capture: Capture } | undefined;

export function captureOf(text: string, origin = ""): Capture {
  if (last && last.text === text && last.origin === origin) return last.capture;
  const capture = isHtmlDocument(text) ? htmlCapture(text, origin) : textCapture(text);
  last = { text, origin, capture };
  return capture;
}
