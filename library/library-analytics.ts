/**
 * The researcher's library as seeds (issue 27): "what cites my library that I don't have", the
 * papers the library does not hold that build on, or are built on by, at least `min` of its
 * papers (of one collection and those under it, when asked), ranked by the relevance engine
 * (graph/relevance.ts) with those library papers as its seeds; and a collection as the seeds of
 * a reading list. The engine reads at most its seed limit: when the library is larger, the
 * papers that touch the most candidates seed it, and the answer says how many did.
 */
import type { LibraryMissingResponse, LibraryNeighbour, LibraryResponse, ReadingListResponse } from "../api/types.ts";
import { MAX_SEEDS as ENGINE_MAX_SEEDS } from "../graph/relevance.ts";
import type { QueryBudget } from "../graph/query-budget.ts";
import type { LineageAnalytics } from "./lineage-analytics.ts";
import type { LineageGraph } from "./lineage-graph.ts";
import { collectionPapers, findCollection, LibraryRefError } from "./library-view.ts";

export interface MissingRequest {
  /** A collection (key, path or name); the whole library when absent. */
  collection?: string | null;
  /** Library papers a paper must be linked to (default 2). */
  min?: number;
  limit?: number;
  budget?: QueryBudget;
}

export const DEFAULT_MISSING_MIN = 2;
export const DEFAULT_MISSING_LIMIT = 20;
/** Library papers named in each answer's `linkedTo`. */
const LINKED_SHOWN = 5;

export function libraryMissing(graph: LineageGraph, analytics: LineageAnalytics, library: LibraryResponse, request: MissingRequest = {}): LibraryMissingResponse {
  const min = request.min ?? DEFAULT_MISSING_MIN;
  const limit = request.limit ?? DEFAULT_MISSING_LIMIT;
  const collection = request.collection ? findCollection(library, request.collection) : null;
  const index = graph.index;
  const held = new Set<number>();
  for (const p of library.papers) {
    const i = index.index(p.id);
    if (i !== undefined) held.add(i);
  }
  const seedIds = collection ? collectionPapers(library, collection.key) : library.papers.map((p) => p.id);
  const seeds = [...new Set(seedIds.map((id) => index.index(id)).filter((i): i is number => i !== undefined))];
  const seedSet = new Set(seeds);
  // Each paper the library lacks, with how many seeds it builds on and how many build on it.
  const links = new Map<number, { buildsOn: number; builtBy: number }>();
  for (const s of seeds) {
    request.budget?.tick();
    for (const citing of index.neighbours(s, "builtBy")) if (!held.has(citing)) bump(links, citing).buildsOn++;
    for (const cited of index.neighbours(s, "buildsOn")) if (!held.has(cited)) bump(links, cited).builtBy++;
  }
  const candidates = new Set([...links].filter(([, l]) => l.buildsOn + l.builtBy >= min).map(([i]) => i));
  // The engine's seeds: the library papers that touch the most candidates.
  const touches = new Map<number, number>();
  for (const s of seeds) {
    let n = 0;
    for (const m of index.neighbours(s, "builtBy")) if (candidates.has(m)) n++;
    for (const m of index.neighbours(s, "buildsOn")) if (candidates.has(m)) n++;
    if (n > 0) touches.set(s, n);
  }
  const engineSeeds = [...touches].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, ENGINE_MAX_SEEDS);
  const ranked =
    candidates.size === 0
      ? []
      : analytics.relevantAmong(
          engineSeeds.map(([s]) => index.id(s)),
          { include: (i) => candidates.has(i), limit, budget: request.budget },
        );
  // Candidates the engine did not score (linked only to seeds beyond its limit) follow, by their links.
  const listed = new Set(ranked.map((r) => r.index));
  const rest = [...candidates]
    .filter((i) => !listed.has(i))
    .sort((a, b) => total(links, b) - total(links, a) || index.degree(b, "builtBy") - index.degree(a, "builtBy") || a - b)
    .slice(0, Math.max(0, limit - ranked.length));
  const items: LibraryNeighbour[] = [...ranked, ...rest.map((i) => ({ index: i, score: 0, reason: "", evidence: null }))].map((r, k) => {
    const l = links.get(r.index) ?? { buildsOn: 0, builtBy: 0 };
    const linked = [...index.neighbours(r.index, "buildsOn"), ...index.neighbours(r.index, "builtBy")].filter((m) => seedSet.has(m));
    const linkedTo = [...new Set(linked)].sort((a, b) => index.degree(b, "builtBy") - index.degree(a, "builtBy") || a - b).slice(0, LINKED_SHOWN);
    return {
      ...graph.brief(r.index),
      position: k + 1,
      score: r.score,
      reason: linkReason(l) + (r.reason ? `; ${r.reason}` : ""),
      evidence: r.evidence ?? { coCitedWith: [], sharedReferencesWith: [], builtOnBySeeds: [], buildsOnSeeds: [], similarText: null, citedBy: index.degree(r.index, "builtBy") },
      buildsOnLibrary: l.buildsOn,
      builtOnByLibrary: l.builtBy,
      linkedTo: linkedTo.map((m) => index.id(m)),
    };
  });
  return {
    collection: collection ? { key: collection.key, name: collection.name, path: collection.path } : null,
    seeds: seeds.length,
    seedsUsed: engineSeeds.length,
    min,
    candidates: candidates.size,
    items,
  };
}

/** A reading list seeded by a collection's papers (and those of the collections under it). */
export function collectionReadingList(
  analytics: LineageAnalytics,
  library: LibraryResponse,
  collectionRef: string,
  options: { limit: number; budget?: QueryBudget },
): ReadingListResponse & { collection: { key: string; name: string; path: string[] } } {
  const collection = findCollection(library, collectionRef);
  const seeds = collectionPapers(library, collection.key);
  if (seeds.length === 0) throw new LibraryRefError(`the collection "${collection.path.join(" / ")}" holds no paper of this map`);
  const list = analytics.readingList({ seeds: seeds.slice(0, ENGINE_MAX_SEEDS), limit: options.limit, budget: options.budget });
  return { ...list, collection: { key: collection.key, name: collection.name, path: collection.path } };
}

function bump(links: Map<number, { buildsOn: number; builtBy: number }>, i: number) {
  let l = links.get(i);
  if (!l) {
    l = { buildsOn: 0, builtBy: 0 };
    links.set(i, l);
  }
  return l;
}

function total(links: Map<number, { buildsOn: number; builtBy: number }>, i: number): number {
  const l = links.get(i);
  return l ? l.buildsOn + l.builtBy : 0;
}

function linkReason(l: { buildsOn: number; builtBy: number }): string {
  const parts: string[] = [];
  if (l.buildsOn > 0) parts.push(`builds on ${l.buildsOn} of your papers`);
  if (l.builtBy > 0) parts.push(`${l.builtBy} of your papers build on it`);
  return parts.join("; ");
}
