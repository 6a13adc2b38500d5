/**
 * The formatted citations a capture prints (vocabulary of formatted-citations.ts), as the capture
 * reader weighs them: the citation a page opens with (a repository's record, broken one author a
 * line), the one paper all its citations name, the titles they name, and the fuller of the page's
 * citation of itself and its record's author list. Pure.
 */
import { normalizeTitle } from "../../../vocabulary/titles.ts";
import type { AuthorList } from "./author-lists.ts";
import { parseFormattedCitation, type FormattedCitation } from "./formatted-citations.ts";

/** How many lines a citation broken one author a line may run over at the top of a page. */
const CITATION_BLOCK_LINES = 40;

/**
 * The citation a page opens with: on its first line, or broken over lines with one author a line
 * ("Srivastava, A;" / "Rastogi, A;" / … / "(2023)" / "Title." — a repository's record page): the
 * lines from the first to the one after the title, joined.
 */
export function citationAtTop(lines: readonly string[], chrome: (i: number) => boolean): FormattedCitation | undefined {
  const filled = lines.flatMap((l, i) => (l !== "" && !chrome(i) ? [l] : [])).slice(0, CITATION_BLOCK_LINES);
  const first = filled[0] ?? "";
  if (first.length > 60) return parseFormattedCitation(first);
  const entry = /^\p{Lu}[\p{L}\p{M}'’ -]{1,40},\s?(?:\p{Lu}\.?\s?){1,3}[;,]$/u;
  if (!entry.test(first) || !entry.test(filled[1] ?? "")) return undefined;
  const year = filled.findIndex((l) => /^\((?:19|20)\d\d\)\.?$/.test(l));
  return year > 1 ? parseFormattedCitation(filled.slice(0, year + 3).join(" ")) : undefined;
}

/** The formatted citations printed on the page's lines before `end` (within its first 600 lines). */
function formattedCitations(lines: readonly string[], end: number): FormattedCitation[] {
  const out: FormattedCitation[] = [];
  for (let i = 0; i < end && i < 600; i++) {
    const l = lines[i] ?? "";
    if (l.length < 30 || l.length > 3000 || !/(?:19|20)\d\d/.test(l)) continue;
    const c = parseFormattedCitation(l);
    if (c) out.push(c);
  }
  return out;
}

/** The one paper the page's formatted citations name (several citations of it count once), or undefined. */
export function onlyCitation(lines: readonly string[], end: number): FormattedCitation | undefined {
  const found = new Map<string, FormattedCitation>();
  for (const c of formattedCitations(lines, end)) if (!found.has(normalizeTitle(c.title))) found.set(normalizeTitle(c.title), c);
  return found.size === 1 ? [...found.values()][0] : undefined;
}

/** The titles the page's formatted citations name (its sources, a "Cite this" block). */
export function citedTitles(lines: readonly string[], end: number): Set<string> {
  return new Set(formattedCitations(lines, end).map((c) => normalizeTitle(c.title)));
}

/**
 * The page's citation of itself, unless it names only some authors ("Zhang et al.") and the
 * page's own record lists more, starting with the same surname: then the record's list.
 */
export function fullerOf(cited: AuthorList | undefined, record: AuthorList | undefined): AuthorList | undefined {
  if (!cited || !record) return cited ?? record;
  const surname = (n: string | undefined) => (n ?? "").split(/\s+/).at(-1)?.toLowerCase();
  const fuller = cited.truncated !== undefined && record.names.length > cited.names.length && surname(record.names[0]) === surname(cited.names[0]);
  return fuller ? record : cited;
}
