/**
 * A user's own note kept with its page (issue 26): the free text of a Markdown note, as the user
 * wrote it (Markdown left as it is, to be shown as text, never as HTML), without the title heading
 * the paper's title already stands for, cleaned like every stored text (vocabulary/clean-text.ts)
 * and bounded. Pure.
 */
import { cleanProse } from "../../../vocabulary/clean-text.ts";
import { boundedLines } from "../page-text.ts";

/** A note is kept up to this many characters; a longer one is cut at a line's end. */
export const MAX_NOTE_CHARS = 20_000;

/** The note's text under its title heading, or undefined when nothing but the heading is there. */
export function noteFreeText(text: string): string | undefined {
  const lines = boundedLines(text);
  const h1 = lines.findIndex((l) => /^#\s+\S/.test(l.trim()));
  const body = cleanProse((h1 >= 0 ? [...lines.slice(0, h1), ...lines.slice(h1 + 1)] : lines).join("\n")).replace(/\n{3,}/g, "\n\n");
  if (!body) return undefined;
  if (body.length <= MAX_NOTE_CHARS) return body;
  const cut = body.slice(0, MAX_NOTE_CHARS);
  const end = cut.lastIndexOf("\n");
  return `${(end > MAX_NOTE_CHARS / 2 ? cut.slice(0, end) : cut).trimEnd()}\n…`;
}
