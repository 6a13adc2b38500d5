/**
 * Hand-made maps for the search tests: invented papers written as pages into a new database (each
 * its own page, with its title, authors, year, venue, a reported count, record names), and as
 * many invented citing papers as each is to be cited by in the map, so that importance is real.
 */
import { join } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import { writePages } from "../../library/page-writes.ts";
import { emptyPage, type RecordName } from "../../vocabulary/paper-page.ts";

export interface InventedPaper {
  /** Its arXiv ID is 2401.1NNNN from its place in the list. */
  title: string;
  authors?: string[];
  year?: number;
  venue?: string;
  abstract?: string;
  /** Papers of the map that cite it. */
  citedBy?: number;
  /** The count its page reports. */
  reported?: number;
  recordNames?: RecordName[];
  /** The page's source, when it matters (records of one file: `FILE#KEY`). */
  source?: string;
}

export const arxivOf = (i: number) => `2401.${String(10000 + i)}`;
export const idOf = (i: number) => `arxiv:${arxivOf(i)}`;

/** Writes the map into `dir`/NAME.db and returns the open database (the caller closes it). */
export function inventedMap(dir: string, name: string, papers: readonly InventedPaper[]): LineageDb {
  const db = LineageDb.open(join(dir, `${name}.db`));
  const most = Math.max(0, ...papers.map((p) => p.citedBy ?? 0));
  const records = papers.map((p, i) => {
    const page = emptyPage("markdown-page");
    page.paper.title = p.title;
    page.paper.ids = { arxiv: arxivOf(i) };
    page.paper.authors = p.authors ?? [];
    if (p.year !== undefined) page.paper.year = p.year;
    if (p.venue !== undefined) page.paper.venue = p.venue;
    if (p.abstract !== undefined) page.paper.abstract = p.abstract;
    if (p.recordNames) page.paper.recordNames = p.recordNames;
    if (p.reported !== undefined) page.facts.citedByCount = p.reported;
    return { source: p.source ?? `invented/${name}/${i}.md`, contentHash: `${name}-${i}`.padEnd(64, "0"), encoding: "utf-8", byteSize: 1, page };
  });
  // Citing paper k cites every paper cited by more than k papers.
  for (let k = 0; k < most; k++) {
    const page = emptyPage("markdown-page");
    page.paper.title = `Zzyzx Citing Note ${k}`;
    page.paper.ids = { arxiv: `2402.${String(10000 + k)}` };
    page.buildsOn = papers.flatMap((p, i) => ((p.citedBy ?? 0) > k ? [{ ids: { arxiv: arxivOf(i) }, title: p.title }] : []));
    records.push({ source: `invented/${name}/citer-${k}.md`, contentHash: `${name}-citer-${k}`.padEnd(64, "0"), encoding: "utf-8", byteSize: 1, page });
  }
  writePages(db, records);
  return db;
}
