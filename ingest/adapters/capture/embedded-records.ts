/**
 * Records a page shows inside its text: a BibTeX entry in a "Cite this" block or a README
 * (`@misc{rein2023, title={…}, author={A and B}, year={2023}, eprint={2311.12022}}`, also cut off
 * by the capture, or flattened onto one line), and a JSON document shown as text, even with a
 * viewer's line numbers between its tokens (`1 { 2 "paper": { 3 "title": "…"`), and an XML
 * paper file shown as text (`<Paper uid="W04-1013">`, `<Title>…</Title>`), and an RIS export shown
 * as text (`TY - JOUR AU - … TI - … ER -`, in a <pre> or flattened onto one line: read by the RIS
 * importer, ingest/sources/ris.ts, once its tags are back on lines of their own). Read for the
 * page's own paper: its title, authors, year, venue and identifiers. Pure.
 */
import { canonicalArxiv, hasIdentifier, identifiersFromText, merge, parseIdentifier } from "../../../vocabulary/identifiers.ts";
import type { Identifiers } from "../../../vocabulary/paper-page.ts";
import { cleanName, displayOrder, isPersonName } from "./author-lists.ts";
import { parseRis } from "../../sources/ris.ts";

export interface EmbeddedRecord {
  title?: string;
  authors: string[];
  year?: number;
  venue?: string;
  ids: Identifiers;
  /** An XML paper file's abstract section, as text. */
  abstract?: string;
}

const MAX_ENTRY = 20_000;

/** `{…}` (braces balanced), `"…"` or a bare word, starting at `at`; cut entries end where the text does. */
function fieldValue(s: string, at: number): { value: string; end: number } {
  const open = s[at];
  if (open === "{") {
    let depth = 0;
    for (let i = at; i < s.length; i++) {
      if (s[i] === "{") depth++;
      else if (s[i] === "}" && --depth === 0) return { value: s.slice(at + 1, i), end: i + 1 };
    }
    return { value: s.slice(at + 1), end: s.length };
  }
  if (open === '"') {
    const close = s.indexOf('"', at + 1);
    return close < 0 ? { value: s.slice(at + 1), end: s.length } : { value: s.slice(at + 1, close), end: close + 1 };
  }
  const m = /^[^,}\s]*/.exec(s.slice(at));
  return { value: m?.[0] ?? "", end: at + (m?.[0].length ?? 0) };
}

