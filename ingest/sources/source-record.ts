/**
 * What a structured source yields: one `PaperPage` per record, named `FORMAT:FILE#KEY` so that
 * provenance, identity merging, `show` and `explain` treat it like any page, and one problem per
 * record that could not be read (with its line or key). Shared by every parser in this folder.
 */
import { createHash } from "node:crypto";
import { basename } from "node:path";
import type { PageAdapterFormat, PageFormat, PaperPage } from "../../vocabulary/paper-page.ts";
import { cleanPage } from "../../vocabulary/clean-text.ts";
import { atOf, positionOf, type Located } from "./json-values.ts";

/** A parsed record, ready for library/page-writes.ts's `writePages` (structurally a db/page-writer PageRecord). */
export interface SourceRecord {
  source: string;
  contentHash: string;
  encoding: string;
  byteSize: number;
  page: PaperPage;
}

/** A record (or a whole file) that could not be imported: one line a user can act on. */
export interface SourceProblem {
  path: string;
  reason: string;
  line?: number;
  key?: string;
  /** Where in the file the record is: a JSON path (`$.results[3]`), or a cassette's exchange. */
  at?: string;
}

/** The problem of a record at a position: the position said first, then what is wrong. */
export function problemAt(path: string, loc: Omit<Located, "value">, reason: string): SourceProblem {
  return Object.assign({ path }, loc.line !== undefined ? { line: loc.line } : {}, { at: atOf(loc), reason: `${positionOf(loc)}: ${reason}` });
}

/** Years a source's record may give (anything else is a field of the wrong kind). */
export const YEARS = { min: 0, max: 3000 } as const;

export interface SourceWarning {
  path: string;
  warning: string;
}

export interface SourceResult {
  records: SourceRecord[];
  problems: SourceProblem[];
  warnings: SourceWarning[];
}

export function emptyResult(): SourceResult {
  return { records: [], problems: [], warnings: [] };
}

/**
 * Appends every item of `from` to `into`. Not `into.push(...from)`: a spread passes each item as
 * an argument, and a file of 150,000 bad records overflows the stack (a RangeError for the file).
 */
export function pushAll<T>(into: T[], from: readonly T[]): T[] {
  for (const item of from) into.push(item);
  return into;
}

export function mergeResults(into: SourceResult, from: SourceResult): SourceResult {
  pushAll(into.records, from.records);
  pushAll(into.problems, from.problems);
  pushAll(into.warnings, from.warnings);
  return into;
}

/** The formats whose files hold records: `lineage import`'s, and those `lineage ingest` recognises. */
export type RecordSourceFormat = Exclude<PageFormat, PageAdapterFormat>;

/** How a record is named as a page: its format, its file and its key within the file. */
export type RecordNaming = (format: RecordSourceFormat, file: string, key: string) => string;

/** `s2:Paper.json#2d56…`: the format, the file's name, and the record's key within it. */
export function sourceName(format: RecordSourceFormat, file: string, key: string): string {
  return `${format}:${/^[a-z]+:\/\//i.test(file) ? file : basename(file)}#${key}`;
}

/**
 * A record whose bytes are not at hand (a JSON object inside a larger file) is hashed by its
 * parsed page, so importing the same data again changes nothing and changed data updates it.
 * Every importer's page goes through here, and so through the one text cleaning (clean-text.ts).
 */
export function makeRecord(source: string, parsed: PaperPage, options: { byteSize?: number; encoding?: string } = {}): SourceRecord {
  const page = cleanPage(parsed);
  const json = JSON.stringify(page);
  return {
    source,
    page,
    contentHash: createHash("sha256").update(source).update("\n").update(json).digest("hex"),
    encoding: options.encoding ?? "utf-8",
    byteSize: options.byteSize ?? Buffer.byteLength(json),
  };
}

/** Keys unique within one file: a repeated key becomes `key~2`, `key~3`. */
export class KeyAllocator {
  private readonly used = new Map<string, number>();

  take(key: string): string {
    const n = (this.used.get(key) ?? 0) + 1;
    this.used.set(key, n);
    return n === 1 ? key : `${key}~${n}`;
  }
}

/** A short stable key for a record that names itself by nothing better than its title and year. */
export function titleKey(title: string, year?: number): string {
  return `t-${createHash("sha1")
    .update(`${title.toLowerCase()}|${year ?? ""}`)
    .digest("hex")
    .slice(0, 12)}`;
}
