/**
 * The map's regions (regions.ts) traced in a worker of their own (regions.worker.ts) when the
 * browser has workers, else on the page (tests in jsdom): over AAN's 19,267 papers and sixteen
 * communities the tracing is a task of a hundred milliseconds or more, which the page's main
 * thread then never runs (issue 25). The points go over as columns, their buffers transferred.
 * One worker per request, ended when answered or aborted.
 */
import { mapRegions, type Region, type RegionGroup, type RegionPoint } from "./regions.ts";
import type { RegionsRequest } from "./regions.worker.ts";
import { workerAnswer } from "./worker-answer.ts";

/** The regions of `points`' groups; rejects with an AbortError when `signal` aborts first. */
export function traceRegions(points: readonly RegionPoint[], groups: readonly RegionGroup[], signal?: AbortSignal): Promise<Region[]> {
  if (typeof Worker === "undefined") return Promise.resolve(mapRegions(points, groups));
  const index = new Map(groups.map((g, i) => [g.key, i]));
  const request: RegionsRequest = {
    xs: new Float64Array(points.length),
    ys: new Float64Array(points.length),
    groupOf: new Int32Array(points.length),
    groups: groups.map(({ key, label, color, placed }) => ({ key, label, color, placed })),
  };
  points.forEach((p, i) => {
    request.xs[i] = p.x;
    request.ys[i] = p.y;
    request.groupOf[i] = p.group === null ? -1 : (index.get(p.group) ?? -1);
  });
  const start = () => new Worker(new URL("./regions.worker.ts", import.meta.url), { type: "module" });
  return workerAnswer<Region[]>(start, request, [request.xs.buffer, request.ys.buffer, request.groupOf.buffer], signal, "regions request").catch((err: Error) => {
    if (err.name === "AbortError") throw err;
    // A worker that cannot run (a strict policy, an old browser): traced here instead.
    return mapRegions(points, groups);
  });
}
