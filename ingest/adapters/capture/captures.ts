/**
 * One entry point for every capture adapter: the page's text as a `Capture`, from HTML when it is
 * HTML (html-lines.ts) and from its lines otherwise (capture-lines.ts). The format detector and
 * the adapter it picks read the same capture, so the last one made is kept for the next call on
 * the same text. Pure in effect: the same text always gives the same capture.
 */
import { looksLikeHtml } from "../html-dom.ts";
import type { Capture } from "./capture-lines.ts";
import { textCapture } from "./capture-lines.ts";
import { htmlCapture } from "./html-lines.ts";

let last: { text: string; origin: string; capture: Capture } | undefined;

export function captureOf(text: string, origin = ""): Capture {
  if (last && last.text === text && last.origin === origin) return last.capture;
  const capture = looksLikeHtml(text) ? htmlCapture(text, origin) : textCapture(text);
  last = { text, origin, capture };
  return capture;
}
