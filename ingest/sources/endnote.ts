/**
 * EndNote (refer) records, as the ACL Anthology and many publishers export them (`.enw`, `.endf`):
 * one `%X value` tag per field, a record starting at its `%0` type line. Saved copies often have
 * their line breaks collapsed to spaces, so tags are found wherever `%X ` follows white space.
 * Each record becomes a CSL item and goes through the CSL reading BibTeX and RIS use (csl.ts).
 * Read in one pass, bounded per record (ENDNOTE_LIMITS): a value over the bound refuses its record
 * alone, an author list is cut with a warning. Pure.
 */
import { pageFromCslFields, type CslFields } from "./csl.ts";
import { emptyResult, KeyAllocator, makeRecord, sourceName, titleKey, type RecordNaming, type SourceResult } from "./source-record.ts";

const TAG = /(?<=^|\s)%([0-9A-Z@]) /g;

/** EndNote reference types to CSL types (the rest are articles). */
const TYPES: Record<string, string> = {
  "journal article": "article-journal",
  "conference proceedings": "paper-conference",
  "conference paper": "paper-conference",
  book: "book",
  "edited book": "book",
  "book section": "chapter",
  thesis: "thesis",
  report: "report",
  "electronic article": "article",
  "web page": "webpage",
};

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Bounds of one record (issue 29): its values, its author list, an author's name. */
export const ENDNOTE_LIMITS = { maxValueChars: 1_000_000, maxAuthors: 10_000, maxNameChars: 300 } as const;

interface EndnoteRecord {
  line: number;
  fields: Map<string, string[]>;
  /** The tag of a value over the bound, when there is one. */
  oversized?: string;
}

/**
 * The records of a file, each with the line its first tag is on. One pass: line numbers are
 * counted between one tag and the next, and each value is appended where it belongs.
 */
export function splitEndnote(text: string): EndnoteRecord[] {
  const records: EndnoteRecord[] = [];
  let current: EndnoteRecord | undefined;
  let line = 1;
  let newline = text.indexOf("\n");
  let previous: { tag: string; start: number } | undefined;
  const close = (end: number) => {
    if (!previous || !current) return;
    const { tag, start } = previous;
    if (end - start > ENDNOTE_LIMITS.maxValueChars) {
      current.oversized ??= tag;
      return;
    }
    const value = text.slice(start, end).replace(/\s+/g, " ").trim();
    if (!value) return;
    const values = current.fields.get(tag);
    if (values) values.push(value);
    else current.fields.set(tag, [value]);
  };
  for (const m of text.matchAll(TAG)) {
    const at = m.index ?? 0;
    close(at);
    // The next line break is remembered, so a line of 100,000 tags is scanned once.
    while (newline >= 0 && newline < at) {
      line++;
      newline = text.indexOf("\n", newline + 1);
    }
    const tag = m[1] as string;
    if (tag === "0" || !current) {
      current = { line, fields: new Map() };
      records.push(current);
    }
    previous = { tag, start: at + m[0].length };
  }
  close(text.length);
  return records;
}

/** "Family, Given" → "Given Family"; a name without a comma as it is. */
function displayName(raw: string): string {
  const [family, given] = raw.split(/,\s*/, 2);
  return family && given ? `${given} ${family}` : raw;
}

function cslOf(r: EndnoteRecord): { item: CslFields; warnings: string[] } {
  const one = (tag: string) => r.fields.get(tag)?.[0];
  const item: CslFields = { type: TYPES[(one("0") ?? "").toLowerCase()] ?? "article", authors: [] };
  const warnings: string[] = [];
  const title = one("T");
  if (title) item.title = title;
  const authors = r.fields.get("A") ?? [];
  let long = 0;
  for (const a of authors) {
    if (item.authors.length >= ENDNOTE_LIMITS.maxAuthors) break;
    if (a.length > ENDNOTE_LIMITS.maxNameChars) long++;
    else item.authors.push(displayName(a));
  }
  if (authors.length > ENDNOTE_LIMITS.maxAuthors + long) warnings.push(`the author list was cut at ${ENDNOTE_LIMITS.maxAuthors.toLocaleString("en")} names`);
  if (long > 0) warnings.push(`${long} author name${long === 1 ? "" : "s"} over ${ENDNOTE_LIMITS.maxNameChars} characters left out`);
  const year = /\b(\d{4})\b/.exec((one("D") ?? "").slice(0, 40))?.[1];
  const month = MONTHS.indexOf((one("8") ?? "").slice(0, 3).toLowerCase()) + 1;
  if (year) item.issued = { parts: month > 0 ? [Number(year), month] : [Number(year)] };
  const doi = one("R");
  if (doi) item.DOI = doi;
  const url = one("U");
  if (url) item.URL = url;
  const container = one("J") ?? one("B") ?? one("S");
  if (container) item.container = container;
  const publisher = one("I");
  if (publisher) item.publisher = publisher;
  const abstract = one("X");
  if (abstract) item.abstract = abstract;
  return { item, warnings };
}

export function parseEndnote(text: string, file: string, name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const records = splitEndnote(text.replace(/^\uFEFF/, ""));
  if (records.length === 0) result.problems.push({ path: file, reason: "no EndNote records (no `%0 ` or `%T ` tags)" });
  const keys = new KeyAllocator();
  for (const r of records) {
    const label = r.fields.get("F")?.[0];
    const problem = (reason: string) => result.problems.push({ path: file, line: r.line, ...(label ? { key: label } : {}), reason: `line ${r.line}${label ? ` (${label})` : ""}: ${reason}` });
    if (r.oversized) {
      problem(`malformed record: its %${r.oversized} value holds more than ${ENDNOTE_LIMITS.maxValueChars.toLocaleString("en")} characters`);
      continue;
    }
    const { item, warnings } = cslOf(r);
    const made = pageFromCslFields("endnote", item, { texts: r.fields.get("U") ?? [] });
    if ("reason" in made) {
      problem(`record ${made.reason}`);
      continue;
    }
    for (const w of warnings) made.page.warnings.push(`record at line ${r.line}: ${w}`);
    const { paper } = made.page;
    const key = keys.take(label ?? paper.ids.doi ?? paper.ids.acl ?? titleKey(paper.title ?? "", paper.year));
    result.records.push(makeRecord(name("endnote", file, key), made.page));
  }
  return result;
}
