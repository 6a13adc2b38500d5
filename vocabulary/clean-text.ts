/**
 * The one cleaning every stored title, author, venue and abstract goes through, whichever page
 * adapter or importer produced it (issue 17, item 7): control characters are dropped (C0 but for
 * line breaks in prose, DEL and C1: ESC and BEL once reached terminals through `show` and
 * `search`), whitespace runs are collapsed in one-line fields, and titles are bounded at
 * MAX_TITLE_CHARS: cut at a word boundary with an ellipsis, and the page says so in a warning.
 * `cleanPage` applies it to everything of a page that is shown as text. Pure.
 */
import type { PaperPage, PaperRef } from "./paper-page.ts";

/** No paper's title comes near this (the longest real ones run to about 300 characters). */
export const MAX_TITLE_CHARS = 1000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

// eslint-disable-next-line no-control-regex
const NOT_CLEAN_LINE = /[^\S ]|\s\s|^\s|\s$|[\u0000-\u001f\u007f-\u009f]/;

/** A one-line field (title, author, venue): control characters dropped, whitespace collapsed. */
export function cleanLine(text: string): string {
  // Most fields are clean already: one test instead of four passes (issue 29's import throughput).
  if (!NOT_CLEAN_LINE.test(text)) return text;
  return text
    .replace(/[\t\n\r\f\v]/g, " ")
    .replace(CONTROL, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Prose (an abstract): control characters dropped but for newlines; a tab is a space. */
export function cleanProse(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(CONTROL_BUT_NEWLINE, "").trim();
}

/** A cleaned title no longer than MAX_TITLE_CHARS, and the length it had when it was cut. */
export function boundTitle(title: string): { title: string; cutFrom?: number } {
  if (title.length <= MAX_TITLE_CHARS) return { title };
  let head = title.slice(0, MAX_TITLE_CHARS);
  const space = head.lastIndexOf(" ");
  // At the last word boundary, unless that drops more than half (one enormous "word").
  head = space > MAX_TITLE_CHARS / 2 ? head.slice(0, space) : head.slice(0, MAX_TITLE_CHARS - 1);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return { title: `${head.replace(/[\s,;:–—-]+$/, "")}…`, cutFrom: title.length };
}

/** A title cleaned and bounded; undefined when nothing is left. */
function titleOf(raw: string | undefined, cut: number[]): string | undefined {
  if (raw === undefined) return undefined;
  const { title, cutFrom } = boundTitle(cleanLine(raw));
  if (cutFrom !== undefined) cut.push(cutFrom);
  return title || undefined;
}

function setText<T extends object, K extends keyof T>(target: T, key: K, value: string | undefined): void {
  if (value) target[key] = value as T[K];
  else delete target[key];
}

/** A record's other names (key, shorttitle, source comment): a few short lines. */
const MAX_RECORD_NAMES = 8;
const MAX_RECORD_NAME_CHARS = 200;

const count = (n: number) => n.toLocaleString("en");

/** Cleans a list's entries in place; entries left with no title and no identifier are dropped. */
function cleanRefs(refs: PaperRef[], cut: number[]): { refs: PaperRef[]; emptied: number } {
  const kept: PaperRef[] = [];
  for (const ref of refs) {
    if (ref.title !== undefined) setText(ref, "title", titleOf(ref.title, cut));
    if (ref.url !== undefined) setText(ref, "url", cleanLine(ref.url));
    if (ref.title !== undefined || Object.values(ref.ids).some(Boolean)) kept.push(ref);
  }
  return { refs: kept, emptied: refs.length - kept.length };
}

/** Every text of a page that is stored and shown, cleaned in place (and the page returned). */
export function cleanPage(page: PaperPage): PaperPage {
  const { paper, facts } = page;
  const ownCut: number[] = [];
  if (paper.title !== undefined) setText(paper, "title", titleOf(paper.title, ownCut));
  if (ownCut[0] !== undefined) {
    page.warnings.push(`the title (${count(ownCut[0])} characters as read) was cut to ${count(paper.title?.length ?? 0)} at a word boundary: titles are kept under ${count(MAX_TITLE_CHARS)}`);
  }
  paper.authors = paper.authors.map(cleanLine).filter(Boolean);
  paper.categories = paper.categories.map(cleanLine).filter(Boolean);
  if (paper.recordNames !== undefined) {
    paper.recordNames = paper.recordNames
      .map((n) => ({ kind: n.kind, text: cleanLine(n.text).slice(0, MAX_RECORD_NAME_CHARS) }))
      .filter((n) => n.text)
      .slice(0, MAX_RECORD_NAMES);
  }
  if (paper.venue !== undefined) setText(paper, "venue", cleanLine(paper.venue));
  if (paper.abstract !== undefined) setText(paper, "abstract", cleanProse(paper.abstract));
  if (paper.url !== undefined) setText(paper, "url", cleanLine(paper.url));
  const listCut: number[] = [];
  let emptied = 0;
  for (const list of ["buildsOn", "builtBy"] as const) {
    const cleaned = cleanRefs(page[list], listCut);
    page[list] = cleaned.refs;
    emptied += cleaned.emptied;
  }
  if (listCut.length > 0) page.warnings.push(`${listCut.length} listed title(s) over ${count(MAX_TITLE_CHARS)} characters were cut at a word boundary`);
  if (emptied > 0) page.warnings.push(`${emptied} listed entr${emptied === 1 ? "y" : "ies"} held only control characters and were left out`);
  for (const link of page.related) {
    link.title = cleanLine(link.title);
    if (link.note !== undefined) setText(link, "note", cleanLine(link.note));
  }
  page.related = page.related.filter((l) => l.title);
  for (const d of facts.directions) {
    d.name = cleanLine(d.name);
    if (d.area !== undefined) setText(d, "area", cleanLine(d.area));
  }
  facts.directions = facts.directions.filter((d) => d.name);
  for (const key of ["source", "field", "depth"] as const) if (facts[key] !== undefined) setText(facts, key, cleanLine(facts[key] ?? ""));
  for (const key of ["summary", "takeaway", "insights", "note"] as const) if (facts[key] !== undefined) setText(facts, key, cleanProse(facts[key] ?? ""));
  for (const key of ["topics", "audience"] as const) if (facts[key] !== undefined) facts[key] = (facts[key] ?? []).map(cleanLine).filter(Boolean);
  page.warnings = page.warnings.map(cleanLine);
  return page;
}
