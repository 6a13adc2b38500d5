/**
 * Adapter for a publisher or repository landing page (arXiv abs page, ACL Anthology page): the
 * paper's metadata is read from Highwire `citation_*` meta tags, Dublin Core (`DC.*`), JSON-LD
 * (`ScholarlyArticle`/`Article`) and Open Graph, in that order of trust; the body is used only for
 * what the tags lack (an abstract introduced by an "Abstract" heading or label, arXiv subjects).
 * Each `citation_reference` tag and each JSON-LD `citation` becomes one `PaperRef` in `buildsOn`.
 */
import { parseAnyDate, yearOf } from "../dates.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromText, identifiersFromUrl, merge } from "../../vocabulary/identifiers.ts";
import { emptyPage, ID_SCHEMES } from "../../vocabulary/paper-page.ts";
import type { Identifiers, PageAdapter, PaperRef } from "../../vocabulary/paper-page.ts";
import { headingLevel, isElement, linkRel, looksLikeHtml, metaTags, parseHtml, resolveUrl, textAfterLabel, textOf } from "./html-dom.ts";
import type { DomIndex } from "./html-dom.ts";
import { collapse } from "./page-text.ts";
import { cleanLine, cleanPage } from "../../vocabulary/clean-text.ts";

/** At most this many references are read from one page. */
const MAX_REFERENCES = 5000;

