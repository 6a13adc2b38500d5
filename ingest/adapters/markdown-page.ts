/**
 * Adapter for a paper page saved as Markdown: a `# Title` heading, a line of links
 * (`arXiv: https://arxiv.org/abs/2306.03100 · HTML: …`), then `## Key facts`, `## Placed in`,
 * `## Builds on (…)`, `## Built on by (…)` and `## Abstract (…)` sections.
 * Only the entries of the two citation lists become `PaperRef`s; any other link on the page is
 * never a citation, and sections the adapter does not know are skipped.
 * Also exports `readKeyFacts`, the reader of the "Key facts" sentences, which the plain-text
 * capture of the same page (text-page.ts) prints too.
 */
import { parseCount, parseHumanDate, yearOf } from "../dates.ts";
import {
  hasIdentifier,
  identifiersFromText,
  identifiersFromUrl,
  merge,
} from "../identifiers.ts";
import { emptyFacts, emptyPaper } from "../types.ts";
import type {
  Direction,
  Identifiers,
  PageAdapter,
  PageFacts,
  PagePaper,
  PaperPage,
  PaperRef,
} from "../types.ts";

/** Lines longer than this are cut before any regex sees them (no quadratic work on huge lines). */
export const MAX_LINE = 4000;

type Section =
  | "header"
  | "keyFacts"
  | "placedIn"
  | "buildsOn"
  | "builtBy"
  | "abstract"
  | "other";

/** Split into lines (a leading byte-order mark dropped), each cut to MAX_LINE characters. */
export function boundedLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .map((line) => (line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line));
}

/**
 * identifiersFromText with whitespace runs collapsed first: its `arxiv\s*[:\s]\s*` pattern is
 * quadratic on long runs of spaces.
 */
export function identifiersIn(text: string): Identifiers {
  return identifiersFromText(text.replace(/\s+/g, " "));
}

/** `\[`, `\*`, `\_` and the other Markdown backslash escapes back to the plain character. */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!|<>~"'])/g, "$1");
}

function sectionOf(heading: string): Section {
  const h = heading.toLowerCase();
  if (h.startsWith("key facts")) return "keyFacts";
  if (h.startsWith("placed in")) return "placedIn";
  if (h.startsWith("builds on")) return "buildsOn";
  if (h.startsWith("built on by")) return "builtBy";
  if (h.startsWith("abstract")) return "abstract";
  return "other";
}

/**
 * The "Key facts" sentences, as both page formats print them:
 * "Cited by 56 papers in the map (data through 14 Oct 2026)", "Builds on 24 of its 57 references
 * that are in the map", "First posted on arXiv 1 Jun 2023", "Placed in X, one of 17 directions in Y."
 * Fills what it finds into `facts` and `paper`; values already set are kept.
 */
export function readKeyFacts(
  text: string,
  facts: PageFacts,
  paper: PagePaper,
): void {
  const s = text.length > MAX_LINE ? text.slice(0, MAX_LINE) : text;
  const cited =
    /Cited by (\d[\d,]*) papers? in the map(?: \(data through ([^)]{1,40})\))?/i.exec(
      s,
    );
  if (cited?.[1]) facts.citedByCount ??= parseCount(cited[1]);
  if (cited?.[2]) facts.dataThrough ??= parseHumanDate(cited[2]);
  const refs = /Builds on (\d[\d,]*) of its (\d[\d,]*) references?/i.exec(s);
  if (refs?.[1] && refs[2]) {
    facts.referencesInMap ??= parseCount(refs[1]);
    facts.referencesTotal ??= parseCount(refs[2]);
  }
  const posted =
    /First posted on arXiv ((?:\d{1,2} [A-Za-z]{3,9}\.?,? \d{4})|(?:[A-Za-z]{3,9}\.? \d{1,2},? \d{4}))/i.exec(
      s,
    );
  if (posted?.[1]) {
    paper.date ??= parseHumanDate(posted[1]);
    paper.year ??= yearOf(paper.date);
  }
  const placed = readPlacedSentence(s);
  if (placed) addDirection(facts.directions, placed);
}

