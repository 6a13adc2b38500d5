/**
 * BibTeX's grammar read in one pass (issue 29): entries (`@type{key, field = value, …}` or with
 * parentheses), `@string` macros, `@preamble` and `@comment`, values in braces or quotes or bare
 * numbers and macro names, joined by `#`, with the month macros BibTeX predefines. The field
 * values stay as written (LaTeX), for latex-text.ts and bibtex-names.ts to read.
 *
 * Linear in the text whatever it holds: every character is looked at a bounded number of times,
 * brace nesting is counted, not recursed into, and `@string` expansion is budgeted as it
 * happens (a value may not grow past BIBTEX_LIMITS.maxValueChars, and the expansions of one file
 * past BIBTEX_LIMITS.expansionBudget): 30 doubling `@string`s are refused at the one that would
 * pass a million characters, never built.
 *
 * A malformed entry is reported with its line and key and the reading goes on after it: at the
 * end of the entry when its braces balance, else at the next line that starts an entry (so an
 * unclosed brace loses one entry, not the rest of the file). Text outside entries is a comment,
 * as are lines starting with `%`. Pure.
 */

export const BIBTEX_LIMITS = {
  /** Characters one field may hold once its macros are expanded (an abstract has a few thousand). */
  maxValueChars: 1_000_000,
  /** Characters the `@string` expansions of one file may add up to, beyond twice the file's own length. */
  expansionBudget: 4_000_000,
} as const;

export interface BibEntry {
  /** The entry type, lower-cased (`article`, `inproceedings`). */
  type: string;
  key: string;
  /** Field values as written (LaTeX), by lower-cased field name; the first of a repeated field. */
  fields: Map<string, string>;
  /** The line of its `@`. */
  line: number;
  /** Where its text starts and ends in the file. */
  start: number;
  end: number;
  /** The comment text (lines outside entries) just before it, at most 2,000 characters. */
  preceding: string;
  /** What the reader noticed but read past (an undefined macro). */
  warnings: string[];
}

export interface BibProblem {
  line: number;
  key?: string;
  reason: string;
}

export interface BibFile {
  entries: BibEntry[];
  problems: BibProblem[];
  /** Whether the text held anything that looked like an entry (`@` and a word and a brace). */
  sawEntry: boolean;
}

const MONTHS: Readonly<Record<string, string>> = {
  jan: "January",
  feb: "February",
  mar: "March",
  apr: "April",
  may: "May",
  jun: "June",
  jul: "July",
  aug: "August",
  sep: "September",
  oct: "October",
  nov: "November",
  dec: "December",
};

const AT = 64;
const LBRACE = 123;
const RBRACE = 125;
const LPAREN = 40;
const RPAREN = 41;
const QUOTE = 34;
const COMMA = 44;
const EQUALS = 61;
const HASH = 35;
const PERCENT = 37;
const NEWLINE = 10;

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
/** Characters of a field or macro name (BibTeX allows most printable ASCII but its delimiters). */
const isNameChar = (c: number) => c > 32 && c < 127 && c !== LBRACE && c !== RBRACE && c !== LPAREN && c !== RPAREN && c !== QUOTE && c !== COMMA && c !== EQUALS && c !== HASH && c !== PERCENT;
/** Characters of a citation key: anything but white space, commas and the entry's closing delimiter. */
const isKeyChar = (c: number, close: number) => !isSpace(c) && c !== COMMA && c !== close && c !== LBRACE && c !== RBRACE && c !== EQUALS;

class Malformed extends Error {
  constructor(
    readonly reason: string,
    /** Reading resumes here (the next entry's line), else after the entry's own braces. */
    readonly resumeAt?: number,
    /** Over a size bound, not a syntax error: an @string over it stays undefined and the file goes on. */
    readonly bound = false,
    /** The entry's citation key, when it was read before the error. */
    readonly key?: string,
  ) {
    super(reason);
  }
}

/** Offsets of line starts, for line numbers of positions found while reading. */
class Lines {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  /** 1-based line and column of an offset. */
  at(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (this.starts[lo] ?? 0) + 1 };
  }
}

