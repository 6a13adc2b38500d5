/**
 * Which neighbours a depth-2 expansion fetches next: the papers one citation away from the ones
 * it expanded, ranked by the relevance engine (graph/relevance.ts `relevantNeighbours`: direct
 * links, co-citation, coupling, the walk with restart, title similarity) over the map as it is
 * after depth 1, best first.
 */
import type { Paper } from "../db/paper-queries.ts";
import { relevantNeighbours } from "../graph/relevance.ts";
import { TextIndex } from "../graph/title-similarity.ts";
import type { LineageGraph } from "./lineage-graph.ts";

/** At most `limit` papers next to `paperIds` (ids the graph does not hold are left out), most relevant first. */
export function rankNeighbours(graph: LineageGraph, paperIds: readonly string[], limit: number): Paper[] {
  const seeds = paperIds.map((id) => graph.index.index(id)).filter((i): i is number => i !== undefined);
  if (seeds.length === 0 || limit < 1) return [];
  const corpus = {
    graph: graph.index,
    text: new TextIndex(graph.index.size, (i: number) => {
      const p = graph.paper(i);
      return { title: p.title, abstract: p.abstract };
    }),
    year: (i: number) => graph.paper(i).year,
  };
  return relevantNeighbours(corpus, seeds, { limit }).map((r) => graph.paper(r.index));
}
