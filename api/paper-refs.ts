/**
 * What the explorer's "Add paper" box accepts, checked before anything is sent: the identifiers
 * `lineage add` reads (crawl/api-refs.ts parseApiRef, which the server checks again): a DOI (bare,
 * `doi:`, a doi.org URL), an arXiv ID or URL, an ACL Anthology ID or URL, an OpenAlex work (W…, or
 * its openalex.org URL), a Semantic Scholar paperId or URL, or `CorpusId:…`. The explorer cannot
 * import crawl/, so the three patterns parseApiRef adds to vocabulary/identifiers.ts are repeated here;
 * test/grow/paper-refs.test.ts holds the two to the same answers. Pure.
 */
import { parseIdentifier } from "../vocabulary/identifiers.ts";

/** The same patterns as crawl/api-refs.ts. */
const OPENALEX_WORK = /^(?:https?:\/\/(?:api\.)?openalex\.org\/(?:works\/)?)?(W\d{1,15})$/i;
const CORPUS_ID = /^corpus_?id:\s*(\d{1,15})$/i;
const INTERNAL_S2 = /^s2:([0-9a-f]{40})$/i;

export const PAPER_REF_KINDS = "a DOI, an arXiv ID or URL, an ACL Anthology ID, an OpenAlex W… or a Semantic Scholar paper ID";

/** Which kind of identifier `input` is, or undefined when it is none `lineage add` reads. */
export function paperRefKind(input: string): "doi" | "arxiv" | "acl" | "openalex" | "s2" | undefined {
  const text = input.trim();
  if (!text || text.length > 1000) return undefined;
  if (OPENALEX_WORK.test(text)) return "openalex";
  if (CORPUS_ID.test(text) || INTERNAL_S2.test(text)) return "s2";
  const parsed = parseIdentifier(text);
  if (!parsed || parsed.scheme === "openreview") return undefined;
  return parsed.scheme;
}

/** Why `input` cannot be added, in one line; null when it can. */
export function paperRefProblem(input: string): string | null {
  const text = input.trim();
  if (!text) return `Type ${PAPER_REF_KINDS}.`;
  if (text.length > 1000) return "That is too long to be an identifier.";
  if (paperRefKind(text)) return null;
  if (/openreview\.net/i.test(text)) return "OpenReview pages cannot be fetched from an API: use the paper's DOI or arXiv ID.";
  return `“${text.length > 60 ? `${text.slice(0, 60)}…` : text}” is not an identifier: type ${PAPER_REF_KINDS}.`;
}
