/**
 * Adapter for the paper hubs: Papers with Code (and its clones) and Hugging Face Papers pages
 * captured as text. Papers with Code prints the title, one line "29 Mar 2023 · A, B, C ·" (date and
 * authors between middle dots), the abstract, "PDF Abstract", then its own sections (Code, Tasks,
 * Datasets, "Results from the Paper", Methods), which are never papers. Hugging Face prints
 * "Published on Sep 24, 2020", "Authors:" with the names, "Submitted by" (the user who posted it,
 * not an author), the "arxiv:2009.11462" link label, "Upvote", and "Models / Datasets / Spaces
 * citing this paper", which are artefacts, not citations.
 */
import type { ReadingAdapter } from "../../reader-settings.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, type SiteReading } from "../capture/capture-reader.ts";
import { isProse } from "../capture/line-kinds.ts";
import { isChrome } from "../capture/chrome.ts";
import { captureOf } from "../capture/captures.ts";

const PWC =
  /^(?:PDF Abstract|Results from the Paper|Submit results from this paper.*|Edit social preview|Add a new code entry.*|Mark the official implementation.*|Ranked #\d+ on .*|No code implementations yet.*|Code Available.*|Reproduce|Reproductions|Results in Papers With Code|\(↓ scroll down to see all results\)|Browse State-of-the-Art|No methods listed for this paper.*)$/i;
const HF =
  /^(?:Upvote|\d+ upvotes?|Models citing this paper.*|Datasets citing this paper.*|Spaces citing this paper.*|Collections including this paper.*|Submitted by .{1,60}|Daily Papers|View arXiv page|Add to collection|Paper page|Published on [A-Z][a-z]{2} \d{1,2}(?:, \d{4})?)$/i;

/** Cheap check for the format detector: two of either hub's marks. */
export function looksLikePaperHub(capture: Capture): boolean {
  const lines = capture.lines.slice(0, 1000);
  return lines.filter((l) => PWC.test(l)).length >= 2 || lines.filter((l) => HF.test(l)).length >= 2;
}

export const parsePaperHub: ReadingAdapter = (text, origin, settings) => {
  const capture = captureOf(text, origin);
  const { lines } = capture;
  const chrome = new Set<number>();
  lines.forEach((l, i) => {
    if (PWC.test(l) || HF.test(l)) chrome.add(i);
  });
  const site: SiteReading = { chrome };
  // The hub's own sections follow the abstract; the menus before the title bear the same names.
  const prose = lines.findIndex((l) => isProse(l) && !isChrome(l));
  const end = lines.findIndex((l, i) => i > prose && /^(?:(?:Models|Datasets|Spaces) citing this paper.*|Collections including this paper.*|Community|Results from the Paper|Tasks|Methods)$/i.test(l));
  if (prose >= 0 && end > 0) site.contentEnd = end;
  return capturePage("paper-hub", readCapture(capture, site, settings), "paper hub page");
};
