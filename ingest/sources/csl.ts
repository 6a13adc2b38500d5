/**
 * CSL-JSON (the Citation Style Language's item format, which citation-js produces from BibTeX and
 * RIS) to a `PaperPage`: title, authors, year and date, venue, and every identifier the record
 * states, in its DOI, URL, eprint, journal or note fields.
 */
import { emptyFacts, emptyPaper, type Identifiers, type PaperPage, type SourceFormat } from "../types.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromText, identifiersFromUrl, merge } from "../identifiers.ts";
import { cleanTitle } from "../titles.ts";

export interface CslName {
  given?: string;
  family?: string;
  literal?: string;
}

export interface CslDate {
  "date-parts"?: (number | string)[][];
  raw?: string;
  literal?: string;
}

export interface CslItem {
  id?: string | number;
  type?: string;
  title?: string;
  author?: CslName[];
  issued?: CslDate;
  /** RIS puts a conference paper's year here (PY of TY CONF). */
  "event-date"?: CslDate;
  DOI?: string;
  URL?: string;
  "container-title"?: string;
  publisher?: string;
  abstract?: string;
  note?: string;
}

/** Identifier-bearing text a parser keeps beside the CSL item (raw BibTeX `eprint`, `journal`…). */
export interface RawIdFields {
  eprint?: string;
  archivePrefix?: string;
  texts?: string[];
}

const TEXT_FIELDS = ["title", "DOI", "URL", "container-title", "publisher", "abstract", "note"] as const;

/**
 * citation-js gives a repeated field (two `C3` lines in RIS) as an array, and a hostile record can
 * give anything: text fields become their first string, anything else is dropped (found by
 * test/resilience/adapter-fuzz.test.ts).
 */
function textFieldsOf(item: CslItem): CslItem {
  // A copy by own data properties: Object.assign would run the __proto__ setter for a parsed
  // record's own "__proto__" field and hand its fields to the copy as inherited ones.
  const out = Object.fromEntries(Object.entries(item)) as CslItem;
  for (const key of TEXT_FIELDS) {
    const v: unknown = item[key];
    if (v === undefined || typeof v === "string") continue;
    const first = Array.isArray(v) ? v.find((x): x is string => typeof x === "string") : undefined;
    if (first === undefined) delete out[key];
    else out[key] = first;
  }
  if (item.author !== undefined && !Array.isArray(item.author)) delete out.author;
  return out;
}

export function identifiersOfCsl(cslItem: CslItem, raw: RawIdFields = {}): Identifiers {
  const item = textFieldsOf(cslItem);
  const ids: Identifiers = {};
  if (item.DOI) merge(ids, identifiersFromUrl(`https://doi.org/${item.DOI.trim().replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")}`));
  const eprint = raw.eprint?.trim();
  if (eprint && (!raw.archivePrefix || /arxiv/i.test(raw.archivePrefix) || /^arxiv:/i.test(eprint))) {
    const arxiv = canonicalArxiv(eprint);
    if (arxiv) ids.arxiv ??= arxiv;
  }
  if (item.URL) merge(ids, identifiersFromUrl(item.URL));
  for (const text of [item["container-title"], item.note, ...(raw.texts ?? [])]) if (text) merge(ids, identifiersFromText(text));
  return ids;
}

function yearAndDate(issued: CslDate | undefined): { year?: number; date?: string } {
  const parts = issued?.["date-parts"]?.[0]?.map((p) => Number(p));
  const raw = issued?.raw ?? issued?.literal;
  const year = parts?.[0] ?? (raw ? Number(/\b(1[5-9]\d\d|20\d\d)\b/.exec(raw)?.[1]) : undefined);
  if (year === undefined || !Number.isInteger(year) || year < 1500 || year > 2100) return {};
  const [, month, day] = parts ?? [];
  const pad = (n: number) => String(n).padStart(2, "0");
  const date =
    month && Number.isInteger(month) && month >= 1 && month <= 12
      ? day && Number.isInteger(day) && day >= 1 && day <= 31
        ? `${year}-${pad(month)}-${pad(day)}`
        : `${year}-${pad(month)}`
      : String(year);
  return { year, date };
}

function authorName(n: CslName): string {
  return (n.literal ?? [n.given, n.family].filter(Boolean).join(" ")).replace(/\s+/g, " ").trim();
}

/** The page a CSL item makes, or the reason it cannot be one paper. */
export function pageFromCsl(format: SourceFormat, cslItem: CslItem, raw: RawIdFields = {}): { page: PaperPage } | { reason: string } {
  const item = textFieldsOf(cslItem);
  const paper = emptyPaper();
  paper.ids = identifiersOfCsl(item, raw);
  const title = item.title ? cleanTitle(item.title) : "";
  if (title) paper.title = title;
  if (!title && !hasIdentifier(paper.ids)) return { reason: "has neither a title nor an identifier" };
  const { year, date } = yearAndDate(item.issued ?? item["event-date"]);
  if (year !== undefined) paper.year = year;
  if (date) paper.date = date;
  paper.authors = (item.author ?? []).map(authorName).filter(Boolean);
  const venue = item["container-title"] ?? (item.type === "book" ? item.publisher : undefined);
  if (venue?.trim()) paper.venue = venue.replace(/\s+/g, " ").trim();
  if (item.abstract?.trim()) paper.abstract = item.abstract.replace(/\s+/g, " ").trim();
  if (item.URL) paper.url = item.URL;
  return { page: { format, paper, facts: emptyFacts(), buildsOn: [], builtBy: [], related: [], warnings: [] } };
}
