/**
 * How reading lists leave Lineage: Markdown for reading, BibTeX/CSL-JSON/RIS for reference
 * managers (through graph/citation-export.ts), BibTeX that Zotero files in a named collection
 * (graph/zotero-bibtex.ts), JSON for scripts. The CLI and the HTTP API both
 * render through here, so their output is the same.
 */
import type { Paper } from "../db/paper-queries.ts";
import type { ListFormat } from "../api/types.ts";
import { formatCitations, type CitablePaper } from "../graph/citation-export.ts";
import { formatForZotero } from "../graph/zotero-bibtex.ts";

/** One entry of a list: the paper as the graph knows it now (null if it left the graph). */
export interface ListLine {
  paper: Paper | null;
  title: string | null;
  year: number | null;
  reason: string;
  note?: string;
}

export function citableFrom(paper: Paper, note?: string): CitablePaper {
  return {
    id: paper.id,
    title: paper.title,
    year: paper.year,
    date: paper.date,
    authors: paper.authors,
    venue: paper.venue,
    doi: paper.doi,
    arxivId: paper.arxivId,
    aclId: paper.aclId,
    note: note ?? null,
  };
}

function citable(line: ListLine, k: number): CitablePaper {
  const note = [line.reason, line.note].filter(Boolean).join("; ");
  if (line.paper) return citableFrom(line.paper, note);
  return { id: `missing-${k}`, title: line.title, year: line.year, authors: [], note };
}

/**
 * Markdown, or citations; JSON is the caller's own shape. `zotero` is BibTeX that Zotero files in
 * a collection: `collection` (a path of names), else one named after the heading.
 */
export function renderList(heading: string, lines: readonly ListLine[], format: Exclude<ListFormat, "json">, options: { collection?: readonly string[] } = {}): string {
  if (format === "zotero") return formatForZotero(lines.map(citable), options.collection ?? [heading]);
  if (format !== "md") return formatCitations(lines.map(citable), format);
  const out = [`# ${heading}`, ""];
  lines.forEach((line, k) => {
    const ids = line.paper ? identifierLinks(line.paper) : "";
    const year = line.year ? ` (${line.year})` : "";
    const why = [line.reason, line.note].filter(Boolean).join("; ");
    out.push(`${k + 1}. **${markdownText(line.title ?? "(untitled)")}**${year}${ids ? ` ${ids}` : ""}${why ? ` — ${markdownText(why)}` : ""}`);
  });
  return out.join("\n");
}

function identifierLinks(paper: Paper): string {
  const links: string[] = [];
  if (paper.arxivId) links.push(`[arXiv:${paper.arxivId}](https://arxiv.org/abs/${paper.arxivId})`);
  if (paper.aclId) links.push(`[ACL:${paper.aclId}](https://aclanthology.org/${paper.aclId})`);
  if (paper.doi) links.push(`[doi:${paper.doi}](https://doi.org/${paper.doi})`);
  return links.join(" ");
}

function markdownText(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, "\\$1").replace(/\s+/g, " ");
}
