/**
 * The citation lists of a page capture: a "References" section (what the paper builds on) and a
 * "Citations" / "Cited by" section (what builds on it), each only under a heading of its own, never
 * a sidebar titled "References & Citations" or a metric ("References" followed by "35"). Entries
 * in the forms captures keep them: a title followed by bullet lines of attributes (Semantic
 * Scholar: "- Computer Science", "- EMNLP", "- 2020", "- 120", "- Highly Influential", "- PDF"),
 * numbered formatted citations ("[12] A. Author. 2020. Title. In …"), and bulleted titles
 * ("- Title (2020)"). Chrome lines and labels are never entries. Pure.
 */
import { hasIdentifier } from "../../../vocabulary/identifiers.ts";
import type { PaperRef } from "../../../vocabulary/paper-page.ts";
import type { ListName } from "../page-sections.ts";
import { isChrome, isSectionLabel } from "./chrome.ts";
import { parseFormattedCitation } from "./formatted-citations.ts";
import { identifiersIn } from "../page-text.ts";

export interface CitationLists {
  buildsOn: PaperRef[];
  builtBy: PaperRef[];
  /** What each list's heading says it holds ("SHOWING 1-10 OF 89 REFERENCES", "10 Citations"). */
  declared: Partial<Record<ListName, number>>;
  /** Lines the lists occupy: no other reader takes a title, an author or an identifier from them. */
  lines: Set<number>;
}

const MAX_ENTRIES = 5000;

/** The list a heading opens, with the count it declares; undefined for any other line. */
export function listHeading(line: string): { list: ListName; total?: number } | undefined {
  const s = line
    .trim()
    .replace(/^#{1,6}\s+/, "")
    .replace(/[:.]$/, "");
  let m = /^(?:references|bibliography|works cited|literature cited|cited works|reference list)(?:\s*\((\d[\d,]*)\))?$/i.exec(s);
  if (m) return withTotal("buildsOn", m[1]);
  m = /^(?:showing \d[\d,]*\s*[-–]\s*\d[\d,]* of (\d[\d,]*) references|(\d[\d,]*) references)$/i.exec(s);
  if (m) return withTotal("buildsOn", m[1] ?? m[2]);
  m = /^(?:(\d[\d,]*) citations|citations(?:\s*\((\d[\d,]*)\))?|cited by(?:\s*\(?(\d[\d,]*)\)?)?(?: papers)?|citing papers|showing \d[\d,]*\s*[-–]\s*\d[\d,]* of (\d[\d,]*) citations)$/i.exec(s);
  if (m) return withTotal("builtBy", m[1] ?? m[2] ?? m[3] ?? m[4]);
  return undefined;
}

function withTotal(list: ListName, count: string | undefined): { list: ListName; total?: number } {
  const total = count === undefined ? undefined : Number(count.replace(/,/g, ""));
  return total === undefined ? { list } : { list, total };
}

const ATTRIBUTE = /^[-•*]\s+(.{1,120})$/;
/** Sections that follow a reference list: they end it (chrome between entries does not). */
const AFTER_LIST =
  /^(?:rights and permissions|reprints and permissions|about this (?:paper|article|chapter|book)|copyright information|author information|authors? and affiliations|acknowledge?ments?|appendix|additional information|ethics declarations|funding|footnotes|supplementary (?:information|material)|related (?:papers|articles|works)|similar papers|recommended (?:papers|articles)|cite this (?:paper|article|chapter))$/i;

/** A line that can be an entry's title: words, not chrome, not a label, not a bare figure. */
function titleLike(line: string): boolean {
  return line.length >= 8 && line.length <= 400 && /\p{L}{2}/u.test(line) && line.split(/\s+/).length >= 2 && !isChrome(line) && !isSectionLabel(line);
}

/** Attributes under an S2-style entry: year, citation count, "Highly Influential". */
function readAttribute(ref: PaperRef, value: string): void {
  const v = value.trim();
  if (/^(?:19|20)\d\d$/.test(v)) ref.year ??= Number(v);
  else if (/^\d[\d,]*$/.test(v)) ref.citedByCount ??= Number(v.replace(/,/g, ""));
  else if (/^highly influential$/i.test(v)) ref.attributes = { ...ref.attributes, isInfluential: true };
}

function entryOf(line: string): PaperRef | undefined {
  const body = line.replace(/^(?:\[\d{1,4}\]|\d{1,4}[.)])\s+/, "");
  const ids = identifiersIn(body);
  const cited = parseFormattedCitation(body);
  if (cited) {
    const ref: PaperRef = { ids: { ...cited.ids, ...ids }, title: cited.title };
    if (cited.year !== undefined) ref.year = cited.year;
    return ref;
  }
  const trail = /^(.*?)\s*\(((?:19|20)\d\d)\)$/.exec(body);
  const title = (trail?.[1] ?? body).trim();
  if (!titleLike(title) && !hasIdentifier(ids)) return undefined;
  const ref: PaperRef = { ids };
  if (titleLike(title)) ref.title = title;
  if (trail?.[2]) ref.year = Number(trail[2]);
  return ref;
}

