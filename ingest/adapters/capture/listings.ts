/**
 * Pages that list papers rather than being about one: a tag or search page ("language model
 * evaluation / 200 papers", then title, "Apr 14, 2025 · arXiv 2504.10359v1", summary, and again),
 * an arXiv listing (one "Title:" per entry). None of the listed papers is the page's paper and none
 * cites another, so such a page is refused, saying what it is, rather than read as one paper.
 * Entries under a "References" or "Similar papers" heading of a paper's page do not count. Pure.
 */
import { hasIdentifier } from "../../identifiers.ts";
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
  const labelledTitles = labelledValues(lines.slice(0, end)).filter((v) => v.kind === "title").map((v) => v.value);
  return new Set(labelledTitles).size >= MIN_ENTRIES ? labelledTitles : undefined;
}

/** "a listing of 4 papers ("DICE: …", …), not one paper's page", or undefined. */
export function listingReason(capture: Capture): string | undefined {
  const entries = listingEntries(capture);
  if (!entries) return undefined;
  const first = entries[0] ?? "";
  return `a listing of ${entries.length} papers ("${first.length > 60 ? `${first.slice(0, 57)}…` : first}", …), not one paper's page`;
}
