/**
 * `lineage import` as functions: structured sources (Semantic Scholar and OpenAlex responses,
 * BibTeX, RIS, the ACL Anthology Network release) read from files and folders and stored in one
 * batch (library/page-writes.ts: the graph's layout and traversal index computed before the
 * write, and stored with it in one short transaction).
 * Each record becomes a page named `FORMAT:FILE#KEY`; malformed records are reported with their
 * line or key and the rest kept. `writeRecords` also stores what `lineage fetch` brought.
 */
import { statSync } from "node:fs";
import { extname, resolve } from "node:path";
import type { BatchResult } from "../db/lineage-db.ts";
import { expandPaths, readPageFile } from "../ingest/files.ts";
import { importSources, SOURCE_FORMATS, type SourceFile } from "../ingest/sources/import-sources.ts";
import { mergeResults, type SourceProblem, type SourceRecord, type SourceResult } from "../ingest/sources/source-record.ts";
import type { SourceFormat } from "../vocabulary/paper-page.ts";
import { openWriter } from "../db/store.ts";
import { writePages } from "./page-writes.ts";
import { NO_PROGRESS, type ProgressListener } from "./progress.ts";

/** Exports are bigger than pages: the AAN metadata is 4 MB, an S2 dump can be hundreds. */
export const IMPORT_MAX_BYTES = 1024 * 1024 * 1024;

export interface ImportReport {
  format: SourceFormat;
  records: { imported: number; new: number; updated: number; unchanged: number; failed: number };
  papers: number;
  edges: number;
  /** Citations of a paper by itself, dropped when the graph was rebuilt (undefined if it was not). */
  selfCitationsDropped?: number;
  warnings: { path: string; warning: string }[];
  errors: SourceProblem[];
}

export function isSourceFormat(s: string | undefined): s is SourceFormat {
  return SOURCE_FORMATS.includes(s as SourceFormat);
}

/** File name endings each format is looked for under in a folder (named files are always read). */
const EXTENSIONS: Record<SourceFormat, string[]> = {
  s2: [".json", ".jsonl", ".yaml", ".yml"],
  openalex: [".json", ".jsonl", ".yaml", ".yml"],
  bibtex: [".bib", ".bibtex"],
  ris: [".ris", ".txt"],
  aan: [".txt"],
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function importPaths(database: string, format: SourceFormat, paths: string[], maxBytes = IMPORT_MAX_BYTES, progress: ProgressListener = NO_PROGRESS): ImportReport {
  const { files, problems } = expandPaths(paths);
  const result: SourceResult = { records: [], problems: problems.map((p) => ({ path: p.path, reason: p.reason })), warnings: [] };
  const named = new Set(paths.filter(isFile).map((p) => resolve(p)));
  const read: SourceFile[] = [];
  const passedOver: string[] = [];
  for (const path of files) {
    if (!named.has(path) && !EXTENSIONS[format].includes(extname(path).toLowerCase())) {
      passedOver.push(path);
      continue;
    }
    const r = readPageFile(path, maxBytes);
    if (r.ok) read.push({ path, bytes: r.bytes });
    else result.problems.push({ path, reason: r.reason });
  }
  if (passedOver.length > 0) {
    result.warnings.push({ path: passedOver[0] ?? "", warning: `passed over ${passedOver.length} file(s) in the folders whose names do not end in ${EXTENSIONS[format].join(", ")}` });
  }
  progress({ step: "read", done: 0, total: read.length, label: `reading ${read.length.toLocaleString("en-US")} ${format} files` });
  // Merged item by item: a spread of 200,000 records overflows the stack.
  mergeResults(result, importSources(format, read));
  return writeRecords(database, format, result, progress);
}

/** Stores parsed records in one batch (one graph rebuild) and reports like `lineage ingest`. */
export function writeRecords(database: string, format: SourceFormat, result: SourceResult, progress: ProgressListener = NO_PROGRESS): ImportReport {
  const db = openWriter(database);
  let batch: BatchResult;
  try {
    const n = result.records.length;
    const label = `storing ${n.toLocaleString("en-US")} records`;
    progress({ step: "store", done: 0, total: n, label });
    batch = writePages(db, result.records, progress);
    progress({ step: "store", done: n, total: n, label });
    const counts = db.queries.counts();
    const errors = [...result.problems, ...batch.failures.map((f) => ({ path: f.source, reason: f.reason }))];
    const count = (status: string) => batch.statuses.filter((s) => s.status === status).length;
    return {
      format,
      records: { imported: batch.statuses.length, new: count("ingested"), updated: count("updated"), unchanged: count("unchanged"), failed: errors.length },
      papers: counts.papers,
      edges: counts.edges,
      ...(batch.graph ? { selfCitationsDropped: batch.graph.selfCitationsDropped } : {}),
      warnings: [...result.warnings, ...pageWarnings(result.records)],
      errors,
    };
  } finally {
    db.close();
  }
}

function pageWarnings(records: readonly SourceRecord[]): { path: string; warning: string }[] {
  return records.flatMap((r) => r.page.warnings.map((warning) => ({ path: r.source, warning })));
}
