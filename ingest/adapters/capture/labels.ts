/**
 * Labelled values in a page capture, in the forms sites print them: `Label: value` on one line
 * (also glued, `Title:Evaluating…`, boxed, `Year : 2024`, or bold Markdown, `**Authors:** …`),
 * a label alone on its line with its value on the next (`Anthology ID:` / `2020.acl-main.442`,
 * `Published` / `2025-08-21`, an empty label followed directly by the next label), and a
 * flattened table: a run of labels on consecutive lines followed by their values in the same order
 * (`Year` `Venue` `DocType` `2020` `ACL` `Conference`, also a wiki's infobox whose header cells are
 * fields: `Author` `volume` `Date Value` `title` …), and a Markdown table, as key-value rows
 * (`| title | … |`) or a header row of fields over a row of values. Only labels in the vocabulary below count,
 * so a title with a colon ("G-Eval: NLG Evaluation…") is never read as a label. Pure.
 */
import { isChrome, isSectionLabel } from "./chrome.ts";

/** What a label's value is for a paper; `other` labels are known (so they end values) but unread. */
export type LabelKind =
  "title" | "authors" | "editors" | "abstract" | "year" | "date" | "undated" | "venue" | "arxiv" | "doi" | "acl" | "openreview" | "link" | "categories" | "keywords" | "self-citation" | "other";

const VOCABULARY: Record<string, LabelKind> = {
  title: "title",
  "paper title": "title",
  "article title": "title",
  authors: "authors",
  author: "authors",
  "author(s)": "authors",
  "written by": "authors",
  creators: "authors",
  editors: "editors",
  editor: "editors",
  abstract: "abstract",
  year: "year",
  "publication year": "year",
  "pub year": "year",
  published: "date",
  "published on": "date",
  "publication date": "date",
  "pub date": "date",
  pubdate: "date",
  "date published": "date",
  "publish date": "date",
  "first published": "date",
  "first posted": "date",
  submitted: "date",
  "submitted on": "date",
  "submission date": "date",
  posted: "date",
  "posted on": "date",
  "release date": "date",
  "issue date": "date",
  "available online": "date",
  "first online": "date",
  "date written": "date",
  publish: "date",
  "edited by": "editors",
  "suggested citation": "self-citation",
  "how to cite": "self-citation",
  "published online": "date",
  "online publication date": "date",
  online: "date",
  "arxiv preprint": "date",
  preprint: "date",
  date: "date",
  "date value": "date",
  updated: "undated",
  "last updated": "undated",
  "last modified": "undated",
  modified: "undated",
  revised: "undated",
  "last revised": "undated",
  edition: "undated",
  reviewed: "undated",
  retrieved: "undated",
  accessed: "undated",
  indexed: "undated",
  crawled: "undated",
  added: "undated",
  "data through": "undated",
  "data to": "undated",
  venue: "venue",
  conference: "venue",
  journal: "venue",
  "published in": "venue",
  proceedings: "venue",
  booktitle: "venue",
  volume: "venue",
  event: "venue",
  "journal reference": "venue",
  arxiv: "arxiv",
  "arxiv id": "arxiv",
  "arxiv link": "arxiv",
  "paper id": "arxiv",
  eprint: "arxiv",
  doi: "doi",
  "anthology id": "acl",
  "acl id": "acl",
  "acl anthology": "acl",
  openreview: "openreview",
  "openreview id": "openreview",
  url: "link",
  pdf: "link",
  link: "link",
  links: "link",
  proceedings_url: "link",
  "paper link": "link",
  homepage: "link",
  categories: "categories",
  category: "categories",
  subjects: "categories",
  "primary area": "keywords",
  keywords: "keywords",
  "index terms": "keywords",
  topics: "keywords",
  "cite (acl)": "self-citation",
  "cite (informal)": "self-citation",
  citation: "self-citation",
  "preferred citation": "self-citation",
  "cite as": "self-citation",
  month: "other",
  address: "other",
  sig: "other",
  publisher: "other",
  note: "other",
  pages: "other",
  language: "other",
  bibkey: "other",
  award: "other",
  "bib export formats": "other",
  supplementary: "other",
  "copy citation": "other",
  video: "other",
  software: "other",
  dataset: "other",
  doctype: "other",
  issn: "other",
  isbn: "other",
  citations: "other",
  references: "other",
  pagerank: "other",
  name: "other",
  order: "other",
  recognition: "other",
  "impact factor": "other",
  "certificate id": "other",
  institution: "other",
  affiliation: "other",
  affiliations: "other",
  license: "other",
  comments: "other",
  "tl;dr": "other",
  tldr: "other",
  "core claim": "other",
  "beats sota": "other",
  "code open?": "other",
  status: "other",
  "peer-reviewed": "other",
  source: "other",
  "submission number": "other",
  readers: "other",
  "reply type": "other",
  "code of ethics": "other",
  "supplementary material": "other",
  "one sentence": "other",
  code: "other",
  type: "other",
  field: "other",
  "fields of study": "other",
  "corpus id": "other",
  "report number": "other",
  // Dates a page prints of itself: its upload, its check, its answer.
  "date post": "undated",
  "date posted": "undated",
  uploaded: "undated",
  "last verified": "undated",
  verified: "undated",
  "answered on": "undated",
  homepage_url: "link",
  // The same fields in the languages library catalogues and indexes print them in.
  ...multilingual({
    title: ["العنوان", "标题", "题目", "タイトル", "titel", "titre", "título", "titolo", "название"],
    authors: ["المؤلفون", "المؤلف", "作者", "著者", "autoren", "auteurs", "auteur", "autores", "autori", "авторы"],
    year: ["سنة النشر", "年份", "发表年份", "出版年", "発行年", "erscheinungsjahr", "jahr", "année", "año", "anno", "год"],
    date: ["تاريخ النشر", "发表时间", "出版日期", "発行日", "erscheinungsdatum", "date de publication", "fecha de publicación", "data de publicação"],
    abstract: ["الوصف", "الملخص", "摘要", "要旨", "抄録", "zusammenfassung", "résumé", "resumen", "resumo", "riassunto", "аннотация"],
    venue: ["المصدر", "期刊", "来源", "出典", "quelle", "revue", "revista", "rivista", "журнал"],
    keywords: ["مصطلحات موضوعية", "关键词", "キーワード", "schlagwörter", "mots-clés", "palabras clave"],
  }),
};

