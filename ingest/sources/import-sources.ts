/**
 * `lineage import FORMAT`'s core: files' bytes in, pages out, one problem per record or file that
 * could not be read. Pure: the caller reads the files. Files of one import are read together, so
 * that an S2 list finds its paper and an OpenAlex reference finds its work in another file.
 */
import type { SourceFormat } from "../../vocabulary/paper-page.ts";
import type { RecordFormat } from "../file-kind.ts";
import { parseBibtex } from "./bibtex.ts";
import { parseRis } from "./ris.ts";
import { aanFileKind, aanRecords, type AanFile } from "./aan-import.ts";
import { importOpenAlex } from "./openalex-import.ts";
import { importS2 } from "./s2-import.ts";
import { importCslJson } from "./csl-json.ts";
import { parseEndnote } from "./endnote.ts";
import { importJsonLd } from "./jsonld.ts";
import { emptyResult, mergeResults, sourceName, type RecordNaming, type SourceResult } from "./source-record.ts";
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

/**
 * `lineage ingest`'s structured files (ingest/file-kind.ts names their format from their content):
 * the files of one format read together by the importer `lineage import` uses for it, or by the
 * readers only `ingest` knows (CSL-JSON, JSON-LD, EndNote), each record named by `name`.
 */
export function importRecordFiles(format: RecordFormat, files: readonly SourceFile[], name: RecordNaming = sourceName): SourceResult {
  const each = (parse: (text: string, path: string) => SourceResult) => files.reduce((r, f) => mergeResults(r, parse(fileText(f), f.path)), emptyResult());
  switch (format) {
    case "bibtex":
      return each((text, path) => parseBibtex(text, path, name));
    case "ris":
      return each((text, path) => parseRis(text, path, name));
    case "endnote":
      return each((text, path) => parseEndnote(text, path, name));
    case "csl-json":
      return importCslJson(files, name);
    case "jsonld":
      return importJsonLd(files, name);
    case "s2":
      return importS2(files, name);
    case "openalex":
      return importOpenAlex(files, name);
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
