/**
 * What the command line prints, made safe for a terminal (issue 17, item 7): text stored by older
 * versions (or written by another tool) can hold ESC, BEL and other control characters that a
 * terminal would obey. Every line `lineage` prints goes through `terminalSafe`, which shows each
 * control character as a `\u001b`-style escape instead (tab, newline and CRLF line ends are kept).
 * The escape is also JSON's, so `--json` output stays valid JSON with the same values.
 */
import type { Output } from "./context.ts";

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\r(?!\n)/g;

export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * A file name (or anything read from outside: a reason naming a link's target) as part of one
 * line (issue 29): every control character escaped, line breaks and tabs too, and the Unicode
 * line separators and bidirectional overrides that could make it look like another line. A
 * newline in a file name printed a forged line ("line: fake error.txt: …"); now it prints `\n`.
 */
export function oneLine(text: string): string {
  return text.replace(NOT_ONE_LINE, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The same output, with every line made terminal-safe. */
export function terminalSafeOutput(io: Output): Output {
  return { out: (text) => io.out(terminalSafe(text)), err: (text) => io.err(terminalSafe(text)) };
}
