/** A paper as lists, paths and search results carry it (api/types.ts PaperBrief), from the stored paper. */
import type { Paper } from "../db/paper-queries.ts";
import type { PaperBrief, ReachedPaper } from "../api/types.ts";

export function briefOf(p: Paper): PaperBrief {
  return {
    id: p.id,
    title: p.title,
    year: p.year,
    arxivId: p.arxivId,
    doi: p.doi,
    aclId: p.aclId,
    citedByCount: p.citedByCount,
    stub: p.stub,
    titleInferred: p.titleInferred,
  };
}

/**
 * A brief with the distance a traversal reached it at. Written out field by field: answers list
 * thousands of these, and on Node 20 an object literal that starts with a spread gets a hidden
 * class of its own, which made each one several times dearer to build and to serialise.
 */
export function reachedBriefOf(p: Paper, depth: number): ReachedPaper {
  return {
    id: p.id,
    title: p.title,
    year: p.year,
    arxivId: p.arxivId,
    doi: p.doi,
    aclId: p.aclId,
    citedByCount: p.citedByCount,
    stub: p.stub,
    titleInferred: p.titleInferred,
    depth,
  };
}
