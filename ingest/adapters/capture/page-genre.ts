/**
 * Pages about a paper that are something else themselves (issue 26): a blog post, a lesson of a
 * course, a podcast or video episode, a lecture's transcript, a concept page, a link post. Such a
 * page heads itself with its own headline ("GAIA benchmark overview", "Week 7 of 12 · …", a
 * concept's name), which is not the paper's title; the capture reader keeps a title read on such a
 * page only when something else confirms it (capture-reader.ts). What marks a page so:
 * - it says what it is in its own prose: "In this post, …", "This article will …", "In this video", "this episode",
 *   "Today's lecture is on …", "Welcome back to the podcast";
 * - it counts itself in a series: "Week 7 of 12", "Day 32 of 60", "Concept 91 of 100", "Section 09";
 * - it is a dialogue: lines that open with a speaker's name and a colon ("John: …", "Noah: …"),
 *   the same speakers again and again; those lines are a transcript's turns, never a title;
 * - it calls the paper by a short name, "the <Name> paper" or "the <Name> study", in its opening
 *   prose, as a page about a paper does and the paper's own page does not. (A short citation,
 *   "(Hubinger et al., 2024)", says nothing: abstracts and papers cite others so.)
 * - it is an article in sections: its first line, a heading, stands over prose as other short
 *   headings further down do ("The Problem They Solved" / prose / "What They Proposed" / prose):
 *   that heading is the first section's, not a paper's title (unless the prose under it is the
 *   paper's abstract, in the first person: "We introduce …").
 * Pure.
 */
import { normalizeTitle, cleanCapturedTitle } from "../../../vocabulary/titles.ts";
import { isChrome } from "./chrome.ts";
import { isProse, stripHeading } from "./line-kinds.ts";

/** How far into a page its own prose is looked at. */
const OPENING_LINES = 80;

/** A page's words about itself: what kind of page it is. */
const SELF_DESCRIPTION =
  /\b(?:(?:in|on|for) this (?:blog )?(?:post|article|video|episode|podcast|lesson|lecture|tutorial|newsletter|write-?up|thread|walkthrough|explainer)\b|this (?:blog )?(?:post|article|guide|tutorial) (?:will|walks|explains|covers|provides|shows)\b|this (?:week's|episode's|video's) |today(?:'s| we)\b.{0,40}\b(?:lecture|episode|video|lesson|post|session)\b|welcome (?:back )?to (?:the |this |another |our )?(?:podcast|show|episode|channel|lecture|lesson|course|newsletter)\b|in this video\b)/i;

/** "Week 7 of 12", "Day 32 of 60", "Concept 91 of 100Scaling": a page counted in a series. */
export const SERIES_COUNTER =
  /\b(?:week|day|part|chapter|lesson|module|unit|episode|session|lecture|concept|step|topic|paper)\s+\d{1,3}\s+of\s+\d{1,3}(?!\d)|^(?:section|chapter|lesson|module|unit|episode|lecture)\s+\d{1,3}$/i;

/** "The Sleeper Agents paper (Hubinger et al., 2024)", "the GAIA paper describes": the paper called by a short name. */
const NAMED_PAPER = /\b[Tt]he\s+(?:original\s+)?(\p{Lu}[\p{L}\p{N}-]*(?:\s+\p{Lu}[\p{L}\p{N}-]*){0,2})\s+(?:paper|study|preprint|benchmark paper)\b/u;

/** "John: …", "Speaker 2: …": a turn of a dialogue, its speaker's name before a colon ("Step 1: …" is a worked example's). */
const TURN = /^(\p{Lu}[\p{L}'’.-]{0,20}(?: \p{Lu}[\p{L}'’.-]{0,20})?|Speaker \d{1,2}):\s+\S/u;

/** Labels that open a line of a record or a page's facts, not a speaker's turn. */
const FIELD_LABELS =
  /^(?:title|authors?|year|date|venue|source|abstract|summary|note|notes|keywords?|tags?|doi|arxiv|url|link|links|published|updated|status|category|categories|type|journal|volume|pages|publisher|editor|citation|cite|comment|comments|question|answer|q|a|tl;?dr|update|edit|warning|caution|tip|example|figure|table|step|result|results|input|output|prompt|response)$/i;

