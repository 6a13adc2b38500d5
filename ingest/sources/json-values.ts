/**
 * Reading the JSON a structured source was saved as: one document (an object or an array), or
 * JSON Lines (one document per line, as bulk exports come); and finding the records in a
 * document, each with its position (`$.results[3]`, or line 7 of JSON Lines) so that a bad one is
 * reported where it is and the rest are kept. Pure.
 */
import { isObject } from "./json-reader.ts";

export { isObject } from "./json-reader.ts";

export interface JsonValue {
  value: unknown;
  /** Line of a JSON Lines document; undefined for a whole-file document. */
  line?: number;
}

export function readJsonValues(text: string): { values: JsonValue[]; problems: { line?: number; reason: string }[] } {
  const body = text.replace(/^\uFEFF/, "");
  try {
    return { values: [{ value: JSON.parse(body) }], problems: [] };
  } catch (whole) {
    const lines = body.split(/\r?\n/);
    const nonEmpty = lines.filter((l) => l.trim());
    if (nonEmpty.length < 2 || !nonEmpty.every((l) => /^\s*[[{]/.test(l))) {
      return { values: [], problems: [{ reason: `not JSON (${(whole as Error).message})` }] };
    }
    const values: JsonValue[] = [];
    const problems: { line?: number; reason: string }[] = [];
    lines.forEach((l, i) => {
      if (!l.trim()) return;
      try {
        values.push({ value: JSON.parse(l), line: i + 1 });
      } catch (err) {
        problems.push({ line: i + 1, reason: `line ${i + 1}: not JSON (${(err as Error).message})` });
      }
    });
    return { values, problems };
  }
}

/**
 * A value and where it is: its JSON path in its document (`$` is the document itself, and a
 * recorded exchange's body is `interaction 4, $`), and the line of a JSON Lines document.
 */
export interface Located {
  value: unknown;
  at: string;
  line?: number;
}

/** Where a located value is, as a problem's `at` field: the JSON path, or the exchange alone for its body. */
export function atOf(loc: { at: string }): string {
  return loc.at.replace(/, \$$/, "");
}

/** Where a located value is, said first in a problem's reason: `line 7`, `$.results[3]`, `interaction 2`. */
export function positionOf(loc: { at: string; line?: number }): string {
  if (loc.line === undefined) return atOf(loc);
  return loc.at === "$" ? `line ${loc.line}` : `line ${loc.line}, ${loc.at}`;
}

/** Lists of records inside lists: a batch of API pages is two; more is not a source's layout. */
const MAX_LIST_LEVELS = 3;

/**
 * The records of a document: the document itself, the items of a list, or the items of the
 * `listKey` list of an object (an API's page of results), through at most MAX_LIST_LEVELS lists.
 * Each item is a record of its own, measured and read alone by its importer, so one nested 40
 * levels deep is refused where it is and its neighbours are kept; a list deeper than
 * MAX_LIST_LEVELS is refused as one item, where the nesting starts. No recursion: a document
 * nested 20,000 levels deep is walked three levels down, never further. Nulls in a list are
 * counted (`nulls`), not returned.
 */
export function recordsIn(doc: Located, listKey: string): { records: Located[]; problems: (Located & { reason: string })[]; nulls: number } {
  const records: Located[] = [];
  let nulls = 0;
  const problems: (Located & { reason: string })[] = [];
  const stack: (Located & { level: number })[] = [Object.assign({}, doc, { level: 0 })];
  const located = (at: string, value: unknown): Located => Object.assign({ value, at }, doc.line !== undefined ? { line: doc.line } : {});
  while (stack.length > 0) {
    const item = stack.pop() as Located & { level: number };
    const { value, at, level } = item;
    const list = Array.isArray(value) ? value : isObject(value) && Object.hasOwn(value, listKey) && Array.isArray(value[listKey]) ? (value[listKey] as unknown[]) : undefined;
    if (!list) {
      records.push(located(at, value));
      continue;
    }
    const listAt = Array.isArray(value) ? at : `${at}.${listKey}`;
    if (level >= MAX_LIST_LEVELS) {
      problems.push(Object.assign(located(listAt, list), { reason: `a list where a record was expected, inside lists nested more than ${MAX_LIST_LEVELS} deep` }));
      continue;
    }
    for (let i = list.length - 1; i >= 0; i--) {
      // A null in a record's place (a batch's paper not found) is counted, not kept: a list of ten
      // million nulls costs a count, not ten million positions.
      if (list[i] === null) nulls++;
      else stack.push(Object.assign(located(`${listAt}[${i}]`, list[i]), { level: level + 1 }));
    }
  }
  return { records, problems, nulls };
}
