/**
 * BibTeX files to pages, one per entry, with no edges. The file is read in one pass by
 * bibtex-reader.ts (entries, `@string`s budgeted as they expand, a malformed entry reported with
 * its line and key while the rest are read), each value's LaTeX by latex-text.ts and each name
 * list by bibtex-names.ts (bounded before it is read); the entry then goes through the CSL
 * reading every citation format shares (csl.ts): title, authors, year and date, venue, and the
 * identifiers in its DOI, URL, eprint, journal, howpublished and note fields (and in DBLP's `volume = {abs/ID}` of a CoRR preprint). An entry with a
 * `crossref` takes the fields it lacks of where it appeared (venue, year, publisher, editors) from
 * the entry it names, as BibTeX does, but never its identifiers or title. Its key, `shorttitle`
 * and the `%` comment lines just before it are kept as what the record calls it (`recordNames`,
 * which search learns aliases from).
 */
import type { RecordNaming, SourceResult } from "./source-record.ts";
import { KeyAllocator, emptyResult, makeRecord, sourceName, titleKey } from "./source-record.ts";
import { pageFromCslFields, type CslFields, type RawIdFields } from "./csl.ts";
import { readBibtex, type BibEntry } from "./bibtex-reader.ts";
import { latexToText } from "./latex-text.ts";
import { bibtexNames } from "./bibtex-names.ts";
import type { RecordName } from "../../vocabulary/paper-page.ts";

export { BIBTEX_LIMITS } from "./bibtex-reader.ts";

