/**
 * Adapter for a paper page saved as HTML (the mlsanity-style page: h1 title, key facts, "Placed in",
 * "Builds on" and "Built on by" lists, abstract). Sections are found by their heading text, never by
 * class names or ids. Only links that carry a paper identifier inside those two sections become
 * `PaperRef`s; links in navigation, asides, footers, site-header menus, forms and scripts never do.
 * The DOM helpers this needs (html-dom section below) are exported for scholarly-html.ts too.
 */
import { load } from "cheerio";
import type { AnyNode, Element, Text as TextNode } from "domhandler";
import { parseAnyDate, parseCount, parseHumanDate, yearOf } from "../dates.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromText, identifiersFromUrl, merge } from "../identifiers.ts";
import { emptyFacts, emptyPaper } from "../types.ts";
import type { Direction, PageAdapter, PaperPage, PaperRef } from "../types.ts";
import { readKeyFacts, warnShortList } from "./markdown-page.ts";

/** Longer input is cut (with a warning) before parsing: no real paper page comes close. */
export const MAX_HTML = 4_000_000;

// ---------------------------------------------------------------------------------------------
// html-dom: the parsed page as one flat array of nodes in document order, walked without
// recursion so that deeply nested input cannot overflow the stack.

const BLOCK = new Set(
  ("address article aside blockquote body br dd details dialog div dl dt fieldset figcaption figure footer " +
    "form h1 h2 h3 h4 h5 h6 head header hgroup hr html li main nav ol option p pre section summary table " +
    "tbody td tfoot th thead title tr ul").split(" "),
);
const NO_TEXT = new Set(["script", "style", "template", "noscript", "textarea"]);
/** Page chrome: nothing inside is content, so no link inside is a citation. */
const CHROME = new Set(["nav", "aside", "footer", "menu", "form", "dialog", "button", "select", ...NO_TEXT]);
const CHROME_ROLES = new Set(["navigation", "complementary", "contentinfo", "menu", "menubar", "search", "dialog"]);

export interface DomIndex {
  nodes: AnyNode[];
  /** Index of each node's parent in `nodes`, -1 at the top. */
  parent: number[];
  /** Index of each node's last descendant (itself when it has none). */
  last: number[];
  /** Nearest block-level element, self included: text in different blocks is kept apart. */
  block: number[];
  /** Inside script, style, template, noscript or textarea: never text. */
  noText: boolean[];
  /** Inside page chrome (see CHROME): never content. */
  chrome: boolean[];
  /** Nearest `<header>` (or role=banner) element, self included; -1 when none. */
  header: number[];
  /** Tags dropped by `limitNesting` before parsing. */
  flattened: number;
}

export function isElement(node: AnyNode | undefined): node is Element {
  return node !== undefined && node.nodeType === 1 && "attribs" in node;
}

function isText(node: AnyNode | undefined): node is TextNode {
  return node !== undefined && node.nodeType === 3;
}

export function attr(node: AnyNode | undefined, name: string): string | undefined {
  return isElement(node) ? node.attribs[name] : undefined;
}

/** Elements never pushed on the parser's stack, or closed implicitly by their next sibling. */
const VOID = new Set("area base br col embed hr img input link meta param source track wbr keygen basefont bgsound frame image".split(" "));
const OPTIONAL_END = new Set("p li td th tr dt dd option optgroup thead tbody tfoot colgroup caption rt rp rb rtc head body html".split(" "));
const RAW_TEXT = new Set("script style textarea title xmp iframe noembed noframes".split(" "));
const TAG = /<!--|<(\/?)([A-Za-z][A-Za-z0-9:-]{0,40})(?=[\s/>])[^<>]{0,4000}?(\/?)>/g;

/**
 * Drop the start tags (and their end tags) that would nest elements deeper than `maxDepth`; their
 * content stays, attached higher up. parse5 spends time proportional to the depth of open
 * elements on each tag, so without this a page of 100,000 unclosed `<div>`s takes minutes.
 * Linear: one pass over the tags, skipping comments and raw-text elements.
 */