/** Cheap check for the format detector: HTML carrying scholarly metadata tags or JSON-LD. */
export function looksLikeScholarlyHtml(text: string): boolean {
  if (!looksLikeHtml(text)) return false;
  const head = text.slice(0, 400_000);
  return (
    /<meta\b[^<>]{0,3000}?\b(?:name|property)\s*=\s*["']?(?:citation_title|citation_doi|citation_arxiv_id|dc\.title|dcterms\.title)\b/i.test(head) ||
    (/application\/ld\+json/i.test(head) && /"@type"\s*:\s*(?:\[[^\]]{0,300})?"ScholarlyArticle"/.test(head))
  );
}

type Meta = Map<string, string[]>;

function first(meta: Meta, ...keys: string[]): string | undefined {
  for (const key of keys) {
    for (const value of meta.get(key) ?? []) {
      const v = collapse(value);
      if (v) return v;
    }
  }
  return undefined;
}

function all(meta: Meta, ...keys: string[]): string[] {
  for (const key of keys) {
    const values = (meta.get(key) ?? []).map(collapse).filter((v) => v !== "");
    if (values.length > 0) return values;
  }
  return [];
}

/** "Sen, Sanchari" → "Sanchari Sen"; names without exactly one comma stay as they are. */
export function displayName(name: string): string {
  const parts = collapse(name).split(",");
  if (parts.length !== 2) return collapse(name);
  const [family, given] = parts.map((p) => p.trim());
  if (!family || !given || /^(?:jr|sr|[ivx]+)\.?$/i.test(given)) return collapse(name);
  return `${given} ${family}`;
}

/** Identifiers from one value a tag or JSON-LD gives: a URL, "arXiv:…", "doi:…", a bare ID or DOI. */
export function identifiersFromValue(value: string): Identifiers {
  const v = value.trim();
  const ids: Identifiers = {};
  const arxiv = canonicalArxiv(v);
  if (arxiv) ids.arxiv = arxiv;
  merge(ids, identifiersFromUrl(v));
  merge(ids, identifiersFromText(v));
  return ids;
}

/**
 * One `citation_reference` content: `citation_title=…; citation_author=…; citation_doi=…`.
 * Keys are found first, so a title may itself hold a semicolon.
 */
export function parseCitationReference(content: string): PaperRef | undefined {
  const s = content.slice(0, 5000);
  const keys = [...s.matchAll(/(?:^|;)\s*(citation_[a-z_]{1,40})\s*=/gi)];
  const fields = new Map<string, string>();
  keys.forEach((m, k) => {
    const key = m[1]?.toLowerCase();
    const from = (m.index ?? 0) + m[0].length;
    const to = keys[k + 1]?.index ?? s.length;
    const value = collapse(s.slice(from, to)).replace(/[\s;]+$/, "");
    if (key && value && !fields.has(key)) fields.set(key, value);
  });
  if (keys.length === 0) {
    // Free text ("Vaswani et al. 2017. Attention …"): only its identifiers can be trusted.
    const ids = identifiersFromText(s);
    return hasIdentifier(ids) ? { ids } : undefined;
  }
  const ids: Identifiers = {};
  const arxiv = fields.get("citation_arxiv_id");
  if (arxiv) merge(ids, identifiersFromValue(arxiv.startsWith("arXiv") ? arxiv : `arXiv:${arxiv}`));
  for (const key of ["citation_doi", "citation_url", "citation_pdf_url", "citation_journal_title", "citation_conference_title"]) {
    const value = fields.get(key);
    if (value) merge(ids, identifiersFromValue(value));
  }
  const ref: PaperRef = { ids };
  const title = fields.get("citation_title");
  if (title) ref.title = title;
  const date = fields.get("citation_publication_date") ?? fields.get("citation_date") ?? fields.get("citation_year");
  const year = yearOf(parseAnyDate(date ?? ""));
  if (year !== undefined) ref.year = year;
  const url = fields.get("citation_url");
  if (url && /^https?:\/\//i.test(url)) ref.url = url;
  return ref.title || hasIdentifier(ids) ? ref : undefined;
}

/** Append `ref` to `list`, or fill in the entry that shares an identifier or the same title. */
export function addRef(list: PaperRef[], ref: PaperRef): void {
  const title = ref.title?.toLowerCase();
  const same = list.find((r) => ID_SCHEMES.some((k) => ref.ids[k] !== undefined && r.ids[k] === ref.ids[k]) || (title !== undefined && r.title?.toLowerCase() === title));
  if (!same) {
    list.push(ref);
    return;
  }
  merge(same.ids, ref.ids);
  same.title ??= ref.title;
  same.year ??= ref.year;
  same.url ??= ref.url;
}

// ---------------------------------------------------------------------------------------------
// JSON-LD: `<script type="application/ld+json">` holding a ScholarlyArticle (or Article).

interface LdArticle {
  title?: string;
  authors: string[];
  date?: string;
  identifiers: string[];
  url?: string;
  abstract?: string;
  venue?: string;
  citations: unknown[];
}

const ARTICLE_TYPES = ["ScholarlyArticle", "Article", "TechArticle", "Report", "Thesis", "Chapter"];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
}

function str(v: unknown): string | undefined {
  if (typeof v === "number") return String(v);
  if (typeof v !== "string") return undefined;
  const s = collapse(v);
  return s || undefined;
}

function types(v: Record<string, unknown>): string[] {
  return asList(v["@type"]).filter((t): t is string => typeof t === "string");
}

/** `author`: "Name", {name}, {givenName, familyName}, or a list of those. */
function ldNames(v: unknown): string[] {
  const names: string[] = [];
  for (const a of asList(v).slice(0, 2000)) {
    const name = isRecord(a) ? (str(a.name) ?? str([str(a.givenName), str(a.familyName)].filter(Boolean).join(" "))) : str(a);
    if (name) names.push(name);
  }
  return names;
}

/** `identifier`, `sameAs`, `url`, `@id`: strings, or {propertyID, value} records. */
function ldIdentifiers(node: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const v of [...asList(node.identifier), ...asList(node.sameAs), node.url, node["@id"]].slice(0, 200)) {
    if (isRecord(v)) {
      const value = str(v.value) ?? str(v["@value"]) ?? str(v.url) ?? str(v["@id"]);
      const scheme = str(v.propertyID)?.toLowerCase();
      if (value) out.push(scheme === "doi" ? `doi:${value}` : scheme === "arxiv" ? `arXiv:${value}` : value);
    } else {
      const value = str(v);
      if (value) out.push(value);
    }
  }
  return out;
}

function idsOf(values: string[]): Identifiers {
  const ids: Identifiers = {};
  for (const v of values) merge(ids, identifiersFromValue(v));
  return ids;
}

/** Text of every JSON-LD script, parsed; malformed ones are skipped. */
function jsonLdValues(ix: DomIndex): unknown[] {
  const out: unknown[] = [];
  for (const node of ix.nodes) {
    if (!isElement(node) || node.name !== "script" || !/ld\+json/i.test(node.attribs.type ?? "")) continue;
    const raw = node.children.map((c) => ("data" in c && typeof c.data === "string" ? c.data : "")).join("");
    if (raw.length > 2_000_000) continue;
    try {
      out.push(JSON.parse(raw) as unknown);
    } catch (err) {
      // The one expected failure: a block that is not JSON, skipped as a browser would skip it.
      if (!(err instanceof SyntaxError)) throw err;
    }
  }
  return out;
}

