/**
 * The baselines the relevance engine is measured against (issue 15), written plainly and apart
 * from the engine's own signal modules so that a fault in one does not flatter the other:
 * - co-citation + bibliographic coupling (Small 1973; Kessler 1963) from the seeds, summed over
 *   the seeds, as plain counts and as Salton's cosine (graph/similarity.ts's `similarPapers`,
 *   what `lineage similar` serves);
 * - personalized PageRank from the seeds (Haveliwala 2002), exact by power iteration over the
 *   whole graph with citations followed both ways, restart 0.15 (damping 0.85), 50 iterations.
 * Each returns paper indices best first, seeds and excluded papers left out, ties to the lower index.
 */
import type { CitationIndex } from "../../graph/citation-index.ts";
import { similarPapers } from "../../graph/similarity.ts";

function ranked(scores: Map<number, number>, skip: (i: number) => boolean, limit: number): number[] {
  return [...scores]
    .filter(([i, s]) => s > 0 && !skip(i))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([i]) => i);
}

/** Σ over seeds of (papers citing both) + (papers both cite). */
export function coCitationCouplingCounts(graph: CitationIndex, seeds: readonly number[], exclude: (i: number) => boolean, limit: number): number[] {
  const seedSet = new Set(seeds);
  const scores = new Map<number, number>();
  for (const s of seedSet) {
    for (const p of graph.neighbours(s, "builtBy")) for (const m of graph.neighbours(p, "buildsOn")) scores.set(m, (scores.get(m) ?? 0) + 1);
    for (const r of graph.neighbours(s, "buildsOn")) for (const m of graph.neighbours(r, "builtBy")) scores.set(m, (scores.get(m) ?? 0) + 1);
  }
  return ranked(scores, (i) => seedSet.has(i) || exclude(i), limit);
}

/** Σ over seeds of similarity.ts's score (the two Salton cosines added). */
export function coCitationCouplingCosine(graph: CitationIndex, seeds: readonly number[], exclude: (i: number) => boolean, limit: number): number[] {
  const seedSet = new Set(seeds);
  const scores = new Map<number, number>();
  for (const s of seedSet) for (const p of similarPapers(graph, s, graph.size)) scores.set(p.index, (scores.get(p.index) ?? 0) + p.score);
  return ranked(scores, (i) => seedSet.has(i) || exclude(i), limit);
}

export const PPR_BASELINE = { restart: 0.15, iterations: 50 };

export function personalizedPageRankExact(graph: CitationIndex, seeds: readonly number[], exclude: (i: number) => boolean, limit: number): number[] {
  const n = graph.size;
  const seedSet = [...new Set(seeds)];
  const teleport = new Float64Array(n);
  for (const s of seedSet) teleport[s] = 1 / seedSet.length;
  let rank = Float64Array.from(teleport);
  let next = new Float64Array(n);
  const { restart, iterations } = PPR_BASELINE;
  for (let it = 0; it < iterations; it++) {
    next.fill(0);
    let stuck = 0;
    for (let i = 0; i < n; i++) {
      const r = rank[i] ?? 0;
      if (r === 0) continue;
      const out = graph.neighbours(i, "buildsOn");
      const inc = graph.neighbours(i, "builtBy");
      const d = out.length + inc.length;
      if (d === 0) {
        stuck += r;
        continue;
      }
      const share = ((1 - restart) * r) / d;
      for (const j of out) next[j] = (next[j] ?? 0) + share;
      for (const j of inc) next[j] = (next[j] ?? 0) + share;
    }
    // Restart, and a walk with nowhere to go restarts too.
    for (let i = 0; i < n; i++) next[i] = (next[i] ?? 0) + (restart + (1 - restart) * stuck) * (teleport[i] ?? 0);
    [rank, next] = [next, rank];
  }
  const scores = new Map<number, number>();
  rank.forEach((r, i) => {
    if (r > 0) scores.set(i, r);
  });
  const seedLookup = new Set(seedSet);
  return ranked(scores, (i) => seedLookup.has(i) || exclude(i), limit);
}
