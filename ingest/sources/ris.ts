/**
 * RIS files (the tagged format reference managers export: `TY  - JOUR` … `ER  - `) to pages, one
 * per record, with no edges. Read in one pass over the lines: a record starts at its `TY` line and
 * ends at `ER` (or at the next `TY`, with a warning); a line without a tag continues the value
 * above it, as long values are wrapped. Tags are read as the RIS specification and the exporters
 * (Zotero, EndNote, Mendeley, citation-js) write them: TI/T1 the title, AU/A1 the authors
 * ("Last, First, Suffix"), PY/Y1/DA the date, T2/JO/JF/BT the venue, DO, UR/L1, AB/N2, N1, PB.
 * Each record then goes through the CSL reading every citation format shares (csl.ts).
 *
 * Bounded per record (issue 29): a value over RIS_LIMITS.maxValueChars refuses its record alone,
 * and a record's author list is cut at RIS_LIMITS.maxAuthors names, with a warning. Pure.
 */
import { KeyAllocator, emptyResult, makeRecord, sourceName, titleKey, type RecordNaming, type SourceResult } from "./source-record.ts";
import { pageFromCslFields, type CslFields } from "./csl.ts";

export const RIS_LIMITS = {
  /** Characters of one value once its continuation lines are joined. */
  maxValueChars: 1_000_000,
  maxAuthors: 10_000,
  /** Characters of one author's name. */
  maxNameChars: 300,
} as const;

/** RIS reference types as CSL types (the specification's list, as citation-js maps it). */
const TYPES: Readonly<Record<string, string>> = {
  ABST: "article-journal",
  BOOK: "book",
  EBOOK: "book",
  EDBOOK: "book",
  CHAP: "chapter",
  ECHAP: "chapter",
  CONF: "paper-conference",
  CPAPER: "paper-conference",
  DATA: "dataset",
  DBASE: "dataset",
  ELEC: "webpage",
  WEB: "webpage",
  BLOG: "post-weblog",
  COMP: "software",
  EJOUR: "article-journal",
  INPR: "article-journal",
  JFULL: "article-journal",
  JOUR: "article-journal",
  MGZN: "article-magazine",
  NEWS: "article-newspaper",
  RPRT: "report",
  GOVDOC: "report",
  THES: "thesis",
  UNPB: "manuscript",
  MANSCPT: "manuscript",
  PAT: "patent",
  STAND: "standard",
  GEN: "document",
};