/** The first ScholarlyArticle in the page's JSON-LD (else the first Article-like node). */
function jsonLdArticle(ix: DomIndex): LdArticle | undefined {
  const queue = jsonLdValues(ix);
  let found: Record<string, unknown> | undefined;
  for (let k = 0; k < queue.length && k < 10_000; k++) {
    const v = queue[k];
    if (Array.isArray(v)) queue.push(...v.slice(0, 1000));
    if (!isRecord(v)) continue;
    queue.push(...asList(v["@graph"]).slice(0, 1000), ...asList(v.mainEntity));
    const t = types(v);
    if (t.includes("ScholarlyArticle")) {
      found = v;
      break;
    }
    if (!found && t.some((x) => ARTICLE_TYPES.includes(x))) found = v;
  }
  if (!found) return undefined;
  const partOf = asList(found.isPartOf)[0];
  const article: LdArticle = {
    authors: ldNames(found.author),
    identifiers: ldIdentifiers(found),
    citations: asList(found.citation),
  };
  const title = str(found.name) ?? str(found.headline);
  if (title) article.title = title;
  const date = str(found.datePublished) ?? str(found.dateCreated);
  if (date) article.date = date;
  const url = str(found.url);
  if (url) article.url = url;
  const abstract = str(found.abstract) ?? str(found.description);
  if (abstract) article.abstract = abstract;
  const venue = isRecord(partOf) ? str(partOf.name) : str(partOf);
  if (venue) article.venue = venue;
  return article;
}

