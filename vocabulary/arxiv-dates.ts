/**
 * What an arXiv identifier says of a paper's date: the year and month its first version was
 * submitted. arXiv numbers new-style identifiers `YYMM.NNNNN` by the month of submission (since
 * April 2007) and old-style ones `archive/YYMMNNN` the same way (1991 to March 2007), so the
 * identifier fixes the first version's month whatever a page prints beside it: a year before it is
 * impossible, and a page's date years after it is a later version's, a venue's or the page's own.
 * Pure.
 */

export interface FirstVersion {
  year: number;
  month: number;
}

/** The year and month of an identifier's first version, or undefined when it is not an arXiv identifier. */
export function arxivFirstVersion(id: string | undefined): FirstVersion | undefined {
  if (!id) return undefined;
  const bare = id.replace(/^arxiv:/i, "");
  const numbered = /^(\d{2})(\d{2})\.\d{4,5}(?:v\d+)?$/.exec(bare) ?? /^[a-z][a-z-]*(?:\.[A-Z]{2})?\/(\d{2})(\d{2})\d{3}(?:v\d+)?$/.exec(bare);
  if (!numbered?.[1] || !numbered[2]) return undefined;
  const yy = Number(numbered[1]);
  const month = Number(numbered[2]);
  if (month < 1 || month > 12) return undefined;
  // Old-style identifiers run from 1991 (91xx) to 2007 (07xx); new-style ones from 2007 on.
  const year = yy >= 91 ? 1900 + yy : 2000 + yy;
  return { year, month };
}

/**
 * Whether `year` can be the paper's, given its arXiv identifier: not before the first version,
 * and at most `yearsAfter` years after it (a journal's or conference's version comes later).
 */
export function yearFitsArxiv(year: number, id: string | undefined, yearsAfter: number): boolean {
  const first = arxivFirstVersion(id);
  return first === undefined || (year >= first.year && year <= first.year + yearsAfter);
}
