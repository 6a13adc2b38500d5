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
  links: Pick<KeyRoute, "from" | "to" | "spc">[];
}

/** Key routes, each path once, leaving out those that are the main path itself. */
export function distinctKeyRoutes(data: MainPathResponse): DistinctKeyRoute[] {
  const main = routeKey(data.path);
  const byPath = new Map<string, DistinctKeyRoute>();
  for (const route of data.keyRoutes) {
    const key = routeKey(route.path);
    if (key === main || route.path.length === 0) continue;
    const known = byPath.get(key) ?? { path: route.path, links: [] };
    known.links.push({ from: route.from, to: route.to, spc: route.spc });
    byPath.set(key, known);
  }
  return [...byPath.values()];
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