/** JSON-LD `citation` entries: records with name and identifiers, or plain strings. */
function refsFromJsonLd(citations: unknown[], max: number): PaperRef[] {
  const refs: PaperRef[] = [];
  for (const c of citations.slice(0, max)) {
    if (isRecord(c)) {
      const ref: PaperRef = { ids: idsOf(ldIdentifiers(c)) };
      const title = str(c.name) ?? str(c.headline);
      if (title) ref.title = title;
      const year = yearOf(parseAnyDate(str(c.datePublished) ?? ""));
      if (year !== undefined) ref.year = year;
      const url = str(c.url);
      if (url && /^https?:\/\//i.test(url)) ref.url = url;
      if (ref.title || hasIdentifier(ref.ids)) refs.push(ref);
    } else {
      const s = str(c);
      if (!s) continue;
      const ids = identifiersFromValue(s);
      if (hasIdentifier(ids)) refs.push(/^https?:\/\//i.test(s) ? { ids, url: s } : { ids });
      else refs.push({ ids, title: s });
    }
  }
  return refs;
}

/** Body text after an "Abstract" heading or an "Abstract:" label (outside page chrome). */
function bodyAbstract(ix: DomIndex): string | undefined {
  for (let i = 0; i < ix.nodes.length; i++) {
    const node = ix.nodes[i];
    if (!isElement(node) || ix.chrome[i]) continue;
    const heading = headingLevel(node) !== undefined;
    if (!heading && !LABELS.has(node.name)) continue;
    const label = textOf(ix, i, 60);
    if (!(heading ? /^abstract\b/i.test(label) && label.length < 40 : /^abstract\s*[:.]?$/i.test(label))) continue;
    const text = textAfterLabel(ix, i, { paragraphs: true });
    if (text.split(/\s+/).length >= 10) return text;
  }
  return undefined;
}

const LABELS = new Set(["span", "strong", "b", "em", "i", "p", "div", "dt", "th", "td"]);

/** arXiv "Subjects:" row: "Machine Learning (cs.LG); Computer Vision … (cs.CV)" → category codes. */
function bodySubjects(ix: DomIndex): string[] {
  for (let i = 0; i < ix.nodes.length; i++) {
    const node = ix.nodes[i];
    if (!isElement(node) || !LABELS.has(node.name) || ix.chrome[i]) continue;
    if (!/^subjects?\s*:?$/i.test(textOf(ix, i, 30))) continue;
    const text = textAfterLabel(ix, i).slice(0, 2000);
    const codes = [...text.matchAll(/\(([a-z][a-z-]{0,20}\.[A-Za-z-]{1,10})\)/g)].map((m) => m[1] ?? "");
    if (codes.length > 0) return [...new Set(codes.filter((c) => c !== ""))];
  }
  return [];
}

/** og:description only when it reads like an abstract, not like ACL's "Authors. Venue. Year." */
function usableDescription(description: string | undefined, venue: string | undefined): string | undefined {
  if (!description || description.endsWith("...") || description.endsWith("…")) return undefined;
  if (venue && description.includes(venue)) return undefined;
  return description.split(/\s+/).length >= 25 ? description : undefined;
}

export const parseScholarlyHtml: PageAdapter = readScholarlyHtml;

function readScholarlyHtml(text: string, origin: string): ReturnType<PageAdapter> {
  const { ix, warnings } = parseHtml(text);
  const meta = metaTags(ix);
  const ld = jsonLdArticle(ix);

  const title = cleanLine(first(meta, "citation_title", "dc.title", "dcterms.title") ?? ld?.title ?? first(meta, "og:title") ?? "");
  if (!title) return { ok: false, refusal: "no-title", reason: "no citation_title, DC.title, JSON-LD name or og:title, so not a scholarly page" };

  const page = emptyPage("scholarly-html");
  const { paper } = page;
  paper.title = title;
  page.warnings.push(...warnings);

  const authors = all(meta, "citation_author", "dc.creator", "dcterms.creator");
  paper.authors = (authors.length > 0 ? authors : (ld?.authors ?? [])).map(displayName);

  const date = first(meta, "citation_publication_date", "citation_date", "dc.date", "dcterms.date", "dcterms.issued") ?? ld?.date ?? first(meta, "citation_online_date");
  paper.date = parseAnyDate(date ?? "");
  paper.year = yearOf(paper.date);

  const ogUrl = first(meta, "og:url");
  const canonical = linkRel(ix, "canonical");
  const base = [ogUrl, origin].find((u) => u !== undefined && /^https?:\/\//i.test(u));
  const pageUrl = canonical ? resolveUrl(canonical, base) : (ogUrl ?? ld?.url);
  const arxivId = first(meta, "citation_arxiv_id");
  if (arxivId) merge(paper.ids, identifiersFromValue(arxivId.toLowerCase().startsWith("arxiv") ? arxivId : `arXiv:${arxivId}`));
  for (const doi of all(meta, "citation_doi")) merge(paper.ids, identifiersFromValue(doi.startsWith("10.") ? `doi:${doi}` : doi));
  for (const id of all(meta, "dc.identifier", "dcterms.identifier")) merge(paper.ids, identifiersFromValue(id));
  for (const id of ld?.identifiers ?? []) merge(paper.ids, identifiersFromValue(id));
  for (const u of [ogUrl, pageUrl, first(meta, "citation_pdf_url"), first(meta, "citation_abstract_html_url")]) {
    if (u) merge(paper.ids, identifiersFromUrl(resolveUrl(u, base)));
  }
  if (/^https?:\/\//i.test(origin)) merge(paper.ids, identifiersFromUrl(origin));
  if (pageUrl) paper.url = pageUrl;

  const venue = first(meta, "citation_conference_title", "citation_journal_title", "citation_inbook_title", "citation_book_title", "dc.source") ?? ld?.venue;
  if (venue) paper.venue = venue;
  const abstract =
    first(meta, "citation_abstract", "dc.description", "dcterms.abstract", "dcterms.description") ??
    ld?.abstract ??
    bodyAbstract(ix) ??
    usableDescription(first(meta, "og:description", "description"), venue);
  if (abstract) paper.abstract = abstract.replace(/^abstract\s*[:.]\s*/i, "");
  paper.categories = bodySubjects(ix);

  const references = meta.get("citation_reference") ?? [];
  if (references.length > MAX_REFERENCES) page.warnings.push(`read only the first ${MAX_REFERENCES} of ${references.length} citation_reference tags`);
  for (const content of references.slice(0, MAX_REFERENCES)) {
    const ref = parseCitationReference(content);
    if (ref) addRef(page.buildsOn, ref);
    else page.warnings.push("skipped a citation_reference with no title or identifier");
  }
  for (const ref of refsFromJsonLd(ld?.citations ?? [], MAX_REFERENCES)) addRef(page.buildsOn, ref);
  return { ok: true, page: cleanPage(page) };
}
