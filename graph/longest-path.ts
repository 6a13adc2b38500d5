/**
 * The longest influence chain between two papers, as CitNetExplorer computes it (van Eck &
 * Waltman, "CitNetExplorer: A new software tool for analyzing and visualizing citation networks",
 * J. Informetrics 2014): dynamic programming over the papers that build on TO and are built on by
 * FROM. Citation cycles exist in real data, so strongly connected components (Tarjan 1972) are
 * collapsed first; a collapsed step is listed once, as its most cited member.
 */
import type { CitationIndex } from "./citation-index.ts";
import { stronglyConnectedComponents } from "./strongly-connected.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";
import { buildsOnTransitively } from "./connected.ts";

export interface LongestPathStep {
  index: number;
  /** Other papers of a citation cycle collapsed into this step. */
  members: number[];
}

export function longestPath(graph: CitationIndex, from: number, to: number, weight: (i: number) => number, budget: QueryBudget = UNBOUNDED): LongestPathStep[] {
  if (!buildsOnTransitively(graph, from, to, budget)) return [];
  const down = reach(graph, from, "buildsOn", budget);
  if (!down.has(to)) return [];
  const up = reach(graph, to, "builtBy", budget);
  const nodes = [...down].filter((n) => up.has(n)).sort((a, b) => a - b);
  const inSet = new Set(nodes);
  const neighbours = (n: number) => [...graph.neighbours(n, "buildsOn")].filter((m) => inSet.has(m));
  const { componentOf, components } = stronglyConnectedComponents(nodes, neighbours, budget);
  // Tarjan emits components in reverse topological order: every component's successors come first.
  const best = new Map<number, { length: number; next?: number }>();
  const target = componentOf.get(to) ?? -1;
  components.forEach((_members, c) => {
    if (c === target) {
      best.set(c, { length: 0 });
      return;
    }
    let length = -Infinity;
    let next: number | undefined;
    for (const n of components[c] ?? []) {
      for (const m of neighbours(n)) {
        budget.tick();
        const mc = componentOf.get(m) ?? -1;
        if (mc === c) continue;
        const candidate = (best.get(mc)?.length ?? -Infinity) + 1;
        if (candidate > length || (candidate === length && next !== undefined && mc < next)) {
          length = candidate;
          next = mc;
        }
      }
    }
    best.set(c, next === undefined ? { length: -Infinity } : { length, next });
  });
  const steps: LongestPathStep[] = [];
  for (let c: number | undefined = componentOf.get(from); c !== undefined; c = best.get(c)?.next) {
    const members = [...(components[c] ?? [])].sort((a, b) => weight(b) - weight(a) || a - b);
    const head = c === componentOf.get(from) && members.includes(from) ? from : c === target && members.includes(to) ? to : members[0];
    if (head === undefined) break;
    steps.push({ index: head, members: members.filter((m) => m !== head) });
    if (c === target) break;
  }
  return steps;
}

function reach(graph: CitationIndex, seed: number, direction: "buildsOn" | "builtBy", budget: QueryBudget): Set<number> {
  const seen = new Set([seed]);
  const stack = [seed];
  while (stack.length > 0) {
    const n = stack.pop() as number;
    for (const m of graph.neighbours(n, direction)) {
      budget.tick();
      if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
    }
  }
  return seen;
}
