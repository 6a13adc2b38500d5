/**
 * Which facts a paper shows when several mentions describe it: a page about the paper beats a
 * list that mentions it; among lists, the most common value wins. Among the pages about it, its
 * bibliographic facts (title, year, date, authors, venue, abstract) come first from a structured
 * record (BibTeX, RIS, EndNote, CSL-JSON, JSON-LD, S2, OpenAlex, `citation_*` HTML, Zotero), then from a
 * page's own heading, and only last from a title inferred from a first sentence (issue 16); each
 * rank, and the reported figures, newest capture first. A paper no page gives a year has the year
 * its arXiv identifier dates the first version to (issue 26), recorded as `yearFromArxiv`.
 * Records which page asserted each chosen field (`field_sources_json`).
 */
import type { Mention } from "../vocabulary/identity.ts";
import type { Direction, PageFacts } from "../vocabulary/paper-page.ts";
import { arxivFirstVersion } from "../vocabulary/arxiv-dates.ts";

/** One stored mention as the graph builder reads it: what identity needs, and what facts need. */
export interface MentionRow extends Mention {
  /** Its place in its page's list (0 for the page's own paper). */
  position: number;
  page_id: number;
  title: string | null;
  cited_by_count: number | null;
  data_through: string | null;
  /** What only a page's own subject carries; read for self mentions alone. */
  self?: SelfColumns;
}

export interface SelfColumns {
  abstract: string | null;
  title_inferred: number;
  authors_json: string | null;
  venue: string | null;
  date: string | null;
  facts_json: string;
  /** The page's format (what read it: an adapter, or a structured source). */
  format?: string;
  /** facts_json parsed, once. */
  facts?: PageFacts;
}

/** Newest page first; undated pages after dated ones; then the deterministic sort key. */
function newestFirst(a: MentionRow, b: MentionRow): number {
  const da = a.data_through ?? "";
  const dbb = b.data_through ?? "";
  if (da !== dbb) return da < dbb ? 1 : -1;
  return a.sortKey - b.sortKey;
}

const yearOf = (m: MentionRow): number | null => m.year ?? null;

/** Formats whose records state their fields, rather than a page a reader had to find them in. */
const STRUCTURED_FORMATS = new Set(["s2", "openalex", "bibtex", "ris", "aan", "csl-json", "jsonld", "endnote", "scholarly-html", "zotero"]);

/** 0: a structured record; 1: a page with a title it shows as one; 2: a title inferred from a first sentence. */
export function titleRank(m: MentionRow): number {
  if (m.self?.title_inferred) return 2;
  return STRUCTURED_FORMATS.has(m.self?.format ?? "") ? 0 : 1;
}

/** The facts of the paper whose mentions are `members`. */
export function chooseFacts(members: MentionRow[]) {
  const selfs = members.filter((m) => m.role === "self").sort(newestFirst);
  /** The pages about the paper, best source of bibliographic facts first. */
  const ranked = [...selfs].sort((a, b) => titleRank(a) - titleRank(b) || newestFirst(a, b));
  const lists = members.filter((m) => m.role !== "self").sort(newestFirst);
  const sources: Record<string, number> = {};
  const pick = <T>(field: string, candidates: MentionRow[], get: (m: MentionRow) => T | null | undefined): T | null => {
    for (const m of candidates) {
      const v = get(m);
      if (v !== null && v !== undefined && v !== "") {
        sources[field] = m.page_id;
        return v;
      }
    }
    return null;
  };
  const hasTitle = (ms: MentionRow[]) => ms.some((m) => m.title);
  const realTitleSelf = ranked.filter((m) => !m.self?.title_inferred);
  const titleCandidates = hasTitle(realTitleSelf) ? realTitleSelf : hasTitle(lists) ? mostCommon(lists, (m) => m.title) : selfs;
  const title = pick("title", titleCandidates, (m) => m.title);
  const titleMention = members.find((m) => m.page_id === sources.title && m.title === title);
  let year = pick("year", ranked, yearOf) ?? pick("year", mostCommon(lists, yearOf), yearOf);
  const factsOf = (m: MentionRow): PageFacts | undefined => (m.self ? (m.self.facts ??= JSON.parse(m.self.facts_json) as PageFacts) : undefined);
  const directions = pick<Direction[]>("directions", selfs, (m) => {
    const d = factsOf(m)?.directions;
    return d && d.length > 0 ? d : null;
  });
  const citedByCount = pick("citedByCount", selfs, (m) => factsOf(m)?.citedByCount ?? m.cited_by_count) ?? pick("citedByCount", lists, (m) => m.cited_by_count);
  const ids = (get: (m: MentionRow) => string | undefined) => pick<string>("ids", [...selfs, ...lists], get);
  const arxiv = ids((m) => m.ids.arxiv);
  // No page gives a year: the arXiv identifier dates the first version (`yearFromArxiv` names the
  // page that gave the identifier, so that the year is shown as derived).
  const first = year === null ? arxivFirstVersion(arxiv ?? undefined) : undefined;
  if (first) {
    year = first.year;
    const giver = [...selfs, ...lists].find((m) => m.ids.arxiv === arxiv);
    if (giver) sources.yearFromArxiv = giver.page_id;
  }
  return {
    title,
    normTitle: titleMention?.normTitle ?? null,
    year,
    arxiv,
    doi: ids((m) => m.ids.doi),
    acl: ids((m) => m.ids.acl),
    openreview: ids((m) => m.ids.openreview),
    s2: ids((m) => m.ids.s2),
    abstract: pick("abstract", ranked, (m) => m.self?.abstract),
    titleInferred: titleMention?.self?.title_inferred ? 1 : 0,
    stub: selfs.length === 0 ? 1 : 0,
    venue: pick("venue", ranked, (m) => m.self?.venue),
    date: pick("date", ranked, (m) => m.self?.date),
    authors: pick("authors", fullestAuthors(ranked), (m) => (m.self?.authors_json && m.self.authors_json !== "[]" ? m.self.authors_json : null)) ?? "[]",
    directions: JSON.stringify(directions ?? []),
    citedByCount,
    /** The page the count was read from (its reporter: `countReport`). */
    citedByCountPage: sources.citedByCount ?? null,
    fieldSources: JSON.stringify(sources),
  };
}