/** Labels in other languages, by the kind of value they introduce. */
function multilingual(byKind: Partial<Record<LabelKind, string[]>>): Record<string, LabelKind> {
  const out: Record<string, LabelKind> = {};
  for (const [kind, labels] of Object.entries(byKind) as [LabelKind, string[]][]) for (const l of labels) out[l] = kind;
  return out;
}

export interface LabelledValue {
  kind: LabelKind;
  /** The label as normalised ("anthology id"). */
  label: string;
  value: string;
  /** Line of the label. */
  at: number;
  /** Lines the value was read from. */
  valueLines: number[];
}

/** `**Authors:**`, `- **Year**:`, `Title :` → the bare label text, lower-cased; undefined if not a label. */
function labelKey(raw: string): string | undefined {
  const key = raw
    .replace(/^(?:[-*•]|#{1,6})\s+/, "")
    .replace(/[*_]{1,2}/g, "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
  return key in VOCABULARY ? key : undefined;
}

const INLINE = /^((?:[-*•]\s+|#{1,6}\s+)?(?:\*\*|__)?\p{L}[\p{L}\p{M}0-9 ()/&?;._'-]{0,40}?(?:\*\*|__)?)\s*:\s*(?:\*\*|__)?\s*(.*)$/u;

/** A further label inside a value ("DOI: 10.… Publication Date: 2024-03-06"): where a value ends. */
const EMBEDDED = /\s((?:\p{Lu}|#)[\p{L}\p{M} ()/]{1,30}?):\s/gu;

/**
 * A `Label: value` line's value, cut where another label of the vocabulary starts on the same
 * line, with those labels and their values; code spans (`Title: \`…\``) unwrapped. A long
 * sentence before the next "Label:" is prose ("… Note: …"), and is not cut.
 */
function splitInline(value: string): { label?: string; value: string }[] {
  const out: { label?: string; value: string }[] = [];
  let label: string | undefined;
  let start = 0;
  for (const m of value.slice(0, 4000).matchAll(EMBEDDED)) {
    const key = labelKey(m[1] ?? "");
    const at = m.index ?? 0;
    if (key === undefined || at < start) continue;
    const before = value.slice(start, at);
    if (before.length > 300 || /\p{Ll}[.!?]\s+\p{Lu}/u.test(before)) continue;
    out.push({ ...(label !== undefined ? { label } : {}), value: unwrapCode(before) });
    label = key;
    start = at + m[0].length;
  }
  out.push({ ...(label !== undefined ? { label } : {}), value: unwrapCode(value.slice(start)) });
  return out;
}

function unwrapCode(value: string): string {
  return value.replace(/`([^`]{0,2000})`/g, "$1").trim();
}

/**
 * Labels a page prints alone on a line without a colon: others need their colon ("Proceedings"
 * alone is a menu entry, "Proceedings:" a label).
 */
const ALONE = new Set(
  "title|paper title|authors|author|author(s)|abstract|year|published|publication date|date|venue|doi|keywords|categories|subjects|editors|editor|citations|references|pagerank|name|order|doctype|issn|volume|edition|recognition|impact factor|certificate id|arxiv id|paper id|affiliations|affiliation|tl;dr|tldr|topics|index terms|publication year".split(
    "|",
  ),
);

/** The label a line holds alone ("Year", "Anthology ID:", "**Authors:**"), if any. */
export function labelAlone(line: string): string | undefined {
  const t = line.trim();
  const colon = /[:](?:\*\*|__)?$/.test(t);
  const s = t
    .replace(/[:.](?:\*\*|__)?$/, "")
    .replace(/\*\*|__/g, "")
    .trim();
  const key = s.length <= 40 ? labelKey(s) : undefined;
  // A label in a script without capitals ("摘要", "الملخص") is no menu entry: alone, it is a label.
  return key !== undefined && (colon || ALONE.has(key) || (kindOf(key) !== "other" && !/\p{Script=Latin}|\p{Script=Cyrillic}/u.test(key))) ? key : undefined;
}

export function kindOf(label: string): LabelKind {
  return VOCABULARY[label] ?? "other";
}

/** A table's cell that is a field's name ("volume", "Url", "Date Value"): any label of the vocabulary, without its colon. */
function cellLabel(cell: string): string | undefined {
  if (cell.length > 60) return undefined;
  const t = cell.trim().replace(/:$/, "");
  return t.length <= 40 ? labelKey(t) : undefined;
}

/** A Markdown table row's cells ("| a | b |"), or undefined for a line that is not one. */
function tableCells(line: string): string[] | undefined {
  if (!line.startsWith("|") || line.length > 4000) return undefined;
  const cells = line
    .replace(/^\|/, "")
    .replace(/\|\s*$/, "")
    .split("|");
  return cells.length >= 2 && cells.length <= 40 ? cells.map((c) => c.trim()) : undefined;
}

/** A table's value for a field; a bare number is no venue (a volume's "12"). */
function tableValue(label: string, value: string, at: number, valueAt: number): LabelledValue | undefined {
  if (!value) return undefined;
  const kind = kindOf(label) === "venue" && /^[\d\s().–-]+$/.test(value) ? "other" : kindOf(label);
  return { kind, label, value, at, valueLines: [valueAt] };
}

/** The values of a Markdown table's rows at `i`: key-value rows, or a header of fields over its row of values; and the last line read. */
function markdownTable(lines: readonly string[], i: number): { values: LabelledValue[]; last: number } | undefined {
  const cells = tableCells(lines[i] ?? "");
  if (!cells) return undefined;
  const header = cells.map(cellLabel);
  if (cells.length === 2 && header[0] !== undefined) {
    const v = tableValue(header[0], cells[1] ?? "", i, i);
    return { values: v ? [v] : [], last: i };
  }
  if (header.filter((k) => k !== undefined).length < 3) return undefined;
  let row = i + 1;
  if (/^\|?\s*:?-{3,}/.test(lines[row] ?? "")) row++;
  const values = tableCells(lines[row] ?? "");
  if (!values) return { values: [], last: i };
  const out: LabelledValue[] = [];
  header.forEach((label, k) => {
    const v = label !== undefined ? tableValue(label, values[k] ?? "", i, row) : undefined;
    if (v) out.push(v);
  });
  return { values: out, last: row };
}

/** Every labelled value of the capture, in line order; `framed` lines are rows of a boxed panel. */
export function labelledValues(lines: readonly string[], framed: ReadonlySet<number> = new Set()): LabelledValue[] {
  const out: LabelledValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (!line) continue;
    const table = markdownTable(lines, i);
    if (table) {
      out.push(...table.values);
      i = table.last;
      continue;
    }
    // Three fields' names in a row open a flattened table even when one is no label alone ("volume", "Url").
    const header = cellLabel(line) !== undefined && cellLabel(lines[i + 1] ?? "") !== undefined && cellLabel(lines[i + 2] ?? "") !== undefined;
    const alone = labelAlone(line) ?? (header ? cellLabel(line) : undefined);
    if (alone !== undefined) {
      // A run of labels alone on their lines: values follow in the same order (a flattened table),
      // or each label's value is on the line after it.
      const run = [i];
      for (let j = i + 1; j < lines.length && run.length < 12; j++) {
        const next = lines[j] ?? "";
        if (!next) continue;
        if ((header ? cellLabel(next) : labelAlone(next)) === undefined) break;
        run.push(j);
      }
      const last = run[run.length - 1] ?? i;
      if (run.length >= 3 && !/:\s*$/.test(line)) {
        // A table's header row: as many value lines as labels.
        const values: number[] = [];
        for (let j = last + 1; j < lines.length && values.length < run.length; j++) {
          const v = lines[j] ?? "";
          if (v === "") continue;
          if (labelAlone(v) !== undefined) break;
          values.push(j);
        }
        run.forEach((at, k) => {
          const label = labelAlone(lines[at] ?? "") ?? cellLabel(lines[at] ?? "") ?? "";
          const valueAt = values[k];
          const v = valueAt !== undefined ? tableValue(label, lines[valueAt] ?? "", at, valueAt) : undefined;
          if (v) out.push(v);
        });
        i = values[values.length - 1] ?? last;
        continue;
      }
      const valueLines: number[] = [];
      // A bulleted label ("• Year:") has its value bulleted too ("• 2008"): the bullet is the list's, not the value's.
      const bullet = /^([-*•·▪◦])\s+/.exec(line)?.[1];
      const valueOf = (j: number): string => {
        const raw = lines[j] ?? "";
        return bullet !== undefined && raw.startsWith(bullet) ? raw.slice(bullet.length).trimStart() : raw;
      };
      for (let j = i + 1; j < lines.length; j++) {
        const v = valueOf(j);
        if (v === "") {
          if (valueLines.length > 0) break;
          continue;
        }
        if (labelAlone(v) !== undefined || inlineLabel(v) !== undefined) break;
        // A label the vocabulary does not know ("Author_Institution :", "fDate :"), alone on its line, ends the value too.
        if (/^[\p{L}][\p{L}_]{1,30}(?: [\p{L}_]{1,30})? ?:$/u.test(v)) break;
        if (!/^(?:[,;&]|and|[\d.,\s–-]+)$/.test(v) && (isChrome(v) || isSectionLabel(v))) {
          // Chrome between a label and its value (a viewer's "Report issue" line) is passed over.
          if (valueLines.length > 0) break;
          continue;
        }
        // After a sentence's end, a short line with none of its own is a link or heading, not prose.
        const previous = valueLines.length > 0 ? valueOf(valueLines[valueLines.length - 1] ?? -1) : "";
        if (kindOf(alone) === "abstract" && /[.!?…]["”’)]?$/.test(previous) && v.length < 50 && !/[.!?…:]$/.test(v)) break;
        valueLines.push(j);
        if (!multiLine(kindOf(alone)) || valueLines.length >= 400) break;
      }
      const value = valueLines.map(valueOf).join(" ");
      out.push({ kind: kindOf(alone), label: alone, value, at: i, valueLines });
      continue;
    }
    const m = INLINE.exec(line);
    const label = m?.[1] ? labelKey(m[1]) : undefined;
    if (label === undefined || m?.[2] === undefined) continue;
    const valueLines = [i];
    const [head, ...embedded] = splitInline(m[2].trim());
    let value = head?.value ?? "";
    // Boxed panels wrap a value over the next rows, which carry no label of their own.
    if (framed.has(i)) {
      for (let j = i + 1; j < lines.length && valueLines.length < 6 && framed.has(j); j++) {
        const v = lines[j] ?? "";
        if (!v || labelAlone(v) !== undefined || inlineLabel(v) !== undefined || !continuesValue(value, v)) break;
        value = `${value} ${v}`;
        valueLines.push(j);
      }
    }
    out.push({ kind: kindOf(label), label, value, at: i, valueLines });
    for (const e of embedded) if (e.label !== undefined) out.push({ kind: kindOf(e.label), label: e.label, value: e.value, at: i, valueLines: [i] });
  }
  return out;
}

/** The vocabulary label a `Label: value` line opens with, if any. */
export function inlineLabel(line: string): string | undefined {
  const m = INLINE.exec(line);
  return m?.[1] ? labelKey(m[1]) : undefined;
}

function multiLine(kind: LabelKind): boolean {
  return kind === "abstract" || kind === "authors" || kind === "editors" || kind === "keywords" || kind === "categories";
}

/** A wrapped row goes on a value cut mid-phrase: no sentence end before it, no list mark. */
function continuesValue(value: string, next: string): boolean {
  if (/[.!?]$/.test(value) || next.length > 80 || /^[-*•]/.test(next)) return false;
  return /[\p{L}\p{N},/-]$/u.test(value);
}

/** The first value of a kind, if any. */
export function firstOf(values: readonly LabelledValue[], kind: LabelKind): LabelledValue | undefined {
  return values.find((v) => v.kind === kind && v.value.trim() !== "");
}

/** The vocabulary's labels with their spaces taken out ("datevalue"), for a row of field names glued together. */
const SQUASHED = new Set(Object.keys(VOCABULARY).map((k) => k.replace(/\s+/g, "")));
const OPENINGS = new Set([...SQUASHED].map((k) => k.slice(0, 3)));

/**
 * A row of a table's field names, glued or spaced ("AuthorvolumeDate ValuetitletypejournalUrldoiyear",
 * "Title Authors Year Venue"): four labels of the vocabulary or more and nothing else, never a title.
 */
export function isFieldNameRow(line: string): boolean {
  const s = line.toLowerCase().replace(/[\s|:·,;/]+/g, "");
  if (s.length < 8 || s.length > 300) return false;
  // Most lines open with no label: one look at their first three letters answers them.
  if (!OPENINGS.has(s.slice(0, 3))) return false;
  // most[k]: the most labels that spell s.slice(0, k) exactly (-1 when none does).
  const most = new Array<number>(s.length + 1).fill(-1);
  most[0] = 0;
  for (let at = 0; at < s.length; at++) {
    const here = most[at] ?? -1;
    if (here < 0) continue;
    for (let len = 2; len <= 25 && at + len <= s.length; len++) {
      if (SQUASHED.has(s.slice(at, at + len))) most[at + len] = Math.max(most[at + len] ?? -1, here + 1);
    }
  }
  return (most[s.length] ?? -1) >= 4;
}
