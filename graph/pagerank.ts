/**
 * PageRank over the citation graph (Page, Brin, Motwani & Winograd, "The PageRank Citation
 * Ranking: Bringing Order to the Web", Stanford InfoLab 1999), by power iteration: a paper
 * passes its rank on, split evenly, to the papers it builds on; papers that build on nothing in
 * the graph spread theirs over every paper, as does the (1 - damping) teleport term.
 * The ranks sum to 1.
 */
import type { CitationIndex } from "./citation-index.ts";

export const PAGERANK_DEFAULTS = {
  damping: 0.85,
  /** Stop when the L1 change of one iteration falls below this. */
  tolerance: 1e-10,
  maxIterations: 200,
};

export function pageRank(graph: CitationIndex, options: Partial<typeof PAGERANK_DEFAULTS> = {}): Float64Array {
  const { damping, tolerance, maxIterations } = Object.assign({}, PAGERANK_DEFAULTS, options);
  if (!(damping >= 0 && damping < 1)) throw new Error(`pagerank: damping must be in [0, 1), got ${damping}`);
  const n = graph.size;
  let rank = new Float64Array(n).fill(n === 0 ? 0 : 1 / n);
  let next = new Float64Array(n);
  for (let iteration = 0; iteration < maxIterations && n > 0; iteration++) {
    let dangling = 0;
    for (let i = 0; i < n; i++) if (graph.degree(i, "buildsOn") === 0) dangling += rank[i] ?? 0;
    next.fill((1 - damping) / n + (damping * dangling) / n);
    for (let i = 0; i < n; i++) {
      const out = graph.neighbours(i, "buildsOn");
      if (out.length === 0) continue;
      const share = (damping * (rank[i] ?? 0)) / out.length;
      for (const j of out) next[j] = (next[j] ?? 0) + share;
    }
    let change = 0;
    for (let i = 0; i < n; i++) change += Math.abs((next[i] ?? 0) - (rank[i] ?? 0));
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  return rank;
}
