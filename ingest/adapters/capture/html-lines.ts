/**
 * An HTML page as a capture: its visible lines in reading order, one per block element (a `<br>`
 * also ends a line), with page chrome (nav, aside, footer, menus, forms, scripts) left out the way
 * html-dom.ts marks it, headings noted with their level, the links on each line with the
 * identifiers they carry, and the `<meta>` tags (plus `<title>` under "html:title"). The capture
 * reader then reads HTML exactly as it reads a text capture. Pure.
 */
import { identifiersFromUrl } from "../../../vocabulary/identifiers.ts";
import { headingLevel, isElement, isText, linkRel, metaTags, parseHtml, resolveUrl, textOf } from "../html-dom.ts";
import type { Capture, CaptureLink } from "./capture-lines.ts";
import { cleanCaptureLine, MAX_CAPTURE_LINES } from "./capture-lines.ts";
import { MAX_LINE } from "../page-text.ts";

export function htmlCapture(html: string, origin = ""): Capture {
  const { ix } = parseHtml(html);
  const meta = metaTags(ix);
  const lines: string[] = [];
  const headings = new Map<number, number>();
  const links: CaptureLink[] = [];
  const canonical = linkRel(ix, "canonical");
  const base = [canonical, meta.get("og:url")?.[0], origin].find((u) => u !== undefined && /^https?:\/\//i.test(u.trim()))?.trim();
  let buf = "";
  let block = -2;
  let level: number | undefined;
  const flush = (): void => {
    // Cut like a text capture's lines (page-text.ts), so no reader's pattern sees a megabyte-long line.
    const clean = cleanCaptureLine(buf);
    const line = clean.length > MAX_LINE ? clean.slice(0, MAX_LINE) : clean;
    if (line && lines.length < MAX_CAPTURE_LINES) {
      if (level !== undefined) headings.set(lines.length, level);
      lines.push(line);
    }
    buf = "";
  };
  let skipUntil = -1;
  for (let i = 0; i < ix.nodes.length; i++) {
    if (i <= skipUntil) continue;
    const node = ix.nodes[i];
    if (isElement(node)) {
      if (node.name === "head") {
        const title = ix.nodes.slice(i, (ix.last[i] ?? i) + 1).findIndex((n) => isElement(n) && n.name === "title");
        if (title >= 0) meta.set("html:title", [textOf(ix, i + title, 1000)]);
        skipUntil = ix.last[i] ?? i;
        continue;
      }
      if (ix.chrome[i]) {
        skipUntil = ix.last[i] ?? i;
        continue;
      }
      if (node.name === "br") {
        flush();
        continue;
      }
      if (node.name === "a" && node.attribs.href) {
        const url = resolveUrl(node.attribs.href, base);
        const ids = identifiersFromUrl(url);
        links.push({ line: lines.length, text: textOf(ix, i, 500), url, ids });
      }
      continue;
    }
    if (!isText(node) || ix.noText[i] || ix.chrome[i]) continue;
    const b = ix.block[i] ?? -1;
    if (b !== block) {
      flush();
      block = b;
      level = headingLevel(ix.nodes[b]);
    }
    buf += node.data;
  }
  flush();
  // A link's line is the first line from where it was met that holds its text.
  for (const link of links) {
    const text = cleanCaptureLine(link.text);
    for (let j = link.line; j < Math.min(lines.length, link.line + 3); j++) {
      if (text && (lines[j] ?? "").includes(text)) {
        link.line = j;
        break;
      }
    }
    link.line = Math.min(link.line, Math.max(0, lines.length - 1));
  }
  if (canonical) meta.set("html:canonical", [resolveUrl(canonical, base)]);
  return { lines, headings, links, meta, html: true, cutAtEnd: false, framed: new Set() };
}
