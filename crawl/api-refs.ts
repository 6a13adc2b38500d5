/**
 * What a user types to name a paper for `lineage expand`, `add` and `watch`, as the ID each API is
 * asked for: a DOI (bare, `doi:`, a doi.org URL), an arXiv ID or URL, an ACL Anthology ID or URL,
 * an OpenAlex work (W…, or its openalex.org URL: OpenAlex only), a Semantic Scholar paperId or
 * URL, or `CorpusId:…` (Semantic Scholar only). Semantic Scholar takes `DOI:`, `ARXIV:` and `ACL:`
 * prefixes (https://api.semanticscholar.org/api-docs/graph); OpenAlex takes a DOI, and knows an
 * arXiv paper by its DataCite DOI (10.48550/arXiv.…) and an ACL Anthology paper only by a DOI the
 * Anthology may not have: `ACL:ID` is looked up by crawl/openalex-lookup.ts. A paper already in
 * the map is asked for by its best identifier for the source (`apiRefOfPaper`). Pure.
 */
import { parseIdentifier } from "../vocabulary/identifiers.ts";
import { openAlexId } from "../ingest/sources/openalex.ts";

export type ApiSource = "s2" | "openalex";
export const API_SOURCES: readonly ApiSource[] = ["s2", "openalex"];
export const SOURCE_NAMES: Record<ApiSource, string> = { s2: "Semantic Scholar", openalex: "OpenAlex" };

export interface ApiRef {
  /** What the user typed, or the paper of the map it came from. */
  text: string;
  /** The one source that knows this kind of ID, when only one does. */
  only?: ApiSource;
  s2?: string;
  openalex?: string;
}

const OPENALEX_WORK = /^(?:https?:\/\/(?:api\.)?openalex\.org\/(?:works\/)?)?(W\d{1,15})$/i;
const CORPUS_ID = /^corpus_?id:\s*(\d{1,15})$/i;
const INTERNAL_S2 = /^s2:([0-9a-f]{40})$/i;

/** The IDs of an identifier for each source. */
function idsFor(scheme: "arxiv" | "doi" | "acl", value: string): { s2: string; openalex: string } {
  switch (scheme) {
    case "arxiv":
      return { s2: `ARXIV:${value}`, openalex: `https://doi.org/10.48550/arXiv.${value}` };
    case "doi":
      return { s2: `DOI:${value}`, openalex: `https://doi.org/${value}` };
    case "acl":
      return { s2: `ACL:${value}`, openalex: `ACL:${value}` };
  }
}

/** A REF read as an identifier; undefined when it names no paper by itself (a title, an internal title id). */
export function parseApiRef(input: string): ApiRef | undefined {
  const text = input.trim();
  if (!text || text.length > 1000) return undefined;
  const work = OPENALEX_WORK.exec(text);
  if (work?.[1]) return { text, only: "openalex", openalex: work[1].toUpperCase() };
  const corpus = CORPUS_ID.exec(text);
  if (corpus?.[1]) return { text, only: "s2", s2: `CorpusId:${corpus[1]}` };
  const internal = INTERNAL_S2.exec(text);
  if (internal?.[1]) return { text, only: "s2", s2: internal[1].toLowerCase() };
  const parsed = parseIdentifier(text);
  if (!parsed || parsed.scheme === "openreview") return undefined;
  if (parsed.scheme === "s2") return { text, only: "s2", s2: parsed.value };
  return { text, ...idsFor(parsed.scheme, parsed.value) };
}

/** The identifiers of a paper of the map, as db/ gives them. */
export interface MapPaperIds {
  id: string;
  s2Id: string | null;
  arxivId: string | null;
  doi: string | null;
  aclId: string | null;
}

/** How to ask each source for a paper the map holds; `links` are its mentions' URLs (an OpenAlex work's names it). */
export function apiRefOfPaper(paper: MapPaperIds, links: readonly string[] = []): ApiRef {
  const ref: ApiRef = { text: paper.id };
  const strongest = paper.arxivId ? idsFor("arxiv", paper.arxivId) : paper.doi ? idsFor("doi", paper.doi) : paper.aclId ? idsFor("acl", paper.aclId) : undefined;
  const s2 = paper.s2Id ?? strongest?.s2;
  if (s2) ref.s2 = s2;
  // A DOI before arXiv for OpenAlex: a preprint's arXiv DOI names the preprint's own work.
  const work = links.map((l) => openAlexId(l)).find((w): w is string => w !== undefined);
  const openalex = work ?? (paper.doi ? idsFor("doi", paper.doi).openalex : strongest?.openalex);
  if (openalex) ref.openalex = openalex;
  return ref;
}

/** An ID as a URL path: slashes and colons kept (both APIs read `DOI:10.1/x`), everything else unsafe escaped. */
export function idPath(id: string): string {
  return encodeURIComponent(id).replace(/%2F/gi, "/").replace(/%3A/gi, ":");
}