/** The lines that are turns of a dialogue: speakers (two or more turns each) whose turns make three lines or more. */
export function speakerTurns(lines: readonly string[]): Set<number> {
  const bySpeaker = new Map<string, number[]>();
  lines.slice(0, 4_000).forEach((l, i) => {
    const speaker = TURN.exec(l)?.[1];
    if (speaker && !FIELD_LABELS.test(speaker)) bySpeaker.set(speaker, [...(bySpeaker.get(speaker) ?? []), i]);
  });
  const turns = [...bySpeaker.values()].filter((at) => at.length >= 2);
  const out = new Set<number>();
  if (turns.reduce((n, at) => n + at.length, 0) >= 3) for (const at of turns) for (const i of at) out.add(i);
  return out;
}

/**
 * What marks the page as something other than the paper's own page, or undefined. `title`: the
 * title read, which a short name the page uses confirms when it opens it ("the Tidewater paper"
 * over "Tidewater: Measuring How …").
 */
export function ownPageMarker(lines: readonly string[], title = ""): string | undefined {
  const opening = lines.slice(0, OPENING_LINES);
  if (speakerTurns(lines).size > 0) return "a dialogue's transcript";
  const counter = opening.find((l) => l.length <= 300 && SERIES_COUNTER.test(l));
  if (counter !== undefined) return `a page counted in a series ("${counter.slice(0, 40)}")`;
  for (const l of opening) {
    if (l.length > 3000) continue;
    if (SELF_DESCRIPTION.test(l)) return "a page that says what it is (a post, an episode, a lesson)";
    const named = l.split(/\s+/).length >= 8 ? NAMED_PAPER.exec(l)?.[1] : undefined;
    if (named && !title.toLowerCase().startsWith(named.toLowerCase())) return "a page that calls the paper it is about by a short name";
  }
  return undefined;
}

/** Labels a paper's own page heads its parts with; a heading over prose of these is no section of an article. */
const PAPER_PARTS = /^(?:abstract|summary|tl;?dr|introduction|overview|description)$/i;

/** A short line that heads a section: a capital first, eight words at most, no sentence's end, not a paper's part. */
function sectionHeading(l: string): boolean {
  return l.length <= 60 && /^\p{Lu}/u.test(l) && !/[.,;:!?]$/.test(l) && l.split(/\s+/).length <= 8 && !PAPER_PARTS.test(l) && !isProse(l) && !isChrome(l);
}

/** The next filled line after `i` that is not the site's chrome (a cookie notice is no section's prose). */
function nextFilled(lines: readonly string[], i: number): string {
  return lines.slice(i + 1).find((l) => l !== "" && !isChrome(l)) ?? "";
}

/**
 * "an article in sections" when the title read is the page's first line (no prose above it),
 * printed alone over prose, and another short heading further down stands over prose too; else undefined.
 */
export function sectionHeadingMarker(lines: readonly string[], titleLine: number, title: string): string | undefined {
  const heading = lines[titleLine] ?? "";
  if (normalizeTitle(cleanCapturedTitle(stripHeading(heading))) !== normalizeTitle(title)) return undefined;
  if (lines.slice(0, titleLine).some((l) => isProse(l))) return undefined;
  const sections: string[] = [];
  for (let i = titleLine + 1; i < Math.min(lines.length, 4_000); i++) {
    const l = lines[i] ?? "";
    if (!sectionHeading(l)) continue;
    if (isProse(nextFilled(lines, i))) sections.push(l);
  }
  // The heading stands over prose, or over its first section's heading ("Background" over a paragraph).
  const under = nextFilled(lines, titleLine);
  const overProse = isProse(under) || (sections[0] === under && sections.length >= 2);
  // Prose in the first person under the title ("We introduce …") is the paper's abstract: its own page.
  const firstProse = isProse(under) ? under : nextFilled(lines, lines.indexOf(under, titleLine + 1));
  if (/\b(?:[Ww]e|[Oo]ur)\b/.test(firstProse)) return undefined;
  return overProse && sections.length > 0 ? `an article in sections ("${(sections.at(-1) ?? "").slice(0, 40)}" heads another one)` : undefined;
}
