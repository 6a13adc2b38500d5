/**
 * Personalized PageRank from seed papers, computed locally: random walk with restart
 * (Haveliwala, "Topic-sensitive PageRank", WWW 2002; Tong, Faloutsos & Pan, "Fast random walk
 * with restart and its applications", ICDM 2006) approximated by the push algorithm of Andersen,
 * Chung & Lang ("Local graph partitioning using PageRank vectors", FOCS 2006).
 * The walk follows citations both ways (a citation relates both papers), restarts at a seed
 * (chosen uniformly) with probability `restart` at each step, and each paper's score is the
 * probability of finding the walk there. Push keeps an estimate p and a residual r (r starts
 * as the restart distribution); while some paper u holds r[u] > epsilon · degree(u), it settles
 * restart · r[u] into p[u] and spreads the rest evenly over its neighbours. Every estimate is
 * below the true value by at most epsilon · degree, and the total work is at most
 * 1 / (restart · epsilon) neighbour updates whatever the graph's size, so a 20-seed request on a
 * hub stays cheap; `maxPushes` and the query budget bound it further. A paper with no citations
 * keeps what reaches it.
 */
import type { CitationIndex } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export const PERSONALIZED_PAGERANK_DEFAULTS = {
  /** Probability of jumping back to a seed at each step (1 − the damping factor). */
  restart: 0.15,
  /** Residual per citation at which a paper stops pushing. */
  epsilon: 1e-6,
  /** Pushes at most, whatever remains. */
  maxPushes: 100_000,
  budget: UNBOUNDED as QueryBudget,
};

export type PersonalizedPageRankOptions = Partial<typeof PERSONALIZED_PAGERANK_DEFAULTS>;

export interface PersonalizedPageRank {
  /** Estimated visit probability of every paper the walk reached, seeds excluded. */
  scores: Map<number, number>;
  /** Each seed's own estimate (restart mass that stayed there). */
  seedScores: Map<number, number>;
  pushes: number;
  /** False when maxPushes stopped the pushing before every residual was below its threshold. */
  converged: boolean;
}

/** Per-graph scratch arrays, reused across calls (one call at a time: this code is synchronous). */
const scratch = new WeakMap<CitationIndex, { estimate: Float64Array; residual: Float64Array; queued: Uint8Array }>();

function scratchFor(graph: CitationIndex) {
  let s = scratch.get(graph);
  if (!s) {
    s = { estimate: new Float64Array(graph.size), residual: new Float64Array(graph.size), queued: new Uint8Array(graph.size) };
    scratch.set(graph, s);
  }
  return s;
}

export function personalizedPageRank(graph: CitationIndex, seeds: readonly number[], options: PersonalizedPageRankOptions = {}): PersonalizedPageRank {
  const { restart, epsilon, maxPushes, budget } = Object.assign({}, PERSONALIZED_PAGERANK_DEFAULTS, options);
  if (!(restart > 0 && restart < 1)) throw new Error(`personalized pagerank: restart must be in (0, 1), got ${restart}`);
  if (!(epsilon > 0)) throw new Error(`personalized pagerank: epsilon must be above 0, got ${epsilon}`);
  const seedSet = [...new Set(seeds)];
  const { estimate, residual, queued } = scratchFor(graph);
  const buildsOn = graph.rows("buildsOn");
  const builtBy = graph.rows("builtBy");
  const touched: number[] = [];
  const touch = (u: number) => {
    if (estimate[u] === 0 && residual[u] === 0 && queued[u] === 0) touched.push(u);
  };
  const outOffsets = buildsOn.offsets;
  const inOffsets = builtBy.offsets;
  const degree = (u: number) => (outOffsets[u + 1] ?? 0) - (outOffsets[u] ?? 0) + (inOffsets[u + 1] ?? 0) - (inOffsets[u] ?? 0);
  const queue: number[] = [];
  for (const s of seedSet) {
    touch(s);
    residual[s] = (residual[s] ?? 0) + 1 / seedSet.length;
  }
  for (const s of seedSet) {
    if (queued[s] === 0) {
      queued[s] = 1;
      queue.push(s);
    }
  }
  let pushes = 0;
  let head = 0;
  while (head < queue.length && pushes < maxPushes) {
    const u = queue[head++] ?? 0;
    queued[u] = 0;
    const r = residual[u] ?? 0;
    const d = degree(u);
    if (r <= epsilon * Math.max(d, 1)) continue;
    pushes++;
    budget.tick();
    if (d === 0) {
      estimate[u] = (estimate[u] ?? 0) + r;
      residual[u] = 0;
      continue;
    }
    estimate[u] = (estimate[u] ?? 0) + restart * r;
    residual[u] = 0;
    const share = ((1 - restart) * r) / d;
    for (const rows of [buildsOn, builtBy]) {
      const end = rows.offsets[u + 1] ?? 0;
      for (let k = rows.offsets[u] ?? 0; k < end; k++) {
        budget.tick();
        const v = rows.targets[k] ?? 0;
        touch(v);
        const rv = (residual[v] ?? 0) + share;
        residual[v] = rv;
        if (queued[v] === 0 && rv > epsilon * degree(v)) {
          queued[v] = 1;
          queue.push(v);
        }
      }
    }
    // The queue array only grows; drop its consumed head now and then.
    if (head > 65536 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
  }
  const converged = head >= queue.length;
  const scores = new Map<number, number>();
  const seedScores = new Map<number, number>();
  const isSeed = new Set(seedSet);
  for (const u of touched) {
    const p = estimate[u] ?? 0;
    if (isSeed.has(u)) seedScores.set(u, p);
    else if (p > 0) scores.set(u, p);
    estimate[u] = 0;
    residual[u] = 0;
    queued[u] = 0;
  }
  return { scores, seedScores, pushes, converged };
}
