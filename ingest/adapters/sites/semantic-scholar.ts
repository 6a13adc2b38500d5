/**
 * Adapter for a Semantic Scholar paper page captured as text: the title, an inline BibTeX entry
 * (older layout) or an author line with a hidden middle ("A, B, +3 authors, C"), "Published in …"
 * with its date, the abstract cut by "… CONTINUE READING" or "Expand", "Figures and Tables from
 * this paper", and two lists: "N Citations" (papers that build on this one: builtBy) and
 * "References" / "SHOWING 1-10 OF 89 REFERENCES" (papers it builds on), each entry a title followed
 * by bullet lines of attributes (field of study, venue, year, citation count, "Highly Influential",
 * "PDF"), which are never entries of their own. "Corpus ID" numbers are not paper identifiers.
 */
import type { ReadingAdapter } from "../../reader-settings.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, type SiteReading } from "../capture/capture-reader.ts";
import { cleanAbstract } from "../capture/capture-fields.ts";
import { captureOf } from "../capture/captures.ts";

/** Cheap check for the format detector. */
export function looksLikeSemanticScholar(capture: Capture): boolean {
  const lines = capture.lines.slice(0, 2000);
  const marks = lines.filter((l) =>
    /^(?:SHOWING \d[\d,]*\s*-\s*\d[\d,]* OF \d[\d,]* (?:REFERENCES|CITATIONS)|[-•]\s*Highly Influential|Figures and Tables from this paper|Corpus ID:\s*\d+|Semantic Scholar|Save to Library|Create Alert|Share This Paper|.*CONTINUE READING)$/i.test(
      l,
    ),
  ).length;
  return marks >= 2;
}

export const parseSemanticScholar: ReadingAdapter = (text, origin, settings) => {
  const capture = captureOf(text, origin);
  const { lines } = capture;
  const site: SiteReading = {};
  const published = lines
    .slice(0, 200)
    .map((l) => /^Published in (.{2,160}?)(?:\s[·|]\s.{4,40})?$/.exec(l)?.[1])
    .find((v) => v !== undefined);
  if (published) site.venue = published;
  // The abstract: the first prose paragraph, up to "… CONTINUE READING" or "Expand".
  const abstractAt = lines.findIndex((l) => /(?:CONTINUE READING|Expand)$/.test(l) && l.split(/\s+/).length > 20);
  if (abstractAt >= 0) site.abstract = cleanAbstract((lines[abstractAt] ?? "").replace(/\s*(?:…|\.\.\.)?\s*(?:CONTINUE READING|Expand)$/, "…"));
  return capturePage("semantic-scholar", readCapture(capture, site, settings), "Semantic Scholar page");
};