/** "Placed in Reasoning benchmarks and evaluation, one of 17 directions in LLM reasoning." */
function readPlacedSentence(s: string): Direction | undefined {
  const at = s.indexOf("Placed in ");
  if (at < 0) return undefined;
  const rest = s.slice(at + "Placed in ".length, at + 600);
  const m =
    /^(.{1,250}?), one of (\d[\d,]*) directions? in ([^\n]{1,250})/.exec(rest);
  if (!m?.[1] || !m[2] || !m[3]) {
    const name = rest.split(/\.(?:\s|$)/)[0]?.trim();
    return name ? { name } : undefined;
  }
  const area = m[3].split(/\.(?:\s|$)/)[0]?.trim();
  const direction: Direction = { name: m[1].trim() };
  if (area) direction.area = area;
  const n = parseCount(m[2]);
  if (n !== undefined) direction.directionsInArea = n;
  return direction;
}

/** Merge a direction into the list: same name (case-insensitive) fills in the missing fields. */
function addDirection(list: Direction[], d: Direction): void {
  const same = list.find((x) => x.name.toLowerCase() === d.name.toLowerCase());
  if (!same) {
    list.push(d);
    return;
  }
  same.area ??= d.area;
  same.url ??= d.url;
  same.directionsInArea ??= d.directionsInArea;
}

/** Index of the first `[` not escaped by a backslash, or -1. */
function firstOpenBracket(s: string): number {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === "[") return i;
  }
  return -1;
}

/**
 * A line ending in a Markdown link, `before [text](url)`. The link text is everything between the
 * first unescaped `[` and the last `](`, so titles may hold brackets and parentheses.
 */
function trailingLink(
  s: string,
): { before: string; text: string; url: string } | undefined {
  if (!s.endsWith(")")) return undefined;
  const close = s.lastIndexOf("](");
  const open = firstOpenBracket(s);
  if (close < 0 || open < 0 || open >= close) return undefined;
  const url = s.slice(close + 2, -1).trim();
  if (!url || /\s/.test(url)) return undefined;
  return {
    before: s.slice(0, open),
    text: unescapeMarkdown(s.slice(open + 1, close)).trim(),
    url,
  };
}

/** `- [Title](https://mlsanity.com/paper/2203.02155/) (2022)` → PaperRef; plain `- Title (2022)` too. */
function parseListEntry(item: string): PaperRef | undefined {
  let s = item.trim();
  let year: number | undefined;
  const tail = s.slice(-6);
  if (/^\(\d{4}\)$/.test(tail)) {
    year = Number(tail.slice(1, 5));
    s = s.slice(0, -6).trimEnd();
  }
  const link = trailingLink(s);
  const ref: PaperRef = { ids: {} };
  if (link && !link.before.trim()) {
    ref.ids = identifiersFromUrl(link.url);
    if (link.text) ref.title = link.text;
    ref.url = link.url;
  } else {
    ref.ids = identifiersIn(s);
    const title = unescapeMarkdown(s).trim();
    if (title) ref.title = title;
  }
  if (year !== undefined) ref.year = year;
  return ref.title || hasIdentifier(ref.ids) ? ref : undefined;
}

/** `- LLM reasoning / [Reasoning benchmarks and evaluation](url)` → Direction. */
function parseDirectionLine(item: string): Direction | undefined {
  const s = item.trim();
  const link = trailingLink(s);
  const name = link
    ? link.text
    : unescapeMarkdown(s.split(" / ").pop() ?? "").trim();
  if (!name) return undefined;
  const direction: Direction = { name };
  const before = link
    ? link.before
    : s.slice(0, Math.max(0, s.lastIndexOf(" / ")));
  const trimmed = before.trimEnd();
  const area = unescapeMarkdown(
    trimmed.endsWith("/") ? trimmed.slice(0, -1) : trimmed,
  ).trim();
  if (area) direction.area = area;
  if (link) direction.url = link.url;
  return direction;
}

/** "(most cited first, 24 of 57)" in a list heading → 57. */
function declaredTotal(heading: string): number | undefined {
  const m = /\b\d[\d,]* of (\d[\d,]*)\)?\s*$/.exec(heading.slice(-60));
  return m?.[1] ? parseCount(m[1]) : undefined;
}

/** `# Title` (or `# Title ##`, a closed ATX heading) → the unescaped title. */
function titleOf(line: string): string {
  let s = line.slice(2).trim();
  let end = s.length;
  while (end > 0 && s[end - 1] === "#") end--;
  if (end < s.length && (end === 0 || /\s/.test(s[end - 1] ?? "")))
    s = s.slice(0, end);
  return unescapeMarkdown(s).trim();
}

