/**
 * Semantic Scholar Graph API objects (https://api.semanticscholar.org/api-docs/graph) to pages:
 * a paper object is the page's paper; its references are what it builds on and its citations
 * what builds on it. A citation edge's `isInfluential` and `intents` are kept as attributes of the
 * list entry; a reference whose `paperId` is null still becomes a title-only stub. Pure.
 */
import { emptyFacts, emptyPaper, type EdgeAttributes, type Identifiers, type PagePaper, type PaperPage, type PaperRef } from "../types.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromUrl, merge, parseIdentifier } from "../identifiers.ts";
import { cleanTitle } from "../titles.ts";

export interface S2Paper {
  paperId?: string | null;
  corpusId?: number | null;
  externalIds?: Record<string, string | number | string[] | null> | null;
  url?: string | null;
  title?: string | null;
  abstract?: string | null;
  venue?: string | null;
  publicationVenue?: { name?: string | null } | null;
  journal?: { name?: string | null } | null;
  year?: number | null;
  publicationDate?: string | null;
  authors?: { name?: string | null }[] | null;
  citationCount?: number | null;
  referenceCount?: number | null;
  fieldsOfStudy?: string[] | null;
  references?: (S2Paper | S2Edge)[] | null;
  citations?: (S2Paper | S2Edge)[] | null;
}

/** One entry of a `/references` or `/citations` list. */
export interface S2Edge {
  citedPaper?: S2Paper | null;
  citingPaper?: S2Paper | null;
  isInfluential?: boolean | null;
  intents?: string[] | null;
  contexts?: string[] | null;
}

export function isS2Edge(v: unknown): v is S2Edge {
  return typeof v === "object" && v !== null && ("citedPaper" in v || "citingPaper" in v);
}

/** The identifiers of a paper: its paperId, and the DOI, arXiv and ACL IDs among its externalIds. */
export function s2Identifiers(p: S2Paper): Identifiers {
  const ids: Identifiers = {};
  const ext = p.externalIds ?? {};
  const doi = ext.DOI;
  if (typeof doi === "string" && doi) merge(ids, identifiersFromUrl(`https://doi.org/${doi}`));
  const arxiv = typeof ext.ArXiv === "string" ? canonicalArxiv(ext.ArXiv) : undefined;
  if (arxiv) ids.arxiv ??= arxiv;
  const acl = typeof ext.ACL === "string" ? parseIdentifier(ext.ACL) : undefined;
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

function attributesOf(edge: S2Edge | undefined): EdgeAttributes | undefined {
  if (!edge) return undefined;
  const attributes: EdgeAttributes = {};
  if (typeof edge.isInfluential === "boolean") attributes.isInfluential = edge.isInfluential;
  if (Array.isArray(edge.intents) && edge.intents.length > 0) attributes.intents = edge.intents.filter((i) => typeof i === "string");
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

/** A list entry; undefined when the paper has neither an identifier nor a title. */
export function s2Ref(p: S2Paper, edge?: S2Edge): PaperRef | undefined {
  const ids = s2Identifiers(p);
  const title = p.title ? cleanTitle(p.title) : "";
  if (!title && !hasIdentifier(ids)) return undefined;
  const ref: PaperRef = { ids };
  if (title) ref.title = title;
  if (typeof p.year === "number") ref.year = p.year;
  if (p.url) ref.url = p.url;
  if (typeof p.citationCount === "number") ref.citedByCount = p.citationCount;
  const attributes = attributesOf(edge);
  if (attributes) ref.attributes = attributes;
  return ref;
}

export function s2PagePaper(p: S2Paper, fallbackIds: Identifiers = {}): PagePaper {
  const paper = emptyPaper();
  paper.ids = merge(s2Identifiers(p), fallbackIds);
  if (p.title) paper.title = cleanTitle(p.title);
  if (typeof p.year === "number") paper.year = p.year;
  if (p.publicationDate && /^\d{4}-\d{2}-\d{2}$/.test(p.publicationDate)) paper.date = p.publicationDate;
  else if (typeof p.year === "number") paper.date = String(p.year);
  paper.authors = (p.authors ?? []).map((a) => a.name?.trim() ?? "").filter(Boolean);
  const venue = p.venue || p.publicationVenue?.name || p.journal?.name;
  if (venue) paper.venue = venue;
  if (p.abstract) paper.abstract = p.abstract.replace(/\s+/g, " ").trim();
  if (p.url) paper.url = p.url;
  paper.categories = (p.fieldsOfStudy ?? []).filter((f) => typeof f === "string");
  return paper;
}

export interface S2Bundle {
  /** The paper record, when one was available. */
  paper?: S2Paper;
  /** The ID the lists were requested for (a paperId, a DOI, `CorpusID:…`). */
  id?: string;
  references?: (S2Paper | S2Edge)[];
  citations?: (S2Paper | S2Edge)[];
  warnings: string[];
}

/** One page from a paper and its lists, or why the paper cannot be identified. */
export function s2Page(bundle: S2Bundle): { page: PaperPage } | { reason: string } {
  const record = bundle.paper ?? {};
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
  if (typeof record.citationCount === "number") facts.citedByCount = record.citationCount;
  if (typeof record.referenceCount === "number") facts.referencesTotal = record.referenceCount;
  const warnings = [...bundle.warnings];
  const list = (entries: (S2Paper | S2Edge)[] | null | undefined, side: "citedPaper" | "citingPaper", name: string): PaperRef[] => {
    const refs: PaperRef[] = [];
    let dropped = 0;
    for (const entry of entries ?? []) {
      const edge = isS2Edge(entry) ? entry : undefined;
      const other = edge ? edge[side] : (entry as S2Paper);
      const ref = other ? s2Ref(other, edge) : undefined;
      if (ref) refs.push(ref);
      else dropped++;
    }
    if (dropped > 0) warnings.push(`${dropped} ${name} had neither an identifier nor a title and were left out`);
    return refs;
  };
  const buildsOn = list(bundle.references ?? record.references, "citedPaper", "references");
  const builtBy = list(bundle.citations ?? record.citations, "citingPaper", "citations");
  return { page: { format: "s2", paper, facts, buildsOn, builtBy, related: [], warnings } };
}

/** The key a page is stored under within its file: the paperId, else the ID asked for. */
export function s2Key(bundle: S2Bundle): string {
  return bundle.paper?.paperId ?? bundle.id ?? bundle.paper?.title ?? "paper";
}
