/**
 * CSL-JSON files (what Zotero, citation-js and pandoc export: a list of CSL items, or one) to
 * pages, one per item, through the same CSL reading BibTeX and RIS go through (csl.ts). An item
 * that cannot be one paper is reported with its position, and the rest kept. Pure.
 */
import { pageFromCsl } from "./csl.ts";
import { isObject, recordsIn } from "./json-values.ts";
import { emptyResult, KeyAllocator, makeRecord, problemAt, sourceName, titleKey, type RecordNaming, type SourceResult } from "./source-record.ts";
import { readStructured, type SourceFile } from "./structured-file.ts";

/** The item's own `id` (CSL gives text or a number), when it can name a record. */
function itemKey(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const id = value.id;
  if (typeof id === "string" && id.trim() && id.length <= 200) return id.trim();
  return typeof id === "number" && Number.isSafeInteger(id) ? String(id) : undefined;
}

export function importCslJson(files: readonly SourceFile[], name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  for (const file of files) {
    const { values } = readStructured(file, result);
    const keys = new KeyAllocator();
    for (const doc of values) {
      const { records, problems } = recordsIn(Object.assign({ value: doc.value, at: "$" }, doc.line !== undefined ? { line: doc.line } : {}), "items");
      for (const p of problems) result.problems.push(problemAt(file.path, p, p.reason));
      for (const record of records) {
        if (record.value === null) continue;
        const made = pageFromCsl("csl-json", record.value);
        if ("reason" in made) {
          result.problems.push(problemAt(file.path, record, `CSL item ${made.reason}`));
          continue;
        }
        const { paper } = made.page;
        const key = itemKey(record.value) ?? paper.ids.doi ?? paper.ids.arxiv ?? titleKey(paper.title ?? "", paper.year);
        result.records.push(makeRecord(name("csl-json", file.path, keys.take(key)), made.page));
      }
    }
  }
  return result;
}
