/**
 * Adapter for a conference's virtual-site page of one paper (neurips.cc, icml.cc, iclr.cc
 * /virtual/<year>/poster/<id>) captured as text: "Skip to yearly menu bar", the site's menus, a
 * kind line ("Poster", "Oral", "Spotlight Poster"), the title, the authors between middle dots
 * ("A · B · C"), the room and board ("Great Hall & Hall B1+B2 (level 1) #1234"), the session
 * ("Wed 13 Dec 10:45 a.m. — 12:45 p.m. CST", which has no year and is no publication date),
 * "[ Abstract ] [ OpenReview ] [ Project Page ]", the abstract, and "Chat is not available.". The
 * year and venue come from the conference's name on the page ("NeurIPS 2023").
 */
import type { PageAdapter } from "../../types.ts";
import type { Capture } from "../capture/capture-lines.ts";
import { parseAuthorList } from "../capture/author-lists.ts";
import { capturePage } from "../capture/capture-page.ts";
import { readCapture, titleLike, type SiteReading } from "../capture/capture-reader.ts";
import { captureOf } from "../capture/captures.ts";

const KIND = /^(?:(?:Spotlight|Highlight|Oral|Datasets and Benchmarks|Journal)\s+)?(?:Poster|Oral|Spotlight|Talk|Demonstration|Position Paper)(?: Session.{0,40})?$/i;
const CONFERENCE = /\b(NeurIPS|ICML|ICLR|CVPR|ICCV|ECCV|COLM|AISTATS|UAI|CoRL|MLSys|AAAI)\s?((?:19|20)\d\d)\b/;

/** Cheap check for the format detector. */
export function looksLikePosterPage(capture: Capture): boolean {
  const lines = capture.lines.slice(0, 400);
  const marks = lines.filter((l) => /^Skip to yearly menu bar$|^Chat is not available\.?$|^\[ ?(?:Abstract|OpenReview|Project Page|Paper|Poster|Slides) ?\]|^(?:Main Navigation|Conference Navigation)$|\(level \d\)|^Poster Session \d|^#\d{2,5}$/i.test(l)).length;
  return marks >= 2 && lines.some((l) => KIND.test(l));
}

export const parsePosterPage: PageAdapter = (text, origin) => {
  const capture = captureOf(text, origin);
  const { lines } = capture;
  const site: SiteReading = {};
  const kindAt = lines.findIndex((l) => KIND.test(l));
  for (let j = kindAt + 1; kindAt >= 0 && j < lines.length && j <= kindAt + 4; j++) {
    const l = lines[j] ?? "";
    if (l && titleLike(l, { long: true })) {
      site.title = l;
      site.titleLine = j;
      break;
    }
  }
  const authorsLine = site.titleLine !== undefined ? lines.slice(site.titleLine + 1, site.titleLine + 4).find((l) => l.includes("·")) : undefined;
  const authors = authorsLine ? parseAuthorList(authorsLine) : undefined;
  if (authors) site.authors = authors;
  const conference = lines.slice(0, 200).map((l) => CONFERENCE.exec(l)).find((m) => m !== null);
  if (conference?.[1] && conference[2]) {
    site.venue = `${conference[1]} ${conference[2]}`;
    site.year = Number(conference[2]);
  }
  const end = lines.findIndex((l) => /^Chat is not available\.?$/i.test(l));
  if (end > 0) site.contentEnd = end;
  return capturePage("poster-page", readCapture(capture, site), "conference poster page");
};