/**
 * The pages of the best rank that has authors, the one listing most names first (a page showing
 * "Quill et al." and one showing all three authors: the three), then the others in their order.
 */
function fullestAuthors(ranked: MentionRow[]): MentionRow[] {
  const count = (m: MentionRow) => (m.self?.authors_json && m.self.authors_json !== "[]" ? (JSON.parse(m.self.authors_json) as unknown[]).length : 0);
  const first = ranked.find((m) => count(m) > 0);
  if (!first) return ranked;
  const rank = titleRank(first);
  const best = ranked.filter((m) => titleRank(m) === rank && count(m) > 0).reduce((a, b) => (count(b) > count(a) ? b : a));
  return [best, ...ranked.filter((m) => m !== best)];
}

/** Who reported a paper's citation count, and when (api/types.ts `CountReport`). */
export interface CountReport {
  by: string;
  /** The date the page's figures run through, when it says. */
  through: string | null;
  /** The day the page was read into this map. */
  read: string;
}

/** Record formats named for the service whose count they carry. */
const SERVICES: Record<string, string> = { s2: "Semantic Scholar", openalex: "OpenAlex", aan: "the ACL Anthology Network" };

/**
 * The reporter of a count read from a page: the service a record came from, the site the page is a
 * copy of (its facts' `origin`: a saved page's canonical address, a note's "HTML:" link), the site
 * of a page read from a URL, else the page's file (its name, as the user saved it).
 */
export function countReport(source: string, format: string, dataThrough: string | null, ingestedAt: string, origin?: string): CountReport {
  const read = ingestedAt.slice(0, 10);
  const service = SERVICES[format];
  if (service) return { by: service, through: dataThrough, read };
  const located = source.replace(/^[a-z-]+:(?=[^/])/i, "");
  const site = (origin && SITE_NAME.test(origin) ? origin : hostOf(origin)) ?? hostOf(located);
  if (site) return { by: site, through: dataThrough, read };
  const file = located.split("#")[0]?.split(/[\\/]/).pop() || source;
  return { by: file, through: dataThrough, read };
}

/** A site's name as a page's header shows it ("mlsanity"). */
const SITE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .-]{0,39}$/u;

/** The host of a web address, without "www."; undefined for anything else (a file path). */
function hostOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    if (url.protocol === "http:" || url.protocol === "https:") return url.hostname.replace(/^www\./, "") || undefined;
  } catch {
    // a file path
  }
  return undefined;
}

/** Candidates whose value is the most frequent first (ties: earliest candidate wins). */
function mostCommon<T>(candidates: MentionRow[], get: (m: MentionRow) => T | null): MentionRow[] {
  const counts = new Map<T, number>();
  for (const m of candidates) {
    const v = get(m);
    if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...candidates].sort((a, b) => {
    const ca = counts.get(get(a) as T) ?? 0;
    const cb = counts.get(get(b) as T) ?? 0;
    return cb - ca;
  });
}
