/**
 * BibTeX name lists (`author`, `editor`) as people, by BibTeX's own rules (Patashnik,
 * "BibTeXing", 1988; Markey, "Tame the BeaST", 2009): names are separated by `and` outside
 * braces; a name is "First von Last", "von Last, First" or "von Last, Jr, First", the von part
 * being the words that start with a lower-case letter; a braced group is one word and never
 * split. Each name comes back in display order ("Ludwig van Beethoven", "John Smith Jr."),
 * LaTeX read (latex-text.ts). A final `and others` means the list goes on (et al.).
 *
 * Bounded before any name is read (issue 29): at most BIBTEX_NAMES.maxNames names in one list,
 * and a name of more than BIBTEX_NAMES.maxNameWords words or maxNameChars characters is not a
 * person's name and is left out; either is said as a warning. One pass over the field. Pure.
 */
import { latexToText } from "./latex-text.ts";

export const BIBTEX_NAMES = {
  /** Names in one list (the longest author lists, in particle physics, pass 5,000). */
  maxNames: 10_000,
  /** Words of one name ("Maria del Carmen de la Fuente y Ortega, Jr." has nine). */
  maxNameWords: 24,
  maxNameChars: 300,
} as const;

interface Word {
  text: string;
  /** Whether the word starts with a lower-case letter outside braces (a von word). */
  lower: boolean;
}

/** A word's case, BibTeX's way: its first letter at brace depth 0, or inside a `{\accent x}` special character. */
function startsLower(word: string): boolean {
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c === 123) {
      // `{\'e}mile`: a special character at depth 1 counts by its letter; `{Van}` counts as not lower.
      if (depth === 0 && word.charCodeAt(i + 1) === 92) {
        let j = i + 2;
        while (j < word.length && !/[A-Za-z]/.test(word[j] ?? "")) j++;
        // Skip the command's name when it is a word (`{\v{s}}`, `{\ss}`): its letter follows.
        const name = /^[A-Za-z]+/.exec(word.slice(j, j + 12))?.[0] ?? "";
        const letter = name.length === 1 || name === "" ? word.slice(j + name.length).match(/[A-Za-z]/)?.[0] : name[0];
        return letter !== undefined && letter === letter.toLowerCase() && letter !== letter.toUpperCase();
      }
      depth++;
      continue;
    }
    if (c === 125) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (depth > 0) continue;
    const ch = word[i] ?? "";
    if (ch.toLowerCase() !== ch.toUpperCase()) return ch === ch.toLowerCase();
  }
  return false;
}

/**
 * The parts of a name: words split at white space and `~` outside braces, and commas outside
 * braces. Undefined when a part is longer than a name can be (BIBTEX_NAMES).
 */
function nameParts(raw: string): Word[][] | undefined {
  const parts: Word[][] = [[]];
  let depth = 0;
  let from = -1;
  let partStart = 0;
  let words = 0;
  const end = (i: number) => {
    if (from >= 0) {
      const text = raw.slice(from, i);
      parts[parts.length - 1]?.push({ text, lower: startsLower(text) });
      from = -1;
    }
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === 32 || c === 9 || c === 10 || c === 13 || c === 126)) end(i);
    else if (depth === 0 && c === 44) {
      end(i);
      parts.push([]);
      partStart = i + 1;
      words = 0;
    } else if (from < 0) {
      from = i;
      if (++words > BIBTEX_NAMES.maxNameWords) return undefined;
    }
    if (i - partStart > BIBTEX_NAMES.maxNameChars) return undefined;
  }
  end(raw.length);
  return parts;
}

const words = (ws: readonly Word[]) => ws.map((w) => w.text).join(" ");

const SUFFIX = /^(?:jr|sr|ii|iii|iv|v|2nd|3rd)\.?$/i;

/**
 * "von Last, Jr, First" in any of its three forms → the name in display order. Two or more
 * commas with no "Jr" part between the first two are a list written with commas ("Haneul Park, Jiwoo Seo, Erin Dale"):
 * each part is a name of its own.
 */