/** `@`, optional space, a type word, optional space and `{` or `(`: the start of an entry at `i`. */
function entryHead(text: string, i: number): { type: string; open: number; after: number } | undefined {
  if (text.charCodeAt(i) !== AT) return undefined;
  let j = i + 1;
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  const typeStart = j;
  while (j < text.length && (isLetter(text.charCodeAt(j)) || (j > typeStart && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 95 || text.charCodeAt(j) === 45)))) j++;
  if (j === typeStart) return undefined;
  const type = text.slice(typeStart, j).toLowerCase();
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  const open = text.charCodeAt(j);
  return open === LBRACE || open === LPAREN ? { type, open, after: j + 1 } : undefined;
}

/** Whether the line starting at `i` starts an entry (white space, then `@type{`). */
function lineStartsEntry(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
  return entryHead(text, j) !== undefined;
}

export function readBibtex(text: string): BibFile {
  return new BibReader(text).read();
}

interface ValueParts {
  parts: string[];
  length: number;
  macros: boolean;
  field: string;
}

class BibReader {
  private i = 0;
  private readonly lines: Lines;
  private readonly macros = new Map<string, string>();
  private expanded = 0;
  private readonly budget: number;
  private readonly entries: BibEntry[] = [];
  private readonly problems: BibProblem[] = [];
  private sawEntry = false;

  constructor(private readonly text: string) {
    this.lines = new Lines(text);
    this.budget = BIBTEX_LIMITS.expansionBudget + 2 * text.length;
  }

