/**
 * The page readers' tunable choices: the few thresholds of the plausibility checks that are not
 * fixed by what a page is, but by how much to trust what a page prints. Everything else the
 * readers do is a fixed rule. `npm run eval -- pages` chooses these on the development corpus
 * with each site held out in turn (eval/pages-loso.ts) and reports the choice; the defaults are
 * the choice made on the whole development corpus, and `lineage ingest` uses them.
 */

import type { AdapterResult } from "../vocabulary/paper-page.ts";

/** An adapter that reads with the settings it is given (ingest/parse-page.ts passes them; the defaults otherwise). */
export type ReadingAdapter = (text: string, origin: string, settings?: ReaderSettings) => AdapterResult;

export interface ReaderSettings {
  /**
   * How many years after the first version an arXiv identifier dates (vocabulary/arxiv-dates.ts)
   * a date printed on the page may be and still be the paper's: a venue's version comes a year
   * or two later; a summary site's date years later is the site's own.
   */
  yearsAfterArxiv: number;
  /**
   * A date the page labels "Published" or "Posted" that nothing else on the page confirms (no
   * identifier, venue, record or byline date to check it against): `keep` takes it for the
   * paper's, `drop` leaves the year unknown, since summary and blog sites label their own posts so.
   */
  unconfirmedPublished: "keep" | "drop";
}

export const DEFAULT_READER_SETTINGS: Readonly<ReaderSettings> = { yearsAfterArxiv: 2, unconfirmedPublished: "keep" };

/** The values the evaluation chooses among, per setting. */
export const READER_SETTING_CHOICES: { readonly [K in keyof ReaderSettings]: readonly ReaderSettings[K][] } = {
  yearsAfterArxiv: [0, 1, 2, 3, 5, 100],
  unconfirmedPublished: ["keep", "drop"],
};

/** Every combination of the choices, the defaults first. */
export function settingGrid(): ReaderSettings[] {
  const out: ReaderSettings[] = [{ ...DEFAULT_READER_SETTINGS }];
  for (const yearsAfterArxiv of READER_SETTING_CHOICES.yearsAfterArxiv) {
    for (const unconfirmedPublished of READER_SETTING_CHOICES.unconfirmedPublished) {
      const s = { yearsAfterArxiv, unconfirmedPublished };
      if (!out.some((o) => sameSettings(o, s))) out.push(s);
    }
  }
  return out;
}

export function sameSettings(a: ReaderSettings, b: ReaderSettings): boolean {
  return a.yearsAfterArxiv === b.yearsAfterArxiv && a.unconfirmedPublished === b.unconfirmedPublished;
}

export function settingsText(s: ReaderSettings): string {
  return `years after arXiv ≤ ${s.yearsAfterArxiv}, unconfirmed "Published" ${s.unconfirmedPublished}`;
}
