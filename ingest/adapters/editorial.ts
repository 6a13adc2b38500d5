/**
 * Adapter for an editorial page about a paper (a curated summary site): the title on the first line,
 * a dateline `2026-06-25 · Source: … · Field: … · Depth: …`, then sections introduced by a line of
 * their own ("Summary", "Key takeaway", "Key insights", "Topics", "Related on <site>", …) and a
 * "Best for: A, B" line. The "Related on" entries are recommendations, kept as `related`: an
 * editorial page never yields citations, so `buildsOn` and `builtBy` stay empty.
 */
import { parseNumericDate, yearOf } from "../dates.ts";
import { identifiersFromText, merge } from "../../vocabulary/identifiers.ts";
import { emptyPage } from "../../vocabulary/paper-page.ts";
import type { PageAdapter, PaperPage, RelatedLink } from "../../vocabulary/paper-page.ts";
import { collapse, MAX_LINE } from "./page-text.ts";
import { cleanLine, cleanPage } from "../../vocabulary/clean-text.ts";

/** At most this many lines are read (each cut to MAX_LINE characters). */
const MAX_LINES = 20_000;

type Section = "summary" | "takeaway" | "insights" | "principles" | "method" | "practice" | "topics" | "related" | "end";

const DATELINE = /^(\d{4}-\d{2}-\d{2})\s*·\s*(.{0,1000})$/;
const BULLET = /^\s*(?:[•·▪◦‣*+-]|\d{1,3}[.)])\s+/;

function sectionOf(line: string): Section | undefined {
  const t = line.trim().replace(/:$/, "").toLowerCase();
  if (t === "summary") return "summary";
  if (t === "key takeaway" || t === "key takeaways") return "takeaway";
  if (t === "key insights" || t === "key insight") return "insights";
  if (t === "principles") return "principles";
  if (t === "method" || t === "methods") return "method";
  if (t === "in practice") return "practice";
  if (t === "topics") return "topics";
  if (/^related on \S/.test(t) || t === "related") return "related";
  if (/^open in \S.{0,80}→?$/.test(t) || /^editorial summary\b/.test(t)) return "end";
  return undefined;
}

function lines(text: string): string[] {
  return text.split(/\r\n|\r|\n/, MAX_LINES).map((l) => collapse(l.length > MAX_LINE ? l.slice(0, MAX_LINE) : l));
}

/** Cheap check for the format detector: the dateline near the top, or several known section lines. */
export function looksLikeEditorialPage(text: string): boolean {
  // Lines are cut before the text is: a huge title line must not hide the dateline under it.
  const ls = lines(text).slice(0, 2_000);
  const top = ls.filter((l) => l !== "").slice(0, 6);
  if (top.some((l) => DATELINE.test(l) && /\bSource:/.test(l))) return true;
  const known = new Set(ls.map(sectionOf).filter((s) => s !== undefined && s !== "end"));
  return known.has("summary") && known.size >= 3;
}

/** `• Title — note` → RelatedLink; a URL in the entry becomes its `url`. */
function relatedLink(entry: string): RelatedLink | undefined {
  let s = entry.replace(BULLET, "").trim();
  const url = /https?:\/\/[^\s"'<>)\]]+/.exec(s)?.[0];
  if (url) s = collapse(s.replace(url, " ").replace(/\(\s*\)|\[\s*\]/g, " "));
  const dash = s.search(/\s[—–]\s/);
  const title = (dash >= 0 ? s.slice(0, dash) : s).trim();
  const note = dash >= 0 ? s.slice(dash + 3).trim() : "";
  if (!title) return undefined;
  const link: RelatedLink = { title };
  if (note) link.note = note;
  if (url) link.url = url;
  return link;
}

export const parseEditorialPage: PageAdapter = (text) => {
  const ls = lines(text);
  const titleAt = ls.findIndex((l) => l !== "");
  const title = titleAt >= 0 ? cleanLine(ls[titleAt] ?? "") : "";
  if (!title || DATELINE.test(title) || sectionOf(title) !== undefined) {
    return { ok: false, refusal: "no-title", reason: "no title line before the dateline, so not an editorial page" };
  }
  const page = emptyPage("editorial");
  const { paper, facts } = page;
  paper.title = title;
  const body: Partial<Record<Section, string[]>> = {};
  let section: Section | undefined;
  let sawDateline = false;
  const ownText: string[] = [title];

  for (const line of ls.slice(titleAt + 1)) {
    if (!line) continue;
    const dateline = section === undefined && !sawDateline ? DATELINE.exec(line) : null;
    if (dateline?.[1]) {
      sawDateline = true;
      readDateline(dateline[1], dateline[2] ?? "", page);
      ownText.push(line);
      continue;
    }
    const start = sectionOf(line);
    if (start) {
      section = start;
      continue;
    }
    const bestFor = /^Best for\s*:\s*(.{1,2000})$/i.exec(line);
    if (bestFor?.[1]) {
      facts.audience = bestFor[1]
        .split(/\s*[,;]\s*/)
        .map((s) => s.trim())
        .filter((s) => s !== "");
      section = undefined;
      continue;
    }
    if (section === "related") {
      const link = relatedLink(line);
      if (link) page.related.push(link);
      continue;
    }
    if (section === "end") continue;
    if (section) (body[section] ??= []).push(line);
    ownText.push(line);
  }

  if (!sawDateline && Object.keys(body).length === 0) {
    return { ok: false, refusal: "not-this-format", reason: "no dateline and no Summary/Key takeaway sections, so not an editorial page" };
  }
  const paragraph = (s: Section): string | undefined => {
    const text = body[s]?.join("\n\n").trim();
    return text ? text : undefined;
  };
  const summary = paragraph("summary");
  if (summary) facts.summary = paper.abstract = summary;
  const takeaway = paragraph("takeaway");
  if (takeaway) facts.takeaway = takeaway;
  const insights = paragraph("insights");
  if (insights) facts.insights = insights;
  const topics = (body.topics ?? []).map((l) => l.replace(BULLET, "").trim()).filter((t) => t !== "");
  if (topics.length > 0) facts.topics = topics;
  // Identifiers only from the page's own text: the "Related on" entries are other papers.
  merge(paper.ids, identifiersFromText(ownText.join("\n").slice(0, 200_000)));
  return { ok: true, page: cleanPage(page) };
};

/** `2026-06-25 · Source: Paper Index on ACL Anthology · Field: … · Depth: Expert, quick`. */
function readDateline(date: string, rest: string, page: PaperPage): void {
  const iso = parseNumericDate(date);
  if (iso) {
    page.paper.date = iso;
    page.paper.year = yearOf(iso);
  }
  for (const part of rest.split(/\s+·\s+/)) {
    const m = /^(Source|Field|Depth)\s*:\s*(.+)$/i.exec(part.trim());
    const key = m?.[1]?.toLowerCase();
    const value = m?.[2]?.trim();
    if (!key || !value) continue;
    if (key === "source") page.facts.source = value;
    else if (key === "field") page.facts.field = value;
    else page.facts.depth = value;
  }
}
