/**
 * `lineage import openalex`: OpenAlex works saved as JSON (a work, a list, a `results` page, JSON
 * Lines) or as recorded exchanges, to pages, each reference resolved against every work of the
 * import. Every work is read by type (openalex-record.ts) where it is; a bad one is reported with
 * its file and position, and the rest kept.
 */
import { recordsIn, type Located } from "./json-values.ts";
import { openAlexId, openAlexPage, openAlexRef, type OpenAlexWork } from "./openalex.ts";
import { openAlexWorkOf } from "./openalex-record.ts";
import { emptyResult, KeyAllocator, makeRecord, mergeResults, problemAt, pushAll, sourceName, type RecordNaming, type SourceResult } from "./source-record.ts";
import { readStructured, type SourceFile } from "./structured-file.ts";

/**
 * A document's OpenAlex works; a value in a work's place that is not one is reported where it is.
 * A recorded exchange's body that holds no work at all (another API's answer) is only counted.
 */
function worksOf(path: string, doc: Located, result: SourceResult, bodyOfExchange: boolean): { works: OpenAlexWork[]; none: boolean } {
  const { records, problems } = recordsIn(doc, "results");
  const works: OpenAlexWork[] = [];
  const rejected = problems.map((p) => problemAt(path, p, p.reason));
  const notWorks: typeof rejected = [];
  for (const record of records) {
    if (record.value === null) continue;
    const read = openAlexWorkOf(record.value);
    if ("work" in read) works.push(read.work);
    else (read.notAWork ? notWorks : rejected).push(problemAt(path, record, read.reason));
  }
  const foreign = bodyOfExchange && works.length === 0;
  pushAll(result.problems, rejected);
  if (!foreign) pushAll(result.problems, notWorks);
  return { works, none: works.length === 0 && rejected.length === 0 && (foreign || notWorks.length === 0) };
}

export function importOpenAlex(files: readonly SourceFile[], name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const perFile: { path: string; works: OpenAlexWork[] }[] = [];
  for (const file of files) {
    const problemsBefore = result.problems.length;
    const { values, exchanges } = readStructured(file, result);
    const works: OpenAlexWork[] = [];
    for (const v of values) pushAll(works, worksOf(file.path, Object.assign({ value: v.value, at: "$" }, v.line !== undefined ? { line: v.line } : {}), result, false).works);
    let ignored = 0;
    for (const e of exchanges) {
      let body: unknown;
      try {
        body = e.status === 200 ? JSON.parse(e.body) : undefined;
      } catch {
        body = undefined;
      }
      const found = body === undefined ? { works: [], none: true } : worksOf(file.path, { value: body, at: `interaction ${e.index ?? "?"}, $` }, result, true);
      if (found.none) ignored++;
      pushAll(works, found.works);
    }
    if (ignored > 0) result.warnings.push({ path: file.path, warning: `ignored ${ignored} recorded exchange(s) that hold no OpenAlex works` });
    if (works.length === 0 && result.problems.length === problemsBefore) {
      result.problems.push({ path: file.path, reason: "no OpenAlex work objects (an `id` like https://openalex.org/W…)" });
    }
    perFile.push({ path: file.path, works });
  }
  return mergeResults(
    result,
    openAlexRecords(perFile, [], (path, key) => name("openalex", path, key)),
  );
}

/** Pages for works, each reference resolved against every work of the import. */
export function openAlexRecords(
  perFile: readonly { path: string; works: readonly OpenAlexWork[] }[],
  extra: readonly OpenAlexWork[] = [],
  name: (path: string, key: string) => string = (path, key) => sourceName("openalex", path, key),
): SourceResult {
  const result = emptyResult();
  const byId = new Map<string, OpenAlexWork>();
  for (const w of [perFile.map((f) => f.works), [extra]].flat(2)) {
    const id = openAlexId(w.id);
    if (id && !byId.has(id)) byId.set(id, w);
  }
  const resolve = (id: string) => {
    const w = byId.get(id);
    return w ? openAlexRef(w) : undefined;
  };
  for (const f of perFile) {
    const keys = new KeyAllocator();
    for (const work of f.works) {
      const made = openAlexPage(work, resolve);
      if ("reason" in made) {
        result.problems.push({ path: f.path, reason: made.reason });
        continue;
      }
      result.records.push(makeRecord(name(f.path, keys.take(openAlexId(work.id) ?? "work")), made.page));
    }
  }
  return result;
}
