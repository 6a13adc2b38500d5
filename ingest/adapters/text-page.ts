/**
 * Adapter for a paper page captured as plain text (copy of the rendered page), where fields run
 * together: `mlsanityData to 7 Oct 2026`, the title, `arXiv 2407.16711 ↗First posted 22 Jul 2024cs.SE
 * cs.CLcited by 33`, "Abstract (arXiv)", a "Key facts." paragraph, then the "Builds on" and
 * "Built on by" sections whose numbered entries read `  1. 2023GPT-4 Technical Reportcited by 18,132`.
 * A list shown in parts ("38 more" between them, numbering restarted) is one list.
 */
import { parseCount, parseHumanDate, yearOf } from "../dates.ts";
import { hasIdentifier, merge } from "../../vocabulary/identifiers.ts";
import { emptyPage } from "../../vocabulary/paper-page.ts";
import type { PageAdapter, PaperPage, PaperRef } from "../../vocabulary/paper-page.ts";
import { readKeyFacts } from "./key-facts.ts";
import { addEntry, warnShortLists } from "./page-sections.ts";
import { boundedLines, collapse, identifiersIn, joinLines } from "./page-text.ts";
import { cleanLine, cleanPage } from "../../vocabulary/clean-text.ts";

type Section = "top" | "abstract" | "keyFacts" | "buildsOn" | "builtBy";

