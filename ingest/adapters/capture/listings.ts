/**
 * Pages that list papers rather than being about one: a tag or search page ("language model
 * evaluation / 200 papers", then title, "Apr 14, 2025 · arXiv 2504.10359v1", summary, and again),
 * an arXiv listing (one "Title:" per entry), a reading list or a folder's README whose rows link
 * a paper each, Hugging Face's papers feed or search (a title over its abstract, and again). None of the listed papers is the page's paper and none
 * cites another, so such a page is refused, saying what it is, rather than read as one paper.
 * Entries under a "References" or "Similar papers" heading of a paper's page do not count. Pure.
 */
import { hasIdentifier } from "../../../vocabulary/identifiers.ts";
import { findDate } from "../../dates.ts";
import { identifiersIn } from "../page-text.ts";
import type { Capture } from "./capture-lines.ts";
import { isProse, titleLike } from "./line-kinds.ts";
import { isChrome } from "./chrome.ts";
import { labelledValues } from "./labels.ts";
import { citationLists } from "./reference-lists.ts";

/** At least this many entries make a listing. */
const MIN_ENTRIES = 3;

/** A listing's entries (their titles), or undefined when the capture is not a listing. */
export function listingEntries(capture: Capture): string[] | undefined {
  const { lines } = capture;
  const lists = citationLists(lines);
  const stop = lines.findIndex((l) => /^(?:abstract|similar papers|related papers|references)\b/i.test(l));
  const end = Math.min(stop < 0 ? lines.length : stop, 4000);
  const titles: string[] = [];
  const seen = new Set<string>();
  let previousTitle: string | undefined;
  for (let i = 0; i < end; i++) {
    const l = lines[i] ?? "";
    if (!l || lists.lines.has(i) || isChrome(l)) continue;
    if (l.length <= 120 && !isProse(l)) {
      const ids = identifiersIn(l);
      const key = ids.arxiv ?? ids.doi ?? ids.acl ?? ids.openreview;
      if (key && hasIdentifier(ids) && previousTitle && findDate(l) && !seen.has(key)) {
        seen.add(key);
        titles.push(previousTitle);
        previousTitle = undefined;
        continue;
      }
    }
    if (titleLike(l)) previousTitle = l;
  }
  if (titles.length >= MIN_ENTRIES) return titles;
  const labelledTitles = labelledValues(lines.slice(0, end))
    .filter((v) => v.kind === "title")
    .map((v) => v.value);
  if (new Set(labelledTitles).size >= MIN_ENTRIES) return labelledTitles;
  return linkedEntries(lines, end) ?? paperFeedEntries(lines, end);
}

/** The header of Hugging Face's papers feed and search (and of its many mirrors). */
const PAPER_FEED = /^(?:byAK and the research community|Get trending papers in your email inbox!?|Daily Papers)$/i;

/**
 * Hugging Face's papers feed or search ("Get trending papers in your email inbox!", "byAK and the
 * research community", then a title and its abstract, and again): its entries' titles, two or more.
 */
function paperFeedEntries(lines: readonly string[], end: number): string[] | undefined {
  if (!lines.slice(0, 40).some((l) => PAPER_FEED.test(l.trim()))) return undefined;
  const entries: string[] = [];
  for (let i = 0; i < end && i < 2000; i++) {
    const l = lines[i] ?? "";
    if (!l || isChrome(l) || !titleLike(l)) continue;
    const next = lines.slice(i + 1, i + 4).find((x) => x !== "") ?? "";
    // An abstract under it (the last one may be cut short by the capture).
    if (next.split(/\s+/).length >= 12) entries.push(l);
  }
  return entries.length >= 2 ? entries : undefined;
}

/**
 * A reading list or a folder's README: rows or bullets of the page's first section, each linking a
 * paper of its own ("| notes.md | … | https://arxiv.org/abs/… |", "- [Title](https://arxiv.org/…)").
 * A paper's note links its one paper there and the others under headings of their own.
 */
function linkedEntries(lines: readonly string[], end: number): string[] | undefined {
  const section = lines.findIndex((l, i) => i > 0 && /^#{1,6}\s/.test(l));
  const stop = Math.min(section < 0 ? end : section, end);
  const entries: string[] = [];
  const seen = new Set<string>();
  for (const l of lines.slice(0, stop)) {
    if (!/^\s*(?:[-*+•]|\||\d{1,3}[.)])\s/.test(l) || l.length > 1000) continue;
    const ids = identifiersIn(l);
    const key = ids.arxiv ?? ids.doi ?? ids.acl ?? ids.openreview;
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const text =
      /\[([^\]]{3,300})\]\(/.exec(l)?.[1] ??
      l
        .replace(/https?:\/\/\S+/g, "")
        .replace(/^[\s|*+•\d.)-]+|[\s|]+$/g, "")
        .split(/\s*\|\s*/)[0] ??
      "";
    entries.push(text.trim() || key);
  }
  return entries.length >= MIN_ENTRIES ? entries : undefined;
}

/** "Showing papers by "Jia Deng published in 2009"", "Showing 24 results for …": an author's or a search's page. */
const SHOWING = /^showing (?:\d[\d,]* )?(?:papers|results|publications|articles|works) (?:by|for|of|in|from)\b/i;

/** "a listing of 4 papers ("DICE: …", …), not one paper's page", or undefined. */
export function listingReason(capture: Capture): string | undefined {
  const showing = capture.lines.slice(0, 40).find((l) => SHOWING.test(l.trim()));
  if (showing) return `a listing of papers ("${showing.trim().slice(0, 60)}"), not one paper's page`;
  const entries = listingEntries(capture);
  if (!entries) return undefined;
  const first = entries[0] ?? "";
  return `a listing of ${entries.length} papers ("${first.length > 60 ? `${first.slice(0, 57)}…` : first}", …), not one paper's page`;
}
