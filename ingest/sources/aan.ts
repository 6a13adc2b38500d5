/**
 * The ACL Anthology Network release (Radev et al., "The ACL Anthology Network Corpus", 2013):
 * `acl-metadata.txt` (blank-line separated `key = {value}` records; titles carry HTML entities
 * and a few records hold Windows-1252 bytes) and `acl.txt` (`CITING , CITED` per line).
 * Pure parsers of the bytes; each bad record is reported by line number, never fatal.
 */
import { decodeHTML } from "entities";
import { decodeWindows1252 } from "../decode.ts";

export interface AanPaper {
  id: string;
  title: string;
  authors: string[];
  venue?: string;
  year?: number;
  /** Where the record starts in acl-metadata.txt, its size, and how its bytes were decoded. */
  line?: number;
  byteSize?: number;
  encoding?: "utf-8" | "windows-1252";
}

export interface AanProblem {
  line: number;
  reason: string;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Decode one record's bytes: UTF-8 when valid, else Windows-1252. */
function decodeRecord(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-1252" } {
  try {
    return { text: UTF8.decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

export function parseAanMetadata(bytes: Uint8Array): { papers: AanPaper[]; problems: AanProblem[] } {
  const papers: AanPaper[] = [];
  const problems: AanProblem[] = [];
  let start = 0;
  let line = 1;
  let startLine = 1;
  const flush = (end: number) => {
    if (end > start) {
      const { text, encoding } = decodeRecord(bytes.subarray(start, end));
      if (text.trim()) {
        // The record starts at its first line with text, after the blank line(s) that end the last.
        const at = startLine + (/^\s*/.exec(text)?.[0].split("\n").length ?? 1) - 1;
        const record = parseRecord(text);
        if ("reason" in record) problems.push({ line: at, reason: record.reason });
        else papers.push(Object.assign({}, record, { line: at, byteSize: end - start, encoding }));
      }
    }
  };
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 10) continue;
    line++;
    // A blank line (\n\n or \n\r\n) ends a record.
    const next = bytes[i + 1] === 13 ? bytes[i + 2] : bytes[i + 1];
    if (next === 10) {
      flush(i);
      start = i + 1;
      startLine = line;
    }
  }
  flush(bytes.length);
  return { papers, problems };
}

function parseRecord(text: string): AanPaper | { reason: string } {
  const fields = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(\w+)\s*=\s*\{(.*)\}\s*$/.exec(raw);
    if (m?.[1]) fields.set(m[1].toLowerCase(), m[2] ?? "");
  }
  const id = fields.get("id")?.trim();
  if (!id) return { reason: "record has no id" };
  const title = clean(fields.get("title") ?? "");
  if (!title) return { reason: `record ${id} has no title` };
  const year = Number(fields.get("year"));
  const venue = clean(fields.get("venue") ?? "");
  return {
    id,
    title,
    authors: authorNames(fields.get("author") ?? ""),
    ...(venue ? { venue } : {}),
    ...(Number.isInteger(year) && year > 1900 && year < 2100 ? { year } : {}),
  };
}

/**
 * The record's `author` field as people: "Papineni, Kishore; Roukos, Salim" → ["Kishore Papineni",
 * "Salim Roukos"]. Names are separated by ";", which also ends the HTML entities inside them
 * (Val&eacute;rie). Where a name's non-ASCII letter was written as an entity, the release put a
 * separator after the entity's own ";" ("Daum&eacute;; III, Hal", "Gispert, Adri&agrave;; de",
 * 81 records): there the two pieces are one name, unless both read as whole names ("Last, First").
 */
export function authorNames(field: string): string[] {
  // Linear: each `;` looks back over the one word before it, and words are disjoint.
  // eslint-disable-next-line regexp/no-super-linear-move -- a split, which tries each position once
  const pieces = field.split(/(?<!&#?\w+);/);
  const names: string[] = [];
  for (let k = 0; k < pieces.length; k++) {
    const joined = [pieces[k] ?? ""];
    // Whether the name so far ends in an entity and holds a comma: kept as the pieces are joined,
    // so a field of 80,000 entities is read once (testing the growing name each time was quadratic).
    let tail = pieces[k] ?? "";
    let comma = tail.includes(",");
    // A piece that ends in an entity's ";" had a separator straight after it: ";;" in the release.
    while (endsInEntity(tail) && k + 1 < pieces.length) {
      const next = pieces[k + 1] ?? "";
      if (comma && next.includes(",")) break;
      joined.push(next.trim());
      if (next.trim()) tail = next;
      comma ||= next.includes(",");
      k++;
    }
    const raw = joined.length === 1 ? (joined[0] ?? "") : joined.map((p, i) => (i === 0 ? p.trimEnd() : p)).join(" ");
    const name = personName(clean(raw));
    if (name) names.push(name);
  }
  return names;
}

/** Whether a piece ends in an HTML entity (`&eacute;`), trailing space aside. */
function endsInEntity(piece: string): boolean {
  const end = piece.trimEnd();
  return /&#?\w+;$/.test(end.slice(-40));
}

/** "Last, First" → "First Last"; "Taylor, II, Charles T." → "Charles T. Taylor II"; a name without a comma as it is. */
export function personName(name: string): string {
  const parts = name
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const [family, ...rest] = parts;
  if (family === undefined) return "";
  if (rest.length === 0) return family;
  const suffixes = rest.filter((p) => SUFFIX.test(p));
  const given = rest.filter((p) => !SUFFIX.test(p));
  return [...given, family, ...suffixes].join(" ");
}

const SUFFIX = /^(?:Jr\.?|Sr\.?|II|III|IV|V)$/;

function clean(s: string): string {
  return (s.includes("&") ? decodeHTML(s) : s).replace(/\s+/g, " ").trim();
}

export interface CitationOptions {
  /**
   * Accept the release's lettered IDs (`J79-1032f`: several short papers under one number; 54
   * metadata records and 25 citation lines). Off by default, as the page renderer expects.
   */
  letteredIds?: boolean;
}

export function parseAanCitations(text: string, options: CitationOptions = {}): { edges: { citing: string; cited: string }[]; problems: AanProblem[] } {
  const edges: { citing: string; cited: string }[] = [];
  const problems: AanProblem[] = [];
  const pair = options.letteredIds ? /^\s*([A-Z]\d{2}-\d{4}[a-z]?)\s*,\s*([A-Z]\d{2}-\d{4}[a-z]?)\s*$/ : /^\s*([A-Z]\d{2}-\d{4})\s*,\s*([A-Z]\d{2}-\d{4})\s*$/;
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    const m = pair.exec(raw);
    if (m?.[1] && m[2]) edges.push({ citing: m[1], cited: m[2] });
    else problems.push({ line: i + 1, reason: `not a "CITING , CITED" pair: ${raw.slice(0, 60)}` });
  });
  return { edges, problems };
}