const HUMAN_DATE = String.raw`\d{1,2} [A-Za-z]{3,9}\.? \d{4}`;
const HEADER = new RegExp(`Data (?:to|through) (${HUMAN_DATE})`);
const CATEGORY = /^[a-z][a-z-]*(?:\.[A-Za-z][A-Za-z-]*)?$/;
const LINK = /https?:\/\/[^\s"'<>]+/;

function isHeader(line: string): boolean {
  return line.length < 200 && HEADER.test(line);
}

/** The line that starts a section, or undefined for an ordinary line. */
function sectionStart(line: string): Section | undefined {
  const t = line.trim();
  if (/^Abstract(?: \([^()]{0,40}\))?$/.test(t)) return "abstract";
  if (t.startsWith("Key facts.") || t === "Key facts") return "keyFacts";
  if (t === "Builds on") return "buildsOn";
  if (t === "Built on by") return "builtBy";
  return undefined;
}

/** `arXiv 2407.16711 ↗First posted 22 Jul 2024cs.SE cs.CLcited by 33` → ids, date, categories, count. */
function readMetaLine(line: string, page: PaperPage): void {
  const { paper, facts } = page;
  merge(paper.ids, identifiersIn(line));
  const posted = new RegExp(`First posted (${HUMAN_DATE})`).exec(line);
  if (posted?.[1]) {
    paper.date ??= parseHumanDate(posted[1]);
    paper.year ??= yearOf(paper.date);
  }
  const published = /\b(?:Published|First posted) ((?:19|20)\d\d)\b/.exec(line);
  if (published?.[1]) paper.year ??= Number(published[1]);
  const cited = citedBySuffix(line);
  if (cited.count !== undefined) facts.citedByCount ??= cited.count;
  if (posted) {
    const between = cited.rest.slice(posted.index + posted[0].length);
    for (const token of between.split(/\s+/)) {
      if (CATEGORY.test(token) && !paper.categories.includes(token)) paper.categories.push(token);
    }
  }
}

/** Split a trailing "cited by 18,132" off; only the suffix counts, titles may say "cited" too. */
function citedBySuffix(line: string): { rest: string; count?: number } {
  const s = line.trimEnd();
  const at = s.lastIndexOf("cited by");
  if (at < 0) return { rest: s };
  const digits = s.slice(at + "cited by".length).trim();
  if (!/^\d[\d,]*$/.test(digits)) return { rest: s };
  const count = parseCount(digits);
  return count === undefined ? { rest: s } : { rest: s.slice(0, at), count };
}

/** `2023GPT-4 Technical Reportcited by 18,132` (the text after "1. ") → PaperRef. */
function parseEntry(body: string): PaperRef | undefined {
  const { rest, count } = citedBySuffix(body);
  let s = rest.trim();
  const ids = identifiersIn(s);
  const y = /^(\d{4})/.exec(s);
  const year = y?.[1] && Number(y[1]) >= 1800 && Number(y[1]) <= 2100 ? Number(y[1]) : undefined;
  if (year !== undefined) s = s.slice(4);
  const url = LINK.exec(s)?.[0];
  if (url) s = s.replace(url, " ");
  s = s.replace(/\(?\barXiv:\s?\d{4}\.\d{4,5}(?:v\d+)?\)?\s*$/i, "");
  const title = collapse(s);
  if (!title && !hasIdentifier(ids)) return undefined;
  const ref: PaperRef = { ids };
  if (title) ref.title = title;
  if (year !== undefined) ref.year = year;
  if (url) ref.url = url;
  if (count !== undefined) ref.citedByCount = count;
  return ref;
}

/** "Citing papers per year: 2024: 4; 2025: 17; 2026: 12." */
function readPerYear(line: string): Record<string, number> | undefined {
  const at = line.indexOf("Citing papers per year:");
  if (at < 0) return undefined;
  const perYear: Record<string, number> = {};
  for (const m of line.slice(at).matchAll(/\b(\d{4}):\s*(\d[\d,]*)/g)) {
    const n = m[2] ? parseCount(m[2]) : undefined;
    if (m[1] && n !== undefined) perYear[m[1]] = n;
  }
  return Object.keys(perYear).length > 0 ? perYear : undefined;
}

/** Cheap check for the format detector: the "Data to <date>" header first, then a known section. */
export function looksLikeTextPage(text: string): boolean {
  // Lines are cut before the text is: a huge title line must not hide the lines under it.
  const lines = boundedLines(text).slice(0, 2_000);
  const first = lines.find((l) => l.trim() !== "");
  if (first === undefined || !isHeader(first)) return false;
  return lines.some((l) => sectionStart(l) !== undefined || /^arXiv \S+.*First posted/.test(l));
}

export const parseTextPage: PageAdapter = (text) => {
  const lines = boundedLines(text);
  const page = emptyPage("text-page");
  const { paper, facts } = page;
  const declared: { buildsOn?: number; builtBy?: number } = {};
  const abstract: string[] = [];
  const seen = new Set<Section>();
  let section: Section = "top";
  let titleSeen = false;

  for (const line of lines) {
    const t = line.trim();
    if (!t) {
      if (section === "abstract") abstract.push("");
      continue;
    }
    const header = !titleSeen && isHeader(t) ? HEADER.exec(t) : null;
    if (header?.[1]) {
      facts.dataThrough ??= parseHumanDate(header[1]);
      // A site's header names it before its date ("mlsanityData to 7 Oct 2026"): who reports the figures.
      const site = t.slice(0, header.index).trim();
      if (/^[\p{L}\p{N}][\p{L}\p{N} .-]{0,39}$/u.test(site)) facts.origin ??= site;
      continue;
    }
    if (!titleSeen) {
      titleSeen = true;
      paper.title = cleanLine(t);
      continue;
    }
    const start = sectionStart(t);
    if (start) {
      section = start;
      seen.add(start);
      if (start === "keyFacts") readKeyFacts(t, facts, paper);
      continue;
    }
    const perYear = readPerYear(t);
    if (perYear) facts.citationsPerYear = perYear;
    if (section === "top" && /^Not on the map\b/i.test(t)) facts.onMap = false;

    if (section === "top" && (/^(?:arXiv|ACL)\b/.test(t) || /\b(?:First posted|Published)\b/.test(t))) readMetaLine(t, page);
    else if (section === "abstract") abstract.push(t);
    else if (section === "keyFacts") readKeyFacts(t, facts, paper);
    else if (section === "buildsOn" || section === "builtBy") {
      const entry = /^\d{1,4}\.\s+/.exec(t);
      if (entry) {
        addEntry(page, section, parseEntry(t.slice(entry[0].length)));
        continue;
      }
      const of = /^(\d[\d,]*) of (\d[\d,]*) references?\.?$/.exec(t) ?? /^(\d[\d,]*) papers?\.?$/.exec(t);
      if (of?.[1] && declared[section] === undefined) declared[section] = parseCount(of[1]);
    }
  }

  if (!paper.title)
    return {
      ok: false,
      refusal: "no-title",
      reason: 'no title line after the "Data to" header, so not a text paper page',
    };
  const abstractText = joinLines(abstract);
  if (abstractText) paper.abstract = abstractText;
  if (facts.directions.length > 0) facts.onMap = true;
  // Only a section the page shows can be short; its own count first, the key facts otherwise.
  warnShortLists(page, declared, seen);
  return { ok: true, page: cleanPage(page) };
};
