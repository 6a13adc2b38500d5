/**
 * `lineage import FORMAT`'s core: files' bytes in, pages out, one problem per record or file that
 * could not be read. Pure: the caller reads the files. Files of one import are read together, so
 * that an S2 list finds its paper and an OpenAlex reference finds its work in another file.
 */
import type { SourceFormat } from "../types.ts";
import { parseBibtex } from "./bibtex.ts";
import { parseRis } from "./ris.ts";
import { aanFileKind, aanRecords, type AanFile } from "./aan-import.ts";
import { looksLikeCassette, parseCassette, type Exchange } from "./cassette.ts";
import { isObject, readJsonValues } from "./json-values.ts";
import { isS2Edge, s2Key, s2Page, type S2Bundle, type S2Paper } from "./s2.ts";
import { isS2Exchange, s2Bundles } from "./s2-exchanges.ts";
import { openAlexId, openAlexPage, openAlexRef, worksIn, type OpenAlexWork } from "./openalex.ts";
import { emptyResult, KeyAllocator, makeRecord, mergeResults, sourceName, type SourceResult } from "./source-record.ts";

export const SOURCE_FORMATS: readonly SourceFormat[] = ["s2", "openalex", "bibtex", "ris", "aan"];

export interface SourceFile {
  path: string;
  bytes: Uint8Array;
}

function text(file: SourceFile): string {
  return new TextDecoder("utf-8").decode(file.bytes);
}

