/**
 * The API data a view of the explorer needs, fetched from its state: the whole graph, the
 * directions, the selected paper with its direct builds-on / built-by lists and similar papers, the highlighted set at
 * the chosen depth, the influence path, and in the lineage view the main path (with key routes);
 * also the titles of the seed papers. Each request is keyed, aborted when superseded.
 * `refresh` counts the new graphs the collection has committed since the page opened (a live
 * refresh, hooks/use-live-refresh.ts): each makes every request again, showing the answers it has
 * until the new ones are in. The graph is not asked for when the collection has none (`available`).
 */
import { useMemo } from "react";
import { fetchClosure, fetchDirections, fetchMainPath, fetchPaper, fetchPath, fetchSimilar, graphUrl, mainPathUrl } from "../core/api/client.ts";
import { loadGraphColumns } from "../core/graph/load-graph.ts";
import type { GraphFilters, Resource } from "../core/api/types.ts";
import type { ExplorerState } from "../core/explorer/types.ts";
import { useLastReady, useResource } from "../hooks/use-resource.ts";
import { displayTitle } from "../core/paper/format.ts";
import type { SeedLabel } from "../components/MainPathList.tsx";

/** Similar papers listed in a paper's panel. */
const SIMILAR_SHOWN = 20;

const WHOLE_GRAPH: GraphFilters = { direction: null, minYear: null, maxYear: null, hideStubs: false };

export function useExplorerData(state: ExplorerState, refresh = 0, available = true) {
  const { filters, paper: ref, highlight, path: pathQuery, mode, seeds, keyRoutes } = state;

  // The whole graph, once, read off the main thread (core/graph/load-graph.ts): the filters hide
  // papers in the browser (core/graph/map-filters.ts).
  const graphAt = graphUrl(WHOLE_GRAPH);
  const graph = useResource(available ? graphAt : null, (signal) => loadGraphColumns(graphAt, signal), refresh);
  const graphData = useLastReady(graph);
  const directions = useResource(available ? "directions" : null, fetchDirections, refresh);

  const paper = useResource(ref ? `paper:${ref}` : null, (signal) => fetchPaper(ref ?? "", signal), refresh);
  const paperId = paper.status === "ready" ? paper.data.id : null;

  const buildsOn = useResource(paperId ? `builds-on:${paperId}` : null, (signal) => fetchClosure(paperId ?? "", "buildsOn", 1, signal).then((r) => r.papers), refresh);
  const builtBy = useResource(paperId ? `built-by:${paperId}` : null, (signal) => fetchClosure(paperId ?? "", "builtBy", 1, signal).then((r) => r.papers), refresh);

  const similar = useResource(paperId ? `similar:${paperId}` : null, (signal) => fetchSimilar(paperId ?? "", SIMILAR_SHOWN, signal).then((r) => r.similar), refresh);

  const highlightKey = paperId && highlight ? `${paperId}\u0000${highlight.direction}\u0000${highlight.depth}` : null;
  const highlightRes = useResource(
    highlightKey,
    (signal) => fetchClosure(paperId ?? "", highlight?.direction ?? "buildsOn", highlight?.depth ?? 1, signal).then((r) => new Set(r.papers.map((p) => p.id)) as ReadonlySet<string>),
    refresh,
  );
  const highlighted = highlightRes.status === "ready" ? highlightRes.data : null;
  const highlightSize = useMemo<Resource<number>>(() => (highlightRes.status === "ready" ? { status: "ready", data: highlightRes.data.size } : highlightRes), [highlightRes]);

  const pathKey = pathQuery ? `${pathQuery.from}\u0000${pathQuery.to}\u0000${pathQuery.mode}` : null;
  const path = useResource(pathKey, (signal) => fetchPath(pathQuery?.from ?? "", pathQuery?.to ?? "", pathQuery?.mode ?? "shortest", signal), refresh);

  const mainPathQuery = { seeds, direction: filters.direction, keyRoutes };
  const mainPath = useResource(mode === "lineage" ? mainPathUrl(mainPathQuery) : null, (signal) => fetchMainPath(mainPathQuery, signal), refresh);

  // Seeds are REFs in the URL: their titles, for the chips and the scope line.
  const seedTitles = useResource(
    seeds.length > 0 ? `seeds:${seeds.join("\u0000")}` : null,
    (signal) =>
      Promise.all(
        seeds.map((s) =>
          fetchPaper(s, signal).then(
            (p) => [s, displayTitle(p)] as const,
            () => [s, s] as const,
          ),
        ),
      ).then((pairs) => new Map(pairs)),
    refresh,
  );
  const seedLabels = useMemo<SeedLabel[]>(() => seeds.map((s) => ({ ref: s, title: (seedTitles.status === "ready" ? seedTitles.data.get(s) : undefined) ?? s })), [seeds, seedTitles]);

  return { graph, graphData, directions, paper, buildsOn, builtBy, similar, highlighted, highlightSize, path, mainPath, seedLabels };
}
