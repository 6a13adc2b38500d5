/**
 * Plain-text helpers the page adapters share: lines cut to MAX_LINE characters (so no regex does
 * quadratic work on a huge line) and joined back, whitespace runs collapsed, and identifiers read
 * from text whose whitespace is collapsed first.
 */
import { identifiersFromText } from "../../vocabulary/identifiers.ts";
import type { Identifiers } from "../../vocabulary/paper-page.ts";

/** Lines longer than this are cut before any regex sees them (no quadratic work on huge lines). */
export const MAX_LINE = 4000;

/** Split into lines (a leading byte-order mark dropped), each cut to MAX_LINE characters. */
export function boundedLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .map((line) => (line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line));
}

/** Every run of whitespace as one space, none at either end. */
export function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/**
 * identifiersFromText with whitespace runs collapsed first: its `arxiv\s*[:\s]\s*` pattern is
 * quadratic on long runs of spaces.
 */
export function identifiersIn(text: string): Identifiers {
  return identifiersFromText(text.replace(/\s+/g, " "));
}

/** Lines joined back into text, runs of blank lines cut to one, trimmed. */
export function joinLines(lines: readonly string[]): string {
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
