/**
 * The plot BENCHMARKS.md links (bench/results/query-latency-memory.svg): median query latency
 * and peak resident memory against graph size, Lineage (solid) beside networkx (dashed).
 */
import type { BenchResults } from "./run.ts";
import { plotSvg, type Series } from "./plot-svg.ts";

const SHOWN: [string, string][] = [
  ["buildsOn depth 2", "#4e79a7"],
  ["builtBy depth 2", "#59a14f"],
  ["shortest path", "#f28e2b"],
  ["longest path", "#e15759"],
  ["main path", "#b07aa1"],
];

export function latencyMemoryPlot(results: BenchResults): string {
  const queries = results.queries ?? [];
  const synthetic = new Set(results.corpora.filter((c) => c.synthetic).map((c) => c.label));
  const latency: Series[] = [];
  for (const [query, colour] of SHOWN) {
    for (const side of ["lineage", "networkx"] as const) {
      latency.push({
        label: `${query} (${side === "lineage" ? "Lineage" : "networkx"})`,
        colour,
        dashed: side === "networkx",
        points: queries.flatMap((q) => {
          const row = q.rows.find((r) => r.query === query);
          return row ? [{ x: q.papers, y: row[side].median, hollow: !synthetic.has(q.graph) }] : [];
        }),
      });
    }
  }
  const memory: Series[] = [
    { label: "Lineage: index loaded (peak RSS)", colour: "#333333", points: queries.map((q) => ({ x: q.papers, y: q.lineage.peakRssMiB, hollow: !synthetic.has(q.graph) })) },
    { label: "networkx: DiGraph loaded (peak RSS)", colour: "#333333", dashed: true, points: queries.map((q) => ({ x: q.papers, y: q.networkx.peakRssMiB, hollow: !synthetic.has(q.graph) })) },
  ];
  const cold = results.coldStart ?? [];
  if (cold.length > 0) {
    const papersOf = (label: string) => results.corpora.find((c) => c.label === label)?.papers ?? 0;
    memory.push({
      label: "lineage serve: peak RSS at first answer",
      colour: "#76b7b2",
      points: cold.map((c) => ({ x: papersOf(c.graph), y: c.peakRssMiB, hollow: !synthetic.has(c.graph) })),
    });
  }
  return plotSvg(
    [
      { title: "Median query latency", xLabel: "papers (citations = 10 × papers; hollow: AAN)", yLabel: "ms", series: latency },
      { title: "Peak resident memory", xLabel: "papers", yLabel: "MiB", series: memory },
    ],
    `${results.command}, ${results.date}, ${results.machine.cpus}. Solid: Lineage; dashed: networkx ${queries[0]?.networkx.version ?? ""}.`,
  );
}
