/**
 * EndNote (refer) records, as the ACL Anthology and many publishers export them (`.enw`, `.endf`):
 * one `%X value` tag per field, a record starting at its `%0` type line. Saved copies often have
 * their line breaks collapsed to spaces, so tags are found wherever `%X ` follows white space.
 * Each record becomes a CSL item and goes through the CSL reading BibTeX and RIS use (csl.ts).
 * Pure.
 */
import { pageFromCsl, type CslItem } from "./csl.ts";
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

interface EndnoteRecord {
  line: number;
  fields: Map<string, string[]>;
}

/** The records of a file, each with the line its first tag is on. */
export function splitEndnote(text: string): EndnoteRecord[] {
  const records: EndnoteRecord[] = [];
  const tags = [...text.matchAll(TAG)];
  let current: EndnoteRecord | undefined;
  tags.forEach((m, i) => {
    const tag = m[1] as string;
    const start = (m.index ?? 0) + m[0].length;
    const end = tags[i + 1]?.index ?? text.length;
    const value = text.slice(start, end).replace(/\s+/g, " ").trim();
    if (tag === "0" || !current) {
      current = { line: text.slice(0, m.index).split("\n").length, fields: new Map() };
      records.push(current);
    }
    if (value) current.fields.set(tag, [...(current.fields.get(tag) ?? []), value]);
  });
  return records;
}

function nameOf(raw: string): { family?: string; given?: string; literal?: string } {
  const [family, given] = raw.split(/,\s*/, 2);
  return family && given ? { family, given } : { literal: raw };
}

function cslOf(r: EndnoteRecord): CslItem {
  const one = (tag: string) => r.fields.get(tag)?.[0];
  const item: CslItem = { type: TYPES[(one("0") ?? "").toLowerCase()] ?? "article" };
  const title = one("T");
  if (title) item.title = title;
  const authors = r.fields.get("A") ?? [];
  if (authors.length > 0) item.author = authors.map(nameOf);
  const year = /\b(\d{4})\b/.exec(one("D") ?? "")?.[1];
  const month = MONTHS.indexOf((one("8") ?? "").slice(0, 3).toLowerCase()) + 1;
  if (year) item.issued = { "date-parts": [month > 0 ? [Number(year), month] : [Number(year)]] };
  const doi = one("R");
  if (doi) item.DOI = doi;
  const url = one("U");
  if (url) item.URL = url;
  const container = one("J") ?? one("B") ?? one("S");
  if (container) item["container-title"] = container;
  const publisher = one("I");
  if (publisher) item.publisher = publisher;
  const abstract = one("X");
  if (abstract) item.abstract = abstract;
  return item;
}

export function parseEndnote(text: string, file: string, name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const records = splitEndnote(text.replace(/^\uFEFF/, ""));
  if (records.length === 0) result.problems.push({ path: file, reason: "no EndNote records (no `%0 ` or `%T ` tags)" });
  const keys = new KeyAllocator();
  for (const r of records) {
    const made = pageFromCsl("endnote", cslOf(r), { texts: r.fields.get("U") ?? [] });
    const label = r.fields.get("F")?.[0];
    if ("reason" in made) {
      result.problems.push({ path: file, line: r.line, ...(label ? { key: label } : {}), reason: `line ${r.line}${label ? ` (${label})` : ""}: record ${made.reason}` });
      continue;
    }
    const { paper } = made.page;
    const key = keys.take(label ?? paper.ids.doi ?? paper.ids.acl ?? titleKey(paper.title ?? "", paper.year));
    result.records.push(makeRecord(name("endnote", file, key), made.page));
  }
  return result;
}