/** Cheap check for the format detector: a `# Title` first heading plus a paper link or known section. */
export function looksLikeMarkdownPage(text: string): boolean {
  const lines = boundedLines(text.slice(0, 200_000));
  const firstHeading = lines.find((l) => l.startsWith("#"));
  if (!firstHeading?.startsWith("# ") || !titleOf(firstHeading)) return false;
  return lines.some(
    (l) =>
      /^##\s+(?:Builds on|Key facts)\b/i.test(l) ||
      (/^\S[^\n]{0,40}:\s*https?:\/\//.test(l) &&
        /arxiv\.org\/abs\/|\/paper\//i.test(l)),
  );
}

export const parseMarkdownPage: PageAdapter = (text, origin) => {
  const where = origin ? `${origin}: ` : "";
  const lines = boundedLines(text);
  const titleAt = lines.findIndex((l) => l.startsWith("# "));
  const title = titleAt >= 0 ? titleOf(lines[titleAt] ?? "") : "";
  if (!title)
    return {
      ok: false,
      reason: `${where}no "# Title" heading, so not a Markdown paper page`,
    };

  const paper = emptyPaper();
  paper.title = title;
  const facts = emptyFacts();
  const page: PaperPage = {
    format: "markdown-page",
    paper,
    facts,
    buildsOn: [],
    builtBy: [],
    related: [],
    warnings: [],
  };
  const placed: Direction[] = [];
  const abstract: string[] = [];
  const seen = new Set<Section>();
  const totals: { buildsOn?: number; builtBy?: number } = {};
  let section: Section = "header";

  for (const line of lines.slice(titleAt + 1)) {
    if (line.startsWith("## ")) {
      section = sectionOf(line.slice(3).trim());
      seen.add(section);
      if (section === "buildsOn") totals.buildsOn = declaredTotal(line);
      if (section === "builtBy") totals.builtBy = declaredTotal(line);
      continue;
    }
    if (line.startsWith("# ")) section = "other";
    if (section !== "abstract" && /^not on the map\b/i.test(line.trim()))
      facts.onMap = false;
    const item = /^\s*[-*+]\s+/.exec(line)
      ? line.replace(/^\s*[-*+]\s+/, "")
      : undefined;
    if (section === "header") {
      merge(paper.ids, identifiersIn(line));
      paper.url ??= /https?:\/\/[^\s"'<>)\]]+/.exec(line)?.[0];
    } else if (section === "keyFacts") readKeyFacts(line, facts, paper);
    else if (section === "placedIn" && item !== undefined) {
      const d = parseDirectionLine(item);
      if (d) addDirection(placed, d);
    } else if (
      (section === "buildsOn" || section === "builtBy") &&
      item !== undefined
    ) {
      const ref = parseListEntry(item);
      if (ref) page[section].push(ref);
      else
        page.warnings.push(
          `skipped an empty ${section === "buildsOn" ? "builds-on" : "built-on-by"} entry`,
        );
    } else if (section === "abstract") abstract.push(line.trim());
  }

  // The "Placed in" list gives the URL and area; the key-fact sentence adds "one of N directions".
  for (const d of facts.directions) addDirection(placed, d);
  facts.directions = placed;
  if (placed.length > 0) facts.onMap = true;
  const abstractText = abstract
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (abstractText) paper.abstract = abstractText;
  // Only a list the page shows can be short: its heading's count first, the key facts otherwise.
  if (seen.has("buildsOn"))
    warnShortList(page, "buildsOn", totals.buildsOn ?? facts.referencesInMap);
  if (seen.has("builtBy"))
    warnShortList(page, "builtBy", totals.builtBy ?? facts.citedByCount);
  return { ok: true, page };
};

/** "listed 30 of 148 builds-on references": the page shows only part of a list. */
export function warnShortList(
  page: PaperPage,
  list: "buildsOn" | "builtBy",
  declared: number | undefined,
): void {
  const listed = page[list].length;
  if (declared === undefined || listed >= declared) return;
  page.warnings.push(
    list === "buildsOn"
      ? `listed ${listed} of ${declared} builds-on references`
      : `listed ${listed} of ${declared} built-on-by papers`,
  );
}
