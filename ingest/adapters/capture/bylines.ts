/**
 * Bylines: one line holding a paper's header facts run together, split by dots, bars or dashes,
 * sometimes glued to a site's badge: an identifier, a venue and its year, a date, and a list of
 * names ("PaperHigh credibilityNeurIPS 2023 (arXiv:2306.05685) · Lianmin Zheng, Wei-Lin Chiang,
 * et al. · June 9, 2023", "18 Nov 2021 | Karl Cobbe*, Vineet Kosaraju*, …", "arXiv · Lin et al. ·
 * September 1, 2021", "A, B, C. 2021"). A line made of two or more such facts, names or an
 * identifier among them, is a byline wherever it sits: never a title, and read as those facts.
 * Pure.
 */
import { findDate, yearOf } from "../../dates.ts";
import type { Identifiers } from "../../../vocabulary/paper-page.ts";
import { hasIdentifier } from "../../../vocabulary/identifiers.ts";
import { identifiersIn } from "../page-text.ts";
import { parseAuthorList, type AuthorList } from "./author-lists.ts";
import { VENUES, venueIn } from "./capture-dates.ts";
import { isChrome } from "./chrome.ts";

export interface Byline {
  authors?: AuthorList;
  /** ISO date (day or month precision) the byline prints. */
  date?: string;
  year?: number;
  venue?: { venue: string; year: number };
  ids: Identifiers;
}

/** Separators of a byline's parts: a middle dot, bullet or bar, or a dash between spaces. */
const SEPARATOR = /\s+[·•|—–]\s+|\s*\|\s*|\s+·|·\s+/;
const MAX_BYLINE = 1500;

/** A badge glued to the fact after it ("credibilityarXiv:…", "credibilityNeurIPS 2023"). */
const GLUED_FACT = new RegExp(`(?<=\\p{Ll})(?=(?:arXiv|${VENUES})(?!\\p{Ll}))`, "gu");

/** The part with a space put back between a badge and the fact glued to it. */
function unglued(part: string): string {
  return part.replace(GLUED_FACT, " ");
}

/** A part that is a date or a year, nothing more but a few words ("2021 arXiv pre-print"). */
function dateOf(part: string): { iso: string } | undefined {
  const found = findDate(part);
  if (found && part.length - found.iso.length <= 14) return found;
  // "OpenAI, 2023": an organisation and the year (a byline's "A, B — OpenAI, 2023").
  const org = /^\p{Lu}[\p{L}\p{N}&. -]{1,40},\s?((?:19|20)\d\d)$/u.exec(part.trim());
  if (org?.[1]) return { iso: org[1] };
  // "2022-12": a year and its month.
  const month = /^((?:19|20)\d\d)-(0[1-9]|1[0-2])$/.exec(part.trim());
  if (month?.[1] && month[2]) return { iso: `${month[1]}-${month[2]}` };
  const year = /^\(?((?:19|20)\d\d)\)?(?:\s+\S+){0,2}$/.exec(part.trim());
  return year?.[1] ? { iso: year[1] } : undefined;
}

/** "A, B, C. 2021", "A, B and C. Arxiv 2021": the authors, then the year after a full stop. */
const AUTHORS_THEN_YEAR = /^(.{5,1400}?)[.,]\s+((?:\p{L}+\s+)?(?:19|20)\d\d)\.?$/u;

/** The byline a line is, or undefined when it is not one. */
export function readByline(line: string): Byline | undefined {
  if (line.length > MAX_BYLINE) return undefined;
  if (!SEPARATOR.test(line)) {
    const m = AUTHORS_THEN_YEAR.exec(line);
    const authors = m?.[1] ? parseAuthorList(m[1]) : undefined;
    const year = m?.[2] ? Number(/(?:19|20)\d\d/.exec(m[2])?.[0]) : undefined;
    return authors && year ? { authors, date: String(year), year, ids: {} } : undefined;
  }
  const parts = line
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter((p) => p !== "" && !/^[·•|—–]$/.test(p));
  if (parts.length < 2) return undefined;
  const out: Byline = { ids: {} };
  let kinds = 0;
  let unknown = 0;
  for (const raw of parts) {
    const part = unglued(raw);
    const ids = identifiersIn(part);
    const venue = venueIn(part);
    const date = dateOf(part);
    const authors = !date && !hasIdentifier(ids) && !venue ? parseAuthorList(part.replace(/\*+/g, "")) : undefined;
    if (hasIdentifier(ids)) {
      if (!hasIdentifier(out.ids)) out.ids = ids;
      kinds |= 1;
    }
    if (venue) {
      out.venue ??= venue;
      kinds |= 2;
    }
    if (date && !hasIdentifier(ids)) {
      if (!out.date) {
        out.date = date.iso;
        const y = yearOf(date.iso);
        if (y !== undefined) out.year = y;
      }
      kinds |= 4;
    }
    if (authors) {
      out.authors ??= authors;
      kinds |= 8;
    }
    if (!hasIdentifier(ids) && !venue && !date && !authors) {
      // A site's own badge ("77 min read", "PDF", "Share") stands among the facts as chrome.
      if (isChrome(raw)) continue;
      // A badge ("Paper", "High credibility", "arXiv") may stand among the facts; a phrase may not.
      if (raw.split(/\s+/).length > 3) return undefined;
      unknown++;
    }
  }
  const facts = [1, 2, 4, 8].filter((k) => kinds & k).length;
  if (facts < 2 || !(kinds & (1 | 8)) || unknown > 2) return undefined;
  return out;
}