  read(): BibFile {
    const { text } = this;
    let commentFrom = 0;
    let lineStart = true;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === NEWLINE) {
        lineStart = true;
        this.i++;
        continue;
      }
      if (lineStart && (c === 32 || c === 9)) {
        this.i++;
        continue;
      }
      if (lineStart && c === PERCENT) {
        // A comment line: skipped whole, so an `@` in it starts nothing.
        const end = text.indexOf("\n", this.i);
        this.i = end < 0 ? text.length : end;
        continue;
      }
      lineStart = false;
      const head = c === AT ? entryHead(text, this.i) : undefined;
      if (!head) {
        this.i++;
        continue;
      }
      this.sawEntry = true;
      const start = this.i;
      const preceding = text.slice(Math.max(commentFrom, start - 2000), start);
      this.entry(start, head, preceding);
      commentFrom = this.i;
      lineStart = false;
    }
    return { entries: this.entries, problems: this.problems, sawEntry: this.sawEntry };
  }

  private where(offset: number): string {
    const { line, col } = this.lines.at(offset);
    return `line ${line} col ${col}`;
  }

  private entry(start: number, head: { type: string; open: number; after: number }, preceding: string): void {
    const close = head.open === LBRACE ? RBRACE : RPAREN;
    const line = this.lines.at(start).line;
    this.i = head.after;
    let key: string | undefined;
    try {
      if (head.type === "comment") {
        this.skipBalanced(start, close);
        return;
      }
      if (head.type === "preamble") {
        this.skipSpace();
        this.value(start);
        this.skipSpace();
        this.expect(close, "the end of the @preamble");
        return;
      }
      if (head.type === "string") {
        this.stringDefinition(start, close, line);
        return;
      }
      key = this.citationKey(close);
      const fields = new Map<string, string>();
      const warnings: string[] = [];
      this.fields(start, close, fields, warnings);
      if (key === "") warnings.push("entry has no citation key: its fields start right after the brace");
      this.entries.push({ type: head.type, key, fields, line, start, end: this.i, preceding, warnings });
    } catch (err) {
      if (!(err instanceof Malformed)) throw err;
      key ??= err.key;
      this.problems.push(Object.assign({ line }, key ? { key } : {}, { reason: `malformed entry: ${err.reason}` }));
      this.resume(start, close, err.resumeAt);
    }
  }

  /** After a malformed entry: at the next entry's line if one was met, else past its closing delimiter. */
  private resume(start: number, close: number, resumeAt: number | undefined): void {
    if (resumeAt !== undefined) {
      this.i = resumeAt;
      return;
    }
    try {
      this.skipBalanced(start, close);
    } catch (err) {
      if (!(err instanceof Malformed)) throw err;
      this.i = err.resumeAt ?? this.text.length;
    }
  }

  /** Skips to just past the entry's closing delimiter, counting braces; stops at the next entry's line. */
  private skipBalanced(start: number, close: number): void {
    const { text } = this;
    let depth = 0;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === NEWLINE && lineStartsEntry(text, this.i + 1)) throw new Malformed(`not closed before the next entry (${this.where(this.i + 1)})`, this.i + 1);
      this.i++;
      if (c === LBRACE) depth++;
      else if (c === RBRACE && depth > 0) depth--;
      else if (c === close && depth === 0) return;
    }
    throw new Malformed(`the entry starting at ${this.where(start)} is not closed before the end of the file`, text.length);
  }

  /** White space and `%` comments between tokens; a line that starts an entry ends the one being read. */
  private skipSpace(): void {
    const { text } = this;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === NEWLINE && lineStartsEntry(text, this.i + 1)) throw new Malformed(`not closed before the next entry (${this.where(this.i + 1)})`, this.i + 1);
      if (isSpace(c)) this.i++;
      else if (c === PERCENT) {
        const end = text.indexOf("\n", this.i);
        this.i = end < 0 ? text.length : end;
      } else break;
    }
  }

  private found(): string {
    if (this.i >= this.text.length) return "the end of the file";
    const c = this.text.charCodeAt(this.i);
    if (isNameChar(c)) {
      let j = this.i;
      while (j < this.text.length && j - this.i < 30 && isNameChar(this.text.charCodeAt(j))) j++;
      return `\`${this.text.slice(this.i, j)}\` at ${this.where(this.i)}`;
    }
    return `\`${this.text[this.i]}\` at ${this.where(this.i)}`;
  }

  private expect(code: number, what: string): void {
    if (this.text.charCodeAt(this.i) !== code) throw new Malformed(`expected ${what}, found ${this.found()}`);
    this.i++;
  }

  private name(): string {
    const from = this.i;
    while (this.i < this.text.length && isNameChar(this.text.charCodeAt(this.i))) this.i++;
    return this.text.slice(from, this.i);
  }

  private citationKey(close: number): string {
    const { text } = this;
    this.skipSpace();
    const from = this.i;
    while (this.i < text.length && isKeyChar(text.charCodeAt(this.i), close)) this.i++;
    const key = text.slice(from, this.i);
    const afterKey = this.i;
    this.skipSpace();
    const next = text.charCodeAt(this.i);
    // "@article{ author = {…}, …": no key, its fields from the start (a hand-written page's entry); read, and said.
    if (key && next === EQUALS && /^[A-Za-z][A-Za-z_-]{1,30}$/.test(key)) {
      this.i = from;
      return "";
    }
    if (!key || next === EQUALS) throw new Malformed(`entry has no citation key (${key ? `\`${key}\` is followed by \`=\`` : `found ${this.found()}`})`);
    if (next === COMMA) {
      this.i++;
      return key;
    }
    if (next === close) return key;
    this.i = afterKey;
    this.skipSpace();
    throw new Malformed(`missing comma after the citation key (found ${this.found()})`, undefined, false, key);
  }

  private fields(start: number, close: number, fields: Map<string, string>, warnings: string[]): void {
    const { text } = this;
    for (;;) {
      this.skipSpace();
      if (this.i >= text.length) throw new Malformed(`the entry starting at ${this.where(start)} is not closed before the end of the file`, text.length);
      if (text.charCodeAt(this.i) === close) {
        this.i++;
        return;
      }
      const name = this.name().toLowerCase();
      if (!name) throw new Malformed(`expected a field name or the end of the entry, found ${this.found()}`);
      this.skipSpace();
      if (text.charCodeAt(this.i) !== EQUALS) throw new Malformed(`expected \`=\` after the field name \`${name}\`, found ${this.found()}`);
      this.i++;
      this.skipSpace();
      const value = this.value(start, warnings, name);
      if (!fields.has(name)) fields.set(name, value);
      this.skipSpace();
      const c = text.charCodeAt(this.i);
      if (c === COMMA) this.i++;
      else if (c !== close) throw new Malformed(`expected a comma or the end of the entry after the \`${name}\` field, found ${this.found()}`);
    }
  }

  private stringDefinition(start: number, close: number, line: number): void {
    this.skipSpace();
    const name = this.name().toLowerCase();
    if (!name) throw new Malformed(`expected a macro name in the @string, found ${this.found()}`);
    this.skipSpace();
    this.expect(EQUALS, `\`=\` after the @string name \`${name}\``);
    this.skipSpace();
    const warnings: string[] = [];
    let value: string;
    try {
      value = this.value(start, warnings, `@string ${name}`);
    } catch (err) {
      if (err instanceof Malformed && err.bound) {
        // Over a bound: this macro stays undefined, and the file goes on.
        this.problems.push({ line, key: name, reason: err.reason });
        this.resume(start, close, err.resumeAt);
        return;
      }
      throw err;
    }
    this.skipSpace();
    this.expect(close, `the end of the @string \`${name}\``);
    this.macros.set(name, value);
  }

  /** A value: parts joined by `#`, each braced, quoted, a number or a macro, expanded within the bounds. */
  private value(start: number, warnings: string[] = [], field = "value"): string {
    const value: ValueParts = { parts: [], length: 0, macros: false, field };
    for (;;) {
      const c = this.text.charCodeAt(this.i);
      if (c === LBRACE) this.add(value, this.braced(start), false);
      else if (c === QUOTE) this.add(value, this.quoted(start), false);
      else if (isDigit(c)) {
        const from = this.i;
        while (this.i < this.text.length && isDigit(this.text.charCodeAt(this.i))) this.i++;
        this.add(value, this.text.slice(from, this.i), false);
      } else if (isNameChar(c)) {
        const macro = this.name().toLowerCase();
        const known = this.macros.get(macro) ?? MONTHS[macro];
        if (known === undefined) warnings.push(`the \`${field}\` field uses @string \`${macro}\`, which the file does not define`);
        else this.add(value, known, this.macros.has(macro));
      } else throw new Malformed(`expected a value (in braces, in quotes, a number or a @string name), found ${this.found()}`);
      this.skipSpace();
      if (this.text.charCodeAt(this.i) !== HASH) break;
      this.i++;
      this.skipSpace();
    }
    return value.parts.length === 1 ? (value.parts[0] ?? "") : value.parts.join("");
  }

  /** One part of a value, its length checked before it is kept: expansion is refused as it happens. */
  private add(value: ValueParts, part: string, fromMacro: boolean): void {
    value.length += part.length;
    value.macros ||= fromMacro;
    if (value.length > BIBTEX_LIMITS.maxValueChars) {
      const what = value.field.startsWith("@string") ? `\`${value.field}\`` : `the \`${value.field}\` field`;
      const max = BIBTEX_LIMITS.maxValueChars.toLocaleString("en");
      throw new Malformed(value.macros ? `@string expansion: ${what} would hold more than ${max} characters` : `${what} holds more than ${max} characters`, undefined, true);
    }
    if (fromMacro) {
      this.expanded += part.length;
      if (this.expanded > this.budget) throw new Malformed(`@string expansion: the file's macros would expand to more than ${this.budget.toLocaleString("en")} characters`, undefined, true);
    }
    value.parts.push(part);
  }

  /** `{…}` with its braces balanced; the text inside. */
  private braced(start: number): string {
    const { text } = this;
    const from = this.i;
    let depth = 0;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === LBRACE) depth++;
      else if (c === RBRACE) {
        depth--;
        if (depth === 0) {
          this.i++;
          return text.slice(from + 1, this.i - 1);
        }
      } else if (c === NEWLINE && lineStartsEntry(text, this.i + 1)) {
        throw new Malformed(`a brace opened at ${this.where(from)} is not closed before the next entry (${this.where(this.i + 1)})`, this.i + 1);
      }
      this.i++;
    }
    throw new Malformed(`a brace opened at ${this.where(from)} is not closed before the end of the file (the entry starts at ${this.where(start)})`, text.length);
  }

  /** `"…"`, ending at a quote outside braces; the text inside. */
  private quoted(start: number): string {
    const { text } = this;
    const from = this.i;
    this.i++;
    let depth = 0;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === LBRACE) depth++;
      else if (c === RBRACE && depth > 0) depth--;
      else if (c === QUOTE && depth === 0) {
        this.i++;
        return text.slice(from + 1, this.i - 1);
      } else if (c === NEWLINE && lineStartsEntry(text, this.i + 1)) {
        throw new Malformed(`a quote opened at ${this.where(from)} is not closed before the next entry (${this.where(this.i + 1)})`, this.i + 1);
      }
      this.i++;
    }
    throw new Malformed(`a quote opened at ${this.where(from)} is not closed before the end of the file (the entry starts at ${this.where(start)})`, text.length);
  }
}
