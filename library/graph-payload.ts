/**
 * The graph the explorer draws: graphology's serialisation with stored ForceAtlas2 positions,
 * a size from citations and a colour from the paper's direction (or its Louvain community when
 * it has none), filtered by direction, year range and stubs.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { Direction } from "../ingest/types.ts";
import type { Placement } from "../graph/layout.ts";

export interface GraphFilter {
  direction?: string;
  minYear?: number;
  maxYear?: number;
  hideStubs?: boolean;
}

const PALETTE = [
  "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
  "#9c755f", "#86bcb6", "#d37295", "#8cd17d", "#b6992d", "#499894", "#a0cbe8", "#ffbe7d",
];
const STUB_COLOR = "#b8b8b8";

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function directionColor(name: string): string {
  return PALETTE[hash(name) % PALETTE.length] ?? "#888888";
}

/** Communities get opaque pale tones of the palette (mixed with white) so stated directions stand out. */
function communityColor(community: number): string {
  const base = PALETTE[(community * 7 + 3) % PALETTE.length] ?? "#888888";
  const pale = (i: number) => Math.round(parseInt(base.slice(i, i + 2), 16) * 0.6 + 255 * 0.4);
  return `#${[1, 3, 5].map((i) => pale(i).toString(16).padStart(2, "0")).join("")}`;
}

/** `positions` replaces the stored layout when that one is stale (a read-only database). */
export function graphPayload(db: LineageDb, filter: GraphFilter, positions?: Map<string, Placement>) {
  const rows = db.queries.drawablePapers().map((r) => {
    const p = positions?.get(r.id);
    return p ? Object.assign({}, r, { x: p.x, y: p.y, community: p.community }) : r;
  });
  const keep = new Set<string>();
  const nodes = [];
  for (const r of rows) {
    const directions = JSON.parse(r.directions_json) as Direction[];
    const direction = directions[0]?.name ?? null;
    if (filter.direction && !directions.some((d) => d.name === filter.direction)) continue;
    if (filter.minYear !== undefined && (r.year === null || r.year < filter.minYear)) continue;
    if (filter.maxYear !== undefined && (r.year === null || r.year > filter.maxYear)) continue;
    if (filter.hideStubs && r.stub === 1) continue;
    keep.add(r.id);
    const cites = r.cited_by_count ?? r.in_degree;
    nodes.push({
      key: r.id,
      attributes: {
        label: r.title ?? r.id,
        title: r.title,
        year: r.year,
        x: r.x,
        y: r.y,
        size: Math.min(18, 2 + Math.sqrt(Math.log1p(cites)) * 2.4),
        color: direction ? directionColor(direction) : r.stub === 1 ? STUB_COLOR : communityColor(r.community),
        direction,
        community: r.community,
        stub: r.stub === 1,
        citedByCount: r.cited_by_count,
        arxivId: r.arxiv_id,
      },
    });
  }
  const edges = db.queries
    .edges()
    .filter((e) => keep.has(e.citing) && keep.has(e.cited))
    .map((e) => ({ source: e.citing, target: e.cited, attributes: { kind: "cites" } }));
  const totals = { totalPapers: rows.length, totalEdges: db.queries.counts().edges };
  return { attributes: totals, options: { type: "directed", multi: false, allowSelfLoops: false }, nodes, edges };
}

export function directionsPayload(db: LineageDb) {
  const counts = new Map<string, { name: string; area: string | null; count: number }>();
  for (const r of db.queries.drawablePapers()) {
    for (const d of JSON.parse(r.directions_json) as Direction[]) {
      const cur = counts.get(d.name) ?? { name: d.name, area: d.area ?? null, count: 0 };
      cur.count++;
      counts.set(d.name, cur);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).map((d) => Object.assign({}, d, { color: directionColor(d.name) }));
}
