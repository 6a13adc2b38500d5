/** A paper as lists, paths and search results carry it (api/types.ts PaperBrief), from the stored paper. */
import type { Paper } from "../db/paper-queries.ts";
import type { PaperBrief } from "../api/types.ts";

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
