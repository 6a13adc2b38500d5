/**
 * Which region of the map each paper belongs to (regions.ts draws them): its stated direction,
 * else its community when the community is labelled, else, for a paper with no citation in the
 * map (laid out in a disc of its own beside it, graph/layout-start.ts), the disc; and the groups'
 * names and colours. On the map a community goes by its most distinctive term (the legend has
 * the rest). Pure: the graph, its links and what is hidden in, points and groups out.
 */
import type { CitationGraph, LinkGraph } from "./citation-graph.ts";
import type { RegionGroup, RegionPoint } from "./regions.ts";

/** The disc of papers with no citation in the map. */
export const UNCITED_GROUP = "uncited";
export const UNCITED_LABEL = "no citations here";

export interface GroupNames {
  directionColors: ReadonlyMap<string, string>;
  communities: readonly { id: number; label: string; color: string }[];
  /** The colour of papers of no labelled community (the disc's). */
  otherColor: string;
}

/** The papers on show as points of their groups (their force-layout positions). */
export function groupedPoints(graph: CitationGraph, links: LinkGraph, hidden: ReadonlySet<string> | null, names: GroupNames): RegionPoint[] {
  const labelled = new Set(names.communities.map((c) => c.id));
  const points: RegionPoint[] = [];
  graph.forEachNode((key, a) => {
    if (hidden?.has(key)) return;
    const group = a.direction ? `d:${a.direction}` : labelled.has(a.community) ? `c:${a.community}` : links.degree(key) === 0 ? UNCITED_GROUP : null;
    points.push({ x: a.forceX, y: a.forceY, group });
  });
  return points;
}

/** The groups' keys, names on the map and colours. */
export function regionGroups(names: GroupNames): RegionGroup[] {
  return [
    ...[...names.directionColors].map(([name, color]) => ({ key: `d:${name}`, label: name, color })),
    ...names.communities.map((c) => ({ key: `c:${c.id}`, label: c.label.split(", ")[0] ?? c.label, color: c.color })),
    { key: UNCITED_GROUP, label: UNCITED_LABEL, color: names.otherColor, placed: true },
  ];
}