export function limitNesting(html: string, maxDepth: number): { html: string; dropped: number } {
  const lower = html.toLowerCase();
  const stack: Array<{ name: string; dropped: boolean }> = [];
  const cuts: Array<[number, number]> = [];
  let depth = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    const from = m.index;
    const to = from + m[0].length;
    if (m[0] === "<!--") {
      const close = html.indexOf("-->", to);
      TAG.lastIndex = close < 0 ? html.length : close + 3;
      continue;
    }
    const name = (m[2] ?? "").toLowerCase();
    if (VOID.has(name) || OPTIONAL_END.has(name)) continue;
    if (m[1] === "/") {
      let k = stack.length - 1;
      while (k >= 0 && stack.length - k <= 64 && stack[k]?.name !== name) k--;
      if (k < 0 || stack[k]?.name !== name) continue;
      if (stack[k]?.dropped) cuts.push([from, to]);
      for (const gone of stack.splice(k)) if (!gone.dropped) depth--;
      continue;
    }
    if (m[3] === "/") continue;
    const dropped = depth >= maxDepth;
    if (dropped) cuts.push([from, to]);
    else depth++;
    stack.push({ name, dropped });
    if (RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, to);
      TAG.lastIndex = close < 0 ? html.length : close;
    }
  }
  if (cuts.length === 0) return { html, dropped: 0 };
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of cuts) {
    parts.push(html.slice(at, from));
    at = to;
  }
  parts.push(html.slice(at));
  return { html: parts.join(""), dropped: cuts.length };
}

/** Deeper nesting than this is flattened before parsing (real pages stay well under 100). */
export const MAX_DEPTH = 256;

/** Parse any string (cheerio with parse5 never throws on bad markup) and index it. */
export function parseDom(input: string): DomIndex {
  const { html, dropped } = limitNesting(input, MAX_DEPTH);
  const root = load(html).root()[0];
  const ix: DomIndex = { nodes: [], parent: [], last: [], block: [], noText: [], chrome: [], header: [], flattened: dropped };
  if (!root) return ix;
  const stack: Array<[AnyNode, number]> = [];
  const pushChildren = (node: AnyNode, at: number): void => {
    if (!("children" in node)) return;
    for (let k = node.children.length - 1; k >= 0; k--) {
      const child = node.children[k];
      if (child) stack.push([child, at]);
    }
  };
  pushChildren(root, -1);
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, p] = top;
    const i = ix.nodes.length;
    const el = isElement(node) ? node : undefined;
    const role = el?.attribs.role?.toLowerCase() ?? "";
    ix.nodes.push(node);
    ix.parent.push(p);
    ix.last.push(i);
    ix.block.push(el && BLOCK.has(el.name) ? i : (ix.block[p] ?? -1));
    ix.noText.push(ix.noText[p] === true || (el !== undefined && NO_TEXT.has(el.name)));
    ix.chrome.push(ix.chrome[p] === true || (el !== undefined && (CHROME.has(el.name) || CHROME_ROLES.has(role))));
    ix.header.push(el && (el.name === "header" || role === "banner") ? i : (ix.header[p] ?? -1));
    pushChildren(node, i);
  }
  for (let i = ix.nodes.length - 1; i > 0; i--) {
    const p = ix.parent[i] ?? -1;
    const last = ix.last[i] ?? i;
    if (p >= 0 && last > (ix.last[p] ?? 0)) ix.last[p] = last;
  }
  return ix;
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/**
 * Plain text of the nodes `start..end` (indices into `ix.nodes`), whitespace collapsed; text of
 * different blocks is joined with a space, or with a blank line when `paragraphs` is set.
 * Stops collecting once `limit` characters are gathered.
 */
export function textOfRange(
  ix: DomIndex,
  start: number,
  end: number,
  opts: { paragraphs?: boolean; skipChrome?: boolean; limit?: number } = {},
): string {
  const parts: string[] = [];
  let buf = "";
  let total = 0;
  let block = -2;
  const limit = opts.limit ?? Infinity;
  for (let i = start; i <= end && i < ix.nodes.length && total < limit; i++) {
    const node = ix.nodes[i];
    if (!isText(node) || ix.noText[i] || (opts.skipChrome && ix.chrome[i])) continue;
    const b = ix.block[i] ?? -1;
    if (b !== block) {
      parts.push(buf);
      buf = "";
      block = b;
    }
    buf += node.data;
    total += node.data.length;
  }
  parts.push(buf);
  return parts
    .map(collapse)
    .filter((s) => s !== "")
    .join(opts.paragraphs ? "\n\n" : " ");
}

