/**
 * ForceAtlas2 time to a stable layout (issue 6), run as graph/layout.ts runs it (seeded start
 * positions, inferred settings, Barnes-Hut), on AAN and on AAN as it grew (papers up to a year),
 * so the growth with size shows on one real literature.
 *
 * Stable: the mean distance a paper moves per iteration, over a window of ITERATIONS_PER_CHECK
 * iterations, falls below STABLE_SHARE of the layout's RMS radius, for two checks in a row (a
 * layout that still drifts by more than 0.1% of its size per iteration visibly moves). Capped at
 * MAX_ITERATIONS. The baseline is one iteration (per-iteration cost) and the stored layout's own
 * iteration count (graph/layout.ts iterationsFor), which is reported against stability.
 */
import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import { iterationsFor, seededRandom } from "../graph/layout.ts";
import { openReader } from "../db/store.ts";

const ITERATIONS_PER_CHECK = 10;
const STABLE_SHARE = 0.001;
const MAX_ITERATIONS = 1500;

export interface LayoutRow {
  label: string;
  papers: number;
  citations: number;
  iterationsToStable: number;
  stable: boolean;
  secondsToStable: number;
  msPerIteration: number;
  storedIterations: number;
  storedSeconds: number;
  /** Share of the radius moved per iteration after the stored layout's iterations. */
  driftAtStored: number;
}

export interface LayoutBench {
  rows: LayoutRow[];
  /** Exponent b of time-to-stable ∝ papers^b, fitted over the rows (log-log least squares). */
  growthExponent: number;
}

function positions(graph: Graph): Float64Array {
  const out = new Float64Array(graph.order * 2);
  let k = 0;
  graph.forEachNode((_n, a) => {
    out[k++] = a.x as number;
    out[k++] = a.y as number;
  });
  return out;
}

function rmsRadius(p: Float64Array): number {
  const n = p.length / 2;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    cx += p[2 * i] ?? 0;
    cy += p[2 * i + 1] ?? 0;
  }
  cx /= n;
  cy /= n;
  let s = 0;
  for (let i = 0; i < n; i++) s += ((p[2 * i] ?? 0) - cx) ** 2 + ((p[2 * i + 1] ?? 0) - cy) ** 2;
  return Math.sqrt(s / n);
}

function meanMove(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i += 2) s += Math.hypot((a[i] ?? 0) - (b[i] ?? 0), (a[i + 1] ?? 0) - (b[i + 1] ?? 0));
  return s / (a.length / 2);
}

export function timeToStable(label: string, ids: readonly string[], edges: readonly { citing: string; cited: string }[], seed = 42): LayoutRow {
  const graph = new Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  const random = seededRandom(seed);
  const radius = Math.sqrt(ids.length) * 10 + 1;
  for (const id of ids) graph.addNode(id, { x: (random() - 0.5) * radius, y: (random() - 0.5) * radius });
  for (const e of edges) if (e.citing !== e.cited && graph.hasNode(e.citing) && graph.hasNode(e.cited)) graph.mergeEdge(e.citing, e.cited);
  const settings = Object.assign({}, forceAtlas2.inferSettings(graph), { barnesHutOptimize: ids.length > 500 });
  const stored = iterationsFor(ids.length);
  let iterations = 0;
  let ms = 0;
  let calm = 0;
  let driftAtStored = NaN;
  let before = positions(graph);
  while (iterations < MAX_ITERATIONS && calm < 2) {
    const t0 = performance.now();
    forceAtlas2.assign(graph, { iterations: ITERATIONS_PER_CHECK, settings });
    ms += performance.now() - t0;
    iterations += ITERATIONS_PER_CHECK;
    const after = positions(graph);
    const drift = meanMove(before, after) / ITERATIONS_PER_CHECK / rmsRadius(after);
    if (iterations === Math.ceil(stored / ITERATIONS_PER_CHECK) * ITERATIONS_PER_CHECK) driftAtStored = drift;
    calm = drift < STABLE_SHARE ? calm + 1 : 0;
    before = after;
  }
  const msPerIteration = ms / iterations;
  return {
    label,
    papers: graph.order,
    citations: graph.size,
    iterationsToStable: iterations,
    stable: calm >= 2,
    secondsToStable: ms / 1000,
    msPerIteration,
    storedIterations: stored,
    storedSeconds: (stored * msPerIteration) / 1000,
    driftAtStored,
  };
}

/** AAN in full and as it stood at earlier years (papers with a year up to the cutoff). */
export function benchLayout(aanDb: string, cutoffs = [1990, 1998, 2003, 2007]): LayoutBench {
  const db = openReader(aanDb);
  let papers: { id: string; year: number | null }[];
  let edges: { citing: string; cited: string }[];
  try {
    papers = db.queries.allPapers().map((p) => ({ id: p.id, year: p.year }));
    edges = db.queries.edges();
  } finally {
    db.close();
  }
  const rows: LayoutRow[] = [];
  for (const year of cutoffs) {
    const keep = new Set(papers.filter((p) => p.year !== null && p.year <= year).map((p) => p.id));
    rows.push(
      timeToStable(
        `AAN to ${year}`,
        [...keep].sort(),
        edges.filter((e) => keep.has(e.citing) && keep.has(e.cited)),
      ),
    );
  }
  rows.push(
    timeToStable(
      "AAN",
      papers.map((p) => p.id),
      edges,
    ),
  );
  // Least squares on log(seconds) = a + b log(papers).
  const xs = rows.map((r) => Math.log(r.papers));
  const ys = rows.map((r) => Math.log(r.secondsToStable));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const growthExponent = xs.reduce((s, x, i) => s + (x - mx) * ((ys[i] ?? 0) - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return { rows, growthExponent };
}
