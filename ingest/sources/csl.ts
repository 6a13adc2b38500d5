/**
 * CSL-JSON (the Citation Style Language's item format, which citation-js produces from BibTeX and
 * RIS) to a `PaperPage`: title, authors, year and date, venue, and every identifier the record
 * states, in its DOI, URL, eprint, journal or note fields. The item is read by type (json-reader.ts).
 */
import { emptyFacts, emptyPaper, type Identifiers, type PaperPage } from "../../vocabulary/paper-page.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromText, identifiersFromUrl, merge } from "../../vocabulary/identifiers.ts";
import { cleanTitle } from "../../vocabulary/titles.ts";
import { found, issuesReason, JsonFields } from "./json-reader.ts";
import type { RecordSourceFormat } from "./source-record.ts";

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

/**
 * The item's fields Lineage uses: read by type from untrusted JSON (json-reader.ts), or made
 * directly by a reader of a text format (BibTeX, RIS, EndNote), whose fields are text already.
 */
export interface CslFields {
  type?: string;
  title?: string;
  DOI?: string;
  URL?: string;
  container?: string;
  publisher?: string;
  abstract?: string;
  note?: string;
  authors: string[];
  issued?: { parts?: number[]; raw?: string };
}

/** A CSL date: its first `date-parts` entry (numbers, or digits as text) and its raw text. */
function readDate(r: JsonFields | undefined): CslFields["issued"] {
  if (!r) return undefined;
  const date: NonNullable<CslFields["issued"]> = {};
  const first = r.list("date-parts")?.[0];
  if (first && Array.isArray(first.value)) {
    date.parts = first.value.slice(0, 3).map((p, i) => {
      if (typeof p === "number" || (typeof p === "string" && p.length < 12)) return Number(p);
      r.issues.push(`${first.path}[${i}]: expected a number, found ${found(p)}`);
      return NaN;
    });
  } else if (first && first.value !== null) {
    r.issues.push(`${first.path}: expected a list, found ${found(first.value)}`);
  }
  const raw = r.firstText("raw") ?? r.firstText("literal");
  if (raw !== undefined) date.raw = raw;
  return date;
}

/**
 * citation-js gives a repeated field (two `C3` lines in RIS) as a list, and a hostile record can
 * give anything: a text field is its text or its list's first text; another type is an issue.
 */
function readCsl(r: JsonFields): CslFields {
  const fields: CslFields = {
    authors: (r.objects("author") ?? []).map((n) => {
      const literal = n.firstText("literal");
      return (literal ?? [n.firstText("given"), n.firstText("family")].filter(Boolean).join(" ")).replace(/\s+/g, " ").trim();
    }),
  };
  const set = <K extends keyof CslFields>(key: K, v: CslFields[K] | undefined) => {
    if (v !== undefined) fields[key] = v;
  };
  set("type", r.firstText("type"));
  set("title", r.firstText("title"));
  set("DOI", r.firstText("DOI"));
  set("URL", r.firstText("URL"));
  set("container", r.firstText("container-title"));
  set("publisher", r.firstText("publisher"));
  set("abstract", r.firstText("abstract"));
  set("note", r.firstText("note"));
  set("issued", readDate(r.object("issued")) ?? readDate(r.object("event-date")));
  return fields;
}

function identifiersOf(item: CslFields, raw: RawIdFields): Identifiers {
  const ids: Identifiers = {};
  if (item.DOI) merge(ids, identifiersFromUrl(`https://doi.org/${item.DOI.trim().replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")}`));
  const eprint = raw.eprint?.trim();
  if (eprint && (!raw.archivePrefix || /arxiv/i.test(raw.archivePrefix) || /^arxiv:/i.test(eprint))) {
    const arxiv = canonicalArxiv(eprint);
    if (arxiv) ids.arxiv ??= arxiv;
  }
  if (item.URL) merge(ids, identifiersFromUrl(item.URL));
  for (const text of [item.container, item.note, ...(raw.texts ?? [])]) if (text) merge(ids, identifiersFromText(text));
  return ids;
}

function yearAndDate(issued: CslFields["issued"]): { year?: number; date?: string } {
  const parts = issued?.parts;
  const raw = issued?.raw;
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

/** The page a CSL item makes, or the reason it cannot be one paper. */
export function pageFromCsl(format: RecordSourceFormat, cslItem: CslItem | unknown, raw: RawIdFields = {}): { page: PaperPage } | { reason: string } {
  const r = JsonFields.record(cslItem);
  if ("reason" in r) return r;
  const item = readCsl(r);
  if (r.issues.length > 0) return { reason: `has a field of the wrong kind: ${issuesReason(r.issues)}` };
  return pageFromCslFields(format, item, raw);
}

/** The page of an item's fields, or the reason they cannot be one paper. */
export function pageFromCslFields(format: RecordSourceFormat, item: CslFields, raw: RawIdFields = {}): { page: PaperPage } | { reason: string } {
  const paper = emptyPaper();
  paper.ids = identifiersOf(item, raw);
  const title = item.title ? cleanTitle(item.title) : "";
  if (title) paper.title = title;
  if (!title && !hasIdentifier(paper.ids)) return { reason: "has neither a title nor an identifier" };
  const { year, date } = yearAndDate(item.issued);
  if (year !== undefined) paper.year = year;
  if (date) paper.date = date;
  paper.authors = item.authors.filter(Boolean);
  const venue = item.container ?? (item.type === "book" ? item.publisher : undefined);
  if (venue?.trim()) paper.venue = venue.replace(/\s+/g, " ").trim();
  if (item.abstract?.trim()) paper.abstract = item.abstract.replace(/\s+/g, " ").trim();
  if (item.URL) paper.url = item.URL;
  return { page: { format, paper, facts: emptyFacts(), buildsOn: [], builtBy: [], related: [], warnings: [] } };
}
