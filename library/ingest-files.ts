/**
 * `lineage ingest` as a function: read files and folders, parse every page, store them in one
 * batch (one graph rebuild, with the layout and traversal index derived in the same transaction),
 * and report what went in and what did not. Pages are parsed as the batch takes them, so parsed
 * pages never pile up in memory.
 */
import type { PageRecord } from "../db/page-writer.ts";
import { DEFAULT_MAX_BYTES } from "../ingest/decode.ts";
import { expandPaths, readPageFile } from "../ingest/files.ts";
import { internalErrorReason } from "../ingest/adapter-crash.ts";
import { parsePage, type ParseResult } from "../ingest/parse-page.ts";
import { openForWriting } from "./prepare.ts";
import { counted, NO_PROGRESS, type ProgressListener } from "./progress.ts";

export interface IngestReport {
  pages: { ingested: number; new: number; updated: number; unchanged: number; failed: number };
  papers: number;
  edges: number;
  warnings: { path: string; warning: string }[];
  errors: { path: string; reason: string }[];
}

export function ingestPaths(database: string, paths: string[], maxBytes = DEFAULT_MAX_BYTES, progress: ProgressListener = NO_PROGRESS): IngestReport {
  const { files, problems } = expandPaths(paths);
  const errors = problems.map((p) => ({ path: p.path, reason: p.reason }));
  const warnings: IngestReport["warnings"] = [];
  // Each page is parsed as the batch takes it, so parsed pages never pile up in memory.
  function* records(): Generator<PageRecord> {
    for (const file of files) {
      const read = readPageFile(file, maxBytes);
      if (!read.ok) {
        errors.push({ path: file, reason: read.reason });
        continue;
      }
      let parsed: ParseResult;
      try {
        parsed = parsePage(read.bytes, file, { maxBytes });
      } catch (err) {
        // A bug in an adapter, not a verdict on the file: said so, and the other files still go in.
        errors.push({ path: file, reason: internalErrorReason(err) });
        continue;
      }
      if (!parsed.ok) {
        errors.push({ path: file, reason: parsed.reason });
        continue;
      }
      for (const warning of parsed.page.warnings) warnings.push({ path: file, warning });
      yield { source: file, contentHash: parsed.contentHash, encoding: parsed.encoding, byteSize: parsed.byteSize, page: parsed.page };
    }
  }
  const db = openForWriting(database, progress);
  try {
    const batch = db.writePages(counted(records(), files.length, progress, "read", `reading ${files.length.toLocaleString("en-US")} files`, 100));
    for (const f of batch.failures) errors.push({ path: f.source, reason: f.reason });
    const count = (status: string) => batch.statuses.filter((s) => s.status === status).length;
    const counts = db.queries.counts();
    return {
      pages: { ingested: batch.statuses.length, new: count("ingested"), updated: count("updated"), unchanged: count("unchanged"), failed: errors.length },
      papers: counts.papers,
      edges: counts.edges,
      warnings,
      errors,
    };
  } finally {
    db.close();
  }
}
