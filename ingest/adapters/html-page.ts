/**
 * Adapter for a paper page saved as HTML (the mlsanity-style page: h1 title, key facts, "Placed in",
 * "Builds on" and "Built on by" lists, abstract). Sections are found by their heading text, never by
 * class names or ids. Only links that carry a paper identifier inside those two sections become
 * `PaperRef`s; links in navigation, asides, footers, site-header menus, forms and scripts never do.
 * The parsed page and its DOM helpers come from html-dom.ts.
 */
import { parseAnyDate, parseCount, parseHumanDate, yearOf } from "../dates.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromText, identifiersFromUrl, merge } from "../../vocabulary/identifiers.ts";
import { emptyPage, ID_SCHEMES } from "../../vocabulary/paper-page.ts";
import type { Direction, PageAdapter, PaperRef } from "../../vocabulary/paper-page.ts";
import { attr, headingsOf, isElement, linkRel, metaTags, parseHtml, resolveUrl, textAfterLabel, textOf, textOfRange } from "./html-dom.ts";
import type { DomIndex, Element, Heading } from "./html-dom.ts";
import { addDirection, readKeyFacts } from "./key-facts.ts";
import { declaredTotal, sectionOfHeading, warnShortLists } from "./page-sections.ts";
import { collapse } from "./page-text.ts";
import { reportingAddress } from "./page-origin.ts";
import { cleanLine, cleanPage } from "../../vocabulary/clean-text.ts";

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

/** "arxiv:2203.02155", … one key per identifier; a titled entry without any is keyed by its title. */
function refKeys(ref: PaperRef): string[] {
  const keys = ID_SCHEMES.filter((k) => ref.ids[k] !== undefined).map((k) => `${k}:${ref.ids[k] ?? ""}`);
  return keys.length > 0 ? keys : [`title:${ref.title?.toLowerCase() ?? ""}`];
}

/** The entries of one "Builds on" / "Built on by" section; `seen` holds keys already taken. */
function sectionEntries(ix: DomIndex, range: [number, number], heading: number, base: string | undefined, seen: Set<string>): PaperRef[] {
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

export const parseHtmlPage: PageAdapter = readHtmlPage;

function readHtmlPage(text: string, origin: string): ReturnType<PageAdapter> {
  const { ix, warnings } = parseHtml(text);
  const meta = metaTags(ix);
  const headings = headingsOf(ix);
  const h1 = headings.find((h) => h.text !== "" && isElement(ix.nodes[h.at]) && (ix.nodes[h.at] as Element).name === "h1");
  const titleEl = ix.nodes.findIndex((n) => isElement(n) && n.name === "title");
  const title = cleanLine(h1?.text ?? "") || cleanLine(meta.get("og:title")?.[0] ?? "") || (titleEl >= 0 ? cleanLine(textOf(ix, titleEl, 1000)) : "");
  if (!title) return { ok: false, refusal: "no-title", reason: "no title (no h1, og:title or <title>), so not an HTML paper page" };

  const page = emptyPage("html-page");
  const { paper, facts } = page;
  paper.title = title;
  page.warnings.push(...warnings);

  const canonical = linkRel(ix, "canonical");
  const ogUrl = meta.get("og:url")?.[0];
  const baseHref = ix.nodes.find((n): n is Element => isElement(n) && n.name === "base" && Boolean(n.attribs.href))?.attribs.href;
  const base = [baseHref, canonical, ogUrl, origin].find((u) => u !== undefined && /^https?:\/\//i.test(u.trim()))?.trim();

  // The paper's own identifiers: links and text of its header (h1 up to the next heading).
  if (h1) {
    const header = ix.header[h1.at] ?? -1;
    const start = header >= 0 ? header : h1.at;
    const after = headings.find((h) => h.at > (ix.last[h1.at] ?? h1.at));
    const end = header >= 0 ? (ix.last[header] ?? h1.at) : after ? after.at - 1 : ix.nodes.length - 1;
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
  const address = reportingAddress(canonical ? resolveUrl(canonical, base) : ogUrl);
  if (address) page.facts.origin = address;

  // Sections found by heading text.
  const declared: { buildsOn?: number; builtBy?: number } = {};
  const taken: { buildsOn?: Set<string>; builtBy?: Set<string> } = {};
  const placed: Direction[] = [];
  for (const h of headings) {
    const kind = sectionOfHeading(h.text);
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
  warnShortLists(page, declared);
  return { ok: true, page: cleanPage(page) };
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
