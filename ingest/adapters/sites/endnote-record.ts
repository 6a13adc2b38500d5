/**
 * Adapter for an EndNote / refer record, as the ACL Anthology and other catalogues export one
 * (`%0 Conference Proceedings`, `%T` title, `%A` authors "Last, First", `%Y`/`%E` editors, `%D`
 * year, `%S`/`%B`/`%J` venue, `%R` DOI, `%U` URLs, `%X` abstract), one tag per line or, in a
 * capture that collapsed the record's line breaks, all on one line. Editors are never authors.
 */
import { identifiersFromText, merge } from "../../../vocabulary/identifiers.ts";
import type { PageAdapter } from "../../../vocabulary/paper-page.ts";
import { cleanName, displayOrder, isPersonName } from "../capture/author-lists.ts";
import { capturePage } from "../capture/capture-page.ts";
import type { CaptureReading } from "../capture/capture-reader.ts";

const TAG = /(?:^|\s)%([0-9A-Z@!#$&()*+^])\s/g;

/** Cheap check for the format detector: the record's `%0` type tag, or several tags at line starts. */
export function looksLikeEndnoteRecord(text: string): boolean {
  const head = text.slice(0, 20_000);
  return /^\s*%0 \S/.test(head) || (head.match(/^%[0-9A-Z] \S/gm)?.length ?? 0) >= 3;
}

/** Tag → values, in record order. */
function tags(text: string): Map<string, string[]> {
  const s = text.slice(0, 200_000);
  const found = [...s.matchAll(TAG)];
  const out = new Map<string, string[]>();
  found.forEach((m, k) => {
    const tag = m[1] ?? "";
    const from = (m.index ?? 0) + m[0].length;
    const to = found[k + 1]?.index ?? s.length;
    const value = s.slice(from, to).replace(/\s+/g, " ").trim();
    if (value) out.set(tag, [...(out.get(tag) ?? []), value]);
  });
  return out;
}

export const parseEndnoteRecord: PageAdapter = (text) => {
  const t = tags(text);
  const first = (tag: string): string | undefined => t.get(tag)?.[0];
  const reading: CaptureReading = { authors: [], ids: {}, categories: [], buildsOn: [], builtBy: [], declared: {}, warnings: [] };
  const title = first("T");
  if (title) reading.title = title;
  reading.authors = (t.get("A") ?? []).map((a) => cleanName(displayOrder(a))).filter((a) => isPersonName(a, { allowSingle: true }));
  const year = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(first("D") ?? "")?.[1];
  if (year) reading.year = Number(year);
  const venue = first("B") ?? first("J") ?? first("S");
  if (venue) reading.venue = venue;
  const abstract = first("X");
  if (abstract) reading.abstract = abstract;
  const doi = first("R");
  if (doi) merge(reading.ids, identifiersFromText(`doi:${doi}`));
  for (const url of t.get("U") ?? []) merge(reading.ids, identifiersFromText(url));
  return capturePage("endnote-record", reading, "EndNote record");
};