const ENTRY_START = /^\s*@\s*([A-Za-z]+)\s*[{(]/;

/**
 * The file cut at every line that starts an entry, each piece with its line and type (text before
 * the first entry is a comment): what the evaluation counts and the RIS fixture generator reads.
 */
export function splitBibtex(text: string): { line: number; kind: string; text: string }[] {
  const chunks: { line: number; kind: string; text: string }[] = [];
  let current: { line: number; kind: string; lines: string[] } | undefined;
  text.split(/\r?\n/).forEach((line, i) => {
    const m = ENTRY_START.exec(line);
    if (m?.[1]) {
      if (current) chunks.push({ line: current.line, kind: current.kind, text: current.lines.join("\n") });
      current = { line: i + 1, kind: m[1].toLowerCase(), lines: [line] };
    } else current?.lines.push(line);
  });
  if (current) chunks.push({ line: current.line, kind: current.kind, text: current.lines.join("\n") });
  return chunks;
}

/** Comment lines kept before an entry. */
const MAX_COMMENTS = 3;

/**
 * The `%` lines right before an entry (no other line, not even a blank one, between), their text
 * without the `%`, at most MAX_COMMENTS of them, in file order ("source: lm_eval/tasks/mmlu/README.md").
 */
export function commentsBefore(preceding: string): string[] {
  const lines = preceding.split(/\r?\n/);
  // The last piece is what stands before the `@` on its own line (usually nothing).
  if (lines.length > 0 && !lines[lines.length - 1]?.trim()) lines.pop();
  const found: string[] = [];
  for (let k = lines.length - 1; k >= 0 && found.length < MAX_COMMENTS; k--) {
    const line = (lines[k] ?? "").trimStart();
    if (!line.startsWith("%")) break;
    found.unshift(line.replace(/^%+/, "").trim());
  }
  return found.filter(Boolean);
}

/** What the entry's record calls its paper: its key, its `shorttitle`, the comments just before it. */
function recordNamesOf(entry: BibEntry): RecordName[] {
  const short = prose(entry.fields, "shorttitle");
  return [
    ...(entry.key ? [{ kind: "citation-key" as const, text: entry.key }] : []),
    ...(short ? [{ kind: "short-title" as const, text: short }] : []),
    ...commentsBefore(entry.preceding).map((text) => ({ kind: "source-comment" as const, text })),
  ];
}

/** BibTeX entry types as CSL types (the CSL reading looks at `book`: its venue is its publisher). */
const TYPES: Readonly<Record<string, string>> = {
  article: "article-journal",
  inproceedings: "paper-conference",
  conference: "paper-conference",
  book: "book",
  booklet: "book",
  mvbook: "book",
  inbook: "chapter",
  incollection: "chapter",
  phdthesis: "thesis",
  mastersthesis: "thesis",
  thesis: "thesis",
  techreport: "report",
  report: "report",
  online: "webpage",
  electronic: "webpage",
  www: "webpage",
  dataset: "dataset",
  software: "software",
};

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A month as a number (`5`, `May`, `may.`), with the day when it names one (`23--29 Jul`, `July 4`). */
function monthOf(raw: string | undefined): { month: number; day?: number } | undefined {
  if (!raw) return undefined;
  const s = latexToText(raw).toLowerCase().slice(0, 40);
  const byName = (name: string | undefined) => (name ? MONTH_NAMES.indexOf(name.slice(0, 3)) + 1 : 0);
  const numeric = /^(\d{1,2})$/.exec(s);
  const dayFirst = /^(\d{1,2})(?:\s*[–-]+\s*\d{1,2})?\.?\s*([a-z]{3,})/.exec(s);
  const monthFirst = /^([a-z]{3,})\.?\s*(?:(\d{1,2})\b)?/.exec(s);
  const month = numeric ? Number(numeric[1]) : dayFirst ? byName(dayFirst[2]) : byName(monthFirst?.[1]);
  if (!(month >= 1 && month <= 12)) return undefined;
  const day = Number(dayFirst?.[1] ?? monthFirst?.[2] ?? NaN);
  return day >= 1 && day <= 31 && !numeric ? { month, day } : { month };
}

/** The entry's date: biblatex's `date` (`2021-03-04`, `2021-03`, `2021`), else `year` and `month`. */
function issuedOf(fields: ReadonlyMap<string, string>): CslFields["issued"] {
  const date = /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(latexToText(fields.get("date") ?? "").slice(0, 40));
  if (date?.[1]) return { parts: [Number(date[1]), ...(date[2] ? [Number(date[2])] : []), ...(date[2] && date[3] ? [Number(date[3])] : [])] };
  const year = /\d{4}/.exec(latexToText(fields.get("year") ?? "").slice(0, 40))?.[0];
  if (!year) return undefined;
  const m = monthOf(fields.get("month")?.slice(0, 80));
  return { parts: m ? [Number(year), m.month, ...(m.day ? [m.day] : [])] : [Number(year)] };
}

/** A URL in `howpublished` (`\url{…}` or a bare one), as citation-js read it. */
function urlIn(text: string | undefined): string | undefined {
  return text ? /https?:\/\/[^\s{}]+/.exec(latexToText(text, { verbatim: true }))?.[0] : undefined;
}

/** A field's text (LaTeX read), or undefined when it is absent or empty. */
function prose(f: ReadonlyMap<string, string>, name: string): string | undefined {
  const v = f.get(name);
  return v === undefined ? undefined : latexToText(v) || undefined;
}

/** An identifier field's text (a DOI, a URL, an eprint): braces and escapes read, dashes kept. */
function verbatim(f: ReadonlyMap<string, string>, name: string): string | undefined {
  const v = f.get(name);
  return v === undefined ? undefined : latexToText(v, { verbatim: true }) || undefined;
}

/** Fields an entry takes from the entry its `crossref` names when it has none of its own: where and when, never what (a proceedings' DOI is not its paper's). */
const INHERITED = ["booktitle", "journal", "journaltitle", "year", "month", "date", "publisher", "organization", "institution", "school", "address", "location", "series", "volume", "editor"];

/** The parent types whose title is the child's venue (biblatex's inheritance of `title`). */
const PARENT_TITLE_AS: Readonly<Record<string, string>> = {
  proceedings: "booktitle",
  mvproceedings: "booktitle",
  book: "booktitle",
  mvbook: "booktitle",
  collection: "booktitle",
  mvcollection: "booktitle",
  periodical: "journal",
};

/** Each entry with a `crossref` given what it lacks from the entry named (one lookup each: linear). */
function inheritCrossrefs(entries: readonly BibEntry[]): void {
  const byKey = new Map<string, BibEntry>();
  for (const e of entries) if (e.key && !byKey.has(e.key.toLowerCase())) byKey.set(e.key.toLowerCase(), e);
  for (const entry of entries) {
    const ref = entry.fields.get("crossref");
    if (ref === undefined) continue;
    const key = latexToText(ref, { verbatim: true });
    const parent = byKey.get(key.toLowerCase());
    if (!parent || parent === entry) {
      entry.warnings.push(`its crossref \`${key.slice(0, 100)}\` names no other entry of the file`);
      continue;
    }
    for (const name of INHERITED) {
      const v = parent.fields.get(name);
      if (v !== undefined && !entry.fields.has(name)) entry.fields.set(name, v);
    }
    const as = PARENT_TITLE_AS[parent.type];
    const title = parent.fields.get("title");
    if (as && title !== undefined && !entry.fields.has(as) && !(as === "journal" && entry.fields.has("journaltitle"))) entry.fields.set(as, title);
  }
}

/** The CSL fields of an entry, with the raw identifier fields and what reading its names noticed. */
function cslOf(entry: BibEntry): { item: CslFields; raw: RawIdFields; warnings: string[] } {
  const f = entry.fields;
  const warnings = [...entry.warnings];
  const item: CslFields = { type: TYPES[entry.type] ?? "article", authors: [] };
  const authors = f.get("author");
  if (authors !== undefined) {
    const read = bibtexNames(authors, "author");
    item.authors = read.names;
    for (const w of read.warnings) warnings.push(w);
  }
  const journal = prose(f, "journal");
  const note = prose(f, "note");
  const url = verbatim(f, "url");
  const howpublished = prose(f, "howpublished");
  const fields: Partial<CslFields> = {
    title: prose(f, "title"),
    issued: issuedOf(f),
    DOI: verbatim(f, "doi"),
    URL: url ?? urlIn(f.get("howpublished")),
    container: journal ?? prose(f, "journaltitle") ?? prose(f, "booktitle"),
    publisher: prose(f, "publisher") ?? prose(f, "institution") ?? prose(f, "school"),
    abstract: prose(f, "abstract"),
    note,
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (item as unknown as Record<string, unknown>)[k] = v;
  // The URL is read as a URL already (csl.ts); these are read for identifiers written as text.
  const raw: RawIdFields = { texts: [journal, howpublished, note].filter((t): t is string => Boolean(t)) };
  const eprint = verbatim(f, "eprint");
  if (eprint) raw.eprint = eprint;
  const archivePrefix = verbatim(f, "archiveprefix") ?? verbatim(f, "eprinttype");
  if (archivePrefix) raw.archivePrefix = archivePrefix;
  // DBLP and Semantic Scholar write an arXiv preprint as `journal = {CoRR}` (or `{ArXiv}`) with the
  // identifier in the volume: `volume = {abs/1803.05457}`.
  const volume = verbatim(f, "volume");
  if (!raw.eprint && volume && /^abs\//i.test(volume) && /^(?:corr|arxiv)$/i.test(journal?.trim() ?? "")) {
    raw.eprint = volume.slice(4);
    raw.archivePrefix = "arXiv";
  }
  return { item, raw, warnings };
}

export function parseBibtex(text: string, file: string, name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const body = text.replace(/^\uFEFF/, "");
  const read = readBibtex(body);
  inheritCrossrefs(read.entries);
  const problem = (line: number, key: string | undefined, reason: string) =>
    result.problems.push(Object.assign({ path: file, line }, key ? { key } : {}, { reason: `line ${line}${key ? ` (${key})` : ""}: ${reason}` }));
  // Problems and entries in the order of the file.
  const problems = [...read.problems];
  let next = 0;
  const keys = new KeyAllocator();
  for (const entry of read.entries) {
    while (next < problems.length && (problems[next]?.line ?? 0) < entry.line) {
      const p = problems[next++];
      if (p) problem(p.line, p.key, p.reason);
    }
    const csl = cslOf(entry);
    const made = pageFromCslFields("bibtex", csl.item, csl.raw);
    if ("reason" in made) {
      problem(entry.line, entry.key, `entry ${made.reason}`);
      continue;
    }
    for (const w of csl.warnings) made.page.warnings.push(`entry ${entry.key} (line ${entry.line}): ${w}`);
    const recordNames = recordNamesOf(entry);
    if (recordNames.length > 0) made.page.paper.recordNames = recordNames;
    const key = keys.take(entry.key || titleKey(made.page.paper.title ?? "", made.page.paper.year));
    result.records.push(makeRecord(name("bibtex", file, key), made.page, { byteSize: Buffer.byteLength(body.slice(entry.start, entry.end)) }));
  }
  for (; next < problems.length; next++) {
    const p = problems[next];
    if (p) problem(p.line, p.key, p.reason);
  }
  if (!read.sawEntry && body.trim()) result.problems.push({ path: file, reason: "no BibTeX entries (no line starts with @type{)" });
  return result;
}
