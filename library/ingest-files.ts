/**
 * `lineage ingest` as a function: read files and folders, route each file by its content
 * (ingest/file-kind.ts), and store everything in one batch (one graph rebuild, its layout and
 * traversal index computed before the write and stored in it), reporting what went in and what did not.
 *
 * A page goes to the page adapters (ingest/parse-page.ts). A file of structured records (BibTeX,
 * RIS, EndNote, CSL-JSON, Semantic Scholar or OpenAlex JSON, schema.org JSON-LD) goes to the
 * importer `lineage import` uses (ingest/sources/import-sources.ts), so a user can drop a mixed
 * folder (issue 16); each record is a page named `FORMAT:PATH#KEY`. Semantic Scholar and OpenAlex
 * files are read together after the rest, as `lineage import` reads a folder, so that a list finds
 * its paper in another file. A file that is neither is refused with what it looks like. Every file
 * is read, decoded and parsed before the batch is written, so that the write (library/page-writes.ts)
 * only stores: it holds the lock for the rows, not for the parsing.
 */
import type { PageRecord } from "../db/page-writer.ts";
import { decodePage, DEFAULT_MAX_BYTES } from "../ingest/decode.ts";
import { fileKind, needsWholeText, SNIFF_BYTES, type FileKind, type RecordFormat } from "../ingest/file-kind.ts";
import { expandPaths, readPageFile } from "../ingest/files.ts";
import { internalErrorReason } from "../ingest/adapter-crash.ts";
import { parsePage, type ParseResult } from "../ingest/parse-page.ts";
import { importRecordFiles, type SourceFile } from "../ingest/sources/import-sources.ts";
import type { RecordSourceFormat, SourceResult } from "../ingest/sources/source-record.ts";
import { openWriter } from "../db/store.ts";
import { writePages } from "./page-writes.ts";
import { counted, NO_PROGRESS, type ProgressListener } from "./progress.ts";

/** A file or record that did not go in; records name their position (line, key, JSON path). */
export interface IngestError {
  path: string;
  reason: string;
  line?: number;
  key?: string;
  at?: string;
}

export interface IngestReport {
  /** Everything written: pages, and records from files of records (each one counts as a page). */
  pages: { ingested: number; new: number; updated: number; unchanged: number; failed: number };
  /** What the files were read as: pages, and per records format its files and the records they held. */
  files: { pages: number; records: Partial<Record<RecordFormat, { files: number; records: number }>> };
  papers: number;
  edges: number;
  warnings: { path: string; warning: string }[];
  errors: IngestError[];
}

/** What one file was read as and what came of it, for a caller that looks at each (eval/pages.ts). */
export interface FileOutcome {
  path: string;
  kind: FileKind | { kind: "unread" };
  records: PageRecord[];
  errors: IngestError[];
}

/** A file of records, with what its content was taken for. */
interface RecordFile {
  file: SourceFile;
  kind: FileKind & { kind: "records" };
}

/**
 * What a file is, told from its start (JSON and cassettes from their whole text): a page is then
 * decoded once, by parsePage, and bytes that are not text are refused there with a page's reason.
 */
function kindOf(bytes: Buffer): FileKind {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const head = utf16 ? undefined : new TextDecoder("utf-8").decode(bytes.subarray(0, SNIFF_BYTES));
  if (head?.includes("\u0000")) return { kind: "page" };
  if (head !== undefined && !needsWholeText(head)) return fileKind(head);
  const whole = decodePage(bytes, Number.MAX_SAFE_INTEGER);
  return whole.ok ? fileKind(whole.text) : { kind: "page" };
}

/** Formats whose files are read together, after the others (references resolved across files). */
const READ_TOGETHER: readonly RecordFormat[] = ["s2", "openalex"];

/** Records are named by the file's whole path, so two `cite.bib` in two folders stay two sources. */
const recordName = (format: RecordSourceFormat, file: string, key: string) => `${format}:${file}#${key}`;

