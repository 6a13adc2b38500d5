/**
 * `lineage import zotero`: a Zotero library, read from its file (db/zotero-file.ts) or its local
 * API (crawl/zotero-local-api.ts), into the map. Each regular item becomes a page `zotero:ITEMKEY`
 * that merges with the map's papers by the usual identity rules; its collections and tags are
 * stored beside it (db/library-store.ts). In one transaction: the pages, the pages of items no
 * longer in the library removed (so a paper deleted in Zotero is unmarked), the membership, and
 * the rebuild with its layout and index. The same library again changes no page and no
 * membership row.
 */
import type { LibraryImport } from "../db/library-store.ts";
import type { SourceProblem } from "../ingest/sources/source-record.ts";
import { zoteroRecords, type ZoteroLibrary, type ZoteroSkipped } from "../ingest/sources/zotero-items.ts";
import { openForWriting } from "./prepare.ts";
import { counted, NO_PROGRESS, type ProgressListener } from "./progress.ts";

/** How the library was read, for the report and the stored import record. */
export interface ZoteroReadInfo {
  readAs: LibraryImport["readAs"];
  /** The file's modification time (ISO) when a file was read. */
  modifiedAt: string | null;
  /** The file's write-ahead log or journal that came with the copy (`-wal`, `-journal`). */
  sidecars?: string[];
  /** The file's userdata schema version, when a file was read. */
  schemaVersion?: number;
}

export interface ZoteroImportReport {
  library: "zotero";
  origin: string;
  readAs: LibraryImport["readAs"];
  modifiedAt: string | null;
  sidecars: string[];
  schemaVersion: number | null;
  items: { read: number; new: number; updated: number; unchanged: number; removed: number; failed: number };
  skipped: ZoteroSkipped;
  collections: number;
  /** The library's papers that other pages of the map also name, and those it alone brought. */
  papers: { inLibrary: number; alsoInMap: number; onlyInLibrary: number };
  /** Whether the stored collections and tags changed. */
  membershipChanged: boolean;
  graph: { papers: number; edges: number };
  warnings: { path: string; warning: string }[];
  errors: SourceProblem[];
}

export function importZoteroLibrary(database: string, library: ZoteroLibrary, read: ZoteroReadInfo, progress: ProgressListener = NO_PROGRESS, now = new Date().toISOString()): ZoteroImportReport {
  const { result, members, collections } = zoteroRecords(library);
  const db = openForWriting(database, progress);
  try {
    const current = new Set(members.map((m) => m.source));
    const gone = [...db.library.sources("zotero").values()].filter((source) => !current.has(source));
    let membershipChanged = false;
    const n = result.records.length;
    const batch = db.writePages(counted(result.records, n, progress, "store", `storing ${n.toLocaleString("en-US")} Zotero items`), now, {
      remove: gone,
      alongside: () => {
        membershipChanged = db.library.replace("zotero", members, collections, {
          origin: library.origin,
          readAs: read.readAs,
          modifiedAt: read.modifiedAt,
          importedAt: now,
          items: members.length,
          collections: collections.length,
        }).changed;
      },
    });
    const inLibrary = db.library.memberships("zotero").length;
    const alsoInMap = db.library.papersAlsoInMap("zotero");
    const counts = db.queries.counts();
    const count = (status: string) => batch.statuses.filter((s) => s.status === status).length;
    const errors = [...result.problems, ...batch.failures.map((f) => ({ path: f.source, reason: f.reason }))];
    return {
      library: "zotero",
      origin: library.origin,
      readAs: read.readAs,
      modifiedAt: read.modifiedAt,
      sidecars: read.sidecars ?? [],
      schemaVersion: read.schemaVersion ?? null,
      items: { read: batch.statuses.length, new: count("ingested"), updated: count("updated"), unchanged: count("unchanged"), removed: batch.removed.length, failed: errors.length },
      skipped: library.skipped,
      collections: collections.length,
      papers: { inLibrary, alsoInMap, onlyInLibrary: inLibrary - alsoInMap },
      membershipChanged,
      graph: { papers: counts.papers, edges: counts.edges },
      warnings: [...result.warnings, ...result.records.flatMap((r) => r.page.warnings.map((warning) => ({ path: r.source, warning })))],
      errors,
    };
  } finally {
    db.close();
  }
}
