/**
 * The one paper search `lineage search` and `GET /api/search` answer with (issue 24): the same
 * ranked hits for the same query. A query that is an identifier in any form the CLI takes leads
 * with the paper it names; a hit that a reference names alongside other papers says which
 * (`alsoMatches`, issue 16).
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { PaperBrief, SearchHit } from "../api/types.ts";
import { parseIdentifier } from "../vocabulary/identifiers.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";
import { briefOf } from "./briefs.ts";
import type { LineageGraph, RefLookalike } from "./lineage-graph.ts";

export function searchPapers(db: LineageDb, graph: LineageGraph, query: string, limit: number): SearchHit[] {
  const named = identified(graph, query);
  const found = graph.search(query, limit);
  const top = (found[0]?.score ?? 0) + 1;
  const hits: SearchHit[] = named.map((i) => Object.assign(graph.brief(i), { score: top }));
  const seen = new Set(named);
  for (const h of found) {
    if (hits.length >= limit) break;
    if (!seen.has(h.index)) hits.push(Object.assign(graph.brief(h.index), { score: h.score }));
  }
  const several = namedPapers(db, graph, query).papers.map((p) => p.id);
  return hits.slice(0, limit).map((hit) => (several.includes(hit.id) ? Object.assign(hit, { alsoMatches: several.filter((id) => id !== hit.id) }) : hit));
}

/** The papers an identifier-shaped query names (none for other text). */
function identified(graph: LineageGraph, q: string): number[] {
  const text = q.trim();
  if (graph.index.index(text) === undefined && !parseIdentifier(text)) return [];
  const result = graph.resolveRef(text);
  const ids = result.kind === "found" ? [result.paper.id] : result.kind === "ambiguous" ? result.candidates.map((c) => c.id) : [];
  return ids.map((id) => graph.index.index(id)).filter((i): i is number => i !== undefined);
}

/**
 * The papers a search query names as a reference (an identifier, or an exact title) when it names
 * several: the one it resolves to and its look-alikes, or the candidates of an ambiguous one.
 */
export function namedPapers(db: LineageDb, graph: LineageGraph, query: string): { found?: PaperBrief; papers: (PaperBrief & { why?: string })[] } {
  const ref = graph.resolveRef(query);
  const asReference = parseIdentifier(query) !== undefined || graph.index.index(query.trim()) !== undefined;
  if (ref.kind === "found" && (asReference || ref.paper.normTitle === normalizeTitle(query))) {
    const also: RefLookalike[] = graph.lookalikes(query, ref.paper);
    const found = briefOf(ref.paper);
    return also.length > 0 ? { found, papers: [found, ...also] } : { papers: [] };
  }
  const exact = asReference || db.queries.byTitle(normalizeTitle(query)).length > 1;
  return ref.kind === "ambiguous" && exact ? { papers: ref.candidates } : { papers: [] };
}
