/**
 * Adapter for a LaTeXML rendering of an arXiv paper: arxiv.org/html, ar5iv, arXiv Vanity, as HTML
 * (`ltx_title_document`, one `ltx_personname` per author with the affiliation after a line break,
 * `ltx_abstract`, the `arXiv:2307.03109v1 [cs.CL] 6 Jul 2023` watermark) or captured as text: the
 * title, an author block flattened onto one line with the affiliations between the names, the
 * abstract with or without its heading, "Refer to caption" for each figure, "Report issue for
 * preceding element" after each block. The watermark gives the identifier, the category and, for a
 * first version only, the date.
 */
import type { ReadingAdapter } from "../../reader-settings.ts";
import { canonicalArxiv } from "../../../vocabulary/identifiers.ts";
import { isElement, parseHtml, textOf, type DomIndex } from "../html-dom.ts";
import { cleanName, isPersonName, parseAuthorList } from "../capture/author-lists.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, type SiteReading } from "../capture/capture-reader.ts";
import { isAuthorLine, isProse, titleLike } from "../capture/line-kinds.ts";
import { namePairs } from "../capture/capture-authors.ts";
import { isChrome } from "../capture/chrome.ts";
import { captureOf } from "../capture/captures.ts";

const WATERMARK = /\barXiv:(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?\s+\[([a-z-]+(?:\.[A-Z]{2})?)\]\s+\d{1,2}\s+[A-Z][a-z]{2}\s+\d{4}/;

/** Cheap check for the format detector: LaTeXML's marks, in HTML or in the captured text. */
export function looksLikeArxivHtml(text: string, capture: Capture): boolean {
  if (capture.html) return /class\s*=\s*["'][^"']*\bltx_(?:title_document|page_main|document)\b/.test(text.slice(0, 200_000));
  const lines = capture.lines.slice(0, 3000);
  return (
    lines.some((l) => /^(?:Refer to caption|Report issue for preceding element|HTML conversions sometimes display errors.*)$/.test(l)) ||
    lines.slice(0, 200).some((l) => WATERMARK.test(l) && l.length < 80)
  );
}

function classed(ix: DomIndex, cls: string): number[] {
  const out: number[] = [];
  const re = new RegExp(`(?:^|\\s)${cls}(?:\\s|$)`);
  ix.nodes.forEach((n, i) => {
    if (isElement(n) && re.test(n.attribs.class ?? "")) out.push(i);
  });
  return out;
}

/** The name in an `ltx_personname`: its text up to the first line break. */
function personName(ix: DomIndex, at: number): string {
  let name = "";
  for (let j = at + 1; j <= (ix.last[at] ?? at); j++) {
    const n = ix.nodes[j];
    if (isElement(n) && (n.name === "br" || /\bltx_(?:role_affiliation|contact|affiliation)/.test(n.attribs.class ?? ""))) break;
    if (n && n.nodeType === 3 && "data" in n && typeof n.data === "string") name += n.data;
  }
  return cleanName(name);
}

function htmlReading(text: string): SiteReading {
  const { ix } = parseHtml(text);
  const site: SiteReading = {};
  const title = classed(ix, "ltx_title_document")[0];
  if (title !== undefined) site.title = textOf(ix, title, 1000);
  const names = classed(ix, "ltx_personname")
    .map((i) => personName(ix, i))
    .filter((n) => isPersonName(n));
  if (names.length > 0) site.authors = { names };
  const abstract = classed(ix, "ltx_abstract")[0];
  if (abstract !== undefined) site.abstract = textOf(ix, abstract, 20_000).replace(/^Abstract\.?\s*/i, "");
  return site;
}

/** Authors one per line under the title (arXiv HTML as text), with affiliations and chrome between. */
function authorLines(capture: Capture, titleLine: number): string[] {
  const names: string[] = [];
  for (let j = titleLine + 1; j < capture.lines.length && j <= titleLine + 60; j++) {
    const l = capture.lines[j] ?? "";
    if (!l || isChrome(l)) continue;
    if (/^abstract\b/i.test(l) || isProse(l)) break;
    const list = parseAuthorList(l);
    const one = cleanName(l);
    if (list) names.push(...list.names);
    else if (isPersonName(one)) names.push(one);
    else names.push(...(namePairs(one) ?? []));
  }
  return names;
}

export const parseArxivHtml: ReadingAdapter = (text, origin, settings) => {
  const capture = captureOf(text, origin);
  const site: SiteReading = capture.html ? htmlReading(text) : {};
  if (!capture.html) {
    const titleLine = capture.lines.findIndex((l) => l !== "" && !isChrome(l) && !WATERMARK.test(l) && titleLike(l, { long: true }));
    if (titleLine >= 0) {
      site.title = capture.lines[titleLine] ?? "";
      site.titleLine = titleLine;
      const names = authorLines(capture, titleLine);
      if (names.length > 0 && !isAuthorLine(capture.lines[titleLine + 1] ?? "") && !isAuthorLine(capture.lines[titleLine + 2] ?? "")) site.authors = { names };
    }
  }
  const stamp = capture.lines
    .slice(0, 3000)
    .map((l) => WATERMARK.exec(l))
    .find((m) => m !== null);
  const id = stamp?.[1] ? canonicalArxiv(stamp[1]) : undefined;
  if (id) site.ids = { arxiv: id };
  if (stamp?.[3]) site.categories = [stamp[3]];
  const reading = readCapture(capture, site, settings);
  if (!reading.abstract && !capture.html) {
    // ar5iv prints the abstract without a heading: the first paragraph of prose under the authors.
    const from = reading.title ? capture.lines.findIndex((l) => l.includes(reading.title ?? "\u0000")) + 1 : 0;
    const first = capture.lines.slice(from, from + 12).find((l) => isProse(l) && l.split(/\s+/).length >= 40 && !isAuthorLine(l));
    if (first) reading.abstract = first;
  }
  return capturePage("arxiv-html", reading, "arXiv HTML page");
};
