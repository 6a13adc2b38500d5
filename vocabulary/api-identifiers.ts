/**
 * The identifiers a user may type to name a paper for Semantic Scholar or OpenAlex (`lineage
 * add`, `expand`, the explorer's Add paper box): every identifier `identifiers.ts` reads but an
 * OpenReview forum (neither API looks one up), and three that only an API knows: an OpenAlex work
 * (`W…`, or its openalex.org URL), a Semantic Scholar `CorpusId:…`, and the internal `s2:…` of a
 * Semantic Scholar paperId. One owner of these patterns: crawl/api-refs.ts turns the answer into
 * each API's ID, api/paper-refs.ts into the Add paper box's check. Pure.
 */
import { parseIdentifier } from "./identifiers.ts";

const OPENALEX_WORK = /^(?:https?:\/\/(?:api\.)?openalex\.org\/(?:works\/)?)?(W\d{1,15})$/i;
const CORPUS_ID = /^corpus_?id:\s*(\d{1,15})$/i;
const INTERNAL_S2 = /^s2:([0-9a-f]{40})$/i;

/** Longer than this, a text is no identifier. */
const MAX_IDENTIFIER = 1000;

/** What kind of paper identifier an API reads, with its value in canonical form. */
export type ApiIdentifier = { scheme: "openalex"; value: string } | { scheme: "corpus"; value: string } | { scheme: "s2"; value: string } | { scheme: "arxiv" | "doi" | "acl"; value: string };

/** `input` read as an identifier an API looks up; undefined for anything else (a title, an OpenReview forum). */
export function parseApiIdentifier(input: string): ApiIdentifier | undefined {
  const text = input.trim();
  if (!text || text.length > MAX_IDENTIFIER) return undefined;
  const work = OPENALEX_WORK.exec(text);
  if (work?.[1]) return { scheme: "openalex", value: work[1].toUpperCase() };
  const corpus = CORPUS_ID.exec(text);
  if (corpus?.[1]) return { scheme: "corpus", value: corpus[1] };
  const internal = INTERNAL_S2.exec(text);
  if (internal?.[1]) return { scheme: "s2", value: internal[1].toLowerCase() };
  const parsed = parseIdentifier(text);
  if (!parsed || parsed.scheme === "openreview") return undefined;
  return { scheme: parsed.scheme, value: parsed.value };
}

const SOURCE_PAPER_ID = /^(?:[0-9a-f]{40}|W\d{1,15})$/i;

/** Whether `id` is a paper's own ID at a source, as watch findings keep it: a Semantic Scholar paperId or an OpenAlex W…. */
export function isSourcePaperId(id: string): boolean {
  return SOURCE_PAPER_ID.test(id);
}
