/**
 * The map's regions traced off the page's main thread (regions.ts; trace-regions.ts asks): the
 * papers come as columns (positions, and each paper's group as an index into the groups, -1 for
 * none), the regions go back as they are. One request per worker.
 */
import { mapRegions, type Region, type RegionGroup, type RegionPoint } from "./regions.ts";

export interface RegionsRequest {
  xs: Float64Array;
  ys: Float64Array;
  groupOf: Int32Array;
  groups: RegionGroup[];
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<RegionsRequest>) => void) | null; postMessage: (message: Region[]) => void };

scope.onmessage = (event) => {
  const { xs, ys, groupOf, groups } = event.data;
  const points: RegionPoint[] = [];
  for (let i = 0; i < xs.length; i++) {
    const g = groupOf[i] ?? -1;
    points.push({ x: xs[i] ?? NaN, y: ys[i] ?? NaN, group: g >= 0 ? (groups[g]?.key ?? null) : null });
  }
  scope.postMessage(mapRegions(points, groups));
};
