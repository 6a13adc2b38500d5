/**
 * How a paper is named and linked in the explorer: display titles, the REF written into links,
 * identifier links out (arXiv, DOI, ACL Anthology, OpenReview), and the reported-coverage sentences
 * ("builds on 24 of its 57 references"). Scraped text is only ever returned as plain strings.
 */
import type { Coverage, PaperBrief, PaperDetail } from "../api/types.ts";

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

function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function inThisGraph(n: number): string {
  return `${formatCount(n)} ${n === 1 ? "is" : "are"} in this graph`;
}

function provenance(source: string | null, dataThrough: string | null): string {
  if (!source && !dataThrough) return "";
  const parts = [source ? `reported by ${sourceName(source)}` : "reported", dataThrough ? `data through ${dataThrough}` : ""];
  return ` (${parts.filter(Boolean).join(", ")})`;
}

/** "Builds on 24 of its 57 references (reported by 000_….txt, data through 2026-10-14); 24 are in this graph." */
export function buildsOnCoverage(coverage: Coverage["buildsOn"]): string {
  const inGraph = inThisGraph(coverage.inGraph);
  if (coverage.reportedInMap !== null && coverage.reportedTotal !== null) {
    return `Builds on ${formatCount(coverage.reportedInMap)} of its ${plural(coverage.reportedTotal, "reference", "references")}${provenance(coverage.source, coverage.dataThrough)}; ${inGraph}.`;
  }
  if (coverage.reportedTotal !== null) {
    return `Has ${plural(coverage.reportedTotal, "reference", "references")}${provenance(coverage.source, coverage.dataThrough)}; builds on ${formatCount(coverage.inGraph)} in this graph.`;
  }
  return `Builds on ${plural(coverage.inGraph, "paper", "papers")} in this graph (no reported reference count).`;
}

/** "Built on by 56 papers (reported by …); 33 are in this graph." */
export function builtByCoverage(coverage: Coverage["builtBy"]): string {
  const inGraph = inThisGraph(coverage.inGraph);
  if (coverage.reported !== null) {
    return `Built on by ${plural(coverage.reported, "paper", "papers")}${provenance(coverage.source, coverage.dataThrough)}; ${inGraph}.`;
  }
  return `Built on by ${plural(coverage.inGraph, "paper", "papers")} in this graph (no reported citation count).`;
}

export function shortLabel(title: string, max = 40): string {
  const clean = title.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}
