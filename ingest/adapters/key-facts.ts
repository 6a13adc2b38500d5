/**
 * The "Key facts" a paper page prints about its paper, whatever the page's format (Markdown, plain
 * text, HTML): citation counts, data date, first posting, and the research directions it is placed
 * in, merged by name.
 */
import { parseCount, parseHumanDate, yearOf } from "../dates.ts";
import type { Direction, PageFacts, PagePaper } from "../../vocabulary/paper-page.ts";
import { MAX_LINE } from "./page-text.ts";

/**
 * The "Key facts" sentences, as every page format prints them:
 * "Cited by 56 papers in the map (data through 14 Oct 2026)", "Builds on 24 of its 57 references
 * that are in the map", "First posted on arXiv 1 Jun 2023", "Placed in X, one of 17 directions in Y."
 * Fills what it finds into `facts` and `paper`; values already set are kept.
 */
export function readKeyFacts(text: string, facts: PageFacts, paper: PagePaper): void {
  const s = text.length > MAX_LINE ? text.slice(0, MAX_LINE) : text;
  const cited = /Cited by (\d[\d,]*) papers? in the map(?: \(data through ([^)]{1,40})\))?/i.exec(s);
  if (cited?.[1]) facts.citedByCount ??= parseCount(cited[1]);
  if (cited?.[2]) facts.dataThrough ??= parseHumanDate(cited[2]);
  const refs = /Builds on (\d[\d,]*) of its (\d[\d,]*) references?/i.exec(s);
  if (refs?.[1] && refs[2]) {
    facts.referencesInMap ??= parseCount(refs[1]);
    facts.referencesTotal ??= parseCount(refs[2]);
  }
  const posted = /First posted on arXiv ((?:\d{1,2} [A-Za-z]{3,9}\.?,? \d{4})|(?:[A-Za-z]{3,9}\.? \d{1,2},? \d{4}))/i.exec(s);
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
  const m = /^(.{1,250}?), one of (\d[\d,]*) directions? in ([^\n]{1,250})/.exec(rest);
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
export function addDirection(list: Direction[], d: Direction): void {
  const same = list.find((x) => x.name.toLowerCase() === d.name.toLowerCase());
  if (!same) {
    list.push(d);
    return;
  }
  same.area ??= d.area;
  same.url ??= d.url;
  same.directionsInArea ??= d.directionsInArea;
}
