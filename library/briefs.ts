/**
 * A paper as lists, paths and search results carry it (api/types.ts PaperBrief), from the stored
 * paper and, where the caller has the citation index, how many papers in the graph build on it.
 */
import type { Paper } from "../db/paper-queries.ts";
import type { PaperBrief, ReachedPaper } from "../api/types.ts";

export function briefOf(p: Paper): PaperBrief {
  return countedBriefOf(p, null);
}

/**
 * A brief with the paper's in-graph citations. Written out field by field, as is the brief with
 * a depth below: answers list thousands of these, and on Node 20 an object literal that starts
 * with a spread gets a hidden class of its own, which made each one several times dearer to
 * build and to serialise.
 */
export function countedBriefOf(p: Paper, builtByCount: number | null): PaperBrief {
  return {
    id: p.id,
    title: p.title,
    year: p.year,
    arxivId: p.arxivId,
    doi: p.doi,
    aclId: p.aclId,
    citedByCount: p.citedByCount,
    citedByReport: p.citedByReport,
    stub: p.stub,
    titleInferred: p.titleInferred,
    firstAuthor: p.authors[0] ?? null,
    authorCount: p.authors.length,
    builtByCount,
  };
}

/** A brief with the distance a traversal reached it at. */
export function reachedBriefOf(p: Paper, depth: number, builtByCount: number | null = null): ReachedPaper {
  return {
    id: p.id,
    title: p.title,
    year: p.year,
    arxivId: p.arxivId,
    doi: p.doi,
    aclId: p.aclId,
    citedByCount: p.citedByCount,
    citedByReport: p.citedByReport,
    stub: p.stub,
    titleInferred: p.titleInferred,
    firstAuthor: p.authors[0] ?? null,
    authorCount: p.authors.length,
    builtByCount,
    depth,
  };
}
