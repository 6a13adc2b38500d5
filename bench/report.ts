/** The Markdown tables of BENCHMARKS.md, from one run's results (bench/results/latest.md). */
import type { BenchResults } from "./run.ts";
import { fmt } from "./stats.ts";

const yes = (met: boolean | undefined) => (met === undefined ? "" : met ? "met" : "**missed**");
const kib = (b: number) => `${fmt(b / 1024)} KiB`;
const mb = (b: number) => `${fmt(b / 1e6)} MB`;

export function markdownReport(r: BenchResults): string {
  const out: string[] = [];
  const m = r.machine;
  out.push(
    `Run: \`${r.command}\` on ${r.date}; ${m.cpus}, ${m.memoryGiB} GiB, Node ${m.node}; load average at start ${m.loadAverage.join(" / ")}` +
      (r.machineAfter ? `, at end ${r.machineAfter.loadAverage.join(" / ")}` : "") +
      ".",
  );
  out.push("");
  for (const note of r.notes ?? []) out.push("", `Note: ${note}`);
  const runs = Object.entries(r.runs ?? {}).filter(([, run]) => run.command !== r.command || run.date !== r.date);
  if (runs.length > 0) {
    out.push("", "Figures kept from earlier runs (this run did not measure them):");
    for (const [section, run] of runs) out.push(`- ${section}: \`${run.command}\` on ${run.date}, load average ${run.loadAverage.join(" / ")}`);
  }
  out.push("");
  out.push("Graphs: " + r.corpora.map((c) => `${c.label} (${c.papers.toLocaleString("en")} papers, ${c.citations.toLocaleString("en")} citations)`).join("; ") + ".");

  if (r.ingest) {
    const i = r.ingest;
    out.push("", "### Ingest of the rendered AAN pages", "");
    out.push(
      "Floor: reading the same files and inserting every final row of every table the ingest filled" +
        (i.floorRows ? ` (${i.floorRows.toLocaleString("en")} rows)` : "") +
        " into the same schema, one prepared statement per table, one transaction." +
        (i.narrowFloorSeconds ? ` Narrow floor (earlier runs): papers' id, title and year and the edges only, in a two-table schema.` : ""),
      "",
    );
    out.push("| pages | papers / citations | ingest | pages/s | floor | ratio to floor | narrow floor | ratio to it | target |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    out.push(
      `| ${i.pages} | ${i.papers} / ${i.edges} | ${fmt(i.ingestSeconds)} s | ${fmt(i.pagesPerSecond)} | ${fmt(i.floorSeconds)} s | ${fmt(i.ratioToFloor)}× | ` +
        `${i.narrowFloorSeconds ? `${fmt(i.narrowFloorSeconds)} s` : ""} | ${i.ratioToNarrowFloor ? `${fmt(i.ratioToNarrowFloor)}×` : ""} | ` +
        `≥ 1,500 pages/s and ≤ 8× floor: ${yes(i.pagesPerSecond >= 1500 && i.ratioToFloor <= 8)} |`,
    );
  }

  if (r.import) {
    out.push("", "### Structured imports (issue 29)", "");
    out.push(
      `Each file read by the real \`lineage import\` (CSL-JSON by \`lineage ingest\`) in a child process, the median of ${r.import.repeats} run(s); ` +
        "floor: the same file read, decoded and its lines counted. Steps: seconds from the start to the first progress line of each (parse starts at `read`).",
      "",
    );
    out.push(
      "| format | records | file | wall | CPU | records/s | peak RSS | floor | ratio to floor | parse → store → rebuilt → layout → index | load | target |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const i of r.import.runs) {
      const st = i.steps;
      const steps = [st.parse, st.store, st.rebuild, st.layout, st.index].map((x) => (x === undefined ? "–" : fmt(x))).join(" → ");
      const bib = i.format === "bibtex" && i.records >= 100_000 ? ` and 100,000 in < 10 s, < 300 MB: ${yes(i.seconds < 10 && i.peakRssMiB < 300)}` : "";
      out.push(
        `| ${i.format} | ${i.records.toLocaleString("en")} | ${mb(i.bytes)} | ${fmt(i.seconds)} s | ${fmt(i.cpuSeconds)} s | ${fmt(i.recordsPerSecond)} | ${fmt(i.peakRssMiB)} MiB | ${fmt(i.floorSeconds)} s | ${fmt(i.ratioToFloor)}× | ${steps} | ${i.loadAverage.join(" / ")} | ≥ 20,000/s: ${yes(i.recordsPerSecond >= 20_000)}${bib} |`,
      );
    }
  }

  if (r.hubMix) {
    const h = r.hubMix;
    out.push("", `### Cheap requests beside hub requests: ${h.graph} (bench/hub-mix.ts, issue 29)`, "");
    out.push(
      `\`lineage serve\`, ${h.connections} connections: ${h.hubConnections} asking for the most cited papers' views and one-step lists, the rest for \`/api/stats\` and sampled papers' views (wrk, ${h.rounds} interleaved rounds of ${h.seconds} s, medians). ` +
        "Baseline: the same cheap requests on all the connections, no hubs.",
      "",
    );
    out.push("| cheap p99 with hubs | cheap p99 alone | ratio | hub p99 | cheap req/s | hub req/s | errors / non-2xx | p99 ≤ 50 ms |", "| --- | --- | --- | --- | --- | --- | --- | --- |");
    out.push(
      `| ${fmt(h.cheapP99Ms)} ms | ${fmt(h.cheapAloneP99Ms)} ms | ${fmt(h.cheapP99Ms / h.cheapAloneP99Ms)}× | ${fmt(h.hubP99Ms)} ms | ${fmt(h.cheapRequestsPerSecond)} | ${fmt(h.hubRequestsPerSecond)} | ${h.errors} / ${h.non2xx} | ${yes(h.met)} |`,
    );
  }

  for (const q of r.queries ?? []) {
    out.push("", `### Queries in process: ${q.graph} (${q.papers.toLocaleString("en")} papers, ${q.citations.toLocaleString("en")} citations)`, "");
    out.push(
      `Loading: Lineage ${fmt(q.lineage.loadMs)} ms to the traversal index (peak RSS ${fmt(q.lineage.peakRssMiB)} MiB, ${fmt(q.lineage.peakRssAfterMiB)} MiB after the queries); ` +
        `networkx ${q.networkx.version} ${fmt(q.networkx.loadMs)} ms to a DiGraph (peak RSS ${fmt(q.networkx.peakRssMiB)} MiB, ${fmt(q.networkx.peakRssAfterMiB)} MiB after). Target: faster than networkx on every query type: ${yes(q.met)}.`,
    );
    out.push("");
    out.push(
      "| query | n | Lineage median | Lineage p99 | networkx median | networkx p99 | speed-up median | speed-up p99 | answers differ |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const row of q.rows) {
      out.push(
        `| ${row.query} | ${row.lineage.n} | ${fmt(row.lineage.median)} ms | ${fmt(row.lineage.p99)} ms | ${fmt(row.networkx.median)} ms | ${fmt(row.networkx.p99)} ms | ` +
          `${fmt(row.medianSpeedup)}× | ${fmt(row.p99Speedup)}× | ${row.mismatches} |`,
      );
    }
  }

  if (r.search) {
    const s = r.search;
    out.push("", `### Search: ${s.graph} (${s.papers.toLocaleString("en")} papers)`, "");
    out.push(
      `${s.queries} queries (the AAN queries of \`npm run eval -- search\` and a seeded sample of titles, title words, surnames, typos and ACL IDs), each timed ${s.rounds} times after an untimed pass; ` +
        `\`searchPapers\` on the database opened read-only (loading it and the graph: ${fmt(s.loadMs)} ms, once). Baseline in the same run: FTS5 bm25 + a citation prior over titles and authors (eval/search-baseline.ts). ` +
        `CPU per query (this process's time, which a shared machine's waits do not inflate): Lineage median ${fmt(s.lineageCpu.median)} ms, p99 ${fmt(s.lineageCpu.p99)} ms; baseline median ${fmt(s.baselineCpu.median)} ms. ` +
        `Target: median under 20 ms: ${yes(s.met)}.`,
    );
    out.push(
      "",
      "| queries | n | Lineage median | Lineage p99 | Lineage max | Lineage CPU median | baseline median | baseline p99 | ratio of medians |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    const row = (name: string, n: number, l: typeof s.lineage, cpu: typeof s.lineage, b: typeof s.baseline) =>
      `| ${name} | ${n} | ${fmt(l.median)} ms | ${fmt(l.p99)} ms | ${fmt(l.max)} ms | ${fmt(cpu.median)} ms | ${fmt(b.median)} ms | ${fmt(b.p99)} ms | ${fmt(l.median / b.median)}× |`;
    out.push(row("all", s.queries, s.lineage, s.lineageCpu, s.baseline));
    for (const k of s.kinds) out.push(row(k.kind, k.queries, k.lineage, k.lineageCpu, k.baseline));
  }

  for (const h of r.http ?? []) {
    const rounds = h.rounds ?? 1;
    const how = rounds > 1 ? `${rounds} interleaved rounds of ${h.durationSeconds} s per request kind, medians; ratios within each round` : `${h.durationSeconds} s per row after a 3 s warm-up`;
    out.push("", `### HTTP API under load: ${h.graph} (${h.tool ?? "autocannon"}, one client thread, ${how})`, "");
    out.push(`Server resident memory after the runs: ${fmt(h.serverRssMiB)} MiB (peak ${fmt(h.serverPeakRssMiB)} MiB). Target: p99 under 10 ms and within 2.5× of the static file: ${yes(h.met)}.`, "");
    out.push(
      "| request | connections | req/s | mean | p50 | p99 | static req/s ÷ this (rounds' range) | p99 ÷ static p99 (range) | errors | non-2xx |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    const range = (r?: [number, number]) => (r && rounds > 1 ? ` (${fmt(r[0])}–${fmt(r[1])})` : "");
    for (const row of h.rows) {
      out.push(
        `| ${row.request} | ${row.connections} | ${fmt(row.requestsPerSecond)} | ${fmt(row.latencyMeanMs)} ms | ${fmt(row.latencyP50Ms)} ms | ${fmt(row.latencyP99Ms)} ms | ` +
          `${fmt(row.throughputRatio)}×${range(row.throughputRatioRange)} | ${fmt(row.p99Ratio)}×${range(row.p99RatioRange)} | ${row.errors} | ${row.non2xx} |`,
      );
    }
  }

  if (r.coldStart?.length) {
    out.push("", "### Server cold start to the first answered request (`lineage serve`, median of runs)", "");
    out.push("| graph | runs | first answer | listening | bare Node server | ratio | peak RSS | target |", "| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const c of r.coldStart) {
      out.push(
        `| ${c.graph} | ${c.runs} | ${fmt(c.firstAnswerMs)} ms | ${fmt(c.listeningMs)} ms | ${fmt(c.baselineMs)} ms | ${fmt(c.ratio)}× | ${fmt(c.peakRssMiB)} MiB | ` +
          `< ${c.targetMs / 1000} s${c.targetRssMiB ? `, < ${fmt(c.targetRssMiB / 1024)} GiB` : ""}: ${yes(c.met)} |`,
      );
    }
  }

  if (r.explorer?.length) {
    out.push("", "### Explorer in headless Chromium (software WebGL, 1280×800, median of 3 loads after one untimed load)", "");
    out.push(
      "| graph | first contentful paint | /api/graph received | first frame with the whole graph | ÷ paint | pan frame median | pan p95 | JS per frame | idle frame | ÷ idle | /api/graph | gzipped | target |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const e of r.explorer) {
      out.push(
        `| ${e.graph} (${e.papers.toLocaleString("en")} / ${e.citations.toLocaleString("en")}) | ${fmt(e.firstContentfulPaintMs)} ms | ${fmt(e.graphResponseMs)} ms | ${fmt(e.firstGraphFrameMs)} ms | ${fmt(e.firstFrameRatio)}× | ` +
          `${fmt(e.panFrameMedianMs)} ms (${e.panFrames} frames) | ${fmt(e.panFrameP95Ms)} ms | ${fmt(e.panRenderCpuMedianMs)} ms | ${fmt(e.idleFrameMs)} ms | ${fmt(e.panFrameRatio)}× | ` +
          `${e.payloadBytes > 1e6 ? mb(e.payloadBytes) : kib(e.payloadBytes)} | ${e.payloadGzipBytes > 1e6 ? mb(e.payloadGzipBytes) : kib(e.payloadGzipBytes)} | ${e.met === undefined ? "" : `< 3 MB gzipped: ${yes(e.met)}`} |`,
      );
    }
  }

  if (r.interactions?.length) {
    for (const run of r.interactions) {
      out.push("", `### Explorer interactions on ${run.graph}: main-thread long tasks (PerformanceObserver, headless Chromium)`, "");
      out.push(`Target: no task over ${run.limitMs} ms. Longest: ${run.longestMs} ms (${yes(run.met)}).`, "");
      out.push("| interaction | longest task | long tasks (over 50 ms) | total blocking (each task's time past 50 ms) | first input to answer shown |", "| --- | --- | --- | --- | --- |");
      for (const i of run.interactions) {
        out.push(`| ${i.interaction} | ${i.longestMs} ms | ${i.longTasks.length ? i.longTasks.map((t) => `${t}`).join(", ") + " ms" : "none"} | ${i.blockingMs} ms | ${i.answeredMs} ms |`);
      }
    }
  }

  if (r.layout) {
    out.push("", "### ForceAtlas2 (Barnes-Hut) to a stable layout: AAN as it grew", "");
    out.push(`Time to stable grows as papers^${fmt(r.layout.growthExponent)} over these graphs.`, "");
    out.push(
      "| graph | papers | citations | iterations to stable | time to stable | per iteration | stored layout: iterations | its time | its drift per iteration |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const l of r.layout.rows) {
      out.push(
        `| ${l.label} | ${l.papers} | ${l.citations} | ${l.iterationsToStable}${l.stable ? "" : " (cap, not stable)"} | ${fmt(l.secondsToStable)} s | ${fmt(l.msPerIteration)} ms | ` +
          `${l.storedIterations} | ${fmt(l.storedSeconds)} s | ${fmt(l.driftAtStored * 100)}% of the radius |`,
      );
    }
  }
  if (r.zotero) {
    const z = r.zotero;
    out.push("", `### Importing a Zotero library (${z.works.toLocaleString("en")} works of ${z.items.toLocaleString("en")} invented items, ${mb(z.fileBytes)} zotero.sqlite)`, "");
    out.push("Baseline: the same works as a BibTeX file, `lineage import bibtex`, into the same map. Steps: seconds from the start to the end of each.", "");
    out.push(
      "| into | import (wall) | CPU | read | store | rebuild | layout | index | again | BibTeX baseline | ratio | under 10 s |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const c of z.cases) {
      const step = (name: string) => (c.steps[name] === undefined ? "" : `${fmt(c.steps[name] ?? 0)} s`);
      out.push(
        `| ${c.map} (${c.mapPapers.toLocaleString("en")} papers; ${c.libraryPapersAlsoInMap.toLocaleString("en")} of the library's in it) | ${fmt(c.seconds)} s | ${fmt(c.cpuSeconds)} s | ${step("read")} | ${step("store")} | ${step("rebuild")} | ` +
          `${step("layout")} | ${step("index")} | ${fmt(c.againSeconds)} s | ${fmt(c.baselineSeconds)} s | ${fmt(c.ratioToBaseline)}× | ${yes(c.seconds < 10)} |`,
      );
    }
  }
  return out.join("\n") + "\n";
}
