/**
 * Importing a researcher's Zotero library (issue 27; target: 10,000 items in under 10 s): an
 * invented library of 10,000 works (bench/zotero-library.ts; with their attachments, notes and
 * annotations, 72 MB) read from `zotero.sqlite` and imported as `lineage import zotero` does it
 * (the copy, the SQL, the mapping, the write, the rebuild with its layout and index), into an
 * empty map and into the AAN map (a third of the works being AAN papers, by their Anthology URL).
 * Baseline, in the same run: the same works exported as BibTeX and imported with `lineage import
 * bibtex` into the same map, what a user does without a Zotero reader. Then the same library
 * again (nothing changes). Wall and CPU seconds, and each step's share.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readZoteroFile } from "../db/zotero-file.ts";
import { formatCitations, type CitablePaper } from "../graph/citation-export.ts";
import { importPaths } from "../library/import-files.ts";
import { importZoteroLibrary } from "../library/zotero-import.ts";
import type { Progress } from "../library/progress.ts";
import { openReader, openWriter } from "../db/store.ts";
import { writePages } from "../library/page-writes.ts";
import { inventLibrary, type LibraryRecipe } from "./zotero-library.ts";
import { buildZoteroDb } from "../test/helpers/zotero-db.ts";

export interface ZoteroImportCase {
  map: string;
  mapPapers: number;
  /** The whole import: reading the copy, mapping, writing, rebuilding with layout and index. */
  seconds: number;
  cpuSeconds: number;
  /** Seconds from the start to the end of each step (read, store, rebuild, layout, index). */
  steps: Record<string, number>;
  /** The same library again. */
  againSeconds: number;
  /** The same works as a BibTeX file, `lineage import bibtex`. */
  baselineSeconds: number;
  ratioToBaseline: number;
  papersAfter: number;
  libraryPapersAlsoInMap: number;
}

export interface ZoteroBench {
  items: number;
  works: number;
  fileBytes: number;
  cases: ZoteroImportCase[];
  /** Every case under 10 s. */
  met: boolean;
}

const TARGET_SECONDS = 10;

function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function fresh(path: string, from?: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  if (from) copyFileSync(from, path);
}

/** The works of the library as BibTeX, each with the identifier the Zotero item names it by. */
function bibtexOf(library: ReturnType<typeof inventLibrary>): string {
  const works = library.items.filter((i) => !["attachment", "note", "annotation"].includes(i.itemType) && !i.deleted);
  const papers: CitablePaper[] = works.map((w) => {
    const f = w.fields ?? {};
    const arxiv = /(\d{4}\.\d{5})/.exec(f.archiveID ?? f.extra ?? "")?.[1] ?? null;
    const acl = /aclanthology\.org\/([^/]+)\//.exec(f.url ?? "")?.[1] ?? null;
    return {
      id: w.key,
      title: f.title ?? null,
      year: Number(f.date?.slice(0, 4)) || null,
      authors: (w.creators ?? []).map((c) => `${c.first} ${c.last}`),
      venue: f.publicationTitle ?? f.proceedingsTitle ?? null,
      doi: f.DOI ?? null,
      arxivId: arxiv,
      aclId: acl,
    };
  });
  return formatCitations(papers, "bibtex");
}

function importCase(label: string, map: string, base: string | undefined, zotero: string, bib: string): ZoteroImportCase {
  const target = `${map}-zotero.db`;
  fresh(target, base);
  const mapPapers = base ? papersIn(target) : 0;
  const steps: Record<string, number> = {};
  const t0 = performance.now();
  const c0 = cpu();
  const read = readZoteroFile(zotero);
  steps.read = (performance.now() - t0) / 1000;
  const report = importZoteroLibrary(target, read.library, { readAs: read.readAs, modifiedAt: read.modifiedAt }, (p: Progress) => {
    steps[p.step] = (performance.now() - t0) / 1000;
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpuSeconds = cpu() - c0;
  const t1 = performance.now();
  const again = importZoteroLibrary(target, readZoteroFile(zotero).library, { readAs: "copy", modifiedAt: read.modifiedAt });
  const againSeconds = (performance.now() - t1) / 1000;
  if (again.items.unchanged !== report.items.read) throw new Error(`bench zotero: importing the same library again changed ${report.items.read - again.items.unchanged} items`);
  const baselineDb = `${map}-bibtex.db`;
  fresh(baselineDb, base);
  const t2 = performance.now();
  importPaths(baselineDb, "bibtex", [bib]);
  const baselineSeconds = (performance.now() - t2) / 1000;
  for (const p of [target, baselineDb]) fresh(p);
  return {
    map: label,
    mapPapers,
    seconds,
    cpuSeconds,
    steps,
    againSeconds,
    baselineSeconds,
    ratioToBaseline: seconds / baselineSeconds,
    papersAfter: report.graph.papers,
    libraryPapersAlsoInMap: report.papers.alsoInMap,
  };
}

export function benchZotero(work: string, aanDb: string | undefined, log: (s: string) => void, items = 10_000): ZoteroBench {
  mkdirSync(work, { recursive: true });
  const aanIds = aanDb ? aclIdsOf(aanDb) : [];
  const recipe: LibraryRecipe = { items, seed: 27, mapIds: aanIds, overlap: 0.3 };
  const zotero = join(work, `zotero-${items}.sqlite`);
  const bib = join(work, `zotero-${items}.bib`);
  log(`bench: inventing a Zotero library of ${items.toLocaleString("en-US")} works`);
  const library = inventLibrary(recipe);
  fresh(zotero);
  buildZoteroDb(zotero, { ...library, seed: recipe.seed });
  writeFileSync(bib, bibtexOf(library));
  const works = library.items.filter((i) => !["attachment", "note", "annotation"].includes(i.itemType) && !i.deleted).length;
  const cases: ZoteroImportCase[] = [];
  log("bench: Zotero import into an empty map");
  cases.push(importCase("empty map", join(work, "zotero-empty"), undefined, zotero, bib));
  if (aanDb && existsSync(aanDb)) {
    log("bench: Zotero import into the AAN map");
    cases.push(importCase("AAN", join(work, "zotero-aan"), derivedByThisCodeCopy(aanDb, join(work, "aan-derived.db"), log), zotero, bib));
  }
  return { items, works, fileBytes: statSync(zotero).size, cases, met: cases.every((c) => c.seconds < TARGET_SECONDS) };
}

function papersIn(db: string): number {
  const conn = openReader(db);
  try {
    return conn.queries.counts().papers;
  } finally {
    conn.close();
  }
}

/**
 * A copy of a map whose derived rows this code wrote (db/derivation.ts), as a map a user keeps
 * importing into has: the corpus is built once and kept across changes to the rules, and a batch
 * into a map derived by other code derives the whole graph once (library/page-writes.ts).
 */
function derivedByThisCodeCopy(map: string, copy: string, log: (s: string) => void): string {
  const current = (path: string) => {
    const conn = openReader(path);
    try {
      return conn.read(() => conn.derivedByThisCode());
    } finally {
      conn.close();
    }
  };
  if (existsSync(copy) && current(copy)) return copy;
  log("bench: deriving the map again with this code's rules");
  fresh(copy, map);
  const db = openWriter(copy);
  try {
    writePages(db, [], undefined, { rebuild: true });
  } finally {
    db.close();
  }
  return copy;
}

/** The ACL Anthology IDs of a map's papers. */
function aclIdsOf(db: string): string[] {
  const conn = openReader(db);
  try {
    return conn.read(() => conn.queries.allPapers().flatMap((p) => (p.aclId ? [p.aclId] : [])));
  } finally {
    conn.close();
  }
}
