/**
 * Inputs for the unit tests of graph/'s algorithms: citation indexes written as text ("a>b" is
 * paper a building on paper b), random citation graphs for fast-check properties with the plain
 * adjacency lists their brute-force references walk, and a query budget that counts ticks (so
 * no test depends on how fast the machine is).
 */
import fc from "fast-check";
import { CitationIndex, type Direction } from "../../graph/citation-index.ts";
import { QueryBudgetExceeded, type QueryBudget } from "../../graph/query-budget.ts";

/** Papers named by `ids` (index = position) and citations written "a>b c>d ...". */
export function citationIndex(ids: readonly string[], citations = ""): CitationIndex {
  const edges = citations
    .split(/\s+/)
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const [citing, cited, ...rest] = pair.split(">");
      if (citing === undefined || cited === undefined || rest.length > 0) throw new Error(`test graph: bad citation ${pair}`);
      return { citing, cited };
    });
  return new CitationIndex(ids, edges);
}

/** A paper's index, failing the test on a name the graph does not have. */
export function paper(graph: CitationIndex, id: string): number {
  const index = graph.index(id);
  if (index === undefined) throw new Error(`test graph: no paper ${id}`);
  return index;
}

/** A budget of `limit` ticks: the tick after the last allowed one throws, as an exhausted time budget does. */
export class TickBudget implements QueryBudget {
  ticks = 0;
  constructor(readonly limit = Infinity) {}
  tick(): void {
    if (++this.ticks > this.limit) throw new QueryBudgetExceeded(this.limit);
  }
}

/** A random citation graph: papers 0..n-1, each citation once (as the store keeps them), cycles allowed, no self-citations. */
export interface RandomGraph {
  n: number;
  /** [citing, cited] pairs. */
  citations: [number, number][];
}

export function randomGraphs(maxPapers: number, citationsPerPaper = 3, minPapers = 1): fc.Arbitrary<RandomGraph> {
  return fc
    .integer({ min: minPapers, max: maxPapers })
    .chain((n) =>
      fc
        .uniqueArray(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * citationsPerPaper, size: "max", selector: ([x, y]) => `${x} ${y}` })
        .map((pairs) => ({ n, citations: pairs.filter(([x, y]) => x !== y) })),
    );
}

/**
 * A random acyclic citation graph whose paper numbers are not in citation order: a random
 * ranking of the papers decides which way each pair may cite, so no algorithm can lean on
 * "later papers cite earlier ones".
 */
export function randomDags(maxPapers: number, citationsPerPaper = 3, minPapers = 1): fc.Arbitrary<RandomGraph> {
  return randomGraphs(maxPapers, citationsPerPaper, minPapers).chain(({ n, citations }) =>
    fc
      .shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      )
      .map((rank) => ({ n, citations: citations.filter(([x, y]) => (rank[x] ?? 0) > (rank[y] ?? 0)) })),
  );
}

export const paperId = (i: number): string => `p${String(i).padStart(3, "0")}`;

export function indexOfRandom({ n, citations }: RandomGraph): CitationIndex {
  return new CitationIndex(
    Array.from({ length: n }, (_, i) => paperId(i)),
    citations.map(([x, y]) => ({ citing: paperId(x), cited: paperId(y) })),
  );
}

/** Neighbour lists written from the citation list alone (not from the index), sorted by paper number. */
export function adjacencyLists({ n, citations }: RandomGraph, direction: Direction): number[][] {
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (const [citing, cited] of citations) {
    if (direction === "buildsOn") lists[citing]?.push(cited);
    else lists[cited]?.push(citing);
  }
  for (const list of lists) list.sort((a, b) => a - b);
  return lists;
}

/** reaches[x][y]: y can be reached from x along the lists (every paper reaches itself). */
export function reachability(lists: readonly (readonly number[])[]): boolean[][] {
  return lists.map((_, start) => {
    const seen = lists.map(() => false);
    seen[start] = true;
    const stack = [start];
    while (stack.length > 0) {
      const node = stack.pop() as number;
      for (const next of lists[node] ?? []) {
        if (!seen[next]) {
          seen[next] = true;
          stack.push(next);
        }
      }
    }
    return seen;
  });
}
