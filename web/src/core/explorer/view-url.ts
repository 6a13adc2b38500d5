/**
 * Every view is a link: the ViewState read from and written to the page's query string.
 *   ?collection=NAME  ?paper=REF  ?path=FROM,TO[&mode=longest]  ?direction=NAME  ?community=N  ?minYear=Y  ?maxYear=Y
 *   ?hideStubs=1  ?layout=timeline[&y=citations]  ?highlight=builds-on|built-by[&depth=1..3]
 *   ?view=lineage  ?seed=REF (repeated)  ?keyRoute=1..10  ?list=NAME
 * Unknown or malformed parameters are ignored, so an old or hand-edited link still opens.
 */
import { KEY_ROUTES_OFFERED, MAX_SEEDS, type ViewState, type Depth, type Highlight, type PathQuery } from "./types.ts";
import { NO_FILTERS } from "./index.ts";

/** Raw key → raw (still encoded) values, in the order given. */
function rawParams(search: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const values = params.get(key) ?? [];
    values.push(eq < 0 ? "" : part.slice(eq + 1));
    params.set(key, values);
  }
  return params;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** Encodes a value, leaving `:` and `/` readable (both are allowed in a query string). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%3A/gi, ":").replace(/%2F/gi, "/");
}

function year(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const n = Number(decode(raw));
  return Number.isInteger(n) && n > 0 && n < 10000 ? n : null;
}

function parsePath(raw: string | undefined, mode: string | undefined): PathQuery | null {
  if (!raw) return null;
  // The two refs are separated by a literal comma; a comma inside a ref is sent as %2C.
  const comma = raw.indexOf(",");
  if (comma < 0) return null;
  const from = decode(raw.slice(0, comma)).trim();
  const to = decode(raw.slice(comma + 1)).trim();
  if (!from || !to) return null;
  return { from, to, mode: mode !== undefined && decode(mode) === "longest" ? "longest" : "shortest" };
}

function parseHighlight(raw: string | undefined, depthRaw: string | undefined): Highlight | null {
  if (raw === undefined) return null;
  const value = decode(raw);
  const direction = value === "builds-on" ? "buildsOn" : value === "built-by" ? "builtBy" : null;
  if (!direction) return null;
  const n = depthRaw === undefined ? 1 : Number(decode(depthRaw));
  const depth: Depth = n === 2 || n === 3 ? n : 1;
  return { direction, depth };
}

function parseSeeds(raw: readonly string[]): string[] {
  const seeds: string[] = [];
  for (const value of raw) {
    const ref = decode(value).trim();
    if (ref && ref.length <= 500 && !seeds.includes(ref) && seeds.length < MAX_SEEDS) seeds.push(ref);
  }
  return seeds;
}

function parseKeyRoutes(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const n = Number(decode(raw));
  return Number.isInteger(n) && n >= 1 && n <= KEY_ROUTES_OFFERED ? n : 0;
}

export function parseView(search: string): ViewState {
  const p = rawParams(search);
  // First occurrence wins for every parameter but `seed`.
  const get = (key: string) => p.get(key)?.[0];
  const paper = get("paper") === undefined ? null : decode(get("paper") ?? "").trim() || null;
  const direction = get("direction") === undefined ? null : decode(get("direction") ?? "").trim() || null;
  const hideStubs = get("hideStubs");
  const community = get("community") === undefined ? NaN : Number(decode(get("community") ?? ""));
  const collection = get("collection") === undefined ? null : decode(get("collection") ?? "").trim() || null;
  return {
    collection: collection && collection.length <= 100 ? collection : null,
    paper,
    path: parsePath(get("path"), get("mode")),
    filters: {
      ...NO_FILTERS,
      direction,
      community: Number.isInteger(community) && community >= 0 ? community : null,
      minYear: year(get("minYear")),
      maxYear: year(get("maxYear")),
      hideStubs: hideStubs !== undefined && hideStubs !== "0" && hideStubs !== "false",
    },
    layout: get("layout") !== undefined && decode(get("layout") ?? "") === "timeline" ? "timeline" : "force",
    timelineY: get("y") !== undefined && decode(get("y") ?? "") === "citations" ? "citations" : "layout",
    highlight: paper ? parseHighlight(get("highlight"), get("depth")) : null,
    mode: get("view") !== undefined && decode(get("view") ?? "") === "lineage" ? "lineage" : "graph",
    seeds: parseSeeds(p.get("seed") ?? []),
    keyRoutes: parseKeyRoutes(get("keyRoute")),
    list: get("list") === undefined ? null : decode(get("list") ?? "").trim() || null,
  };
}

/** The query string for a view ("" for the empty view), parameters in a fixed order. */
export function formatView(view: ViewState): string {
  const parts: string[] = [];
  if (view.collection) parts.push(`collection=${encode(view.collection)}`);
  if (view.paper) parts.push(`paper=${encode(view.paper)}`);
  if (view.paper && view.highlight) {
    parts.push(`highlight=${view.highlight.direction === "buildsOn" ? "builds-on" : "built-by"}`);
    if (view.highlight.depth !== 1) parts.push(`depth=${view.highlight.depth}`);
  }
  if (view.path) {
    parts.push(`path=${encode(view.path.from).replace(/,/g, "%2C")},${encode(view.path.to).replace(/,/g, "%2C")}`);
    if (view.path.mode === "longest") parts.push("mode=longest");
  }
  if (view.mode === "lineage") parts.push("view=lineage");
  for (const seed of view.seeds) parts.push(`seed=${encode(seed)}`);
  if (view.keyRoutes > 0) parts.push(`keyRoute=${view.keyRoutes}`);
  if (view.list) parts.push(`list=${encode(view.list)}`);
  if (view.filters.direction) parts.push(`direction=${encode(view.filters.direction)}`);
  if (view.filters.community !== null) parts.push(`community=${view.filters.community}`);
  if (view.filters.minYear !== null) parts.push(`minYear=${view.filters.minYear}`);
  if (view.filters.maxYear !== null) parts.push(`maxYear=${view.filters.maxYear}`);
  if (view.filters.hideStubs) parts.push("hideStubs=1");
  if (view.layout === "timeline") parts.push("layout=timeline");
  if (view.timelineY === "citations") parts.push("y=citations");
  return parts.length ? `?${parts.join("&")}` : "";
}

/**
 * Whether going from one view to the next deserves a browser history entry (a new collection,
 * paper, path, view or list: Back returns to it) or just replaces the current one (filters, layout, highlight,
 * seeds, key routes).
 */
export function isNavigation(before: ViewState, after: ViewState): boolean {
  const pathKey = (v: ViewState) => (v.path ? `${v.path.from}\u0000${v.path.to}\u0000${v.path.mode}` : "");
  return before.collection !== after.collection || before.paper !== after.paper || pathKey(before) !== pathKey(after) || before.mode !== after.mode || before.list !== after.list;
}
