/**
 * How a paper is named and linked in the explorer: display titles, the REF written into links,
 * identifier links out (arXiv, DOI, ACL Anthology, OpenReview), the reported-coverage sentence
 * ("Of its 137 references, 83 are in the mlsanity map"), a paper's two citation figures (cited in
 * this map; reported, by whom and when), exact big counts, and how lists name a paper's authors
 * and identifier. Scraped text is only ever returned as plain strings.
 */
import type { Coverage, PaperBrief, PaperDetail } from "../api/types.ts";
import { citedInMapPhrase, reportedPhrase, reportedShort } from "../../../../vocabulary/count-wording.ts";
import { formatCount } from "../count-format.ts";

export function displayTitle(paper: { title: string | null; id: string }): string {
  return paper.title && paper.title.trim() ? paper.title : `(untitled paper ${paper.id})`;
}

/** The REF written into `?paper=`: the most readable identifier that names the paper. */
export function paperRef(paper: Pick<PaperBrief, "id" | "arxivId" | "aclId" | "doi">): string {
  return paper.arxivId ?? paper.aclId ?? paper.doi ?? paper.id;
}

export interface IdentifierLink {
  scheme: string;
  value: string;
  href: string;
}

export function identifierLinks(paper: Pick<PaperDetail, "arxivId" | "doi" | "aclId" | "openreviewId">): IdentifierLink[] {
  const links: IdentifierLink[] = [];
  if (paper.arxivId) links.push({ scheme: "arXiv", value: paper.arxivId, href: `https://arxiv.org/abs/${encodeURI(paper.arxivId)}` });
  if (paper.doi) links.push({ scheme: "DOI", value: paper.doi, href: `https://doi.org/${encodeURI(paper.doi)}` });
  if (paper.aclId) links.push({ scheme: "ACL", value: paper.aclId, href: `https://aclanthology.org/${encodeURIComponent(paper.aclId)}/` });
  if (paper.openreviewId) {
    links.push({ scheme: "OpenReview", value: paper.openreviewId, href: `https://openreview.net/forum?id=${encodeURIComponent(paper.openreviewId)}` });
  }
  return links;
}

