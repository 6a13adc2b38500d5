/**
 * Semantic Scholar Graph API objects (https://api.semanticscholar.org/api-docs/graph) to pages:
 * a paper object is the page's paper; its references are what it builds on and its citations
 * what builds on it. A citation edge's `isInfluential`, `intents` and `contexts` (the citing
 * sentences, cleaned and bounded: CITATION_CONTEXTS) are kept as attributes of the list entry; a
 * reference whose `paperId` is null still becomes a title-only stub. Pure.
 */
import { emptyFacts, emptyPaper, type EdgeAttributes, type Identifiers, type PagePaper, type PaperPage, type PaperRef } from "../../vocabulary/paper-page.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromUrl, merge, parseIdentifier } from "../../vocabulary/identifiers.ts";
import { cleanTitle } from "../../vocabulary/titles.ts";
import { cleanLine } from "../../vocabulary/clean-text.ts";

/**
 * A paper object as read from untrusted JSON (s2-record.ts): only the fields Lineage uses, each of
 * its type; `venue` is the first of `venue`, `publicationVenue.name` and `journal.name` given.
 */
export interface S2Paper {
  paperId?: string;
  corpusId?: string;
  externalIds: { DOI?: string; ArXiv?: string; ACL?: string; CorpusId?: string };
  url?: string;
  title?: string;
  abstract?: string;
  venue?: string;
  year?: number;
  publicationDate?: string;
  authors: string[];
  citationCount?: number;
  referenceCount?: number;
  fieldsOfStudy: string[];
  references?: S2Edge[];
  citations?: S2Edge[];
  /** Entries of its lists that were left out for a field of another type, and why. */
  leftOut: string[];
}

/** One entry of a paper's `references` or `citations`, or of a `/references` or `/citations` page. */
export interface S2Edge {
  /** The paper on the other side (the cited one in a reference list). */
  paper?: S2Paper;
  isInfluential?: boolean;
  intents?: string[];
  /** The sentences of the citing paper that cite it, as the source extracted them. */
  contexts?: string[];
}

/**
 * How much of a citation's contexts is kept: a paper citing another in 40 places does not need 40
 * sentences on the edge, and a sentence the extractor ran on for a page is cut.
 */
export const CITATION_CONTEXTS = { maxPerEdge: 5, maxChars: 400, maxIntents: 5, maxIntentChars: 40 } as const;

/** A citing sentence as stored: one line, control characters dropped, cut at a word boundary past the bound. */
export function boundContext(text: string): string {
  const line = cleanLine(text);
  if (line.length <= CITATION_CONTEXTS.maxChars) return line;
  const head = line.slice(0, CITATION_CONTEXTS.maxChars - 1);
  const space = head.lastIndexOf(" ");
  const cut = space > CITATION_CONTEXTS.maxChars / 2 ? head.slice(0, space) : head.replace(/[\uD800-\uDBFF]$/, "");
  // eslint-disable-next-line regexp/no-super-linear-move -- on at most CITATION_CONTEXTS.maxChars characters
  return `${cut.replace(/[\s,;:–—-]+$/, "")}…`;
}

/** The distinct citing sentences of an edge, bounded. */
export function boundContexts(contexts: readonly string[]): string[] {
  const kept: string[] = [];
  for (const c of contexts) {
    const line = boundContext(c);
    if (line && !kept.includes(line)) kept.push(line);
    if (kept.length >= CITATION_CONTEXTS.maxPerEdge) break;
  }
  return kept;
}

/** A raw JSON value that is a citation edge (`citedPaper` or `citingPaper`), not a paper. */
export function isS2Edge(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v) && (Object.hasOwn(v, "citedPaper") || Object.hasOwn(v, "citingPaper"));
}

/** The identifiers of a paper: its paperId, and the DOI, arXiv and ACL IDs among its externalIds. */
export function s2Identifiers(p: S2Paper): Identifiers {
  const ids: Identifiers = {};
  const ext = p.externalIds;
  if (ext.DOI) merge(ids, identifiersFromUrl(`https://doi.org/${ext.DOI}`));
  const arxiv = ext.ArXiv ? canonicalArxiv(ext.ArXiv) : undefined;
  if (arxiv) ids.arxiv ??= arxiv;
  const acl = ext.ACL ? parseIdentifier(ext.ACL) : undefined;
  if (acl?.scheme === "acl") ids.acl ??= acl.value;
  if (p.paperId && /^[0-9a-f]{40}$/i.test(p.paperId)) ids.s2 = p.paperId.toLowerCase();
  return ids;
}

/**
 * What an ID as typed to the API says by itself: a paperId, `DOI:…` or a bare DOI, `ARXIV:…`,
 * `ACL:…`, `URL:…`. `CorpusID:…`, `MAG:…` and the like name nothing Lineage stores.
 */
