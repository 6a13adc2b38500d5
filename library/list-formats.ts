/**
 * How reading lists leave Lineage: Markdown for reading, BibTeX/CSL-JSON/RIS for reference
 * managers (through citation-export.ts), JSON for scripts. Pure: lines in, text out; the CLI
 * and the HTTP API both render through here, so their output is the same.
 */
import type { PaperRow } from "../db/paper-queries.ts";
import { formatCitations, type CitablePaper } from "../graph/citation-export.ts";

export const LIST_FORMATS = ["md", "bibtex", "csl", "ris", "json"] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** One entry of a list: the paper as the graph knows it now (null if it left the graph). */
export interface ListLine {
  row: PaperRow | null;
  title: string | null;
  year: number | null;
  reason: string;
  note?: string;
}

export function citableFromRow(row: PaperRow, note?: string): CitablePaper {
  return {
    id: row.id,
    title: row.title,
    year: row.year,
    date: row.date,
    authors: JSON.parse(row.authors_json) as string[],
    venue: row.venue,
    doi: row.doi,
    arxivId: row.arxiv_id,
    aclId: row.acl_id,
    note: note ?? null,
  };
}

function citable(line: ListLine, k: number): CitablePaper {
  const note = [line.reason, line.note].filter(Boolean).join("; ");
  if (line.row) return citableFromRow(line.row, note);
  return { id: `missing-${k}`, title: line.title, year: line.year, authors: [], note };
}

/** Markdown, or citations; JSON is the caller's own shape. */
export function renderList(heading: string, lines: readonly ListLine[], format: Exclude<ListFormat, "json">): string {
  if (format !== "md") return formatCitations(lines.map(citable), format);
  const out = [`# ${heading}`, ""];
  lines.forEach((line, k) => {
    const ids = line.row ? identifierLinks(line.row) : "";
    const year = line.year ? ` (${line.year})` : "";
    const why = [line.reason, line.note].filter(Boolean).join("; ");
    out.push(`${k + 1}. **${markdownText(line.title ?? "(untitled)")}**${year}${ids ? ` ${ids}` : ""}${why ? ` — ${markdownText(why)}` : ""}`);
  });
  return out.join("\n");
}

function identifierLinks(row: PaperRow): string {
  const links: string[] = [];
  if (row.arxiv_id) links.push(`[arXiv:${row.arxiv_id}](https://arxiv.org/abs/${row.arxiv_id})`);
  if (row.acl_id) links.push(`[ACL:${row.acl_id}](https://aclanthology.org/${row.acl_id})`);
  if (row.doi) links.push(`[doi:${row.doi}](https://doi.org/${row.doi})`);
  return links.join(" ");
}

function markdownText(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, "\\$1").replace(/\s+/g, " ");
}
