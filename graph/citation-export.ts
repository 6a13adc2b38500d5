/**
 * Citations of papers as BibTeX, CSL-JSON or RIS, through citation-js (Willighagen, "Citation.js:
 * a format-independent, modular bibliography tool for the browser and command line", PeerJ CS
 * 2019). We build the CSL-JSON items ourselves (CSL 1.0.2 types: an arXiv-only paper is an
 * `article`, i.e. a preprint, with arXiv as publisher and `arXiv:ID` as its number; an ACL
 * Anthology paper a `paper-conference` or, for the CL journal and TACL, an `article-journal`),
 * then let citation-js format them. citation-js maps BibTeX `eprint` only for PubMed, so the
 * arXiv `eprint` and `archivePrefix` fields are added to its BibTeX output here, and an arXiv
 * preprint goes to BibTeX and RIS as a `@misc`/`GEN` record rather than a journal article
 * without a journal. RIS lines are written here, one per value, so that no value spans lines.
 */
import { createRequire } from "node:module";

export type CitationFormat = "bibtex" | "csl" | "ris";
export const CITATION_FORMATS: readonly CitationFormat[] = ["bibtex", "csl", "ris"];

export interface CitablePaper {
  id: string;
  title: string | null;
  year: number | null;
  /** ISO date (YYYY, YYYY-MM or YYYY-MM-DD), when known. */
  date?: string | null;
  authors: readonly string[];
  venue?: string | null;
  doi?: string | null;
  arxivId?: string | null;
  aclId?: string | null;
  /** A note to carry along (a reading list's reason). */
  note?: string | null;
}

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
}

export interface CslItem {
  id: string;
  "citation-key": string;
  type: string;
  title?: string;
  author?: CslName[];
  issued?: { "date-parts": number[][] };
  DOI?: string;
  URL?: string;
  "container-title"?: string;
  publisher?: string;
  number?: string;
  note?: string;
}

interface CiteInstance {
  data: CslItem[];
  format(format: string, options?: Record<string, unknown>): unknown;
}
interface CitationJs {
  Cite: new (data: unknown) => CiteInstance;
}

// citation-js ships CommonJS without type declarations; the plugins register themselves on load.
const require = createRequire(import.meta.url);
let citationJs: CitationJs | undefined;
function cite(): CitationJs {
  if (!citationJs) {
    citationJs = require("@citation-js/core") as CitationJs;
    for (const plugin of ["@citation-js/plugin-bibtex", "@citation-js/plugin-csl", "@citation-js/plugin-ris"]) require(plugin);
  }
  return citationJs;
}

/**
 * One RIS value on one line: line breaks and other control characters become spaces and runs of
 * spaces one (citation-js's RIS reader ends a value at the next "  - " on its line).
 */
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const risValue = (value: unknown) => String(value).replace(LINE_BREAKING, " ").replace(/\s+/g, " ").trim();

/**
 * RIS from citation-js's tag mapping, written here one line per value: citation-js folds values
 * every 70 characters onto new lines, which turned a crafted title into `ER  -` and `TY  -` lines,
 * a third record in a two-record file (issue 17, item 6).
 */
function formatRis(items: readonly CslItem[]): string {
  const { Cite } = cite();
  const entries = new Cite(items).format("ris", { format: "object" }) as Record<string, unknown>[];
  return entries
    .map((entry) => {
      const lines = [`TY  - ${risValue(entry.TY)}`];
      for (const [tag, value] of Object.entries(entry)) {
        if (tag === "TY") continue;
        for (const v of [value].flat()) {
          const text = risValue(v);
          if (text) lines.push(`${tag}  - ${text}`);
        }
      }
      lines.push("ER  - ");
      return lines.join("\n");
    })
    .join("\n");
}

/** Parses BibTeX, RIS or CSL-JSON text back into CSL-JSON items (citation-js's own parsers). */
export function parseCitations(text: string): CslItem[] {
  const { Cite } = cite();
  return new Cite(text).data;
}

export function formatCitations(papers: readonly CitablePaper[], format: CitationFormat): string {
  const items = toCsl(papers);
  if (format === "csl") return JSON.stringify(items, null, 2);
  const { Cite } = cite();
  // BibTeX and RIS have no preprint type that needs no journal: arXiv preprints go as misc/GEN.
  const asRecords = items.map((item) => (isPreprint(item) ? Object.assign({}, item, { type: "document" }) : item));
  if (format === "ris") return formatRis(asRecords);
  return addEprints(String(new Cite(asRecords).format("bibtex")), papers, items);
}

