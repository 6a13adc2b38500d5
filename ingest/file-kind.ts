/**
 * What a file is, from its text alone (issue 16): a page for the page adapters (parse-page.ts), a
 * file of structured records for one of the importers (sources/), or something Lineage does not
 * read, said in words a user recognises ("a CSV table (3 columns: …)"). `lineage ingest` routes
 * every file by this (library/ingest-files.ts), so a folder may mix saved pages with BibTeX, RIS,
 * CSL-JSON, Semantic Scholar or OpenAlex JSON, schema.org JSON-LD and EndNote exports.
 *
 * Pure and conservative: a records format is named only when the file starts the way that format
 * starts (a page that quotes a BibTeX entry further down stays a page), and JSON is classified by
 * the keys its records carry. Anything else is a page, and the adapters decide.
 */
import type { FileRecordFormat, SourceFormat } from "../vocabulary/paper-page.ts";
import { looksLikeCassette, parseCassette } from "./sources/cassette.ts";
import { readJsonValues } from "./sources/json-values.ts";

/** The structured formats a file can be routed to (the AAN release is imported, never ingested). */
export type RecordFormat = Exclude<SourceFormat, "aan"> | FileRecordFormat;

export type FileKind =
  /** `looksLike` says what the text resembles when that is worth telling a user whose page is refused. */
  { kind: "page"; looksLike?: string } | { kind: "records"; format: RecordFormat; looksLike: string } | { kind: "other"; looksLike: string };

/** How each records format is named to a user. */
export const RECORD_FORMAT_NAMES: Readonly<Record<RecordFormat, string>> = {
  bibtex: "BibTeX",
  ris: "RIS",
  endnote: "EndNote",
  "csl-json": "CSL-JSON",
  jsonld: "JSON-LD",
  s2: "Semantic Scholar JSON",
  openalex: "OpenAlex JSON",
};

/** The CSL item types (CSL 1.0.2), by which a CSL-JSON item is known. */
const CSL_TYPES = new Set(
  (
    "article article-journal article-magazine article-newspaper bill book broadcast chapter classic collection dataset document " +
    "entry entry-dictionary entry-encyclopedia event figure graphic hearing interview legal_case legislation manuscript map " +
    "motion_picture musical_score pamphlet paper-conference patent performance periodical personal_communication post " +
    "post-weblog regulation report review review-book software song speech standard thesis treaty webpage"
  ).split(" "),
);

/** schema.org types that are a paper (or a work a paper may be: a report, a thesis, a chapter). */
export const JSONLD_PAPER_TYPES = new Set(["ScholarlyArticle", "MedicalScholarlyArticle", "Article", "TechArticle", "Report", "Thesis", "Book", "Chapter", "CreativeWork"]);

