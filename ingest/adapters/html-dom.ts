/**
 * The HTML both HTML adapters read (html-page.ts, scholarly-html.ts): the page cut to a bounded
 * size, absurd nesting flattened, parsed once with cheerio and indexed as one flat array of nodes in
 * document order, walked without recursion so that deeply nested input cannot overflow the stack.
 * On that index: plain text of a node or range, headings, meta tags, `<link rel>`, URL resolution
 * and the text a label introduces; also the format detector's HTML check.
 */
import { load } from "cheerio";
import { collapse } from "./page-text.ts";

// cheerio 1.2 does not re-export its node types (they live in domhandler, which is not our
// dependency), so they are derived from what `load` accepts.
type AnyNode = Exclude<Parameters<typeof load>[0], string | Buffer | readonly unknown[]>;
export type Element = Extract<AnyNode, { attribs: Record<string, string> }>;
type TextNode = Extract<AnyNode, { nodeType: 3 }>;

const BLOCK = new Set(
  (
    "address article aside blockquote body br dd details dialog div dl dt fieldset figcaption figure footer " +
    "form h1 h2 h3 h4 h5 h6 head header hgroup hr html li main nav ol option p pre section summary table " +
    "tbody td tfoot th thead title tr ul"
  ).split(" "),
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

export function isText(node: AnyNode | undefined): node is TextNode {
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
 * content stays, attached higher up. HTML tree builders spend time proportional to the depth of open
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

/** Longer input is cut (with a warning) before parsing: no real paper page comes close. */
const MAX_HTML = 4_000_000;
/** Deeper nesting than this is flattened before parsing (real pages stay well under 100). */
const MAX_DEPTH = 256;

/** A whole page's HTML, cut to MAX_HTML characters, parsed; a warning for each way it was not read whole. */
export function parseHtml(text: string): { ix: DomIndex; warnings: string[] } {
  const ix = parseDom(text.length > MAX_HTML ? text.slice(0, MAX_HTML) : text);
  const warnings: string[] = [];
  if (text.length > MAX_HTML) warnings.push(`page cut to its first ${MAX_HTML} characters`);
  if (ix.flattened > 0) warnings.push(`ignored ${ix.flattened} tags nested deeper than ${MAX_DEPTH} levels`);
  return { ix, warnings };
}

/** Parse any string (htmlparser2 never throws on bad markup) and index it. */
function parseDom(input: string): DomIndex {
  const { html, dropped } = limitNesting(input, MAX_DEPTH);
  // htmlparser2 in HTML mode: about 3x faster than parse5 here, never throws, and closes
  // implied tags (li, p, td) the way these pages need.
  const root = load(html, { xml: { xmlMode: false, decodeEntities: true } }).root()[0];
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

/**
 * Plain text of the nodes `start..end` (indices into `ix.nodes`), whitespace collapsed; text of
 * different blocks is joined with a space, or with a blank line when `paragraphs` is set.
 * Stops collecting once `limit` characters are gathered.
 */
export function textOfRange(ix: DomIndex, start: number, end: number, opts: { paragraphs?: boolean; skipChrome?: boolean; limit?: number } = {}): string {
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
  } catch (err) {
    // The one expected failure: `new URL` refuses a malformed href (or base) with a TypeError.
    if (!(err instanceof TypeError)) throw err;
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

/** Cheap check for the format detector: an HTML document, or a fragment with real elements. */
export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 65_536);
  // `\s` takes in U+FEFF: one run, not two (two made the test quadratic on a head of spaces).
  if (/^\s*(?:<!doctype\s+html|<html[\s>]|<\?xml[^>]{0,200}>\s*<!doctype\s+html)/i.test(head)) return true;
  const TAGS = "html|head|body|div|p|a|ul|ol|li|h[1-6]|section|article|span|table|tr|td|main|header|footer|nav|em|strong|title|blockquote";
  return new RegExp(`<(?:${TAGS})(?:\\s[^<>]{0,2000})?>`, "i").test(head) && new RegExp(`</(?:${TAGS})\\s*>`, "i").test(head);
}
