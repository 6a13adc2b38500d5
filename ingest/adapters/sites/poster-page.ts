/**
 * Adapter for a conference's virtual-site page of one paper (neurips.cc, icml.cc, iclr.cc
 * /virtual/<year>/poster/<id>) captured as text: "Skip to yearly menu bar", the site's menus, a
 * kind line ("Poster", "Oral", "Spotlight Poster"), the title, the authors between middle dots
 * ("A · B · C"), the room and board ("Great Hall & Hall B1+B2 (level 1) #1234"), the session
 * ("Wed 13 Dec 10:45 a.m. — 12:45 p.m. CST", which has no year and is no publication date),
 * "[ Abstract ] [ OpenReview ] [ Project Page ]", the abstract, and "Chat is not available.". The
 * year and venue come from the conference's name on the page ("NeurIPS 2023").
 */
import type { ReadingAdapter } from "../../reader-settings.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { parseAuthorList } from "../capture/author-lists.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, type SiteReading } from "../capture/capture-reader.ts";
import { titleLike } from "../capture/line-kinds.ts";
import { captureOf } from "../capture/captures.ts";

const KIND = /^(?:(?:Spotlight|Highlight|Oral|Datasets and Benchmarks|Journal)\s+)?(?:Poster|Oral|Spotlight|Talk|Demonstration|Position Paper)(?: Session.{0,40})?$/i;
const NAMES = "NeurIPS|ICML|ICLR|CVPR|ICCV|ECCV|COLM|AISTATS|UAI|CoRL|MLSys|AAAI";
const CONFERENCE = new RegExp(`\\b(${NAMES})\\s?((?:19|20)\\d\\d)\\b`);
const NAME = new RegExp(`\\b(${NAMES})\\b`);
/** The site's year selector, "Select Year: (2024)". */
const SELECTED_YEAR = /^Select Year:\s*\(?((?:19|20)\d\d)\)?/i;

/** Cheap check for the format detector. */
export function looksLikePosterPage(capture: Capture): boolean {
  const lines = capture.lines.slice(0, 400);
  const marks = lines.filter((l) =>
    /^Skip to yearly menu bar$|^Chat is not available\.?$|^\[ ?(?:Abstract|OpenReview|Project Page|Paper|Poster|Slides) ?\]|^(?:Main Navigation|Conference Navigation)$|\(level \d\)|^Poster Session \d|(?:^|\s)#\d{1,5}$|^Select Year:/i.test(
      l,
    ),
  ).length;
  return marks >= 2 && lines.some((l) => KIND.test(l));
}

export const parsePosterPage: ReadingAdapter = (text, origin, settings) => {
  const capture = captureOf(text, origin);
  const { lines } = capture;
  const site: SiteReading = {};
  // The title stands above the authors' line ("A · B · C"), under the kind and session lines.
  const kindAt = lines.findIndex((l) => KIND.test(l));
  const authorsAt = lines.findIndex((l, i) => i > kindAt && l.includes("·") && (parseAuthorList(l)?.names.length ?? 0) >= 1);
  const authors = authorsAt >= 0 ? parseAuthorList(lines[authorsAt] ?? "") : undefined;
  if (authors) site.authors = authors;
  const from = authorsAt >= 0 ? authorsAt - 1 : kindAt + 4;
  for (let j = from; kindAt >= 0 && j > kindAt; j--) {
    const l = lines[j] ?? "";
    if (l && titleLike(l, { long: true })) {
      site.title = l;
      site.titleLine = j;
      break;
    }
  }
  // The conference and its year: "NeurIPS 2024" in the page or its head, or the year selector.
  const texts = [...lines.slice(0, 200), ...[...capture.meta.values()].flat()];
  const conference = texts.map((l) => CONFERENCE.exec(l)).find((m) => m !== null);
  const selected = lines
    .slice(0, 200)
    .map((l) => SELECTED_YEAR.exec(l)?.[1])
    .find((y) => y !== undefined);
  const name = conference?.[1] ?? texts.map((l) => NAME.exec(l)?.[1]).find((n) => n !== undefined);
  const year = conference?.[2] ?? selected;
  if (year) {
    site.year = Number(year);
    if (name) site.venue = `${name} ${year}`;
  }
  const end = lines.findIndex((l) => /^Chat is not available\.?$/i.test(l));
  if (end > 0) site.contentEnd = end;
  return capturePage("poster-page", readCapture(capture, site, settings), "conference poster page");
};
