/**
 * A title line that goes on with its authors, comma-separated, as a reference entry prints it
 * ("<Title>, First Last, First Last, …, 2023<venue> …", issue 26): the title, the names and the
 * year that closes them. The title ends at the first comma after which two or more whole names
 * follow (a title's own commas are followed by words, not names); without two names the line is
 * left as it is, and a line that opens with a name is an author list, not a title. Linear in the line. Pure.
 */
import { cleanName, isPersonName } from "./author-lists.ts";

export interface TitleWithAuthors {
  title: string;
  authors: string[];
  truncated: boolean;
  year?: number;
}

/** Longer lines are prose or a list, not one entry. */
const MAX_LINE = 3000;
/** A title holds a few commas at most: cuts after more are not tried (the work stays linear). */
const MAX_TITLE_COMMAS = 6;

/** The title and the authors of "<Title>, A B, C D, …", or undefined when no names follow a comma. */
export function titleThenAuthors(line: string): TitleWithAuthors | undefined {
  if (line.length > MAX_LINE || !line.includes(",")) return undefined;
  const items = line.split(",");
  // A line that opens with a person's name is an author list ("Yuntao Bai, Saurav Kadavath, … · 2022-12"), not a title.
  if (isPersonName(cleanName((items[0] ?? "").trim()))) return undefined;
  for (let cut = 1; cut < items.length - 1 && cut <= MAX_TITLE_COMMAS; cut++) {
    const title = items.slice(0, cut).join(",").trim();
    // Prose before the names ("… checks every answer. Our test … 2031: Ada Quill") is no title.
    if (title.split(/\s+/).length > 35 || /\p{Ll}\.\s+\p{Lu}\p{Ll}/u.test(title)) return undefined;
    if (title.split(/\s+/).length < 3 || !/\p{L}/u.test(title)) continue;
    const authors: string[] = [];
    let truncated = false;
    let year: number | undefined;
    for (const raw of items.slice(cut)) {
      const item = raw.trim();
      if (/^et al\.?$/i.test(item)) {
        truncated = true;
        continue;
      }
      const closing = /^((?:19|20)\d\d)(?!\d)/.exec(item);
      if (closing?.[1]) {
        year = Number(closing[1]);
        break;
      }
      const name = cleanName(item.replace(/^and\s+/, ""));
      if (name.split(/\s+/).length < 2 || !isPersonName(name)) break;
      authors.push(name);
    }
    // Names must open the rest: the title's own commas are followed by words, not by two names.
    if (authors.length >= 2) return { title, authors, truncated, ...(year !== undefined ? { year } : {}) };
    if (authors.length > 0) return undefined;
  }
  return undefined;
}
