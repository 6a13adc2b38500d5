/**
 * `lineage import s2`: Semantic Scholar responses saved as JSON (a paper, a batch, search results,
 * a single citation edge) or as recorded exchanges, to pages. Every record is read by type
 * (s2-record.ts) where it is; a bad one is reported with its file and position, and the rest kept.
 * The files of one import are read together, so that a list finds its paper in another file.
 */
import { found } from "./json-reader.ts";
import { atOf, isObject, recordsIn, type JsonValue, type Located } from "./json-values.ts";
import { isS2Edge, s2Key, s2Page, type S2Bundle, type S2Paper } from "./s2.ts";
import { s2PaperOf } from "./s2-record.ts";
import { isS2Exchange, s2Bundles } from "./s2-exchanges.ts";
import { emptyResult, KeyAllocator, makeRecord, problemAt, pushAll, sourceName, type RecordNaming, type SourceResult } from "./source-record.ts";
import { readStructured, type SourceFile } from "./structured-file.ts";
import type { Exchange } from "./cassette.ts";

/** A JSON document's S2 papers, each with its position; a value that is none is reported where it is. */
function s2BundlesIn(path: string, doc: JsonValue, result: SourceResult): S2Bundle[] {
  const loc: Located = Object.assign({ value: doc.value, at: "$" }, doc.line !== undefined ? { line: doc.line } : {});
  if (isObject(doc.value) && Array.isArray(doc.value.data) && doc.value.data.some(isS2Edge)) {
    result.problems.push(problemAt(path, loc, "one page of a reference or citation list, without the paper it belongs to: import the recorded exchanges (cassette) or use `lineage fetch s2 ID`"));
    return [];
  }
  const { records, problems, nulls } = recordsIn(loc, "data");
  for (const p of problems) result.problems.push(problemAt(path, p, p.reason));
  const bundles: S2Bundle[] = [];
  for (const record of records) {
    const where = Object.assign({ at: atOf(record) }, record.line !== undefined ? { line: record.line } : {});
    const reject = (reason: string) => result.problems.push(problemAt(path, record, reason));
    if (isS2Edge(record.value)) {
      const edge = record.value as Record<string, unknown>;
      const side = edge.citedPaper ? "cited" : "citing";
      const paper = edge.citedPaper ?? edge.citingPaper;
      if (!paper) reject("a citation edge with no paper");
      else {
        const read = s2PaperOf(paper);
        if ("reason" in read) reject(`${side}Paper: ${read.reason}`);
        else bundles.push(Object.assign({ paper: read.paper, warnings: [`a single ${side} paper from a citation list, without the paper on the other side: imported alone`] }, where));
      }
    } else if (isObject(record.value) && ["paperId", "title", "externalIds"].some((k) => Object.hasOwn(record.value as object, k))) {
      const read = s2PaperOf(record.value);
      if ("reason" in read) reject(read.reason);
      else bundles.push(Object.assign({ paper: read.paper, warnings: [] }, where));
    } else {
      reject(isObject(record.value) ? "not a Semantic Scholar paper object (no paperId, title or externalIds)" : `expected a Semantic Scholar paper object, found ${found(record.value)}`);
    }
  }
  if (bundles.length === 0 && records.length === 0 && nulls > 0) {
    result.problems.push(problemAt(path, loc, "a batch response with no papers found"));
  } else if (records.length === 0 && problems.length === 0 && nulls === 0) {
    result.problems.push(problemAt(path, loc, "no Semantic Scholar paper objects"));
  }
  return bundles;
}

export function importS2(files: readonly SourceFile[], name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const perFile: { path: string; bundles: S2Bundle[]; exchanges: Exchange[] }[] = [];
  const known: S2Paper[] = [];
  for (const file of files) {
    const problemsBefore = result.problems.length;
    const { values, exchanges } = readStructured(file, result);
    const bundles: S2Bundle[] = [];
    const others = exchanges.filter((e) => !isS2Exchange(e)).length;
    if (others > 0) result.warnings.push({ path: file.path, warning: `ignored ${others} recorded exchange(s) that are not Semantic Scholar paper requests` });
    for (const value of values) pushAll(bundles, s2BundlesIn(file.path, value, result));
    for (const b of bundles) if (b.paper) known.push(b.paper);
    if (values.length === 0 && exchanges.length === 0 && result.problems.length === problemsBefore) {
      result.problems.push({ path: file.path, reason: "empty: no Semantic Scholar objects" });
    }
    perFile.push({ path: file.path, bundles, exchanges: exchanges.filter(isS2Exchange) });
  }
  for (const f of perFile) {
    const { bundles, notes, problems } = s2Bundles(f.exchanges, known);
    for (const n of notes) result.warnings.push({ path: f.path, warning: n });
    for (const p of problems) result.problems.push(problemAt(f.path, { at: p.at }, p.reason));
    const keys = new KeyAllocator();
    for (const bundle of [f.bundles, bundles].flat()) {
      const made = s2Page(bundle);
      if ("reason" in made) {
        result.problems.push(
          Object.assign({ path: f.path }, bundle.line !== undefined ? { line: bundle.line } : {}, bundle.id ? { key: bundle.id } : {}, bundle.at ? { at: bundle.at } : {}, { reason: made.reason }),
        );
        continue;
      }
      result.records.push(makeRecord(name("s2", f.path, keys.take(s2Key(bundle))), made.page));
    }
    if (f.exchanges.length > 0 && bundles.length === 0 && problems.length === 0) {
      result.problems.push({ path: f.path, reason: "the recorded exchanges hold no usable Semantic Scholar response" });
    }
  }
  return result;
}
