/**
 * Every view is a link: the ViewState read from and written to the page's query string.
 *   ?paper=REF  ?path=FROM,TO[&mode=longest]  ?direction=NAME  ?minYear=Y  ?maxYear=Y  ?hideStubs=1
 *   ?layout=timeline  ?highlight=builds-on|built-by[&depth=1..3]
 * Unknown or malformed parameters are ignored, so an old or hand-edited link still opens.
 */
import type { ViewState, Depth, Highlight, PathQuery } from "./types.ts";
import { NO_FILTERS } from "./index.ts";

/** Raw key → raw (still encoded) value, first occurrence wins. */
function rawParams(search: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    if (!params.has(key)) params.set(key, eq < 0 ? "" : part.slice(eq + 1));
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

export function parseView(search: string): ViewState {
  const p = rawParams(search);
  const get = (key: string) => p.get(key);
  const paper = get("paper") === undefined ? null : decode(get("paper") ?? "").trim() || null;
  const direction = get("direction") === undefined ? null : decode(get("direction") ?? "").trim() || null;
  const hideStubs = get("hideStubs");
  return {
    paper,
    path: parsePath(get("path"), get("mode")),
    filters: {
      ...NO_FILTERS,
      direction,
      minYear: year(get("minYear")),
      maxYear: year(get("maxYear")),
      hideStubs: hideStubs !== undefined && hideStubs !== "0" && hideStubs !== "false",
    },
    layout: get("layout") !== undefined && decode(get("layout") ?? "") === "timeline" ? "timeline" : "force",
    highlight: paper ? parseHighlight(get("highlight"), get("depth")) : null,
  };
}

/** The query string for a view ("" for the empty view), parameters in a fixed order. */
export function formatView(view: ViewState): string {
  const parts: string[] = [];
  if (view.paper) parts.push(`paper=${encode(view.paper)}`);
  if (view.paper && view.highlight) {
    parts.push(`highlight=${view.highlight.direction === "buildsOn" ? "builds-on" : "built-by"}`);
    if (view.highlight.depth !== 1) parts.push(`depth=${view.highlight.depth}`);
  }
  if (view.path) {
    parts.push(`path=${encode(view.path.from).replace(/,/g, "%2C")},${encode(view.path.to).replace(/,/g, "%2C")}`);
    if (view.path.mode === "longest") parts.push("mode=longest");
  }
  if (view.filters.direction) parts.push(`direction=${encode(view.filters.direction)}`);
  if (view.filters.minYear !== null) parts.push(`minYear=${view.filters.minYear}`);
  if (view.filters.maxYear !== null) parts.push(`maxYear=${view.filters.maxYear}`);
  if (view.filters.hideStubs) parts.push("hideStubs=1");
  if (view.layout === "timeline") parts.push("layout=timeline");
  return parts.length ? `?${parts.join("&")}` : "";
}

/**
 * Whether going from one view to the next deserves a browser history entry (a new paper or path:
 * Back returns to it) or just replaces the current one (filters, layout, highlight).
 */
export function isNavigation(before: ViewState, after: ViewState): boolean {
  const pathKey = (v: ViewState) => (v.path ? `${v.path.from}\u0000${v.path.to}\u0000${v.path.mode}` : "");
  return before.paper !== after.paper || pathKey(before) !== pathKey(after);
}