interface RisRecord {
  /** The line of its TY tag. */
  line: number;
  /** Values by tag, in the order given (continuation lines joined to the value above). */
  fields: Map<string, string[]>;
  ended: boolean;
  /** Its text's size in bytes, for the stored page. */
  bytes: number;
  /** A value over the bound, when there is one. */
  oversized?: string;
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const isUpperOrDigit = (c: number) => isUpper(c) || (c >= 48 && c <= 57);

/** The tag of a line (`AU  - …`), or undefined: two characters, two spaces, a hyphen. */
function tagOf(line: string): string | undefined {
  if (line.length < 5 || !isUpper(line.charCodeAt(0)) || !isUpperOrDigit(line.charCodeAt(1))) return undefined;
  if (line.charCodeAt(2) !== 32 || line.charCodeAt(3) !== 32 || line.charCodeAt(4) !== 45) return undefined;
  return line.length === 5 || line.charCodeAt(5) === 32 || line.charCodeAt(5) === 13 ? line.slice(0, 2) : undefined;
}

/** The records of a file, and the lines outside any record that hold text. */
export function splitRis(text: string): { chunks: RisRecord[]; stray: number[] } {
  const chunks: RisRecord[] = [];
  const stray: number[] = [];
  let current: RisRecord | undefined;
  let last: { values: string[]; length: number } | undefined;
  let lineNo = 0;
  for (let at = 0; at <= text.length;) {
    const nl = text.indexOf("\n", at);
    const end = nl < 0 ? text.length : nl;
    const raw = text.slice(at, end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    at = end + 1;
    lineNo++;
    const tag = tagOf(raw);
    if (tag === "TY") {
      current = { line: lineNo, fields: new Map(), ended: false, bytes: 0 };
      chunks.push(current);
    }
    if (!current || current.ended) {
      if (tag !== "TY" && raw.trim()) stray.push(lineNo);
      if (nl < 0) break;
      continue;
    }
    current.bytes += Buffer.byteLength(raw) + 1;
    if (tag === "ER") {
      current.ended = true;
      last = undefined;
    } else if (tag) {
      const value = raw.slice(6).trim();
      const values = current.fields.get(tag);
      if (values) values.push(value);
      else current.fields.set(tag, [value]);
      last = { values: current.fields.get(tag) as string[], length: value.length };
      if (value.length > RIS_LIMITS.maxValueChars) current.oversized ??= tag;
    } else if (last && raw.trim()) {
      // A wrapped value goes on: joined to the value above, within the bound.
      const i = last.values.length - 1;
      last.length += raw.length + 1;
      if (last.length > RIS_LIMITS.maxValueChars) current.oversized ??= "a value";
      else last.values[i] = `${last.values[i] ?? ""} ${raw.trim()}`;
    }
    if (nl < 0) break;
  }
  return { chunks, stray };
}

/** "Last, First, Suffix" → "First Last Suffix"; a name written "First Last" as it is. */
function displayName(raw: string): string {
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.length < 2 || !parts[0] || !parts[1]) return raw.trim();
  const [family, given, ...rest] = parts;
  return [given, family, ...rest].filter(Boolean).join(" ");
}

/** PY, Y1 and DA: `2002`, `2002/07/15/`, `2002/07//`, `2002-07-15`. */
function dateOf(fields: ReadonlyMap<string, string[]>): CslFields["issued"] {
  for (const tag of ["DA", "PY", "Y1", "Y2"]) {
    const v = fields.get(tag)?.[0]?.slice(0, 40);
    const m = v ? /^\s*(\d{4})(?:[/-](\d{1,2})?(?:[/-](\d{1,2})?)?)?/.exec(v) : null;
    if (!m?.[1]) continue;
    const parts = [Number(m[1])];
    if (m[2]) parts.push(Number(m[2]));
    if (m[2] && m[3]) parts.push(Number(m[3]));
    return { parts };
  }
  return undefined;
}

const first = (fields: ReadonlyMap<string, string[]>, ...tags: string[]): string | undefined => {
  for (const tag of tags) {
    const v = fields.get(tag)?.find((x) => x !== "");
    if (v) return v;
  }
  return undefined;
};

/** A record's CSL fields and what was cut from it. */
function cslOf(r: RisRecord): { item: CslFields; texts: string[]; warnings: string[] } {
  const f = r.fields;
  const type = (f.get("TY")?.[0] ?? "").toUpperCase();
  const item: CslFields = { type: TYPES[type] ?? "article", authors: [] };
  const warnings: string[] = [];
  const names = [f.get("AU") ?? [], f.get("A1") ?? []].flat();
  let leftOut = 0;
  for (const n of names) {
    if (item.authors.length >= RIS_LIMITS.maxAuthors) break;
    if (n.length > RIS_LIMITS.maxNameChars) leftOut++;
    else if (n) item.authors.push(displayName(n));
  }
  if (names.length > RIS_LIMITS.maxAuthors + leftOut) warnings.push(`the author list was cut at ${RIS_LIMITS.maxAuthors.toLocaleString("en")} names`);
  if (leftOut > 0) warnings.push(`${leftOut} author name${leftOut === 1 ? "" : "s"} over ${RIS_LIMITS.maxNameChars} characters left out`);
  const book = item.type === "book";
  const fields: Partial<CslFields> = {
    title: first(f, "TI", "T1", ...(book ? ["BT"] : []), "CT"),
    issued: dateOf(f),
    DOI: first(f, "DO"),
    URL: first(f, "UR", "L2"),
    // A conference paper's proceedings are C3 (T2 names the conference); a journal is T2, JO, JF or an abbreviation.
    container: first(f, ...(type === "CONF" || type === "CPAPER" ? ["C3"] : []), "T2", "JO", "JF", "JA", "J2", "J1", ...(book ? [] : ["BT"]), "C3", "T3"),
    publisher: first(f, "PB"),
    abstract: first(f, "AB", "N2"),
    note: first(f, "N1"),
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (item as unknown as Record<string, unknown>)[k] = v;
  const texts = ["JO", "JF", "T2", "N1", "M3", "UR", "L1"].map((t) => first(f, t)).filter((t): t is string => Boolean(t));
  return { item, texts, warnings };
}

export function parseRis(text: string, file: string, name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const { chunks, stray } = splitRis(text.replace(/^\uFEFF/, ""));
  if (chunks.length === 0) {
    result.problems.push({ path: file, reason: "no RIS records (no line starts with `TY  - `)" });
    return result;
  }
  if (stray.length > 0) {
    result.warnings.push({ path: file, warning: `ignored ${stray.length} line(s) outside any record (first at line ${stray[0]})` });
  }
  const keys = new KeyAllocator();
  for (const chunk of chunks) {
    const id = first(chunk.fields, "ID");
    const problem = (reason: string) => result.problems.push({ path: file, line: chunk.line, ...(id ? { key: id } : {}), reason: `line ${chunk.line}${id ? ` (${id})` : ""}: ${reason}` });
    if (chunk.oversized) {
      problem(`malformed record: ${chunk.oversized === "a value" ? "a value" : `its ${chunk.oversized} value`} holds more than ${RIS_LIMITS.maxValueChars.toLocaleString("en")} characters`);
      continue;
    }
    const { item, texts, warnings } = cslOf(chunk);
    const made = pageFromCslFields("ris", item, { texts });
    if ("reason" in made) {
      problem(`record ${made.reason}`);
      continue;
    }
    for (const w of warnings) made.page.warnings.push(`record at line ${chunk.line}: ${w}`);
    if (!chunk.ended) made.page.warnings.push(`record at line ${chunk.line} has no ER line; it ends where the next record starts`);
    const { paper } = made.page;
    const key = keys.take(id ?? paper.ids.doi ?? paper.ids.arxiv ?? paper.ids.acl ?? titleKey(paper.title ?? "", paper.year));
    result.records.push(makeRecord(name("ris", file, key), made.page, { byteSize: chunk.bytes }));
  }
  return result;
}