const BIBTEX_START = /^@\s*[A-Za-z]+\s*[{(]/;
const RIS_START = /^TY {2}-/;
const ENDNOTE_START = /^%0 \S/;
const ENDNOTE_TAG = /(?:^|\s)%[0-9A-Z@] \S/g;

/** Sniffing reads this much of a file, unless it may be JSON or a cassette (read whole). */
export const SNIFF_BYTES = 8192;

const JSON_START = /^(?:\{\s*(?:"|\}|$)|\[\s*(?:[[{"\d\]-]|true|false|null|$))/;

/** Whether the kind of a file that starts with `head` can only be told from its whole text. */
export function needsWholeText(head: string): boolean {
  const start = head.replace(/^\uFEFF/, "").trimStart();
  const first = start.slice(0, Math.max(0, start.indexOf("\n")) || start.length).trim();
  return JSON_START.test(first) || start.slice(0, 4096).includes("interactions:");
}

export function fileKind(text: string): FileKind {
  const body = text.replace(/^\uFEFF/, "");
  const start = body.trimStart();
  const first = start.slice(0, Math.max(0, start.indexOf("\n")) || start.length).trim();
  if (first.startsWith("@") || first.startsWith("%")) {
    const lines = firstLines(start, 40);
    if (BIBTEX_START.test(firstBibtexLine(lines))) return { kind: "records", format: "bibtex", looksLike: "a BibTeX file" };
    const tagged = (first.match(ENDNOTE_TAG)?.length ?? 0) + lines.filter((l) => /^%[0-9A-Z@] /.test(l)).length;
    if (ENDNOTE_START.test(first) || (/^%[A-Z] \S/.test(first) && tagged >= 3)) return { kind: "records", format: "endnote", looksLike: "an EndNote (refer) file" };
  }
  if (RIS_START.test(first)) return { kind: "records", format: "ris", looksLike: "a RIS file" };
  if (JSON_START.test(first)) return jsonKind(body);
  if (body.slice(0, 4096).includes("interactions:") && looksLikeCassette(body)) return cassetteKind(body);
  if (/^<\?xml\b/i.test(first)) {
    const root = /<([A-Za-z][\w:.-]*)[\s>/]/.exec(body.slice(0, 65_536).replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<![^>]*>/g, ""))?.[1];
    if (root && root.toLowerCase() !== "html") return { kind: "other", looksLike: `an XML document (root element <${root}>), not a page` };
  }
  // A table's first line names its columns with at least two separators.
  const separators = (first.match(/[,\t;]/g)?.length ?? 0) >= 2 && !/^[#<]/.test(first);
  const table = separators ? tableKind(firstLines(start, 40)) : undefined;
  if (table) return { kind: "other", looksLike: table };
  return { kind: "page" };
}

function firstLines(text: string, n: number): string[] {
  const out: string[] = [];
  let at = 0;
  while (out.length < n && at <= text.length) {
    const end = text.indexOf("\n", at);
    out.push(text.slice(at, end < 0 ? text.length : end).replace(/\r$/, ""));
    if (end < 0) break;
    at = end + 1;
  }
  return out;
}

/** The first line that is not blank and not a `%` comment (BibTeX files often open with some). */
function firstBibtexLine(lines: readonly string[]): string {
  return lines.find((l) => l.trim() !== "" && !/^\s*%/.test(l))?.trim() ?? "";
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function keyList(o: object): string {
  const keys = Object.keys(o);
  const shown = keys.slice(0, 6).map((k) => (k.length > 30 ? `${k.slice(0, 29)}…` : k));
  return shown.join(", ") + (keys.length > shown.length ? `, … (${keys.length} in all)` : "");
}

function jsonKind(body: string): FileKind {
  const { values, problems } = readJsonValues(body);
  const [doc] = values;
  if (!doc) {
    const why = (problems[0]?.reason ?? "not JSON").replace(/^not JSON \((.*)\)$/, "$1");
    return { kind: "page", looksLike: `a JSON document that does not parse (${why})` };
  }
  const lines = values.length > 1 || doc.line !== undefined;
  const kinds = new Set(values.slice(0, 20).map((v) => documentKind(v.value)));
  const [only] = kinds;
  if (kinds.size === 1 && only) return { kind: "records", format: only, looksLike: `${RECORD_FORMAT_NAMES[only]}${lines ? " Lines" : ""}` };
  return { kind: "other", looksLike: notRecords(doc.value, lines ? values.length : undefined) };
}

/** The records format of one JSON document, or undefined when it holds no paper records. */
function documentKind(value: unknown): RecordFormat | undefined {
  if (Array.isArray(value)) return listKind(value);
  if (!isObject(value)) return undefined;
  if (isJsonLd(value)) return jsonLdPapers(value).length > 0 ? "jsonld" : undefined;
  if (Array.isArray(value.results)) return listKind(value.results) === "openalex" ? "openalex" : undefined;
  if (Array.isArray(value.data) && !recordKind(value)) return listKind(value.data) === "s2" ? "s2" : undefined;
  return recordKind(value);
}

/** Lists inside lists looked into (a batch of API pages is two), as the importers read them. */
const MAX_LIST_LEVELS = 3;

/** The kind most of a list's first records share (at least half of them, and the first one's). */
function listKind(list: readonly unknown[], level = 1): RecordFormat | undefined {
  const sample: unknown[] = [];
  for (const v of list) {
    if (sample.length >= 20) break;
    if (v !== null) sample.push(v);
  }
  const kinds = sample.map((v) =>
    Array.isArray(v) ? (level < MAX_LIST_LEVELS ? listKind(v, level + 1) : undefined) : isObject(v) ? (isJsonLd(v) ? (jsonLdPapers(v).length > 0 ? "jsonld" : undefined) : recordKind(v)) : undefined,
  );
  const firstKind = kinds[0];
  if (!firstKind) return undefined;
  return kinds.filter((k) => k === firstKind).length * 2 >= kinds.length ? firstKind : undefined;
}

function recordKind(o: Readonly<Record<string, unknown>>): RecordFormat | undefined {
  if (typeof o.id === "string" && /^https?:\/\/openalex\.org\/W\d+$/i.test(o.id)) return "openalex";
  if ("paperId" in o || "externalIds" in o || isObject(o.citedPaper) || isObject(o.citingPaper)) return "s2";
  if (typeof o.type === "string" && CSL_TYPES.has(o.type) && ("title" in o || "DOI" in o)) {
    const names = Array.isArray(o.author) && o.author.some((a) => isObject(a) && ("family" in a || "given" in a || "literal" in a));
    const issued = isObject(o.issued) && ("date-parts" in o.issued || "raw" in o.issued || "literal" in o.issued);
    if (names || issued || typeof o.DOI === "string" || typeof o["container-title"] === "string") return "csl-json";
  }
  return undefined;
}

export function isObject(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isJsonLd(o: Readonly<Record<string, unknown>>): boolean {
  return "@context" in o || "@graph" in o || "@type" in o;
}

/** The short schema.org type names of a JSON-LD node (`schema:Article`, `http://schema.org/Article` → `Article`). */
export function jsonLdTypes(node: Readonly<Record<string, unknown>>): string[] {
  const raw = node["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === "string").map((t) => t.replace(/^.*[/#:]/, ""));
}

/** The nodes of a JSON-LD document (itself, or its `@graph`, one level) that are papers. */
export function jsonLdPapers(doc: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>[] {
  const nodes = Array.isArray(doc["@graph"]) ? doc["@graph"].filter(isObject) : [doc];
  return nodes.filter((n) => jsonLdTypes(n).some((t) => JSONLD_PAPER_TYPES.has(t)));
}

function notRecords(value: unknown, lines: number | undefined): string {
  const what = lines !== undefined ? `JSON Lines (${plural(lines, "document", "documents")}) that are` : "a JSON document that is";
  if (isObject(value) && isJsonLd(value)) {
    const nodes = Array.isArray(value["@graph"]) ? value["@graph"].filter(isObject) : [value];
    const types = [...new Set(nodes.flatMap(jsonLdTypes))];
    return `a JSON-LD document that describes no paper (${types.length > 0 ? `types: ${types.slice(0, 6).join(", ")}` : "no @type"}), not a paper record`;
  }
  if (isObject(value)) return `${what} not a paper record (top-level keys: ${keyList(value) || "none"})`;
  if (Array.isArray(value)) {
    const item = value.find((v) => v !== null);
    const of = item === undefined ? "" : isObject(item) ? `; the first is an object with keys: ${keyList(item) || "none"}` : `; the first is ${Array.isArray(item) ? "a list" : typeof item}`;
    return `a JSON list of ${plural(value.length, "item", "items")} that are not paper records${of}`;
  }
  return `a JSON value (${value === null ? "null" : typeof value}), not a paper record`;
}

function cassetteKind(body: string): FileKind {
  const parsed = parseCassette(body);
  if ("reason" in parsed) return { kind: "other", looksLike: `a recorded HTTP cassette that cannot be read (${parsed.reason})` };
  const hosts = new Set(parsed.exchanges.map((e) => /^https?:\/\/([^/?#]+)/i.exec(e.url)?.[1]?.toLowerCase() ?? ""));
  if ([...hosts].some((h) => h.endsWith("semanticscholar.org"))) return { kind: "records", format: "s2", looksLike: "a recorded Semantic Scholar cassette" };
  if ([...hosts].some((h) => h.endsWith("openalex.org"))) return { kind: "records", format: "openalex", looksLike: "a recorded OpenAlex cassette" };
  const named = [...hosts].filter(Boolean).slice(0, 3).join(", ");
  return { kind: "other", looksLike: `a recorded HTTP cassette of neither Semantic Scholar nor OpenAlex (${named || "no hosts"}), not a page` };
}

/** "a CSV table (4 columns: …)" when the first lines are rows of one separator, else undefined. */
function tableKind(lines: readonly string[]): string | undefined {
  const rows = lines.filter((l) => l.trim() !== "");
  if (rows.length < 3) return undefined;
  for (const [sep, name] of [
    [",", "a CSV table"],
    ["\t", "a tab-separated table"],
    [";", "a semicolon-separated table"],
  ] as const) {
    const header = splitRow(rows[0] ?? "", sep);
    // A header names columns: short cells, not clauses of a sentence that happens to have commas.
    const names = header.every((c) => c.length <= 40 && c.split(/\s+/).length <= 4 && !/[.!?:]$/.test(c));
    if (header.length < 3 || !names || new Set(header).size < header.length) continue;
    // The last line of a capture may be cut short; every other row must have the header's columns.
    const whole = rows.slice(1, rows.length > 3 ? -1 : undefined);
    if (whole.every((r) => splitRow(r, sep).length === header.length)) {
      const cols =
        header
          .slice(0, 5)
          .map((c) => c || "(blank)")
          .join(", ") + (header.length > 5 ? ", …" : "");
      return `${name} (${header.length} columns: ${cols}), not a page`;
    }
  }
  return undefined;
}

/** One row's cells; separators inside double quotes do not split. */
function splitRow(row: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const ch of row) {
    if (ch === '"') quoted = !quoted;
    else if (ch === sep && !quoted) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}
