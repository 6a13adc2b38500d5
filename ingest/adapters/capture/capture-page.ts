/**
 * A capture reading made into the `PaperPage` every adapter returns: the paper's fields, its two
 * citation lists with the warning when a list shows fewer entries than its heading declares, a
 * warning when the page shows only some of the authors, and the one cleaning of every adapter
 * (clean-text.ts). A capture with neither a title nor an identifier is refused, saying so (and
 * why a headline was not taken as the title, when one was not). Pure.
 */
import { cleanPage } from "../../../vocabulary/clean-text.ts";
import { emptyPage } from "../../../vocabulary/paper-page.ts";
import type { AdapterResult, PageAdapterFormat } from "../../../vocabulary/paper-page.ts";
import { warnShortLists } from "../page-sections.ts";
import { hasIdentity, type CaptureReading } from "./capture-reader.ts";

export function capturePage(format: PageAdapterFormat, reading: CaptureReading, what: string): AdapterResult {
  if (!hasIdentity(reading)) {
    // A headline the reader did not take says why (page-genre.ts): "title not taken: … heads a lesson …".
    const untaken = reading.warnings.find((w) => w.startsWith("title not taken: "));
    return {
      ok: false,
      refusal: "no-title",
      reason: untaken ? `${what}: no identifier, and the ${untaken}` : `${what}: no title line and no identifier among its lines (only site chrome, labels and prose)`,
    };
  }
  const page = emptyPage(format);
  const { paper } = page;
  if (reading.title) paper.title = reading.title;
  paper.ids = reading.ids;
  paper.authors = reading.authors;
  if (reading.year !== undefined) paper.year = reading.year;
  if (reading.date) paper.date = reading.date;
  if (reading.venue) paper.venue = reading.venue;
  if (reading.abstract) paper.abstract = reading.abstract;
  paper.categories = reading.categories;
  page.buildsOn = reading.buildsOn;
  page.builtBy = reading.builtBy;
  page.warnings.push(...reading.warnings);
  if (reading.authorsTruncated) {
    const { total } = reading.authorsTruncated;
    const shown = reading.authors.length;
    page.warnings.push(total !== undefined ? `the page shows ${shown} of ${total} authors` : `the page shows ${shown === 1 ? "one author" : `${shown} authors`} and hides the others`);
  }
  warnShortLists(page, reading.declared, new Set(Object.keys(reading.declared)));
  return { ok: true, page: cleanPage(page) };
}
