/**
 * OpenAlex work objects (https://docs.openalex.org/api-entities/works) to pages: DOI, arXiv and
 * ACL IDs from the work's `doi`, `ids` and location URLs; the abstract rebuilt from
 * `abstract_inverted_index`; `referenced_works` as what the work builds on. A referenced work is
 * named only by its OpenAlex ID, which Lineage does not store, so a reference is kept when the work
 * it names is known (imported alongside, or looked up by `lineage fetch openalex`). Works are read
 * from untrusted JSON by openalex-record.ts. Pure.
 */
import { emptyFacts, emptyPaper, type Identifiers, type PaperPage, type PaperRef } from "../../vocabulary/paper-page.ts";
import { hasIdentifier, identifiersFromUrl, merge } from "../../vocabulary/identifiers.ts";
import { cleanTitle } from "../../vocabulary/titles.ts";
import { recordsIn } from "./json-values.ts";
import { openAlexWorkOf } from "./openalex-record.ts";

/** A location of a work, as read from untrusted JSON (openalex-record.ts). */
export interface OpenAlexLocation {
  landing_page_url?: string;
  pdf_url?: string;
  source?: { display_name?: string };
}

/** A work as read from untrusted JSON: the fields Lineage uses, each of its type, nulls absent. */
export interface OpenAlexWork {
  id: string;
  doi?: string;
  title?: string;
  display_name?: string;
  publication_year?: number;
  publication_date?: string;
  ids?: { doi?: string };
  authorships: { author?: { display_name?: string } }[];
  primary_location?: OpenAlexLocation;
  locations: OpenAlexLocation[];
  cited_by_count?: number;
  referenced_works: string[];
  referenced_works_count?: number;
  /** Word → positions, on an object with no prototype (a word may be `__proto__`). */
  abstract_inverted_index?: Record<string, number[]>;
  updated_date?: string;
  concepts: { display_name?: string; level?: number }[];
}

/** Positions past this in an inverted index are not read (an abstract has a few hundred words). */
export const MAX_ABSTRACT_WORDS = 100_000;

const WORK_ID = /(?:^|openalex\.org\/)(W\d+)$/i;

/** `https://openalex.org/W2741809807` or `W2741809807` → `W2741809807`. */
export function openAlexId(raw: string | null | undefined): string | undefined {
  const m = raw ? WORK_ID.exec(raw.trim()) : null;
  return m?.[1]?.toUpperCase();
}

/** The abstract as text: each word placed at each of its positions. */
export function abstractFromInvertedIndex(index: Readonly<Record<string, readonly number[]>> | null | undefined): string | undefined {
  if (!index) return undefined;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    for (const p of positions) if (Number.isInteger(p) && p >= 0 && p < MAX_ABSTRACT_WORDS) words[p] = word;
  }
  const text = words
    .filter((w) => w !== undefined)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return text || undefined;
}

export function openAlexIdentifiers(work: OpenAlexWork): Identifiers {
  const ids: Identifiers = {};
  for (const doi of [work.doi, work.ids?.doi]) if (doi) merge(ids, identifiersFromUrl(/^https?:/i.test(doi) ? doi : `https://doi.org/${doi}`));
  for (const loc of [work.primary_location, ...work.locations]) {
    for (const url of [loc?.landing_page_url, loc?.pdf_url]) if (url) merge(ids, identifiersFromUrl(url));
  }
  return ids;
}

/** The work as a list entry of another work's page; undefined when it has no identity. */
export function openAlexRef(work: OpenAlexWork): PaperRef | undefined {
  const ids = openAlexIdentifiers(work);
  const title = cleanTitle(work.title ?? work.display_name ?? "");
  if (!title && !hasIdentifier(ids)) return undefined;
  const ref: PaperRef = { ids };
  if (title) ref.title = title;
  if (work.publication_year !== undefined) ref.year = work.publication_year;
  const id = openAlexId(work.id);
  if (id) ref.url = `https://openalex.org/${id}`;
  if (work.cited_by_count !== undefined) ref.citedByCount = work.cited_by_count;
  return ref;
}

/** A page for the work; `resolve` names the works its references point at, when known. */
export function openAlexPage(work: OpenAlexWork, resolve: (id: string) => PaperRef | undefined): { page: PaperPage; unresolved: number } | { reason: string } {
  const paper = emptyPaper();
  paper.ids = openAlexIdentifiers(work);
  const title = cleanTitle(work.title ?? work.display_name ?? "");
  if (title) paper.title = title;
  if (!title && !hasIdentifier(paper.ids)) return { reason: `${openAlexId(work.id) ?? "work"}: neither a title nor a DOI, arXiv or ACL ID` };
  if (work.publication_year !== undefined) paper.year = work.publication_year;
  if (work.publication_date && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(work.publication_date)) paper.date = work.publication_date;
  paper.authors = work.authorships.map((a) => a.author?.display_name?.trim() ?? "").filter(Boolean);
  const venue = work.primary_location?.source?.display_name;
  if (venue) paper.venue = venue;
  const abstract = abstractFromInvertedIndex(work.abstract_inverted_index);
  if (abstract) paper.abstract = abstract;
  const id = openAlexId(work.id);
  paper.url = work.doi ?? (id ? `https://openalex.org/${id}` : undefined);
  if (!paper.url) delete paper.url;
  paper.categories = work.concepts.flatMap((c) => (c.level === 0 && c.display_name ? [c.display_name] : []));
  const facts = emptyFacts();
  if (work.cited_by_count !== undefined) facts.citedByCount = work.cited_by_count;
  if (work.referenced_works_count !== undefined) facts.referencesTotal = work.referenced_works_count;
  if (work.updated_date && /^\d{4}-\d{2}-\d{2}/.test(work.updated_date)) facts.dataThrough = work.updated_date.slice(0, 10);
  const buildsOn: PaperRef[] = [];
  let unresolved = 0;
  for (const raw of work.referenced_works) {
    const refId = openAlexId(raw);
    const ref = refId ? resolve(refId) : undefined;
    if (ref) buildsOn.push(ref);
    else unresolved++;
  }
  const warnings: string[] = [];
  if (unresolved > 0) {
    warnings.push(
      `${unresolved} of ${work.referenced_works.length} referenced works are known only by their OpenAlex ID and were left out ` + "(import those works too, or use `lineage fetch openalex`)",
    );
  }
  return { page: { format: "openalex", paper, facts, buildsOn, builtBy: [], related: [], warnings }, unresolved };
}

/** The works a JSON value holds (a work, a list of works, or a `results` page), the bad ones left out. */
export function worksIn(value: unknown): OpenAlexWork[] {
  const { records } = recordsIn({ value, at: "$" }, "results");
  return records.flatMap((r) => {
    const read = r.value === null ? undefined : openAlexWorkOf(r.value);
    return read && "work" in read ? [read.work] : [];
  });
}
