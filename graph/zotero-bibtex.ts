/**
 * A reading list as a file Zotero imports into a named collection: BibTeX (citation-export.ts's
 * entries, with authors, venue, DOI, URL and the arXiv `eprint`) carrying the collection as a
 * JabRef group (groups version 3, one `ExplicitGroup` naming each entry's citation key), which is
 * what Zotero's BibTeX importer reads to create collections (zotero/translators BibTeX.js,
 * `processComment`: `jabref-meta: groupsversion:3;`, then `jabref-meta: groupstree:`, explicit
 * groups only, nested by level). Zotero's RIS importer has no tag for a collection, so RIS could
 * land in one only through the import dialog's option that files everything it imports under a
 * new collection named after the file. The arXiv ID goes in biblatex's `eprinttype = {arxiv}`
 * too, which Zotero's importer reads (into Extra as `arXiv: ID`), besides `archivePrefix`.
 */
import { formatCitations, toCsl, type CitablePaper } from "./citation-export.ts";

/** JabRef writes group levels as one digit, and Zotero's importer reads one: deeper paths are cut. */
export const MAX_GROUP_DEPTH = 9;

/**
 * A group name as the groups tree takes it: Zotero's importer reads a comment up to its first
 * `}` and splits the tree twice on unescaped `;`, so braces become parentheses and `\` and `;`
 * are escaped twice; line breaks (removed by the importer) become spaces.
 */
export function groupName(name: string): string {
  const once = (s: string) => s.replace(/[\\;]/g, (c) => `\\${c}`);
  const text = name
    .replace(/[\r\n\t]+/g, " ")
    .replace(/\{/g, "(")
    .replace(/\}/g, ")")
    .trim();
  return once(once(text || "Lineage"));
}

/** The collection path as typed: "Reading lists / Evaluation" is a collection inside another. */
export function collectionPath(text: string): string[] {
  const parts = text
    .split(" / ")
    .map((p) => p.trim())
    .filter(Boolean);
  return (parts.length > 0 ? parts : ["Lineage"]).slice(0, MAX_GROUP_DEPTH);
}

/** BibTeX for Zotero: the entries, then the groups tree filing them all in `collection` (a path). */
export function formatForZotero(papers: readonly CitablePaper[], collection: readonly string[]): string {
  const path = collection.length > 0 ? collection.slice(0, MAX_GROUP_DEPTH) : ["Lineage"];
  const keys = toCsl(papers).map((item) => item["citation-key"]);
  const entries = formatCitations(papers, "bibtex").replace(/(\tarchivePrefix = \{arXiv\},)/g, "$1\n\teprinttype = {arxiv},");
  const records = ["0 AllEntriesGroup:;"];
  path.forEach((name, i) => {
    const members = i === path.length - 1 ? keys.map((k) => `${k}\\;`).join("") : "";
    records.push(`${i + 1} ExplicitGroup:${groupName(name)}\\;0\\;${members};`);
  });
  return [
    `% For Zotero: File → Import… this file, and Zotero files its ${papers.length} entr${papers.length === 1 ? "y" : "ies"} in the collection "${path.join(" / ").replace(/[\r\n@{}]+/g, " ")}".`,
    "@comment{jabref-meta: groupsversion:3;}",
    "",
    entries.trim(),
    "",
    "@comment{jabref-meta: groupstree:",
    ...records,
    "}",
    "",
  ].join("\n");
}
