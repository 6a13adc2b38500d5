/**
 * Where the map's clusters are, to label them there: each research direction at the papers its
 * pages place in it, and each of the largest communities (labelled by their title words on the
 * server, library/graph-payload.ts) at its papers that state no direction (those known only as
 * references too: they are where the community is, if drawn grey). The spot is the median
 * of the members' positions in each axis, which a few far-flung members do not drag into the void
 * between clusters as a mean would.
 */
import type { GraphCommunity } from "../api/types.ts";
import type { CitationGraph } from "./citation-graph.ts";

export interface ClusterLabel {
  key: string;
  kind: "direction" | "community";
  text: string;
  color: string;
  /** Papers it is placed at. */
  size: number;
  /** Graph coordinates of the label. */
  x: number;
  y: number;
  /** What the legend's filter for it is. */
  direction?: string;
  community?: number;
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 ? (values[mid] ?? 0) : ((values[mid - 1] ?? 0) + (values[mid] ?? 0)) / 2;
}

/** Every direction, and the communities with at least `minSize` papers stating no direction; largest first. */
export function clusterLabels(graph: CitationGraph, communities: readonly GraphCommunity[], directionColor: (name: string) => string, minSize = 3): ClusterLabel[] {
  const byDirection = new Map<string, { xs: number[]; ys: number[] }>();
  const byCommunity = new Map<number, { xs: number[]; ys: number[] }>();
  const labelled = new Set(communities.map((c) => c.id));
  graph.forEachNode((_key, a) => {
    let group: { xs: number[]; ys: number[] } | undefined;
    if (a.direction) {
      group = byDirection.get(a.direction);
      if (!group) byDirection.set(a.direction, (group = { xs: [], ys: [] }));
    } else if (labelled.has(a.community)) {
      group = byCommunity.get(a.community);
      if (!group) byCommunity.set(a.community, (group = { xs: [], ys: [] }));
    }
    group?.xs.push(a.forceX);
    group?.ys.push(a.forceY);
  });
  const labels: ClusterLabel[] = [];
  for (const [name, g] of byDirection) {
    labels.push({ key: `d:${name}`, kind: "direction", text: name, color: directionColor(name), size: g.xs.length, x: median(g.xs), y: median(g.ys), direction: name });
  }
  for (const c of communities) {
    const g = byCommunity.get(c.id);
    if (!g || g.xs.length < minSize) continue;
    labels.push({ key: `c:${c.id}`, kind: "community", text: c.label, color: c.color, size: g.xs.length, x: median(g.xs), y: median(g.ys), community: c.id });
  }
  return labels.sort((a, b) => b.size - a.size || a.key.localeCompare(b.key));
}
