/**
 * One file of a structured source as the JSON importers read it: JSON documents (one, or one per
 * line), or the exchanges of a recorded cassette; what cannot be read is a problem of the file,
 * or of the line or exchange it is on. Shared by s2-import.ts and openalex-import.ts.
 */
import { looksLikeCassette, parseCassette, type Exchange } from "./cassette.ts";
import { readJsonValues, type JsonValue } from "./json-values.ts";
import { problemAt, type SourceResult } from "./source-record.ts";

export interface SourceFile {
  path: string;
  bytes: Uint8Array;
}

export function fileText(file: SourceFile): string {
  return new TextDecoder("utf-8").decode(file.bytes);
}

/** JSON documents or recorded exchanges of one file. */
export function readStructured(file: SourceFile, result: SourceResult): { values: JsonValue[]; exchanges: Exchange[] } {
  const body = fileText(file);
  if (looksLikeCassette(body)) {
    const parsed = parseCassette(body);
    if ("reason" in parsed) {
      result.problems.push({ path: file.path, reason: parsed.reason });
      return { values: [], exchanges: [] };
    }
    for (const p of parsed.problems) result.problems.push(problemAt(file.path, { at: p.at }, p.reason));
    return { values: [], exchanges: parsed.exchanges };
  }
  const { values, problems } = readJsonValues(body);
  for (const p of problems) result.problems.push(Object.assign({ path: file.path }, p.line ? { line: p.line } : {}, { reason: p.reason }));
  return { values, exchanges: [] };
}