/** The fields of the first BibTeX entry in the text, lower-cased names; undefined if there is none. */
export function bibtexFields(text: string): Map<string, string> | undefined {
  const start = /@([A-Za-z]{2,20})\s*\{\s*([^,\s{}]{0,200}),/.exec(text);
  if (!start) return undefined;
  const s = text.slice(start.index + start[0].length, start.index + start[0].length + MAX_ENTRY);
  const fields = new Map<string, string>();
  const name = /\s*,?\s*([A-Za-z][\w-]{0,40})\s*=\s*/y;
  let at = 0;
  for (let n = 0; n < 200 && at < s.length; n++) {
    name.lastIndex = at;
    const m = name.exec(s);
    if (!m?.[1]) break;
    const { value, end } = fieldValue(s, m.index + m[0].length);
    const key = m[1].toLowerCase();
    if (!fields.has(key)) fields.set(key, value);
    at = end;
  }
  return fields.size > 0 ? fields : undefined;
}

/** BibTeX text as shown: braces and the common escapes gone, spaces collapsed. */
function plainBibtex(value: string): string {
  return value
    .replace(/\\&/g, "&")
    .replace(/\\[`'^"~=.]\{?([A-Za-z])\}?/g, "$1")
    .replace(/[{}]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function people(list: string[]): string[] {
  return list.map((a) => cleanName(displayOrder(a))).filter((a) => isPersonName(a, { allowSingle: true }));
}

/** The page's own record from an embedded BibTeX entry. */
export function bibtexRecord(text: string): EmbeddedRecord | undefined {
  const f = bibtexFields(text);
  if (!f) return undefined;
  const record: EmbeddedRecord = { authors: [], ids: {} };
  const title = f.get("title");
  if (title) record.title = plainBibtex(title);
  const author = f.get("author");
  if (author) record.authors = people(plainBibtex(author).split(/\s+and\s+/));
  const year = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(f.get("year") ?? f.get("date") ?? "")?.[1];
  if (year) record.year = Number(year);
  const venue = f.get("booktitle") ?? f.get("journal");
  if (venue) record.venue = plainBibtex(venue);
  const eprint = f.get("eprint");
  const arxiv = eprint && (/arxiv/i.test(f.get("archiveprefix") ?? "arxiv") ? canonicalArxiv(eprint.trim()) : undefined);
  if (arxiv) record.ids.arxiv = arxiv;
  const doi = f.get("doi");
  if (doi) merge(record.ids, identifiersFromText(`doi:${doi.trim()}`));
  for (const key of ["url", "journal", "note", "howpublished"]) {
    const v = f.get(key);
    if (v) merge(record.ids, identifiersFromText(v));
  }
  return record.title || record.authors.length > 0 ? record : undefined;
}

/** A JSON string's contents (the common escapes undone). */
function jsonString(raw: string): string {
  return raw
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\(["\\/])/g, "$1")
    .replace(/\\[nrt]/g, " ");
}

const QUOTED = String.raw`"((?:[^"\\]|\\.){1,2000})"`;

/** The page's own record from a JSON document shown as text (`"title": "…"`, `"authors": […]`). */
export function jsonRecord(text: string): EmbeddedRecord | undefined {
  const s = text.slice(0, 200_000);
  // Crossref and CSL-JSON give the title as a list of one ("title": ["…"]).
  const title = new RegExp(`"(?:title|paper_title)"\\s*:\\s*(?:\\[\\s*)?${QUOTED}`).exec(s);
  if (!title?.[1]) return undefined;
  const record: EmbeddedRecord = { title: jsonString(title[1]).trim(), authors: [], ids: {} };
  const after = s.slice(Math.max(0, title.index - 2000), title.index + 20_000);
  const split = splitNames(after);
  const authors = split ? undefined : /"authors?"\s*:\s*\[([^\]]{0,20000})\]?/.exec(after);
  if (split) record.authors = people(split);
  else if (authors?.[1]) {
    const names = [...authors[1].matchAll(new RegExp(QUOTED, "g"))].map((m) => jsonString(m[1] ?? ""));
    record.authors = people(names);
  }
  if (record.authors.length === 0 && record.title) record.authors = fullTextAuthors(s, record.title);
  // A CSL date ("published-print": {"date-parts": [[2019, 7, 18]]}), never the record's "indexed" or "created" one.
  const year =
    /"(?:year|publication_year)"\s*:\s*"?((?:19|20)\d\d)(?!\d)/.exec(after) ??
    /"(?:issued|published-print|published-online|published)"\s*:\s*\{\s*"date-parts"\s*:\s*\[\s*\[\s*((?:19|20)\d\d)(?!\d)/.exec(after);
  if (year?.[1]) record.year = Number(year[1]);
  const venue = new RegExp(`"venue"\\s*:\\s*${QUOTED}`).exec(after);
  if (venue?.[1]) record.venue = jsonString(venue[1]);
  const arxiv = new RegExp(`"(?:arxiv_id|arxivId|arxiv)"\\s*:\\s*${QUOTED}`).exec(after);
  const id = arxiv?.[1] ? canonicalArxiv(arxiv[1]) : undefined;
  if (id) record.ids.arxiv = id;
  const doi = new RegExp(`"(?:doi|DOI)"\\s*:\\s*${QUOTED}`).exec(after);
  if (doi?.[1]) merge(record.ids, identifiersFromText(`doi:${jsonString(doi[1])}`));
  return record;
}

/** How many of a full text's lines under its title are read for its authors. */
const FULL_TEXT_HEAD_LINES = 60;

/**
 * The authors of a record that carries the paper's text ("full_text": "Title\n\nAda Quill∗\n\nHarbour
 * Institute\n\n…\n\nAbstract"): the lines between the title and "Abstract" that are people's
 * names, the others being their affiliations. None unless the text opens with the title.
 */
function fullTextAuthors(s: string, title: string): string[] {
  const field = new RegExp(`"(?:full_text|fulltext|text|body|content)"\\s*:\\s*"((?:[^"\\\\]|\\\\.){1,20000})`).exec(s);
  if (!field?.[1]) return [];
  const lines = field[1]
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\n/g, "\n")
    .replace(/\\(["\\/])/g, "$1")
    .split("\n", FULL_TEXT_HEAD_LINES)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const key = title.toLowerCase().replace(/\s+/g, " ");
  let at = 0;
  let opening = "";
  while (at < lines.length && opening.length < key.length) opening = `${opening} ${lines[at++] ?? ""}`.trim().toLowerCase();
  if (opening.replace(/\s+/g, " ") !== key) return [];
  const names: string[] = [];
  for (const l of lines.slice(at)) {
    if (/^abstract\b/i.test(l)) return names.length >= 1 ? names : [];
    const name = cleanName(l);
    if (isPersonName(name)) names.push(name);
  }
  return [];
}

/**
 * Names given as "given" and "family" fields (CSL-JSON, Crossref: `{"given": "Ada", "family":
 * "Quill", "affiliation": […]}`), in the list's order; undefined when the record has none.
 */
function splitNames(s: string): string[] | undefined {
  const list = /"(?:author|authors)"\s*:\s*\[\s*\{/.exec(s);
  if (!list) return undefined;
  const names: string[] = [];
  const pair = new RegExp(`"given"\\s*:\\s*${QUOTED}\\s*,\\s*"family"\\s*:\\s*${QUOTED}|"family"\\s*:\\s*${QUOTED}\\s*,\\s*"given"\\s*:\\s*${QUOTED}`, "g");
  for (const m of s.slice(list.index, list.index + 20_000).matchAll(pair)) {
    const given = m[1] ?? m[4] ?? "";
    const family = m[2] ?? m[3] ?? "";
    names.push(`${jsonString(given)} ${jsonString(family)}`.trim());
    if (names.length >= 500) break;
  }
  return names.length > 0 ? names : undefined;
}

/**
 * The paper of an XML document shown as text (a corpus file viewer's `<?xml …?>` / `<Paper
 * uid="W04-1013">` / `<Title>…</Title>`, as the ACL Anthology Reference Corpus writes its papers):
 * its title, its abstract section as text, and the uid when it is an Anthology ID.
 */
export function xmlRecord(text: string): EmbeddedRecord | undefined {
  const s = text.slice(0, 200_000);
  const jats = jatsRecord(s);
  if (jats) return jats;
  if (!/<\?xml\s[^>]{0,200}\?>/.test(s)) return undefined;
  const title = /<title>\s*([^<>]{8,600}?)\s*<\/title>/i.exec(s)?.[1];
  if (!title) return undefined;
  const record: EmbeddedRecord = { title: title.replace(/\s+/g, " ").trim(), authors: [], ids: {} };
  const uid = /<paper\s+(?:[a-z_]+="[^"]{0,80}"\s+)*?(?:uid|id)="([^"]{3,40})"/i.exec(s)?.[1];
  const id = uid ? parseIdentifier(uid) : undefined;
  if (id && (id.scheme === "acl" || id.scheme === "arxiv" || id.scheme === "doi")) record.ids[id.scheme] = id.value;
  const section = /<section\b[^>]{0,300}\btype="abstr(?:act)?"[^>]{0,100}>([\s\S]{20,20000}?)<\/section>/i.exec(s)?.[1];
  const abstract = section
    ?.replace(/<[^<>]{0,300}>/g, " ")
    .replace(/^\s*abstract\b/i, "")
    .replace(/\s+/g, " ")
    .trim();
  if (abstract) record.abstract = abstract;
  return record;
}

/**
 * A JATS (NLM) article shown as text, as journals, PubMed Central and PDF extractors (CERMINE)
 * write them: `<article-title>`, each author's `<contrib contrib-type="author">` with its
 * `<string-name>` or `<given-names>` and `<surname>`, the `<pub-date>`'s `<year>`, its DOI.
 */
function jatsRecord(s: string): EmbeddedRecord | undefined {
  if (!/<article[\s>]/.test(s) || !/<article-meta[\s>]/.test(s)) return undefined;
  const title = /<article-title[^>]{0,200}>([^<>]{8,600}?)<\/article-title>/.exec(s)?.[1];
  if (!title) return undefined;
  const record: EmbeddedRecord = { title: title.replace(/\s+/g, " ").trim(), authors: [], ids: {} };
  const names: string[] = [];
  for (const c of s.matchAll(/<contrib\s[^>]{0,200}contrib-type="author"[^>]{0,200}>([\s\S]{0,2000}?)<\/contrib>/g)) {
    const body = c[1] ?? "";
    const whole = /<string-name[^>]{0,100}>([^<>]{2,120})<\/string-name>/.exec(body)?.[1];
    const given = /<given-names[^>]{0,100}>([^<>]{1,80})<\/given-names>/.exec(body)?.[1];
    const surname = /<surname[^>]{0,100}>([^<>]{1,80})<\/surname>/.exec(body)?.[1];
    const name = whole ?? (surname ? [given, surname].filter(Boolean).join(" ") : undefined);
    if (name) names.push(name.replace(/\s+/g, " ").trim());
    if (names.length >= 500) break;
  }
  record.authors = people(names);
  const year = /<pub-date[^>]{0,200}>[\s\S]{0,300}?<year>\s*((?:19|20)\d\d)\s*<\/year>/.exec(s)?.[1];
  if (year) record.year = Number(year);
  const doi = /<article-id\s[^>]{0,100}pub-id-type="doi"[^>]{0,100}>([^<>]{6,200})<\/article-id>/.exec(s)?.[1];
  if (doi) merge(record.ids, identifiersFromText(`doi:${doi.trim()}`));
  return record;
}

/** The RIS tags an export writes (RIS specification and the common exporters); only these split a flattened record. */
const RIS_TAGS = "TY|AU|A1|A2|A3|A4|TI|T1|T2|T3|BT|CT|PY|Y1|Y2|DA|JO|JF|JA|J1|J2|VL|IS|SP|EP|DO|UR|L1|L2|L3|L4|AB|N1|N2|KW|PB|CY|SN|ID|ET|M1|M2|M3|LA|ST|C1|C2|C3|C4|C5|DB|DP|AN|CN|ER";
/** A tag where a value starts: at a line's start or after white space, one or two spaces, a hyphen. */
const RIS_TAG = new RegExp(String.raw`(?:^|[\s>])(${RIS_TAGS})\s{1,2}-(?=\s|$)`, "gm");
const RIS_START = /(?:^|[\s>])TY\s{1,2}-\s+[A-Z]{3,7}\b/;

/**
 * The page's own record from an RIS export shown as text, flattened or not: its tags put back on
 * lines of their own ("TY  - JOUR" …), then read as the importer reads an RIS file. The record is
 * cut at MAX_ENTRY characters from its TY tag; one needs a title or an identifier to count.
 */
export function risRecord(text: string): EmbeddedRecord | undefined {
  const start = RIS_START.exec(text.slice(0, 200_000));
  if (!start) return undefined;
  const body = text.slice(start.index, start.index + MAX_ENTRY);
  const tags = [...body.matchAll(RIS_TAG)];
  // A record names its title (or at least its authors) beside its type.
  if (tags.length < 3 || !tags.some((m) => /^(?:TI|T1|AU|A1)$/.test(m[1] ?? ""))) return undefined;
  const lines: string[] = [];
  tags.forEach((m, k) => {
    const valueStart = (m.index ?? 0) + m[0].length;
    const valueEnd = tags[k + 1]?.index ?? body.length;
    lines.push(`${m[1]}  - ${body.slice(valueStart, valueEnd).replace(/\s+/g, " ").trim()}`);
  });
  if (!lines.some((l) => l.startsWith("ER  -"))) lines.push("ER  - ");
  const paper = parseRis(lines.join("\n"), "page").records[0]?.page.paper;
  if (!paper || (!paper.title && !hasIdentifier(paper.ids))) return undefined;
  const record: EmbeddedRecord = { authors: people(paper.authors), ids: { ...paper.ids } };
  if (paper.title) record.title = paper.title;
  if (paper.year !== undefined) record.year = paper.year;
  if (paper.venue) record.venue = paper.venue;
  return record;
}
