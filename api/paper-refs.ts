/**
 * What the explorer's "Add paper" box accepts, checked before anything is sent: the identifiers
 * an API looks up (vocabulary/api-identifiers.ts, which `lineage add` and the server read too): a
 * DOI (bare, `doi:`, a doi.org URL), an arXiv ID or URL, an ACL Anthology ID or URL, an OpenAlex
 * work (W…, or its openalex.org URL), a Semantic Scholar paperId or URL, or `CorpusId:…`. Pure.
 */
import { parseApiIdentifier } from "../vocabulary/api-identifiers.ts";

export const PAPER_REF_KINDS = "a DOI, an arXiv ID or URL, an ACL Anthology ID, an OpenAlex W… or a Semantic Scholar paper ID";

/** Which kind of identifier `input` is, or undefined when it is none `lineage add` reads. */
export function paperRefKind(input: string): "doi" | "arxiv" | "acl" | "openalex" | "s2" | undefined {
  const id = parseApiIdentifier(input);
  return id?.scheme === "corpus" ? "s2" : id?.scheme;
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
