/**
 * The API's graph (graphology's serialisation, api/types.ts GraphPayload) as columns: one array
 * per attribute, numbers in typed arrays, citations as two arrays of paper indices (every pair
 * once, no loops, no dangling ends). A worker makes them from the answer (graph-load.worker.ts) and
 * hands the typed arrays over without copying: the page's main thread never parses AAN's 14 MB of
 * JSON nor holds its 115,000 objects. Pure functions, no DOM.
 */
import type { GraphNodeAttributes, GraphPayload } from "../api/types.ts";

export interface GraphColumns {
  /** The graph's own attributes (absent when converted from nodes and edges alone). */
  attributes?: GraphPayload["attributes"];
  keys: string[];
  labels: (string | null)[];
  titles: (string | null)[];
  colors: (string | null)[];
  /** Each paper's first direction, and all of them when it has several. */
  direction: (string | null)[];
  directions: (string[] | null)[];
  arxivIds: (string | null)[];
  /** NaN where the answer had none. */
  x: Float64Array;
  y: Float64Array;
  size: Float64Array;
  year: Float64Array;
  citedBy: Float64Array;
  community: Int32Array;
  stub: Uint8Array;
  citing: Int32Array;
  cited: Int32Array;
  /** Citations dropped: loops, repeats, an end not in the graph. */
  droppedEdges: number;
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : NaN;
}

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** The answer as columns (the worker's half). */
export function toColumns(payload: Pick<GraphPayload, "nodes" | "edges"> & { attributes?: GraphPayload["attributes"] }): GraphColumns {
  const n = payload.nodes.length;
  const keys: string[] = new Array<string>(n);
  const labels: (string | null)[] = new Array<string | null>(n);
  const titles: (string | null)[] = new Array<string | null>(n);
  const colors: (string | null)[] = new Array<string | null>(n);
  const direction: (string | null)[] = new Array<string | null>(n);
  const directions: (string[] | null)[] = new Array<string[] | null>(n);
  const arxivIds: (string | null)[] = new Array<string | null>(n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const size = new Float64Array(n);
  const year = new Float64Array(n);
  const citedBy = new Float64Array(n);
  const community = new Int32Array(n);
  const stub = new Uint8Array(n);
  const index = new Map<string, number>();
  payload.nodes.forEach((node, i) => {
    const a: Partial<GraphNodeAttributes> = node.attributes ?? {};
    keys[i] = node.key;
    index.set(node.key, i);
    labels[i] = str(a.label);
    titles[i] = str(a.title);
    colors[i] = str(a.color);
    direction[i] = str(a.direction);
    directions[i] = Array.isArray(a.directions) ? a.directions.filter((d): d is string => typeof d === "string") : null;
    arxivIds[i] = str(a.arxivId);
    x[i] = num(a.x);
    y[i] = num(a.y);
    size[i] = num(a.size);
    year[i] = num(a.year);
    citedBy[i] = num(a.citedByCount);
    community[i] = typeof a.community === "number" ? a.community : 0;
    stub[i] = a.stub === true ? 1 : 0;
  });
  const citing: number[] = [];
  const cited: number[] = [];
  const seen = new Set<number>();
  for (const e of payload.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined || s === t) continue;
    const pair = s * n + t;
    if (seen.has(pair)) continue;
    seen.add(pair);
    citing.push(s);
    cited.push(t);
  }
  return {
    attributes: payload.attributes,
    keys,
    labels,
    titles,
    colors,
    direction,
    directions,
    arxivIds,
    x,
    y,
    size,
    year,
    citedBy,
    community,
    stub,
    citing: Int32Array.from(citing),
    cited: Int32Array.from(cited),
    droppedEdges: payload.edges.length - citing.length,
  };
}

/** The typed arrays of the columns: handed over to the page, not copied. */
export function transferables(c: GraphColumns): ArrayBuffer[] {
  return [c.x, c.y, c.size, c.year, c.citedBy, c.community, c.stub, c.citing, c.cited].map((a) => a.buffer as ArrayBuffer);
}

/** What the explorer's panels ask of a paper on the map (its filters, its place). */
export interface MapPaper {
  stub: boolean;
  year: number | null;
  directions: readonly string[];
  community: number;
}

/** Papers of the loaded graph by key, for the panels (is it on the map, would the filters show it). */
export class MapPapers {
  private readonly index = new Map<string, number>();

  constructor(private readonly columns: GraphColumns) {
    columns.keys.forEach((k, i) => this.index.set(k, i));
  }

  get size(): number {
    return this.index.size;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  get(key: string): MapPaper | undefined {
    const i = this.index.get(key);
    if (i === undefined) return undefined;
    const c = this.columns;
    const year = c.year[i] ?? NaN;
    const first = c.direction[i] ?? null;
    return { stub: c.stub[i] === 1, year: Number.isFinite(year) ? year : null, directions: c.directions[i] ?? (first ? [first] : []), community: c.community[i] ?? 0 };
  }
}