function displayNames(raw: string): string[] | undefined {
  const parts = nameParts(raw);
  if (!parts) return undefined;
  if (parts.length >= 3 && !(parts[1]?.length === 1 && SUFFIX.test(parts[1][0]?.text ?? ""))) {
    return parts.map((p) => displayName([p])).filter((n): n is string => n !== undefined);
  }
  const one = displayName(parts);
  return one === undefined ? undefined : [one];
}

function displayName(parts: Word[][]): string | undefined {
  const [first = [], second = [], third = []] = parts;
  let given: Word[];
  let von: Word[];
  let last: Word[];
  let jr: Word[] = [];
  if (parts.length === 1) {
    // First von Last: von runs from the first lower-case word to the last one before the final word.
    const ws = first;
    if (ws.length === 0) return undefined;
    const lowers = ws.map((w, i) => (w.lower && i < ws.length - 1 ? i : -1)).filter((i) => i >= 0);
    if (lowers.length > 0) {
      const a = lowers[0] ?? 0;
      const b = lowers[lowers.length - 1] ?? a;
      given = ws.slice(0, a);
      von = ws.slice(a, b + 1);
      last = ws.slice(b + 1);
    } else {
      given = ws.slice(0, -1);
      von = [];
      last = ws.slice(-1);
    }
  } else {
    // von Last, [Jr,] First: von runs from a lower-case first word to the last lower-case word
    // before the final one ("van der Waals", "de la Fontaine"); the final word is always Last.
    const head = first;
    let b = 0;
    if (head[0]?.lower) for (let j = 0; j < head.length - 1; j++) if (head[j]?.lower) b = j + 1;
    von = head.slice(0, b);
    last = head.slice(b);
    if (parts.length === 2) given = second;
    else {
      jr = second;
      given = third;
    }
  }
  const name = [words(given), words(von), words(last), words(jr)].filter(Boolean).join(" ");
  return name ? latexToText(name) : undefined;
}

/** Splits a list at `and` outside braces, reading at most `max` names; `more` when it went on. */
function splitList(raw: string, max: number): { names: string[]; more: boolean } {
  const names: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === 97 || c === 65) && i > from && /\s/.test(raw[i - 1] ?? "") && /^and\s/i.test(raw.slice(i, i + 4))) {
      names.push(raw.slice(from, i));
      from = i + 3;
      if (names.length >= max) return { names, more: true };
    }
  }
  names.push(raw.slice(from));
  return { names, more: false };
}

/** The people of a name list, and what was left out of it. */
export function bibtexNames(raw: string, field = "author"): { names: string[]; warnings: string[]; etAl: boolean } {
  const warnings: string[] = [];
  const { names: pieces, more } = splitList(raw, BIBTEX_NAMES.maxNames);
  if (more) warnings.push(`the ${field} list was cut at ${BIBTEX_NAMES.maxNames.toLocaleString("en")} names`);
  const names: string[] = [];
  let etAl = more;
  let unreadable = 0;
  pieces.forEach((piece, i) => {
    const trimmed = piece.trim();
    if (!trimmed || names.length >= BIBTEX_NAMES.maxNames) return;
    if (i === pieces.length - 1 && i > 0 && /^others$/i.test(trimmed)) {
      etAl = true;
      return;
    }
    const read = displayNames(trimmed);
    if (read && read.length > 0) for (const name of read) names.push(name);
    else unreadable++;
  });
  if (unreadable > 0) {
    warnings.push(
      `${unreadable.toLocaleString("en")} ${field} name${unreadable === 1 ? "" : "s"} left out: not a person's name (empty, or over ${BIBTEX_NAMES.maxNameWords} words or ${BIBTEX_NAMES.maxNameChars} characters)`,
    );
  }
  if (names.length > BIBTEX_NAMES.maxNames) {
    names.length = BIBTEX_NAMES.maxNames;
    if (!more) warnings.unshift(`the ${field} list was cut at ${BIBTEX_NAMES.maxNames.toLocaleString("en")} names`);
    etAl = true;
  }
  return { names, warnings, etAl };
}
