/**
 * Adapter for a paper page saved as Markdown: a `# Title` heading, a line of links
 * (`arXiv: https://arxiv.org/abs/2306.03100 · HTML: …`), then `## Key facts`, `## Placed in`,
 * `## Builds on (…)`, `## Built on by (…)` and `## Abstract (…)` sections.
 * Only the entries of the two citation lists become `PaperRef`s; any other link on the page is
 * never a citation, and sections the adapter does not know are skipped.
 * The "Key facts" sentences (key-facts.ts), section headings and list bookkeeping (page-sections.ts)
 * are shared with the other page formats.
 */
import { hasIdentifier, identifiersFromUrl, merge } from "../../vocabulary/identifiers.ts";
import { emptyPage } from "../../vocabulary/paper-page.ts";
import type { Direction, PageAdapter, PaperRef } from "../../vocabulary/paper-page.ts";
import { addDirection, readKeyFacts } from "./key-facts.ts";
import { addEntry, declaredTotal, sectionOfHeading, warnShortLists } from "./page-sections.ts";
import type { PageSection } from "./page-sections.ts";
import { boundedLines, identifiersIn, joinLines } from "./page-text.ts";
import { reportingAddress } from "./page-origin.ts";
import { cleanLine, cleanPage } from "../../vocabulary/clean-text.ts";

type Section = "header" | PageSection;

/** `\[`, `\*`, `\_` and the other Markdown backslash escapes back to the plain character. */
function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!|<>~"'])/g, "$1");
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
function trailingLink(s: string): { before: string; text: string; url: string } | undefined {
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
  const name = link ? link.text : unescapeMarkdown(s.split(" / ").pop() ?? "").trim();
  if (!name) return undefined;
  const direction: Direction = { name };
  const before = link ? link.before : s.slice(0, Math.max(0, s.lastIndexOf(" / ")));
  const trimmed = before.trimEnd();
  const area = unescapeMarkdown(trimmed.endsWith("/") ? trimmed.slice(0, -1) : trimmed).trim();
  if (area) direction.area = area;
  if (link) direction.url = link.url;
  return direction;
}

/** `# Title` (or `# Title ##`, a closed ATX heading) → the unescaped title. */
function titleOf(line: string): string {
  let s = line.slice(2).trim();
  let end = s.length;
  while (end > 0 && s[end - 1] === "#") end--;
  if (end < s.length && (end === 0 || /\s/.test(s[end - 1] ?? ""))) s = s.slice(0, end);
  return unescapeMarkdown(s).trim();
}

/**
 * The link a note's header labels as the page it was made from (`HTML: https://…`, `Source: …`,
 * `Saved from: …`), not a link to the paper at an identifier's service (arXiv, a DOI).
 */
function ownAddress(line: string): string | undefined {
  for (const m of line.matchAll(/(?:^|[·|,;]\s{0,4})(?:HTML|Page|Source|Saved from|Web|URL)\s{0,4}:\s{0,4}(https?:\/\/[^\s"'<>)\]]{1,2000})/gi)) {
    const address = reportingAddress(m[1]);
    if (address) return address;
  }
  return undefined;
}

/** Cheap check for the format detector: a `# Title` first heading plus a paper link or known section. */
export function looksLikeMarkdownPage(text: string): boolean {
  // Lines are cut before the text is: a huge title line must not hide the links under it.
  const lines = boundedLines(text).slice(0, 2_000);
  const firstHeading = lines.find((l) => l.startsWith("#"));
  if (!firstHeading?.startsWith("# ") || !titleOf(firstHeading)) return false;
  return lines.some((l) => /^##\s+(?:Builds on|Key facts)\b/i.test(l) || (/^\S[^\n]{0,40}:\s*https?:\/\//.test(l) && /arxiv\.org\/abs\/|\/paper\//i.test(l)));
}

export const parseMarkdownPage: PageAdapter = (text) => {
  const lines = boundedLines(text);
  const titleAt = lines.findIndex((l) => l.startsWith("# "));
  const title = titleAt >= 0 ? cleanLine(titleOf(lines[titleAt] ?? "")) : "";
  if (!title)
    return {
      ok: false,
      refusal: "no-title",
      reason: 'no "# Title" heading, so not a Markdown paper page',
    };

  const page = emptyPage("markdown-page");
  const { paper, facts } = page;
  paper.title = title;
  const placed: Direction[] = [];
  const abstract: string[] = [];
  const seen = new Set<Section>();
  const totals: { buildsOn?: number; builtBy?: number } = {};
  let section: Section = "header";

  for (const line of lines.slice(titleAt + 1)) {
    if (line.startsWith("## ")) {
      section = sectionOfHeading(line.slice(3).trim());
      seen.add(section);
      if (section === "buildsOn") totals.buildsOn = declaredTotal(line);
      if (section === "builtBy") totals.builtBy = declaredTotal(line);
      continue;
    }
    if (line.startsWith("# ")) section = "other";
    if (section !== "abstract" && /^not on the map\b/i.test(line.trim())) facts.onMap = false;
    const item = /^\s*[-*+]\s+/.exec(line) ? line.replace(/^\s*[-*+]\s+/, "") : undefined;
    if (section === "header") {
      merge(paper.ids, identifiersIn(line));
      paper.url ??= /https?:\/\/[^\s"'<>)\]]+/.exec(line)?.[0];
      facts.origin ??= ownAddress(line);
    } else if (section === "keyFacts") readKeyFacts(line, facts, paper);
    else if (section === "placedIn" && item !== undefined) {
      const d = parseDirectionLine(item);
      if (d) addDirection(placed, d);
    } else if ((section === "buildsOn" || section === "builtBy") && item !== undefined) {
      addEntry(page, section, parseListEntry(item));
    } else if (section === "abstract") abstract.push(line.trim());
  }

  // The "Placed in" list gives the URL and area; the key-fact sentence adds "one of N directions".
  for (const d of facts.directions) addDirection(placed, d);
  facts.directions = placed;
  if (placed.length > 0) facts.onMap = true;
  const abstractText = joinLines(abstract);
  if (abstractText) paper.abstract = abstractText;
  // Only a list the page shows can be short: its heading's count first, the key facts otherwise.
  warnShortLists(page, totals, seen);
  return { ok: true, page: cleanPage(page) };
};
