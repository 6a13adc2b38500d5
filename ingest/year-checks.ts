/**
 * The plausibility check every page's years go through, whatever read them (issue 26): a year
 * the page gives its paper, or a listed paper, that its arXiv identifier makes impossible (before
 * the first version) or implausible (more than `yearsAfterArxiv` years after it: a summary's or a
 * mirror's own date) is left out, and the page says so. An unknown year is better than a wrong
 * one; where no page gives a year the paper's is derived from the identifier later
 * (db/paper-facts.ts). Pure.
 */
import { arxivFirstVersion, yearFitsArxiv } from "../vocabulary/arxiv-dates.ts";
import type { PaperPage, PaperRef } from "../vocabulary/paper-page.ts";
import type { ReaderSettings } from "./reader-settings.ts";

/** Why a year does not fit the identifier, or undefined when it does. */
function misfit(ref: PaperRef, settings: ReaderSettings): string | undefined {
  if (ref.year === undefined || yearFitsArxiv(ref.year, ref.ids.arxiv, settings.yearsAfterArxiv)) return undefined;
  const first = arxivFirstVersion(ref.ids.arxiv);
  return first ? `${ref.year} does not fit arXiv ${ref.ids.arxiv ?? ""}, first posted ${first.year}-${String(first.month).padStart(2, "0")}` : undefined;
}

/** Leaves out of `page`, in place, every year its arXiv identifier rules out. */
export function checkYears(page: PaperPage, settings: ReaderSettings): void {
  const own = misfit(page.paper, settings);
  if (own) {
    delete page.paper.year;
    delete page.paper.date;
    page.warnings.push(`the page's year was left out: ${own}`);
  }
  let listed = 0;
  for (const ref of [...page.buildsOn, ...page.builtBy]) {
    if (!misfit(ref, settings)) continue;
    delete ref.year;
    listed++;
  }
  if (listed > 0) page.warnings.push(`${listed} listed paper${listed === 1 ? "'s year was" : "s' years were"} left out: they do not fit their arXiv identifiers`);
}