/** CSL-JSON items with unique citation keys ("vaswani2017attention", then "...b"). */
export function toCsl(papers: readonly CitablePaper[]): CslItem[] {
  const used = new Set<string>();
  return papers.map((p) => {
    const key = uniqueKey(citationKey(p), used);
    const item: CslItem = { id: key, "citation-key": key, type: "article" };
    if (p.title) item.title = p.title;
    const authors = p.authors.map(parseName).filter((n): n is CslName => n !== undefined);
    if (authors.length > 0) item.author = authors;
    const parts = dateParts(p);
    if (parts) item.issued = { "date-parts": [parts] };
    if (p.doi) item.DOI = p.doi;
    if (p.aclId) {
      item.type = /^[JQ]\d{2}-|\.(?:cl|tacl)-/.test(p.aclId) ? "article-journal" : "paper-conference";
      item.URL = `https://aclanthology.org/${p.aclId}`;
    } else if (p.arxivId) {
      item.publisher = "arXiv";
      item.number = `arXiv:${p.arxivId}`;
      item.URL = `https://arxiv.org/abs/${p.arxivId}`;
    } else if (p.doi) {
      item.type = "article-journal";
      item.URL = `https://doi.org/${p.doi}`;
    } else if (p.venue) {
      // A paper known by no identifier keeps its venue: in a journal's, or a meeting's, by its name.
      item.type = /\b(?:journal|transactions|review|letters|magazine)\b/i.test(p.venue) ? "article-journal" : "paper-conference";
    }
    if (p.venue && item.type !== "article") item["container-title"] = p.venue;
    if (p.note) item.note = p.note;
    return item;
  });
}

function isPreprint(item: CslItem): boolean {
  return item.type === "article" && item.publisher === "arXiv";
}

/** Adds `eprint` and `archivePrefix` to each arXiv paper's BibTeX entry. */
function addEprints(bibtex: string, papers: readonly CitablePaper[], items: readonly CslItem[]): string {
  let out = bibtex;
  papers.forEach((p, k) => {
    const key = items[k]?.["citation-key"];
    if (!p.arxivId || !key) return;
    const head = new RegExp(`(@\\w+\\{${escapeRegExp(key)},)`);
    if (!head.test(out)) throw new Error(`citation export: no BibTeX entry for ${key}`);
    out = out.replace(head, `$1\n\teprint = {${p.arxivId}},\n\tarchivePrefix = {arXiv},`);
  });
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "Vaswani, Ashish", "Ashish Vaswani" or an organisation ("OpenAI", kept whole). */
export function parseName(raw: string): CslName | undefined {
  const name = raw.replace(/\s+/g, " ").trim();
  if (!name) return undefined;
  const comma = name.indexOf(",");
  if (comma > 0) {
    const family = name.slice(0, comma).trim();
    const given = name.slice(comma + 1).trim();
    return given ? { family, given } : { family };
  }
  const words = name.split(" ");
  if (words.length === 1) return { literal: name };
  // Particles stay with the family name: "Ludwig van Beethoven" → family "van Beethoven".
  let start = words.length - 1;
  while (start > 1 && /^(?:van|von|der|den|de|del|della|di|da|du|le|la|bin|al)$/i.test(words[start - 1] ?? "")) start--;
  return { family: words.slice(start).join(" "), given: words.slice(0, start).join(" ") };
}

function dateParts(p: CitablePaper): number[] | undefined {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(p.date ?? "");
  if (m?.[1] && (p.year === null || Number(m[1]) === p.year)) return [m[1], m[2], m[3]].filter((x): x is string => x !== undefined).map(Number);
  return p.year === null ? undefined : [p.year];
}

function citationKey(p: CitablePaper): string {
  const first = p.authors[0] ? parseName(p.authors[0]) : undefined;
  const who =
    ascii(first?.family ?? first?.literal ?? "")
      .split(" ")
      .pop() ?? "";
  const word =
    (p.title ?? "")
      .split(/\s+/)
      .map(ascii)
      .find((w) => w.length > 3 && !/^(?:with|from|that|this|what|when|towards?)$/.test(w)) ?? "";
  // "vaswani2017attention"; without authors, "attention2017".
  const key = who ? `${who}${p.year ?? ""}${word}` : `${word || "paper"}${p.year ?? ""}`;
  return key;
}

function ascii(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, "");
}

function uniqueKey(key: string, used: Set<string>): string {
  let candidate = key;
  for (let n = 1; used.has(candidate); n++) candidate = `${key}${String.fromCharCode(96 + Math.min(n + 1, 26))}${n > 25 ? n : ""}`;
  used.add(candidate);
  return candidate;
}