export function textOf(ix: DomIndex, i: number, limit?: number): string {
  return textOfRange(ix, i, ix.last[i] ?? i, limit === undefined ? {} : { limit });
}

/** Heading level: h1-h6, or role=heading with aria-level (2 when absent); undefined otherwise. */
export function headingLevel(node: AnyNode | undefined): number | undefined {
  if (!isElement(node)) return undefined;
  const h = /^h([1-6])$/.exec(node.name);
  if (h?.[1]) return Number(h[1]);
  if (node.attribs.role?.toLowerCase() !== "heading") return undefined;
  const level = Number(node.attribs["aria-level"]);
  return Number.isInteger(level) && level >= 1 && level <= 9 ? level : 2;
}

export interface Heading {
  at: number;
  level: number;
  text: string;
}

/** Headings outside page chrome, in document order (at most 5000, each text at most 300 chars). */
export function headingsOf(ix: DomIndex): Heading[] {
  const out: Heading[] = [];
  for (let i = 0; i < ix.nodes.length && out.length < 5000; i++) {
    const level = headingLevel(ix.nodes[i]);
    if (level === undefined || ix.chrome[i]) continue;
    out.push({ at: i, level, text: textOf(ix, i, 300) });
  }
  return out;
}

/** `<meta>` contents by lower-cased name, property or itemprop, in page order. */
export function metaTags(ix: DomIndex): Map<string, string[]> {
  const meta = new Map<string, string[]>();
  for (const node of ix.nodes) {
    if (!isElement(node) || node.name !== "meta") continue;
    const key = (node.attribs.name ?? node.attribs.property ?? node.attribs.itemprop)?.trim().toLowerCase();
    const content = node.attribs.content;
    if (!key || content === undefined) continue;
    const list = meta.get(key) ?? [];
    list.push(content);
    meta.set(key, list);
  }
  return meta;
}

/** href of the first `<link rel="…">` whose rel holds `rel`. */
export function linkRel(ix: DomIndex, rel: string): string | undefined {
  for (const node of ix.nodes) {
    if (isElement(node) && node.name === "link" && node.attribs.rel?.toLowerCase().split(/\s+/).includes(rel)) {
      return node.attribs.href;
    }
  }
  return undefined;
}

/** `href` made absolute against `base` when it can be; otherwise as given. */
export function resolveUrl(href: string, base: string | undefined): string {
  const h = href.trim();
  if (!base || /^[a-z][a-z0-9+.-]*:/i.test(h)) return h;
  try {
    return new URL(h, base).href;
  } catch {
    return h;
  }
}

/** Index of the first sibling after node `i`, or -1. */
function nextSibling(ix: DomIndex, i: number): number {
  const p = ix.parent[i] ?? -1;
  const j = (ix.last[i] ?? i) + 1;
  const bound = p >= 0 ? (ix.last[p] ?? -1) : ix.nodes.length - 1;
  return j <= bound && ix.parent[j] === p ? j : -1;
}

function containsHeading(ix: DomIndex, i: number): boolean {
  const end = ix.last[i] ?? i;
  for (let j = i; j <= end; j++) if (headingLevel(ix.nodes[j]) !== undefined) return true;
  return false;
}

/**
 * The text a label introduces: its following siblings up to the next heading ("Abstract" heading,
 * `<span>Abstract:</span> text…`, `<dt>Subjects:</dt><dd>…`). When the label has no such siblings
 * (`<header><h2>Abstract</h2></header><p>…`), the siblings of its parent are tried, twice at most.
 */