/** The citation lists of a capture's lines; `cut`: the capture stops mid-line, its last entry may be bare. */
export function citationLists(lines: readonly string[], cut = false): CitationLists {
  const out: CitationLists = { buildsOn: [], builtBy: [], declared: {}, lines: new Set() };
  let list: ListName | undefined;
  let current: PaperRef | undefined;
  // Once a list's entries carry attribute bullets, a title line without any is an entry too when
  // it is the capture's last line and the capture stops there (its bullets were cut off).
  let styled = false;
  const lastLine = lines.reduce((at, l, k) => (l !== "" ? k : at), -1);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (!line) continue;
    const heading = listHeading(line);
    if (heading) {
      const next = lines.slice(i + 1, i + 4).find((l) => l !== "") ?? "";
      // "References" above "35" is a metric, not a list.
      if (/^\(?\d[\d,.]*\)?$/.test(next)) continue;
      list = heading.list;
      current = undefined;
      styled = false;
      if (heading.total !== undefined) out.declared[list] ??= heading.total;
      out.lines.add(i);
      continue;
    }
    if (!list) continue;
    const attribute = ATTRIBUTE.exec(line);
    if (attribute?.[1] && current) {
      readAttribute(current, attribute[1]);
      out.lines.add(i);
      continue;
    }
    if (AFTER_LIST.test(line)) {
      list = undefined;
      current = undefined;
      continue;
    }
    if (isSectionLabel(line) || (isChrome(line) && !attribute)) {
      if (isSectionLabel(line)) {
        list = undefined;
        current = undefined;
      }
      continue;
    }
    const next = lines.slice(i + 1, i + 3).find((l) => l !== "") ?? "";
    const numbered = /^(?:\[\d{1,4}\]|\d{1,4}[.)])\s/.test(line);
    // An S2-style entry: a title line with attribute bullets under it.
    const titled = (ATTRIBUTE.test(next) || (styled && !numbered && cut && i === lastLine)) && !attribute;
    if (titled && ATTRIBUTE.test(next)) styled = true;
    // Unnumbered formatted citations ("Surname, I.: Title. In: Venue (2018)") are entries too.
    const cited = !titled && !numbered && !attribute ? parseFormattedCitation(line) : undefined;
    const ref = titled ? (titleLike(line) ? { ids: identifiersIn(line), title: line } : undefined) : numbered || attribute ? entryOf(attribute?.[1] ?? line) : cited ? entryOf(line) : undefined;
    if (!ref) {
      current = undefined;
      // In a list of formatted citations, a line that is none starts the next section.
      if (!styled && (out.buildsOn.length + out.builtBy.length > 0 || !titleLike(line))) list = undefined;
      continue;
    }
    if (out.buildsOn.length + out.builtBy.length >= MAX_ENTRIES) break;
    out[list].push(ref);
    out.lines.add(i);
    current = ref;
  }
  // A heading's count with no entry under it is a tab's figure ("References (41)"), not a short list.
  for (const list of ["buildsOn", "builtBy"] as const) if (out[list].length === 0) delete out.declared[list];
  return out;
}