export function ingestPaths(database: string, paths: string[], maxBytes = DEFAULT_MAX_BYTES, progress: ProgressListener = NO_PROGRESS, observe?: (outcome: FileOutcome) => void): IngestReport {
  const { files, problems } = expandPaths(paths);
  const errors: IngestError[] = problems.map((p) => ({ path: p.path, reason: p.reason }));
  const warnings: IngestReport["warnings"] = [];
  const read: IngestReport["files"] = { pages: 0, records: {} };
  const together = new Map<RecordFormat, RecordFile[]>();

  const finish = (outcome: FileOutcome) => {
    for (const e of outcome.errors) errors.push(e); // not a spread: a file's 150,000 errors overflow the stack
    observe?.(outcome);
    return outcome.records;
  };

  function recordsOf(format: RecordFormat, sources: readonly RecordFile[]): PageRecord[] {
    const result: SourceResult = importRecordFiles(
      format,
      sources.map((s) => s.file),
      recordName,
    );
    for (const w of result.warnings) warnings.push(w);
    const out: PageRecord[] = [];
    for (const { file, kind } of sources) {
      const prefix = `${format}:${file.path}#`;
      const records = result.records.filter((r) => r.source.startsWith(prefix));
      const fileErrors: IngestError[] = result.problems.filter((p) => p.path === file.path);
      if (records.length === 0 && fileErrors.length === 0) fileErrors.push({ path: file.path, reason: `${kind.looksLike} with no records in it` });
      for (const r of records) for (const warning of r.page.warnings) warnings.push({ path: file.path, warning });
      const counts = (read.records[format] ??= { files: 0, records: 0 });
      counts.files++;
      counts.records += records.length;
      for (const r of finish({ path: file.path, kind, records, errors: fileErrors })) out.push(r);
    }
    return out;
  }

  function pageOf(file: string, bytes: Buffer, kind: FileKind & { kind: "page" }): PageRecord[] {
    const failed = (reason: string) => finish({ path: file, kind, records: [], errors: [{ path: file, reason }] });
    let parsed: ParseResult;
    try {
      parsed = parsePage(bytes, file, { maxBytes });
    } catch (err) {
      // A bug in an adapter, not a verdict on the file: said so, and the other files still go in.
      return failed(internalErrorReason(err));
    }
    if (!parsed.ok) return failed(parsed.refusal === "not-a-page" && kind.looksLike ? `${parsed.reason}; it looks like ${kind.looksLike}` : parsed.reason);
    for (const warning of parsed.page.warnings) warnings.push({ path: file, warning });
    read.pages++;
    const record = { source: file, contentHash: parsed.contentHash, encoding: parsed.encoding, byteSize: parsed.byteSize, page: parsed.page };
    return finish({ path: file, kind, records: [record], errors: [] });
  }

  function* records(): Generator<PageRecord> {
    for (const file of files) {
      const bytes = readPageFile(file, maxBytes);
      if (!bytes.ok) {
        finish({ path: file, kind: { kind: "unread" }, records: [], errors: [{ path: file, reason: bytes.reason }] });
        continue;
      }
      const kind = kindOf(bytes.bytes);
      if (kind.kind === "page") yield* pageOf(file, bytes.bytes, kind);
      else if (kind.kind === "other") finish({ path: file, kind, records: [], errors: [{ path: file, reason: kind.looksLike }] });
      else {
        const decoded = decodePage(bytes.bytes, maxBytes);
        if (!decoded.ok) {
          finish({ path: file, kind, records: [], errors: [{ path: file, reason: decoded.reason }] });
          continue;
        }
        const source = { file: { path: file, bytes: decoded.encoding === "utf-8" ? bytes.bytes : Buffer.from(decoded.text, "utf8") }, kind };
        if (READ_TOGETHER.includes(kind.format)) together.set(kind.format, [...(together.get(kind.format) ?? []), source]);
        else yield* recordsOf(kind.format, [source]);
      }
    }
    for (const [format, sources] of together) yield* recordsOf(format, sources);
  }

  const parsed = [...counted(records(), files.length, progress, "read", `reading ${files.length.toLocaleString("en-US")} files`, 100)];
  const db = openWriter(database);
  try {
    const batch = writePages(db, parsed, progress);
    for (const f of batch.failures) errors.push({ path: f.source, reason: f.reason });
    const count = (status: string) => batch.statuses.filter((s) => s.status === status).length;
    const counts = db.queries.counts();
    return {
      pages: { ingested: batch.statuses.length, new: count("ingested"), updated: count("updated"), unchanged: count("unchanged"), failed: errors.length },
      files: read,
      papers: counts.papers,
      edges: counts.edges,
      warnings,
      errors,
    };
  } finally {
    db.close();
  }
}