export function textAfterLabel(ix: DomIndex, label: number, opts: { paragraphs?: boolean } = {}): string {
  let at = label;
  for (let climb = 0; climb < 3 && at >= 0; climb++) {
    const parts: string[] = [];
    for (let j = nextSibling(ix, at); j >= 0 && !containsHeading(ix, j); j = nextSibling(ix, j)) {
      if (!ix.chrome[j]) parts.push(textOfRange(ix, j, ix.last[j] ?? j, opts));
    }
    const text = parts.filter((s) => s !== "").join(opts.paragraphs ? "\n\n" : " ");
    if (text) return text;
    at = ix.parent[at] ?? -1;
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// The paper page itself.

type SectionKind = "keyFacts" | "placedIn" | "buildsOn" | "builtBy" | "abstract" | "other";

function kindOf(heading: string): SectionKind {
  const h = heading.toLowerCase();
  if (h.startsWith("built on by")) return "builtBy";
  if (h.startsWith("builds on")) return "buildsOn";
  if (h.startsWith("key facts")) return "keyFacts";
  if (h.startsWith("placed in")) return "placedIn";
  if (h.startsWith("abstract")) return "abstract";
  return "other";
}

/**
 * What follows heading `h` up to the next heading of the same or higher level, and never past the
 * end of the section element enclosing the heading.
 */
function sectionRange(ix: DomIndex, headings: Heading[], h: Heading): [number, number] {
  const start = (ix.last[h.at] ?? h.at) + 1;
  let end = ix.nodes.length - 1;
  for (let p = ix.parent[h.at] ?? -1; p >= 0; p = ix.parent[p] ?? -1) {
    const node = ix.nodes[p];
    if (isElement(node) && node.name === "section") {
      end = ix.last[p] ?? end;
      break;
    }
  }
  const next = headings.find((k) => k.at >= start && k.level <= h.level);
  if (next && next.at - 1 < end) end = next.at - 1;
  return [start, end];
}

/** A link counts only outside chrome, and outside any header that is not the section's own. */
function linkAllowed(ix: DomIndex, i: number, heading: number): boolean {
  if (ix.chrome[i]) return false;
  const header = ix.header[i] ?? -1;
  return header < 0 || (header <= heading && heading <= (ix.last[header] ?? -1));
}

const ITEM = new Set(["li", "dd", "dt", "tr", "p"]);

function itemOf(ix: DomIndex, i: number): number {
  for (let p = ix.parent[i] ?? -1, hops = 0; p >= 0 && hops < 6; p = ix.parent[p] ?? -1, hops++) {
    const node = ix.nodes[p];
    if (isElement(node) && ITEM.has(node.name)) return p;
  }
  return ix.parent[i] ?? i;
}

function yearIn(s: string): number | undefined {
  const m = /\((1[89]\d\d|20\d\d)\)/.exec(s.slice(0, 300));
  return m?.[1] ? Number(m[1]) : undefined;
}

/** "cited by 18,132" at the end of an entry. */
function citedBySuffix(s: string): { rest: string; count?: number } {
  const m = /cited by\s*(\d[\d,]{0,15})\s*$/i.exec(s.slice(-60));
  if (!m?.[1]) return { rest: s };
  const count = parseCount(m[1]);
  return count === undefined ? { rest: s } : { rest: s.slice(0, s.length - m[0].length), count };
}

/** A list item without links: "2023 GPT-4 Technical Report cited by 18,132" or "Title (2023)". */
function textEntry(text: string): PaperRef | undefined {
  const { rest, count } = citedBySuffix(text.replace(/^\d{1,4}\.\s+/, ""));
  let s = rest.trim();
  const ids = identifiersFromText(s);
  let year: number | undefined;
  const lead = /^(1[89]\d\d|20\d\d)(?!\d)/.exec(s);
  const trail = /\s*\((1[89]\d\d|20\d\d)\)$/.exec(s);
  if (lead?.[1]) {
    year = Number(lead[1]);
    s = s.slice(4);
  } else if (trail?.[1]) {
    year = Number(trail[1]);
    s = s.slice(0, s.length - trail[0].length);
  }
  const title = collapse(s.replace(/https?:\/\/\S+/g, " ").replace(/^[\s·:–—-]+/, ""));
  if (year === undefined && !hasIdentifier(ids)) return undefined;
  if (!title && !hasIdentifier(ids)) return undefined;
  const ref: PaperRef = { ids };
  if (title) ref.title = title;
  if (year !== undefined) ref.year = year;
  if (count !== undefined) ref.citedByCount = count;
  return ref;
}

const SCHEMES = ["arxiv", "acl", "doi", "openreview", "s2"] as const;

/** "arxiv:2203.02155", … one key per identifier; a titled entry without any is keyed by its title. */
function refKeys(ref: PaperRef): string[] {
  const keys = SCHEMES.filter((k) => ref.ids[k] !== undefined).map((k) => `${k}:${ref.ids[k] ?? ""}`);
  return keys.length > 0 ? keys : [`title:${ref.title?.toLowerCase() ?? ""}`];
}

/** The entries of one "Builds on" / "Built on by" section; `seen` holds keys already taken. */
function sectionEntries(
  ix: DomIndex,
  range: [number, number],
  heading: number,
  base: string | undefined,
  seen: Set<string>,
): PaperRef[] {
  const refs: PaperRef[] = [];
  const itemText = new Map<number, string>();
  const add = (ref: PaperRef): void => {
    const keys = refKeys(ref);
    if (keys.some((k) => seen.has(k))) return;
    for (const k of keys) seen.add(k);
    refs.push(ref);
  };
  for (let i = range[0]; i <= range[1]; i++) {
    const node = ix.nodes[i];
    if (!isElement(node) || !linkAllowed(ix, i, heading)) continue;
    if (node.name === "a" && node.attribs.href) {
      const url = resolveUrl(node.attribs.href, base);
      const ids = merge(identifiersFromUrl(node.attribs.href), identifiersFromUrl(url));
      if (!hasIdentifier(ids)) continue;
      const title = textOf(ix, i, 1000);
      const item = itemOf(ix, i);
      const whole = itemText.get(item) ?? textOf(ix, item, 2000);
      itemText.set(item, whole);
      const after = title && whole.includes(title) ? whole.slice(whole.indexOf(title) + title.length) : whole;
      const ref: PaperRef = { ids };
      if (title) ref.title = title;
      const year = yearIn(after) ?? (/^(1[89]\d\d|20\d\d)(?!\d)/.exec(whole)?.[1] ? Number(whole.slice(0, 4)) : undefined);
      if (year !== undefined) ref.year = year;
      ref.url = url;
      const cited = citedBySuffix(after).count;
      if (cited !== undefined) ref.citedByCount = cited;
      add(ref);
    } else if (node.name === "li" && !hasLink(ix, i)) {
      const ref = textEntry(textOf(ix, i, 2000));
      if (ref) add(ref);
    }
  }
  return refs;
}

function hasLink(ix: DomIndex, i: number): boolean {
  const end = Math.min(ix.last[i] ?? i, i + 2000);
  for (let j = i + 1; j <= end; j++) {
    const node = ix.nodes[j];
    if (isElement(node) && node.name === "a") return true;
  }
  return false;
}

/** "(most cited first, 24 of 57)" in a list heading → 57. */
function declaredTotal(heading: string): number | undefined {
  const m = /\b\d[\d,]* of (\d[\d,]*)\)?\s*$/.exec(heading.slice(-60));
  return m?.[1] ? parseCount(m[1]) : undefined;
}

function addDirection(list: Direction[], d: Direction): void {
  const same = list.find((x) => x.name.toLowerCase() === d.name.toLowerCase());
  if (!same) {
    list.push(d);
    return;
  }
  same.area ??= d.area;
  same.url ??= d.url;
  same.directionsInArea ??= d.directionsInArea;
}

/** `<li>LLM reasoning / <a href="/lr/…">Reasoning benchmarks and evaluation</a></li>` → Direction. */
function placedInDirections(ix: DomIndex, range: [number, number], base: string | undefined): Direction[] {
  const out: Direction[] = [];
  for (let i = range[0]; i <= range[1]; i++) {
    const node = ix.nodes[i];
    if (!isElement(node) || node.name !== "li" || ix.chrome[i]) continue;
    const text = textOf(ix, i, 600);
    const cut = text.lastIndexOf(" / ");
    const name = (cut >= 0 ? text.slice(cut + 3) : text).trim();
    if (!name) continue;
    const d: Direction = { name };
    if (cut >= 0 && text.slice(0, cut).trim()) d.area = text.slice(0, cut).trim();
    for (let j = i + 1; j <= (ix.last[i] ?? i); j++) {
      const link = ix.nodes[j];
      if (isElement(link) && link.name === "a" && link.attribs.href) {
        d.url = resolveUrl(link.attribs.href, base);
        break;
      }
    }
    addDirection(out, d);
  }
  return out;
}

const ARXIV_CATEGORY = /^(?:cs|math|stat|physics|q-bio|q-fin|eess|econ|astro-ph|cond-mat|nlin|quant-ph|hep-[a-z]{2,3}|nucl-[a-z]{2}|gr-qc|math-ph)\.[A-Za-z]{2,3}$/;

/** Cheap check for the format detector: an HTML document, or a fragment with real elements. */
export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 65_536);
  if (/^\s*(?:\ufeff)?\s*(?:<!doctype\s+html|<html[\s>]|<\?xml[^>]{0,200}>\s*<!doctype\s+html)/i.test(head)) return true;
  const TAGS = "html|head|body|div|p|a|ul|ol|li|h[1-6]|section|article|span|table|tr|td|main|header|footer|nav|em|strong|title|blockquote";
  return new RegExp(`<(?:${TAGS})(?:\\s[^<>]{0,2000})?>`, "i").test(head) && new RegExp(`</(?:${TAGS})\\s*>`, "i").test(head);
}

