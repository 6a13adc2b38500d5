/**
 * The lineage view's data: a main path and its key routes (Hummon & Doreian 1989; Liu & Lu 2012,
 * computed by the server, graph/main-path.ts) turned into what the graph emphasises. A route is a
 * list of steps, oldest first; a step is a paper, or a citation cycle collapsed into its most cited
 * member followed by the others.
 */
import type { KeyRoute, MainPathResponse, MainPathStep } from "../api/types.ts";

/** Node keys of one step: the paper listed, then the other members of its cycle. */
export type RouteStep = readonly string[];
/** Steps oldest first: each builds on the one before. */
export type Route = readonly RouteStep[];

export function stepKeys(step: MainPathStep): string[] {
  return [step.id, ...step.members.map((m) => m.id)];
}

function routeKey(path: readonly MainPathStep[]): string {
  return path.map((s) => s.id).join("\u0000");
}

/** A key route that differs from the main path, with the key citations that lead to it. */
export interface DistinctKeyRoute {
  path: MainPathStep[];
  /** The key citations whose route this is, by rank (1 = highest SPC), with their exact SPC. */
  links: (Pick<KeyRoute, "from" | "to" | "spcExact"> & { rank: number })[];
}

/** Key routes, each path once, leaving out those that are the main path itself. */
export function distinctKeyRoutes(data: MainPathResponse): DistinctKeyRoute[] {
  return keyRouteReport(data).routes;
}

/**
 * What the key routes asked for came to. Key route K is built round the citation of K-th highest
 * SPC (Liu & Lu 2012), and several of those citations often lie on the main path or on one route
 * already shown: asking for 3 can give one route besides the main path. This says which.
 */
export interface KeyRouteReport {
  /** Distinct routes other than the main path, in the order of their best key citation. */
  routes: DistinctKeyRoute[];
  /** Ranks of the key citations whose route is the main path. */
  alongMainPath: number[];
  /** Ranks of the key citations whose route repeats another shown (route index in `routes`, 0-based). */
  repeats: { rank: number; route: number }[];
  /** How many key citations the answer has (fewer than asked when the scope has fewer citations). */
  citations: number;
}

export function keyRouteReport(data: MainPathResponse): KeyRouteReport {
  const main = routeKey(data.path);
  const byPath = new Map<string, number>();
  const routes: DistinctKeyRoute[] = [];
  const alongMainPath: number[] = [];
  const repeats: { rank: number; route: number }[] = [];
  data.keyRoutes.forEach((route, i) => {
    const rank = i + 1;
    const key = routeKey(route.path);
    if (key === main || route.path.length === 0) {
      alongMainPath.push(rank);
      return;
    }
    const link = { from: route.from, to: route.to, spcExact: route.spcExact, rank };
    const known = byPath.get(key);
    if (known === undefined) {
      byPath.set(key, routes.length);
      routes.push({ path: route.path, links: [link] });
    } else {
      routes[known]?.links.push(link);
      repeats.push({ rank, route: known });
    }
  });
  return { routes, alongMainPath, repeats, citations: data.keyRoutes.length };
}

/** The routes the graph draws: the main path first (drawn strongest), then the distinct key routes. */
export function lineageRoutes(data: MainPathResponse): Route[] {
  const routes: Route[] = [];
  if (data.path.length > 0) routes.push(data.path.map(stepKeys));
  for (const route of distinctKeyRoutes(data)) routes.push(route.path.map(stepKeys));
  return routes;
}

/** Every paper on the routes, once, for the camera to frame. */
export function routePapers(routes: readonly Route[]): string[] {
  return [...new Set(routes.flatMap((route) => route.flat()))];
}
