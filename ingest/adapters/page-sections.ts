/**
 * The sections of a paper page as its Markdown and HTML captures head them ("Key facts", "Placed
 * in", "Builds on", "Built on by", "Abstract"), and the bookkeeping of its two citation lists in
 * every format: entries appended (an empty one skipped with a warning), the total a list heading
 * declares, and the warning when a list shows fewer entries than the page says there are.
 */
import { parseCount } from "../dates.ts";
import type { PaperPage, PaperRef } from "../../vocabulary/paper-page.ts";

export type ListName = "buildsOn" | "builtBy";
export type PageSection = "keyFacts" | "placedIn" | ListName | "abstract" | "other";

/** The section a heading opens, by how its text starts ("Builds on (most cited first, 24 of 57)"). */
export function sectionOfHeading(heading: string): PageSection {
  const h = heading.toLowerCase();
  if (h.startsWith("key facts")) return "keyFacts";
  if (h.startsWith("placed in")) return "placedIn";
  if (h.startsWith("builds on")) return "buildsOn";
  if (h.startsWith("built on by")) return "builtBy";
  if (h.startsWith("abstract")) return "abstract";
  return "other";
}

/** Append an entry to a list; an entry that could not be read is skipped with a warning. */
export function addEntry(page: PaperPage, list: ListName, ref: PaperRef | undefined): void {
  if (ref) page[list].push(ref);
  else page.warnings.push(`skipped an empty ${list === "buildsOn" ? "builds-on" : "built-on-by"} entry`);
}

/** "(most cited first, 24 of 57)" in a list heading → 57. */
export function declaredTotal(heading: string): number | undefined {
  const m = /\b\d[\d,]* of (\d[\d,]*)\)?\s*$/.exec(heading.slice(-60));
  return m?.[1] ? parseCount(m[1]) : undefined;
}

/**
 * "listed 30 of 148 builds-on references": a warning for each list (of those in `shown`, all when
 * omitted) holding fewer entries than its heading declares or, without one, than the key facts
 * count ("Builds on 24 of its 57 references…", "Cited by 56 papers…").
 */
export function warnShortLists(page: PaperPage, declared: Partial<Record<ListName, number>>, shown?: ReadonlySet<string>): void {
  if (!shown || shown.has("buildsOn")) warnShortList(page, "buildsOn", declared.buildsOn ?? page.facts.referencesInMap);
  if (!shown || shown.has("builtBy")) warnShortList(page, "builtBy", declared.builtBy ?? page.facts.citedByCount);
}

function warnShortList(page: PaperPage, list: ListName, declared: number | undefined): void {
  const listed = page[list].length;
  if (declared === undefined || listed >= declared) return;
  page.warnings.push(list === "buildsOn" ? `listed ${listed} of ${declared} builds-on references` : `listed ${listed} of ${declared} built-on-by papers`);
}