export function importSources(format: SourceFormat, files: readonly SourceFile[]): SourceResult {
  switch (format) {
    case "bibtex":
      return files.reduce((r, f) => mergeResults(r, parseBibtex(text(f), f.path)), emptyResult());
    case "ris":
      return files.reduce((r, f) => mergeResults(r, parseRis(text(f), f.path)), emptyResult());
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

/** JSON values or recorded exchanges of one file. */
function readStructured(file: SourceFile, result: SourceResult): { values: unknown[]; exchanges: Exchange[] } {
  const body = text(file);
  if (looksLikeCassette(body)) {
    const parsed = parseCassette(body);
    if ("reason" in parsed) {
      result.problems.push({ path: file.path, reason: parsed.reason });
      return { values: [], exchanges: [] };
    }
    return { values: [], exchanges: parsed.exchanges };
  }
  const { values, problems } = readJsonValues(body);
  for (const p of problems) result.problems.push({ path: file.path, ...(p.line ? { line: p.line } : {}), reason: p.reason });
  return { values: values.map((v) => v.value), exchanges: [] };
}

function importS2(files: readonly SourceFile[]): SourceResult {
  const result = emptyResult();
  const perFile: { path: string; bundles: S2Bundle[]; exchanges: Exchange[] }[] = [];
  const known: S2Paper[] = [];
  for (const file of files) {
    const { values, exchanges } = readStructured(file, result);
    const bundles: S2Bundle[] = [];
    const others = exchanges.filter((e) => !isS2Exchange(e)).length;
    if (others > 0) result.warnings.push({ path: file.path, warning: `ignored ${others} recorded exchange(s) that are not Semantic Scholar paper requests` });
    for (const value of values) {
      const found = s2BundlesOfJson(value);
      if ("reason" in found) result.problems.push({ path: file.path, reason: found.reason });
      else bundles.push(...found.bundles);
    }
    for (const b of bundles) if (b.paper) known.push(b.paper);
    if (values.length === 0 && exchanges.length === 0 && !result.problems.some((p) => p.path === file.path)) {
      result.problems.push({ path: file.path, reason: "empty: no Semantic Scholar objects" });
    }
    perFile.push({ path: file.path, bundles, exchanges: exchanges.filter(isS2Exchange) });
  }
  for (const f of perFile) {
    const { bundles, notes } = s2Bundles(f.exchanges, known);
    for (const n of notes) result.warnings.push({ path: f.path, warning: n });
    const keys = new KeyAllocator();
    for (const bundle of [...f.bundles, ...bundles]) {
      const made = s2Page(bundle);
      if ("reason" in made) {
        result.problems.push({ path: f.path, ...(bundle.id ? { key: bundle.id } : {}), reason: made.reason });
        continue;
      }
      result.records.push(makeRecord(sourceName("s2", f.path, keys.take(s2Key(bundle))), made.page));
    }
    if (f.exchanges.length > 0 && bundles.length === 0) result.problems.push({ path: f.path, reason: "the recorded exchanges hold no usable Semantic Scholar response" });
  }
  return result;
}

/** How deep S2 responses nest lists: a batch of search results is three levels. */
const MAX_S2_NESTING = 16;

/** A saved S2 response: a paper, a list of papers (a batch), search results, or one citation edge. */
export function s2BundlesOfJson(value: unknown, depth = 0): { bundles: S2Bundle[] } | { reason: string } {
  // Hostile JSON can nest thousands of levels (found by test/resilience/adapter-fuzz.test.ts).
  if (depth > MAX_S2_NESTING) return { reason: `lists nested more than ${MAX_S2_NESTING} deep: not a Semantic Scholar response` };
  if (Array.isArray(value)) {
    const bundles: S2Bundle[] = [];
    let nulls = 0;
    for (const v of value) {
      if (v === null) nulls++;
      else {
        const inner = s2BundlesOfJson(v, depth + 1);
        if ("bundles" in inner) bundles.push(...inner.bundles);
      }
    }
    if (bundles.length === 0) return { reason: nulls > 0 ? "a batch response with no papers found" : "no Semantic Scholar paper objects" };
    return { bundles };
  }
  if (!isObject(value)) return { reason: "not a Semantic Scholar object" };
  if (Array.isArray(value.data)) {
    if (value.data.some(isS2Edge)) {
      return { reason: "one page of a reference or citation list, without the paper it belongs to: import the recorded exchanges (cassette) or use `lineage fetch s2 ID`" };
    }
    return s2BundlesOfJson(value.data, depth + 1);
  }
  if (isS2Edge(value)) {
    const paper = value.citedPaper ?? value.citingPaper;
    if (!paper) return { reason: "a citation edge with no paper" };
    const side = value.citedPaper ? "cited" : "citing";
    return { bundles: [{ paper, warnings: [`a single ${side} paper from a citation list, without the paper on the other side: imported alone`] }] };
  }
  if ("paperId" in value || "title" in value || "externalIds" in value) return { bundles: [{ paper: value as S2Paper, warnings: [] }] };
  return { reason: "not a Semantic Scholar paper object (no paperId, title or externalIds)" };
}

function importOpenAlex(files: readonly SourceFile[]): SourceResult {
  const result = emptyResult();
  const perFile: { path: string; works: OpenAlexWork[] }[] = [];
  for (const file of files) {
    const { values, exchanges } = readStructured(file, result);
    const works: OpenAlexWork[] = values.flatMap(worksIn);
    let ignored = 0;
    for (const e of exchanges) {
      let body: unknown;
      try {
        body = e.status === 200 ? JSON.parse(e.body) : undefined;
      } catch {
        body = undefined;
      }
      const found = worksIn(body);
      if (found.length === 0) ignored++;
      works.push(...found);
    }
    if (ignored > 0) result.warnings.push({ path: file.path, warning: `ignored ${ignored} recorded exchange(s) that hold no OpenAlex works` });
    if (works.length === 0 && !result.problems.some((p) => p.path === file.path)) {
      result.problems.push({ path: file.path, reason: "no OpenAlex work objects (an `id` like https://openalex.org/W…)" });
    }
    perFile.push({ path: file.path, works });
  }
  return mergeResults(result, openAlexRecords(perFile));
}

/** Pages for works, each reference resolved against every work of the import. */
export function openAlexRecords(
  perFile: readonly { path: string; works: readonly OpenAlexWork[] }[],
  extra: readonly OpenAlexWork[] = [],
  name: (path: string, key: string) => string = (path, key) => sourceName("openalex", path, key),
): SourceResult {
  const result = emptyResult();
  const byId = new Map<string, OpenAlexWork>();
  for (const w of [...perFile.flatMap((f) => f.works), ...extra]) {
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
