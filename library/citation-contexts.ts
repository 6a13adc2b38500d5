/**
 * How a paper's direct citations cite, where a source said (issue 19): for the papers it builds
 * on, or the papers building on it, the intents ("background", "methodology", "result"), whether
 * the citation is influential, and the citing sentences, from the list entries of Semantic
 * Scholar pages (db/citation-attributes.ts). Several pages saying so about one citation are
 * merged: intents and sentences joined, influential if any page says so. Influential citations
 * come first, then those with the most sentences, then the most cited papers.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { Paper } from "../db/paper-queries.ts";
import type { CitationContext, CitationContextsResponse, CitationDirection } from "../api/types.ts";
import type { EdgeAttributes } from "../vocabulary/paper-page.ts";
import { CITATION_CONTEXTS } from "../ingest/sources/s2.ts";
import { briefOf } from "./briefs.ts";
import { missingPaper, type LineageGraph } from "./lineage-graph.ts";

function texts(value: EdgeAttributes[string] | undefined): string[] {
  return Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
}

/** Read in one snapshot of the database (joining the caller's). */
export function citationContexts(db: LineageDb, graph: LineageGraph, paper: Paper, direction: CitationDirection, limit = 100): CitationContextsResponse {
  return db.read(() => {
    const byOther = new Map<string, { intents: Set<string>; influential: boolean | null; contexts: string[]; sources: Set<string> }>();
    for (const row of db.citationAttributes.ofPaper(paper.id)) {
      if (row.direction !== direction) continue;
      let entry = byOther.get(row.other);
      if (!entry) {
        entry = { intents: new Set(), influential: null, contexts: [], sources: new Set() };
        byOther.set(row.other, entry);
      }
      for (const i of texts(row.attributes.intents)) entry.intents.add(i);
      const flag = row.attributes.isInfluential;
      if (typeof flag === "boolean") entry.influential = entry.influential === true || flag;
      for (const c of texts(row.attributes.contexts)) if (!entry.contexts.includes(c) && entry.contexts.length < CITATION_CONTEXTS.maxPerEdge) entry.contexts.push(c);
      entry.sources.add(row.source);
    }
    const citations: CitationContext[] = [...byOther].map(([id, e]) => {
      const at = graph.index.index(id);
      const other = at !== undefined ? graph.brief(at) : briefOf(db.queries.paper(id) ?? missingPaper(id));
      return Object.assign({}, other, { intents: [...e.intents], isInfluential: e.influential, contexts: e.contexts, sources: [...e.sources].sort() });
    });
    citations.sort(
      (a, b) =>
        Number(b.isInfluential === true) - Number(a.isInfluential === true) ||
        b.contexts.length - a.contexts.length ||
        (b.citedByCount ?? 0) - (a.citedByCount ?? 0) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const at = graph.index.index(paper.id);
    return {
      paper: at !== undefined ? graph.brief(at) : briefOf(paper),
      direction,
      direct: at !== undefined ? graph.index.degree(at, direction) : 0,
      described: citations.length,
      citations: citations.slice(0, limit),
      truncated: citations.length > limit,
    };
  });
}
