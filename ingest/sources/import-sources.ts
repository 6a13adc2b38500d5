/**
 * `lineage import FORMAT`'s core: files' bytes in, pages out, one problem per record or file that
 * could not be read. Pure: the caller reads the files. Files of one import are read together, so
 * that an S2 list finds its paper and an OpenAlex reference finds its work in another file.
 */
import type { SourceFormat } from "../types.ts";
import { parseBibtex } from "./bibtex.ts";
import { parseRis } from "./ris.ts";
import { aanFileKind, aanRecords, type AanFile } from "./aan-import.ts";
import { importOpenAlex } from "./openalex-import.ts";
import { importS2 } from "./s2-import.ts";
import { emptyResult, mergeResults, type SourceResult } from "./source-record.ts";
import { fileText, type SourceFile } from "./structured-file.ts";

export { openAlexRecords } from "./openalex-import.ts";
export type { SourceFile } from "./structured-file.ts";

export const SOURCE_FORMATS: readonly SourceFormat[] = ["s2", "openalex", "bibtex", "ris", "aan"];

export function importSources(format: SourceFormat, files: readonly SourceFile[]): SourceResult {
  switch (format) {
    case "bibtex":
      return files.reduce((r, f) => mergeResults(r, parseBibtex(fileText(f), f.path)), emptyResult());
    case "ris":
      return files.reduce((r, f) => mergeResults(r, parseRis(fileText(f), f.path)), emptyResult());
    case "aan":
      return importAan(files);
    case "s2":
      return importS2(files);
    case "openalex":
      return importOpenAlex(files);
  }
}

function importAan(files: readonly SourceFile[]): SourceResult {
  const result = emptyResult();
  const kinds: { metadata?: AanFile; citations?: AanFile } = {};
  for (const f of files) {
    const kind = aanFileKind(f.bytes);
    if (!kind) result.problems.push({ path: f.path, reason: "not an AAN file: expected `id = {…}` records (acl-metadata.txt) or `CITING , CITED` lines (acl.txt)" });
    else if (kinds[kind]) result.problems.push({ path: f.path, reason: `a second AAN ${kind} file; import one release at a time` });
    else kinds[kind] = f;
  }
  if (!kinds.metadata && !kinds.citations) return result;
  return mergeResults(result, aanRecords(kinds));
}
