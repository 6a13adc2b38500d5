/**
 * Adapter for an ACL Anthology paper page (aclanthology.org, the legacy aclweb.org/anthology host)
 * captured as text: title, author line, "Abstract", then one label per line with its value on the
 * next ("Anthology ID:" / "2020.acl-main.442", "Volume:", "Year:", "Editors:", "DOI:" …; an empty
 * label is followed directly by the next), and the "Cite (ACL):" citation of the page's own paper.
 * The title is the line over the author line, as on every page; editors are never authors; a DOI the
 * capture cut short ("10.18653/v1/2020.findings-emnlp.") is no DOI; the Anthology ID is the page's
 * identifier. HTML Anthology pages carry citation_* tags and go
 * to scholarly-html.ts.
 */
import type { ReadingAdapter } from "../../reader-settings.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, type SiteReading } from "../capture/capture-reader.ts";
import { captureOf } from "../capture/captures.ts";

/** Cheap check for the format detector: an "Anthology ID:" label near the top. */
export function looksLikeAclAnthology(capture: Capture): boolean {
  return capture.lines.slice(0, 400).some((l) => /^Anthology ID\s*:/.test(l));
}

export const parseAclAnthology: ReadingAdapter = (text, origin, settings) => {
  const capture = captureOf(text, origin);
  const { lines } = capture;
  const site: SiteReading = {};
  const labelsAt = lines.findIndex((l) => /^Anthology ID\s*:/.test(l));
  // The "Cite (ACL)" and "Copy Citation" rows end the page's own metadata.
  const end = lines.findIndex((l, i) => i > labelsAt && /^(?:Copy Citation|PDF|Video|Software|Dataset|Presentation)\s*:?$/.test(l));
  if (end > 0) site.contentEnd = end;
  return capturePage("acl-anthology", readCapture(capture, site, settings), "ACL Anthology page");
};