export function s2IdIdentifiers(id: string): Identifiers {
  const s = id.trim();
  const prefixed = /^(DOI|ARXIV|ACL|URL):(.+)$/i.exec(s);
  const value = prefixed?.[2] ?? s;
  if (/^(?:CorpusId|MAG|PMID|PMCID|DBLP):/i.test(s)) return {};
  if (prefixed?.[1]?.toUpperCase() === "URL") return identifiersFromUrl(value);
  const parsed = parseIdentifier(value);
  if (!parsed || parsed.scheme === "openreview") return {};
  return { [parsed.scheme]: parsed.value };
}

/** What an edge says of its citation, cleaned and bounded; undefined when it says nothing. */
export function s2EdgeAttributes(edge: S2Edge | undefined): EdgeAttributes | undefined {
  if (!edge) return undefined;
  const attributes: EdgeAttributes = {};
  if (edge.isInfluential !== undefined) attributes.isInfluential = edge.isInfluential;
  const intents = [...new Set((edge.intents ?? []).map((i) => cleanLine(i).slice(0, CITATION_CONTEXTS.maxIntentChars)).filter(Boolean))].slice(0, CITATION_CONTEXTS.maxIntents);
  if (intents.length > 0) attributes.intents = intents;
  const contexts = boundContexts(edge.contexts ?? []);
  if (contexts.length > 0) attributes.contexts = contexts;
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

/** A list entry; undefined when the paper has neither an identifier nor a title. */
export function s2Ref(p: S2Paper, edge?: S2Edge): PaperRef | undefined {
  const ids = s2Identifiers(p);
  const title = p.title ? cleanTitle(p.title) : "";
  if (!title && !hasIdentifier(ids)) return undefined;
  const ref: PaperRef = { ids };
  if (title) ref.title = title;
  if (p.year !== undefined) ref.year = p.year;
  if (p.url) ref.url = p.url;
  if (p.citationCount !== undefined) ref.citedByCount = p.citationCount;
  const attributes = s2EdgeAttributes(edge);
  if (attributes) ref.attributes = attributes;
  return ref;
}

export function s2PagePaper(p: S2Paper, fallbackIds: Identifiers = {}): PagePaper {
  const paper = emptyPaper();
  paper.ids = merge(s2Identifiers(p), fallbackIds);
  if (p.title) paper.title = cleanTitle(p.title);
  if (p.year !== undefined) paper.year = p.year;
  if (p.publicationDate && /^\d{4}-\d{2}-\d{2}$/.test(p.publicationDate)) paper.date = p.publicationDate;
  else if (p.year !== undefined) paper.date = String(p.year);
  paper.authors = p.authors.map((a) => a.trim()).filter(Boolean);
  if (p.venue) paper.venue = p.venue;
  if (p.abstract) paper.abstract = p.abstract.replace(/\s+/g, " ").trim();
  if (p.url) paper.url = p.url;
  paper.categories = p.fieldsOfStudy;
  return paper;
}

export interface S2Bundle {
  /** The paper record, when one was available. */
  paper?: S2Paper;
  /** The ID the lists were requested for (a paperId, a DOI, `CorpusID:…`). */
  id?: string;
  references?: S2Edge[];
  citations?: S2Edge[];
  warnings: string[];
  /** Where its record (or, without one, its first list page) is in its file. */
  at?: string;
  line?: number;
}

/** One page from a paper and its lists, or why the paper cannot be identified. */
export function s2Page(bundle: S2Bundle): { page: PaperPage } | { reason: string } {
  const record: S2Paper = bundle.paper ?? { externalIds: {}, authors: [], fieldsOfStudy: [], leftOut: [] };
  const paper = s2PagePaper(record, bundle.id ? s2IdIdentifiers(bundle.id) : {});
  if (!hasIdentifier(paper.ids) && !paper.title) {
    const name = bundle.id ?? record.paperId ?? "a paper";
    return {
      reason: /^CorpusId:/i.test(name)
        ? `${name}: known here only by its Semantic Scholar corpus ID, which Lineage does not store; import or fetch its paper record too`
        : `${name}: the record has neither an identifier nor a title`,
    };
  }
  const facts = emptyFacts();
  if (record.citationCount !== undefined) facts.citedByCount = record.citationCount;
  if (record.referenceCount !== undefined) facts.referencesTotal = record.referenceCount;
  const warnings = [...bundle.warnings, ...record.leftOut];
  const list = (entries: S2Edge[] | undefined, name: string): PaperRef[] => {
    const refs: PaperRef[] = [];
    let dropped = 0;
    for (const entry of entries ?? []) {
      const ref = entry.paper ? s2Ref(entry.paper, entry) : undefined;
      if (ref) refs.push(ref);
      else dropped++;
    }
    if (dropped > 0) warnings.push(`${dropped} ${name} had neither an identifier nor a title and were left out`);
    return refs;
  };
  const buildsOn = list(bundle.references ?? record.references, "references");
  const builtBy = list(bundle.citations ?? record.citations, "citations");
  return { page: { format: "s2", paper, facts, buildsOn, builtBy, related: [], warnings } };
}

/** The key a page is stored under within its file: the paperId, else the ID asked for. */
export function s2Key(bundle: S2Bundle): string {
  return bundle.paper?.paperId ?? bundle.id ?? bundle.paper?.title ?? "paper";
}
