/**
 * A page capture as lines: the text a user saved from a rendered page (or an HTML page turned into
 * its visible lines, see html-lines.ts), each line cleaned the same way before any reader looks at
 * it. Invisible characters and non-breaking spaces become nothing and spaces, box-drawing frames
 * (`║ Title : … ║`), escaped line breaks at a line's ends ("\\n\\n Title \\n") and a heading's
 * anchor glued to its end ("… Agents#", "Abstract¶") are taken off,
 * runs of spaces collapse. Headings (Markdown `#`, HTML h1-h6)
 * and links keep their line numbers, so readers can ask "is line 3 a heading" or "which links sit
 * on line 7". Pure.
 */
import type { Identifiers } from "../../../vocabulary/paper-page.ts";
import { boundedLines } from "../page-text.ts";

/** At most this many lines are read from one capture (a saved page is far shorter). */
export const MAX_CAPTURE_LINES = 20_000;

export interface CaptureLink {
  /** The line the link's text sits on. */
  line: number;
  text: string;
  url: string;
  ids: Identifiers;
}

export interface Capture {
  /** Cleaned lines; "" for a blank one. */
  lines: string[];
  /** Heading level by line number, where the capture marks headings. */
  headings: Map<number, number>;
  links: CaptureLink[];
  /** `<meta>` contents by lower-cased name (HTML only). */
  meta: Map<string, string[]>;
  html: boolean;
  /** The text stops without a final line break: its last line may be cut mid-word. */
  cutAtEnd: boolean;
  /** Lines that were rows of a box-drawing panel. */
  framed: Set<number>;
}

const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
const SPACES = /[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g;
/** Frames of box-drawing panels: a line that starts with one is a row of a panel. */
const FRAME = /^[\u2500-\u257f]+|[\u2500-\u257f]+$/g;

/** Line breaks a page printed escaped ("\\n\\n LLM-as-a-Judge … \\n", a title serialised twice) at a line's ends. */
const ESCAPED_BREAKS_AT_START = /^(?:\\n\s*)+/;

/** The line without escaped line breaks at its end (a loop: `/(?:\\n)+$/` rescans a run of them from each start). */
function trimEscapedBreaks(s: string): string {
  let end = s.length;
  while (end >= 2 && s.slice(end - 2, end) === "\\n") end -= 2;
  return s.slice(0, end);
}

/** One line as readers see it: invisible characters out, box frames off, escaped line breaks at its ends off, spaces collapsed. */
export function cleanCaptureLine(line: string): string {
  let s = line.replace(INVISIBLE, "").replace(SPACES, " ").trim();
  if (s.startsWith("\\n") || s.endsWith("\\n")) s = trimEscapedBreaks(s.replace(ESCAPED_BREAKS_AT_START, "").trimEnd()).trim();
  if (isFramed(s)) s = s.replace(FRAME, "").trim();
  // A heading's anchor glued to its end ("… Autonomous Agents#", "Abstract¶"), never "C#" or "F#".
  if (/(?<=\p{Ll}\p{Ll}|[)?!])[#¶]$/u.test(s) && !s.startsWith("#")) s = s.slice(0, -1);
  return s;
}

function isFramed(line: string): boolean {
  return /^[\u2500-\u257f]/.test(line);
}

/** A plain-text capture: its lines cleaned, Markdown ATX headings noted. */
export function textCapture(text: string): Capture {
  const raw = boundedLines(text).slice(0, MAX_CAPTURE_LINES);
  const lines = raw.map(cleanCaptureLine);
  const framed = new Set<number>();
  raw.forEach((l, i) => {
    if (isFramed(l.replace(INVISIBLE, "").trim())) framed.add(i);
  });
  const headings = new Map<number, number>();
  lines.forEach((l, i) => {
    const h = /^(#{1,6})\s+\S/.exec(l);
    if (h?.[1]) headings.set(i, h[1].length);
  });
  return { lines, headings, links: [], meta: new Map(), html: false, cutAtEnd: !endsWithLineBreak(text), framed };
}

/** Whether the text ends in a line break and white space: `/[\r\n]\s*$/`, which is quadratic on a run of blank lines. */
function endsWithLineBreak(text: string): boolean {
  return /[\r\n]/.test(text.slice(text.trimEnd().length));
}

/** Index of the next non-blank line after `i` (or -1), looking at most `within` lines ahead. */
export function nextFilled(lines: readonly string[], i: number, within = 50): number {
  for (let j = i + 1; j < lines.length && j <= i + within; j++) if (lines[j] !== "") return j;
  return -1;
}
