/**
 * Adapter for an OpenReview forum page captured as text: the title, "Download PDF" / "Show
 * Revisions", the author line, "Published: 16 Jan 2024, Last Modified: 17 Mar 2024" (the first date
 * is the paper's), the venue line ("ICLR 2024 oral", "NeurIPS 2023 Datasets and Benchmarks Poster"),
 * "Readers: Everyone", "Keywords:", "TL;DR:", "Abstract:", "Submission Number:", and then the
 * reviews, decisions and comments, which are about the paper and never its metadata or papers of
 * their own. The forum ID comes from a forum link in the text when there is one.
 */
import type { ReadingAdapter } from "../../reader-settings.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, type SiteReading } from "../capture/capture-reader.ts";
import { captureOf } from "../capture/captures.ts";

const VENUE_LINE = /^((?:ICLR|NeurIPS|ICML|COLM|TMLR|CoRL|AISTATS|UAI|ACL|EMNLP|NAACL|MIDL|CoLLAs|LoG|AAAI|IJCAI|CVPR|ECCV|ICCV)(?: \d{4})?(?: Conference)?(?:[ -][A-Za-z&]+){0,6})$/;
const YEAR = /(?<!\d)((?:19|20)\d\d)(?!\d)/;

/** Cheap check for the format detector. */
export function looksLikeOpenReview(capture: Capture): boolean {
  const lines = capture.lines.slice(0, 400);
  const marks = lines.filter(
    (l) =>
      /^(?:Readers:\s*Everyone|Submission Number:\s*\d+|Primary Area:|Official Review of Submission\d*|Paper Decision|Meta Review of Submission\d*|Show Revisions|Download PDF, Show Revisions|Published: \d{1,2} [A-Z][a-z]{2} \d{4}, Last Modified:)/.test(
        l,
      ) || /openreview\.net\/forum\?id=/.test(l),
  ).length;
  return marks >= 2;
}

export const parseOpenReview: ReadingAdapter = (text, origin, settings) => {
  const capture = captureOf(text, origin);
  const { lines } = capture;
  // Links to other forums (an earlier submission) and the venue's own rows are not the paper's.
  const chrome = new Set<number>();
  lines.forEach((l, i) => {
    if (/^(?:Previous .{0,60}(?:Url|Link|Submission)|Changes Since Last Submission|Assigned Action Editor|Submission Length|Code Of Ethics|Go to .{1,60} homepage)/i.test(l)) chrome.add(i);
  });
  const site: SiteReading = { chrome };
  const end = lines.findIndex((l) => /^(?:Official Review|Meta Review|Paper Decision|Decision|Official Comment|Public Comment|Author Response|Reply Type:|Add:?\s*(?:Public )?Comment)/.test(l));
  if (end > 0) site.contentEnd = end;
  const venue = lines
    .slice(0, end > 0 ? end : 60)
    .map((l) => VENUE_LINE.exec(l)?.[1])
    .find((v) => v !== undefined && YEAR.test(v));
  if (venue) site.venue = venue;
  const reading = readCapture(capture, site, settings);
  if (reading.year === undefined && venue) reading.year = Number(YEAR.exec(venue)?.[1]);
  return capturePage("openreview", reading, "OpenReview page");
};