/** A scraped URL, kept only when it is http(s): never a `javascript:` or `data:` link. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The file name of a page source path, for display (the full path goes in a tooltip). */
export function sourceName(source: string): string {
  const parts = source.split(/[\\/]/);
  return parts[parts.length - 1] || source;
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * A whole number given as decimal digits (the API's `spcExact`, `weightExact`, `totalPaths`),
 * grouped in threes exactly as written: never through Number, which rounds past 2^53.
 */
export function exactCount(digits: string): string {
  const m = /^(-?)(\d+)$/.exec(digits.trim());
  if (!m) return digits;
  const [, sign = "", whole = ""] = m;
  return sign + whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Page formats of paper pages from the mlsanity map (their "in the map" figures are its). */
const MAP_PAGE_FORMATS = new Set(["markdown-page", "text-page", "html-page"]);

/**
 * The map a page's figures are about: the site the page was read from when it is a URL, the
 * mlsanity map for its paper pages, else the page's own.
 */
export function mapName(paper: Pick<PaperDetail, "sources">, source: string | null): string {
  if (!source) return "its source's map";
  try {
    const url = new URL(source);
    if (url.protocol === "http:" || url.protocol === "https:") return `the ${url.hostname.replace(/^www\./, "")} map`;
  } catch {
    // a file path
  }
  const page = paper.sources.find((s) => s.source === source);
  return page && MAP_PAGE_FORMATS.has(page.format) ? "the mlsanity map" : `the map of ${sourceName(source)}`;
}

/** "page data through 2026-10-07", the provenance said after a reported figure. */
function asOf(dataThrough: string | null): string {
  return dataThrough ? ` (page data through ${dataThrough})` : "";
}

/**
 * The page's reference figures worded as the page meant them: "Of its 137 references, 83 are in
 * the mlsanity map (page data through 2026-10-07); 51 are in this graph." The page's "builds on
 * 83 of its 137 references that are in the map" counts references the map holds, not references
 * it builds on (issue 18).
 */
export function buildsOnCoverage(coverage: Coverage["buildsOn"], map = "its source's map"): string {
  const inGraph = `${formatCount(coverage.inGraph)} ${coverage.inGraph === 1 ? "is" : "are"} in this graph`;
  if (coverage.reportedInMap !== null && coverage.reportedTotal !== null) {
    const are = coverage.reportedInMap === 1 ? "is" : "are";
    return `Of its ${plural(coverage.reportedTotal, "reference", "references")}, ${formatCount(coverage.reportedInMap)} ${are} in ${map}${asOf(coverage.dataThrough)}; ${inGraph}.`;
  }
  if (coverage.reportedTotal !== null) {
    return `Has ${plural(coverage.reportedTotal, "reference", "references")}${asOf(coverage.dataThrough)}; builds on ${formatCount(coverage.inGraph)} in this graph.`;
  }
  return `Builds on ${plural(coverage.inGraph, "paper", "papers")} in this graph (no reported reference count).`;
}

/**
 * A paper's two citation figures, each with its meaning (vocabulary/count-wording.ts): "Cited by
 * 33 in this map." and "56 citations reported by 000_f241.txt (data through 2026-10-14)." (or
 * "No page reports a citation count."). Never one bare "citations".
 */
export function citationFigures(paper: Pick<PaperBrief, "builtByCount" | "citedByCount" | "citedByReport">): { inMap: string | null; reported: string } {
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    inMap: paper.builtByCount === null ? null : `${capital(citedInMapPhrase(paper.builtByCount))}.`,
    reported: `${capital(reportedPhrase(paper.citedByCount, paper.citedByReport))}.`,
  };
}

/** A listed paper's figures in short: "cited by 729 in this map · 7,768 reported by Semantic Scholar". */
export function listedFigures(paper: Pick<PaperBrief, "builtByCount" | "citedByCount" | "citedByReport">): string[] {
  const out: string[] = [];
  if (paper.builtByCount !== null) out.push(citedInMapPhrase(paper.builtByCount));
  const reported = reportedShort(paper.citedByCount, paper.citedByReport);
  if (reported) out.push(reported);
  return out;
}

/** What the short figures mean, said on hover: both in full, an unknown count said to be unknown. */
export function figuresTitle(paper: Pick<PaperBrief, "builtByCount" | "citedByCount" | "citedByReport">): string {
  const { inMap, reported } = citationFigures(paper);
  return [inMap ?? "Citations in this map not counted here.", reported].join(" ");
}

/** Authors as the panel lists them: people, in order, the rest counted. */
export function authorLine(authors: readonly string[], shown = 8): string {
  if (authors.length <= shown) return authors.join(", ");
  return `${authors.slice(0, shown).join(", ")} and ${plural(authors.length - shown, "other", "others")}`;
}

/** A list's first author: "Kishore Papineni et al.", "Kishore Papineni and Salim Roukos". */
export function firstAuthorLabel(brief: Pick<PaperBrief, "firstAuthor" | "authorCount">): string | null {
  if (!brief.firstAuthor) return null;
  if (brief.authorCount <= 1) return brief.firstAuthor;
  return brief.authorCount === 2 ? `${brief.firstAuthor} and 1 other` : `${brief.firstAuthor} et al.`;
}

/** The identifier a list shows for a paper: arXiv, ACL, DOI, in that order. */
export function shownIdentifier(p: Pick<PaperBrief, "arxivId" | "aclId" | "doi">): string | null {
  if (p.arxivId) return `arXiv:${p.arxivId}`;
  if (p.aclId) return `ACL ${p.aclId}`;
  if (p.doi) return `DOI ${p.doi}`;
  return null;
}

export function shortLabel(title: string, max = 40): string {
  const clean = title.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}
