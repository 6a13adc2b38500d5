/**
 * The graph the explorer draws (api/types.ts GraphPayload): graphology's serialisation with the
 * stored ForceAtlas2 positions, a size from citations and a colour from the paper's direction (or
 * its Louvain community when it has none: the largest communities each have a colour and a label
 * of their title words), filtered by direction, year range and stubs; and the research directions
 * with their paper counts.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { DrawablePaper } from "../db/paper-queries.ts";
import type { DirectionSummary, GraphCommunity, GraphFilters, GraphPayload } from "../api/types.ts";
import { communityWords } from "../graph/communities.ts";

const PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#86bcb6", "#d37295", "#8cd17d", "#b6992d", "#499894", "#a0cbe8", "#ffbe7d"];
const STUB_COLOR = "#b8b8b8";

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function directionColor(name: string): string {
  return PALETTE[hash(name) % PALETTE.length] ?? "#888888";
}

/**
 * Colours of the largest communities, one each, largest first: saturated and far apart, and none
 * the grey of papers known only as references. Communities used to get pale tones of the
 * direction palette, which on AAN (no stated directions) made the map a wash of near-whites.
 */
export const COMMUNITY_PALETTE = [
  "#1f77b4",
  "#ff7f0e",
  "#2ca02c",
  "#d62728",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#17becf",
  "#bcbd22",
  "#393b79",
  "#637939",
  "#ad494a",
  "#6b6ecf",
  "#e7ba52",
  "#843c39",
  "#7b4173",
];
/** Papers of the smaller communities, beyond the palette. */
export const OTHER_COMMUNITY_COLOR = "#8fa1b3";

/**
 * Palette colours for the largest communities: a community numbered k below the palette's length
 * keeps colour k (communities keep their numbers as the graph grows, graph/community-numbering.ts,
 * so they keep their colours); the others take the colours left, largest first.
 */
function paletteColours(largest: readonly number[]): Map<number, string> {
  const colours = new Map<number, string>();
  const free = new Set(COMMUNITY_PALETTE.keys());
  for (const id of largest) {
    if (!free.has(id)) continue;
    colours.set(id, COMMUNITY_PALETTE[id] ?? OTHER_COMMUNITY_COLOR);
    free.delete(id);
  }
  const left = [...free];
  for (const id of largest) if (!colours.has(id)) colours.set(id, COMMUNITY_PALETTE[left.shift() ?? -1] ?? OTHER_COMMUNITY_COLOR);
  return colours;
}

/** The largest communities (by papers), each with its colour and the label of its distinctive title terms. */
function communitiesOf(papers: readonly DrawablePaper[]): GraphCommunity[] {
  const groups = new Map<number, number[]>();
  papers.forEach((p, i) => {
    const c = p.community ?? 0;
    const list = groups.get(c);
    if (list) list.push(i);
    else groups.set(c, [i]);
  });
  const largest = [...groups.entries()]
    .filter(([, members]) => members.length >= 2)
    .sort((a, b) => b[1].length - a[1].length || a[0] - b[0])
    .slice(0, COMMUNITY_PALETTE.length);
  // Every community weighs the terms (c-TF-IDF's classes); only the largest are labelled.
  const words = communityWords(
    papers.length,
    (i) => papers[i]?.title ?? null,
    groups,
    undefined,
    largest.map(([id]) => id),
  );
  const colours = paletteColours(largest.map(([id]) => id));
  return largest.map(([id, members]) => ({
    id,
    size: members.length,
    label: (words.get(id) ?? []).join(", ") || `community ${id}`,
    color: colours.get(id) ?? OTHER_COMMUNITY_COLOR,
  }));
}

export function graphPayload(db: LineageDb, filter: GraphFilters): GraphPayload {
  const papers = db.queries.drawablePapers();
  const communities = communitiesOf(papers);
  const communityColor = new Map(communities.map((c) => [c.id, c.color]));
  const keep = new Set<string>();
  const nodes: GraphPayload["nodes"] = [];
  for (const p of papers) {
    const direction = p.directions[0]?.name ?? null;
    if (filter.direction && !p.directions.some((d) => d.name === filter.direction)) continue;
    if (filter.minYear !== null && (p.year === null || p.year < filter.minYear)) continue;
    if (filter.maxYear !== null && (p.year === null || p.year > filter.maxYear)) continue;
    if (filter.hideStubs && p.stub) continue;
    keep.add(p.id);
    const cites = p.citedByCount ?? p.inDegree;
    const community = p.community ?? 0;
    nodes.push({
      key: p.id,
      attributes: {
        label: p.title ?? p.id,
        title: p.title,
        year: p.year,
        ...positionOf(p),
        size: Math.min(18, 2 + Math.sqrt(Math.log1p(cites)) * 2.4),
        color: direction ? directionColor(direction) : p.stub ? STUB_COLOR : (communityColor.get(community) ?? OTHER_COMMUNITY_COLOR),
        direction,
        ...(p.directions.length > 1 ? { directions: p.directions.map((d) => d.name) } : {}),
        community,
        stub: p.stub,
        citedByCount: p.citedByCount,
        arxivId: p.arxivId,
      },
    });
  }
  const edges = db.queries
    .edges()
    .filter((e) => keep.has(e.citing) && keep.has(e.cited))
    .map((e) => ({ source: e.citing, target: e.cited, attributes: { kind: "cites" as const } }));
  return {
    attributes: {
      totalPapers: papers.length,
      totalEdges: db.queries.counts().edges,
      layoutStale: !db.layoutIsCurrent(),
      communities,
      otherCommunityColor: OTHER_COMMUNITY_COLOR,
    },
    options: { type: "directed", multi: false, allowSelfLoops: false },
    nodes,
    edges,
  };
}

/**
 * The stored position; a paper the stored layout does not place (a database written before
 * layouts were stored with the graph) gets a fixed spot on a wide ring, from its id, so the
 * explorer can still draw it. Ingest and import always store a current layout.
 */
function positionOf(p: DrawablePaper): { x: number; y: number } {
  if (p.x !== null && p.y !== null) return { x: p.x, y: p.y };
  const angle = (hash(p.id) / 2 ** 32) * 2 * Math.PI;
  return { x: Math.round(Math.cos(angle) * 100_00) / 100, y: Math.round(Math.sin(angle) * 100_00) / 100 };
}

export function directionsPayload(db: LineageDb): DirectionSummary[] {
  const counts = new Map<string, { name: string; area: string | null; count: number }>();
  for (const p of db.queries.drawablePapers()) {
    for (const d of p.directions) {
      const cur = counts.get(d.name) ?? { name: d.name, area: d.area ?? null, count: 0 };
      cur.count++;
      counts.set(d.name, cur);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).map((d) => ({ ...d, color: directionColor(d.name) }));
}