export const parseHtmlPage: PageAdapter = (text, origin) => {
  try {
    return readHtmlPage(text, origin);
  } catch (err) {
    return { ok: false, reason: `${origin ? `${origin}: ` : ""}could not read the HTML (${String(err).slice(0, 200)})` };
  }
};

function readHtmlPage(text: string, origin: string): ReturnType<PageAdapter> {
  const where = origin ? `${origin}: ` : "";
  const ix = parseDom(text.length > MAX_HTML ? text.slice(0, MAX_HTML) : text);
  const meta = metaTags(ix);
  const headings = headingsOf(ix);
  const h1 = headings.find((h) => h.text !== "" && isElement(ix.nodes[h.at]) && (ix.nodes[h.at] as Element).name === "h1");
  const titleEl = ix.nodes.findIndex((n) => isElement(n) && n.name === "title");
  const title = h1?.text || collapse(meta.get("og:title")?.[0] ?? "") || (titleEl >= 0 ? textOf(ix, titleEl, 1000) : "");
  if (!title) return { ok: false, reason: `${where}no title (no h1, og:title or <title>), so not an HTML paper page` };

  const paper = emptyPaper();
  paper.title = title;
  const facts = emptyFacts();
  const page: PaperPage = { format: "html-page", paper, facts, buildsOn: [], builtBy: [], related: [], warnings: [] };
  if (text.length > MAX_HTML) page.warnings.push(`page cut to its first ${MAX_HTML} characters`);
  if (ix.flattened > 0) page.warnings.push(`ignored ${ix.flattened} tags nested deeper than ${MAX_DEPTH} levels`);

  const canonical = linkRel(ix, "canonical");
  const ogUrl = meta.get("og:url")?.[0];
  const baseHref = ix.nodes.find((n): n is Element => isElement(n) && n.name === "base" && Boolean(n.attribs.href))?.attribs.href;
  const base = [baseHref, canonical, ogUrl, origin].find((u) => u !== undefined && /^https?:\/\//i.test(u.trim()))?.trim();

  // The paper's own identifiers: links and text of its header (h1 up to the next heading).
  if (h1) {
    const header = ix.header[h1.at] ?? -1;
    const start = header >= 0 ? header : h1.at;
    const after = headings.find((h) => h.at > (ix.last[h1.at] ?? h1.at));
    const end = header >= 0 ? (ix.last[header] ?? h1.at) : (after ? after.at - 1 : ix.nodes.length - 1);
    for (let i = start; i <= end; i++) {
      const href = attr(ix.nodes[i], "href");
      if (!href || ix.chrome[i]) continue;
      const ids = identifiersFromUrl(resolveUrl(href, base));
      if (!hasIdentifier(ids)) continue;
      merge(paper.ids, ids);
      paper.url ??= resolveUrl(href, base);
    }
    const headerText = textOfRange(ix, start, end, { skipChrome: true, limit: 4000 });
    merge(paper.ids, identifiersFromText(headerText));
    const posted = /First posted(?: on arXiv)? (\d{1,2} [A-Za-z]{3,9}\.? \d{4})/.exec(headerText);
    if (posted?.[1]) paper.date ??= parseHumanDate(posted[1]);
    for (const token of headerText.split(/[\s·,;]+/)) {
      if (ARXIV_CATEGORY.test(token) && !paper.categories.includes(token)) paper.categories.push(token);
    }
  }
  const metaArxiv = canonicalArxiv(meta.get("citation_arxiv_id")?.[0] ?? "");
  if (metaArxiv) merge(paper.ids, { arxiv: metaArxiv });
  for (const u of [canonical, ogUrl]) if (u) merge(paper.ids, identifiersFromUrl(resolveUrl(u, base)));
  if (/^https?:\/\//i.test(origin)) merge(paper.ids, identifiersFromUrl(origin));
  paper.url ??= canonical ? resolveUrl(canonical, base) : ogUrl;

  // Sections found by heading text.
  const declared: { buildsOn?: number; builtBy?: number } = {};
  const taken: { buildsOn?: Set<string>; builtBy?: Set<string> } = {};
  const placed: Direction[] = [];
  for (const h of headings) {
    const kind = kindOf(h.text);
    if (kind === "other") continue;
    const range = sectionRange(ix, headings, h);
    if (kind === "buildsOn" || kind === "builtBy") {
      declared[kind] ??= declaredTotal(h.text);
      const seen = (taken[kind] ??= new Set(refKeys({ ids: paper.ids }).filter((k) => !k.startsWith("title:"))));
      page[kind].push(...sectionEntries(ix, range, h.at, base, seen));
    } else if (kind === "keyFacts") {
      for (const sentence of blocksIn(ix, range)) readKeyFacts(sentence, facts, paper);
    } else if (kind === "placedIn") {
      for (const d of placedInDirections(ix, range, base)) addDirection(placed, d);
    } else if (kind === "abstract" && !paper.abstract && h.text.length < 60) {
      const abstract = textAfterLabel(ix, h.at, { paragraphs: true });
      if (abstract) paper.abstract = abstract;
    }
  }

  // Facts printed outside a "Key facts" section (a "Key facts. …" paragraph, "Not on the map").
  const body = textOfRange(ix, 0, ix.nodes.length - 1, { skipChrome: true, limit: 200_000 });
  const keyFacts = /Key facts\.\s([^\n]{0,1500})/.exec(body);
  if (keyFacts?.[1]) readKeyFacts(keyFacts[1], facts, paper);
  const dataTo = /\bData (?:to|through) (\d{1,2} [A-Za-z]{3,9}\.? \d{4})/.exec(body);
  if (dataTo?.[1]) facts.dataThrough ??= parseHumanDate(dataTo[1]);
  if (/\bNot on the map\b/.test(body)) facts.onMap = false;
  const perYear = readPerYear(body);
  if (perYear) facts.citationsPerYear = perYear;
  for (const d of facts.directions) addDirection(placed, d);
  facts.directions = placed;
  if (placed.length > 0) facts.onMap = true;

  paper.date ??= parseAnyDate(meta.get("citation_date")?.[0] ?? meta.get("citation_publication_date")?.[0] ?? "");
  paper.year ??= yearOf(paper.date);
  warnShortList(page, "buildsOn", declared.buildsOn ?? facts.referencesInMap);
  warnShortList(page, "builtBy", declared.builtBy ?? facts.citedByCount);
  return { ok: true, page };
}

/** Texts of the list items and paragraphs in a range (each a "Key facts" sentence). */
function blocksIn(ix: DomIndex, range: [number, number]): string[] {
  const out: string[] = [];
  for (let i = range[0]; i <= range[1]; i++) {
    const node = ix.nodes[i];
    if (isElement(node) && (node.name === "li" || node.name === "p" || node.name === "dd") && !ix.chrome[i]) {
      out.push(textOf(ix, i, 4000));
    }
  }
  if (out.length === 0) out.push(textOfRange(ix, range[0], range[1], { skipChrome: true, limit: 4000 }));
  return out;
}

/** "Citing papers per year: 2024: 4; 2025: 17; 2026: 12." */
function readPerYear(body: string): Record<string, number> | undefined {
  const at = body.indexOf("Citing papers per year:");
  if (at < 0) return undefined;
  const perYear: Record<string, number> = {};
  const line = body.slice(at + "Citing papers per year:".length, at + 600).split(/\.(?:\s|$)/)[0] ?? "";
  for (const m of line.matchAll(/\b(\d{4}):\s*(\d[\d,]{0,12})/g)) {
    const n = m[2] ? parseCount(m[2]) : undefined;
    if (m[1] && n !== undefined) perYear[m[1]] = n;
  }
  return Object.keys(perYear).length > 0 ? perYear : undefined;
}
