/**
 * One redraw queue (core/graph/refresh-queue.ts) per sigma renderer, shared by the controllers
 * that redraw parts of the graph: the display model's changes and the timeline's positions. The
 * queue holds its slices while the graph has papers or citations sigma has not indexed yet (a new
 * graph, until sigma's next full processing), and drops what it held for a graph cleared.
 */
import type Sigma from "sigma";
import type { CitationGraph } from "../../core/graph/citation-graph.ts";
import { RefreshQueue } from "../../core/graph/refresh-queue.ts";

const queues = new WeakMap<object, RefreshQueue>();

export function redrawQueueOf(sigma: Sigma): RefreshQueue {
  let queue = queues.get(sigma);
  if (!queue) {
    const graph = sigma.getGraph() as CitationGraph;
    const made = new RefreshQueue(sigma, graph);
    const unindexed = () => made.setIndexed(false);
    graph.on("cleared", () => {
      made.clear();
      made.setIndexed(false);
    });
    graph.on("nodeAdded", unindexed);
    graph.on("edgeAdded", unindexed);
    sigma.on("afterProcess", () => made.setIndexed(true));
    sigma.on("kill", () => {
      made.clear();
      graph.removeListener("nodeAdded", unindexed);
      graph.removeListener("edgeAdded", unindexed);
    });
    queues.set(sigma, made);
    queue = made;
  }
  return queue;
}
