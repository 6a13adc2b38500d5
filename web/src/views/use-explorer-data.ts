/**
 * The API data a view of the explorer needs, fetched from its state: the (filtered) graph, the
 * directions, the selected paper with its direct builds-on / built-by lists, the highlighted set at
 * the chosen depth, and the influence path. Each request is keyed, aborted when superseded.
 */
import { useMemo } from "react";
import { fetchClosure, fetchDirections, fetchGraph, fetchPaper, fetchPath, graphUrl } from "../core/api/client.ts";
import type { Resource } from "../core/api/types.ts";
import type { ExplorerState } from "../core/explorer/types.ts";
import { useLastReady, useResource } from "../hooks/use-resource.ts";

export function useExplorerData(state: ExplorerState) {
  const { filters, paper: ref, highlight, path: pathQuery } = state;

  const graph = useResource(graphUrl(filters), (signal) => fetchGraph(filters, signal));
  const graphData = useLastReady(graph);
  const directions = useResource("directions", fetchDirections);

  const paper = useResource(ref ? `paper:${ref}` : null, (signal) => fetchPaper(ref ?? "", signal));
  const paperId = paper.status === "ready" ? paper.data.id : null;

  const buildsOn = useResource(paperId ? `builds-on:${paperId}` : null, (signal) =>
    fetchClosure(paperId ?? "", "buildsOn", 1, signal).then((r) => r.papers),
  );
  const builtBy = useResource(paperId ? `built-by:${paperId}` : null, (signal) =>
    fetchClosure(paperId ?? "", "builtBy", 1, signal).then((r) => r.papers),
  );

  const highlightKey = paperId && highlight ? `${paperId}\u0000${highlight.direction}\u0000${highlight.depth}` : null;
  const highlightRes = useResource(highlightKey, (signal) =>
    fetchClosure(paperId ?? "", highlight?.direction ?? "buildsOn", highlight?.depth ?? 1, signal).then(
      (r) => new Set(r.papers.map((p) => p.id)) as ReadonlySet<string>,
    ),
  );
  const highlighted = highlightRes.status === "ready" ? highlightRes.data : null;
  const highlightSize = useMemo<Resource<number>>(
    () => (highlightRes.status === "ready" ? { status: "ready", data: highlightRes.data.size } : highlightRes),
    [highlightRes],
  );

  const pathKey = pathQuery ? `${pathQuery.from}\u0000${pathQuery.to}\u0000${pathQuery.mode}` : null;
  const path = useResource(pathKey, (signal) => fetchPath(pathQuery?.from ?? "", pathQuery?.to ?? "", pathQuery?.mode ?? "shortest", signal));

  return { graph, graphData, directions, paper, buildsOn, builtBy, highlighted, highlightSize, path };
}
