/**
 * Builds-on and built-by closures: every paper reachable from a seed in one citation direction,
 * with its distance (1 = direct), by breadth-first search over the citation index.
 */
import type { CitationIndex, Direction } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export interface Reached {
  index: number;
  depth: number;
}

export const MAX_DEPTH = 50;

export interface ClosureLimits {
  /** Stop listing after this many papers (the result says it was truncated). */
  maxPapers?: number;
  budget?: QueryBudget;
}

export function closure(graph: CitationIndex, seed: number, direction: Direction, maxDepth = 1, limits: ClosureLimits = {}): Reached[] {
  const maxPapers = limits.maxPapers ?? Infinity;
  const budget = limits.budget ?? UNBOUNDED;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new Error(`closure: depth must be a whole number from 1, got ${maxDepth}`);
  const { marks, stamp } = graph.visits();
  marks[seed] = stamp;
  const reached: Reached[] = [];
  let frontier = [seed];
  const { offsets, targets } = graph.rows(direction);
  for (let depth = 1; depth <= Math.min(maxDepth, MAX_DEPTH) && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const node of frontier) {
      for (let k = offsets[node] ?? 0, stop = offsets[node + 1] ?? 0; k < stop; k++) {
        const nb = targets[k] ?? 0;
        budget.tick();
        if (marks[nb] === stamp) continue;
        // One more than asked for, so the caller can tell the list was cut.
        if (reached.length > maxPapers) return reached;
        marks[nb] = stamp;
        next.push(nb);
        reached.push({ index: nb, depth });
      }
    }
    frontier = next;
  }
  return reached;
}
