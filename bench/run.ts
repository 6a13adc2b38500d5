/**
 * `npm run bench`: every benchmark of issue 6, each figure a ratio against a baseline measured in
 * the same run, with the absolute figures for the record.
 *
 *   npm run bench [-- --only ingest,import,queries,search,http,hubmix,cold,explorer,layout,zotero] [--quick] [--graphs aan,syn-1e6] [--work DIR] [--repeats N]
 *
 * --quick leaves out the 10^6-paper / 10^7-citation graph (its generation and its networkx side
 * take most of the run); --repeats N runs each structured import N times (3, or 1 with --quick) and
 * keeps the median. Corpora are kept in --work (default: $TMPDIR/lineage-bench) and reused
 * while their recipe holds. Results: bench/results/latest.json (and a dated copy),
 * bench/results/latest.md (the tables of BENCHMARKS.md) and bench/results/query-latency-memory.svg.
 * Reads the AAN release from ../shared/data/aan (or LINEAGE_AAN).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { benchIngest } from "./ingest.ts";
import { benchImport, type ImportBench } from "./import-throughput.ts";
import { aanCorpus, seedsCorpus, SYNTHETIC, syntheticCorpus, type Corpus } from "./corpora.ts";
import { benchQueries, type QueryBench, type QuerySizes } from "./queries.ts";
import { benchHttp, type HttpBench } from "./http-load.ts";
import { benchHubMix, type HubMixBench } from "./hub-mix.ts";
import { benchColdStart, type ColdStartBench } from "./cold-start.ts";
import { benchExplorer, type ExplorerBench } from "./explorer.ts";
import { benchInteractions, type InteractionBench } from "./explorer-interactions.ts";
import { benchLayout, type LayoutBench } from "./layout.ts";
import { benchZotero, type ZoteroBench } from "./zotero.ts";
import { benchSearch, type SearchBench } from "./search.ts";
import { machine } from "./stats.ts";
import { markdownReport } from "./report.ts";
import { latencyMemoryPlot } from "./report-plot.ts";
import { ingestPaths } from "../library/ingest-files.ts";

export interface BenchResults {
  date: string;
  command: string;
  machine: ReturnType<typeof machine>;
  machineAfter?: ReturnType<typeof machine>;
  corpora: Corpus[];
  ingest?: Awaited<ReturnType<typeof benchIngest>>;
  /** Structured imports against reading the same files (issue 29). */
  import?: ImportBench;
  queries?: QueryBench[];
  /** Search latency on AAN (issue 24). */
  search?: SearchBench;
  http?: HttpBench[];
  /** Cheap requests' p99 beside hub requests at 200 connections (issue 29). */
  hubMix?: HubMixBench;
  coldStart?: ColdStartBench[];
  explorer?: ExplorerBench[];
  /** Long tasks of the explorer's interactions (issue 18), run with the explorer section. */
  interactions?: InteractionBench[];
  layout?: LayoutBench;
  /** Importing a Zotero library (issue 27). */
  zotero?: ZoteroBench;
  /** Anything a reader of the figures must know (a section re-run, a probe fixed). */
  notes?: string[];
  /** Which run each section's figures (and each graph's, for queries and cold start) come from. */
  runs?: Record<string, SectionRun>;
}

export interface SectionRun {
  command: string;
  date: string;
  loadAverage: number[];
}

const SECTIONS = ["ingest", "import", "queries", "search", "http", "hubmix", "cold", "explorer", "layout", "zotero"] as const;

/** Fewer samples where one query takes seconds (networkx's main path on 10^7 takes minutes). */
const SIZES: Record<string, QuerySizes> = {
  aan: { closures: 1000, paths: 300, longest: 100, mainPaths: 20 },
  "syn-1e4": { closures: 1000, paths: 300, longest: 100, mainPaths: 20 },
  "syn-1e5": { closures: 1000, paths: 100, longest: 30, mainPaths: 5 },
  "syn-1e6": { closures: 100, paths: 40, longest: 10, mainPaths: 3 },
};

const { values } = parseArgs({ options: { only: { type: "string" }, quick: { type: "boolean" }, work: { type: "string" }, graphs: { type: "string" }, repeats: { type: "string" } } });
/** --graphs: the graphs the query benchmark runs on (default: all of them). */
const queryGraphs = values.graphs ? new Set(values.graphs.split(",")) : undefined;
const only = new Set(values.only ? values.only.split(",") : SECTIONS);
for (const s of only) if (!SECTIONS.includes(s as (typeof SECTIONS)[number])) throw new Error(`bench: unknown section "${s}" (${SECTIONS.join(", ")})`);
const aanDir = resolve(process.env.LINEAGE_AAN ?? join(import.meta.dirname, "../../shared/data/aan"));
const work = resolve(values.work ?? join(tmpdir(), "lineage-bench"));
mkdirSync(work, { recursive: true });
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);

const results: BenchResults = {
  date: new Date().toISOString().slice(0, 10),
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  machine: machine(),
  corpora: [],
};

if (only.has("ingest")) {
  log("bench: ingest of the rendered AAN pages");
  const scratch = join(work, "ingest");
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  results.ingest = await benchIngest(aanDir, scratch);
  rmSync(scratch, { recursive: true, force: true });
}

if (only.has("import")) {
  log("bench: structured imports (BibTeX, RIS, CSL-JSON, S2, OpenAlex) against reading the same files");
  const scratch = join(work, "import");
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const n = values.quick ? 20_000 : 100_000;
  results.import = await benchImport(scratch, { bibtex: n, ris: n, "csl-json": n, s2: n, openalex: n }, values.repeats ? Number(values.repeats) : values.quick ? 1 : 3, log);
  rmSync(scratch, { recursive: true, force: true });
}

// The graphs the other sections query are built (or found built) only when one of them runs:
// `--only ingest,import` needs none, and building the synthetic 1e6 graph takes minutes.
const CORPUS_SECTIONS = ["queries", "search", "http", "hubmix", "cold", "explorer", "layout", "zotero"];
if (CORPUS_SECTIONS.some((s) => only.has(s))) await runCorpusSections();

async function runCorpusSections(): Promise<void> {
  const aan = aanCorpus(work, aanDir, log);
  // The synthetic graphs only for the sections that run on them (generating 10^6 papers takes minutes).
  const synthetic = only.has("queries") || only.has("cold") ? SYNTHETIC.filter((s) => !values.quick || s.papers < 1_000_000).map((s) => syntheticCorpus(work, s, log)) : [];
  const seeds = await seedsCorpus(work, (db, paths) => ingestPaths(db, paths));
  results.corpora = [seeds, aan, ...synthetic];

  if (only.has("queries")) {
    results.queries = [];
    for (const corpus of [aan, ...synthetic].filter((c) => !queryGraphs || queryGraphs.has(c.name))) {
      log(`bench: queries on ${corpus.label} (Lineage, then networkx)`);
      results.queries.push(benchQueries(corpus.label, corpus.db, work, SIZES[corpus.name] ?? SIZES.aan!));
    }
  }
  if (only.has("search")) {
    log("bench: search on AAN (Lineage, then the FTS5 baseline)");
    results.search = benchSearch(aan.label, aan.db);
  }
  if (only.has("http")) {
    log("bench: HTTP API under load on AAN");
    results.http = [await benchHttp(aan.label, aan.db, join(work, "http"))];
  }
  if (only.has("hubmix")) {
    log("bench: cheap requests beside hub requests on AAN (200 connections, 30% hubs)");
    results.hubMix = await benchHubMix(aan.label, aan.db);
  }
  if (only.has("cold")) {
    results.coldStart = [];
    log("bench: cold start on AAN");
    results.coldStart.push(await benchColdStart(aan.label, aan.db, 1500));
    const big = synthetic.find((s) => s.papers >= 1_000_000);
    if (big) {
      log(`bench: cold start on ${big.label}`);
      results.coldStart.push(await benchColdStart(big.label, big.db, 10_000, 2.5 * 1024, 3));
    }
  }
  if (only.has("explorer")) {
    results.explorer = [];
    for (const corpus of [seeds, aan]) {
      log(`bench: explorer in Chromium on ${corpus.label}`);
      const r = await benchExplorer(corpus.label, corpus.db, { papers: corpus.papers, citations: corpus.citations });
      if (corpus === aan) r.met = r.payloadGzipBytes < 3 * 1024 * 1024;
      results.explorer.push(r);
    }
    log(`bench: explorer interactions (long tasks) in Chromium on ${aan.label}`);
    results.interactions = [await benchInteractions(aan.label, aan.db)];
  }
  if (only.has("layout")) {
    log("bench: ForceAtlas2 to a stable layout on AAN as it grew");
    results.layout = benchLayout(aan.db);
  }
  if (only.has("zotero")) {
    log("bench: importing a 10,000-item Zotero library");
    results.zotero = benchZotero(join(work, "zotero"), aan.db, log);
  }
}
results.machineAfter = machine();

const out = join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
carryOver(results, join(out, "latest.json"));
writeFileSync(join(out, "latest.json"), JSON.stringify(results, null, 2));
writeFileSync(join(out, `${results.date}.json`), JSON.stringify(results, null, 2));
if (results.queries) writeFileSync(join(out, "query-latency-memory.svg"), latencyMemoryPlot(results));
const md = markdownReport(results);
writeFileSync(join(out, "latest.md"), md);
console.log(md);

/**
 * A partial run (--only, --quick) replaces only what it measured: the other sections, and the
 * graphs it left out of queries and cold start, are kept from the previous results with the run
 * they came from, so latest.md stays the whole picture.
 */
function carryOver(now: BenchResults, previousPath: string): void {
  const thisRun: SectionRun = { command: now.command, date: now.date, loadAverage: now.machine.loadAverage };
  let previous: BenchResults | undefined;
  try {
    previous = existsSync(previousPath) ? (JSON.parse(readFileSync(previousPath, "utf8")) as BenchResults) : undefined;
  } catch {
    previous = undefined;
  }
  const prevRuns = previous?.runs ?? {};
  const prevRun = (key: string): SectionRun | undefined => prevRuns[key] ?? (previous ? { command: previous.command, date: previous.date, loadAverage: previous.machine.loadAverage } : undefined);
  const runs: Record<string, SectionRun> = {};
  const keep = <K extends "ingest" | "import" | "search" | "http" | "hubMix" | "explorer" | "interactions" | "layout" | "zotero">(key: K, section: string) => {
    if (now[key] !== undefined) runs[section] = thisRun;
    else if (previous?.[key] !== undefined) {
      now[key] = previous[key] as BenchResults[K];
      const run = prevRun(section);
      if (run) runs[section] = run;
    }
  };
  keep("ingest", "ingest");
  keep("import", "import");
  keep("search", "search");
  keep("http", "http");
  keep("hubMix", "hubmix");
  keep("explorer", "explorer");
  keep("interactions", "interactions");
  keep("layout", "layout");
  keep("zotero", "zotero");
  const byGraph = <T extends { graph: string }>(current: T[] | undefined, before: T[] | undefined, prefix: string): T[] | undefined => {
    if (!current && !before) return undefined;
    const merged = [...(current ?? [])];
    for (const c of current ?? []) runs[`${prefix}:${c.graph}`] = thisRun;
    for (const b of before ?? []) {
      if (merged.some((c) => c.graph === b.graph)) continue;
      merged.push(b);
      const run = prevRun(`${prefix}:${b.graph}`);
      if (run) runs[`${prefix}:${b.graph}`] = run;
    }
    return merged;
  };
  for (const c of previous?.corpora ?? []) if (!now.corpora.some((k) => k.name === c.name)) now.corpora.push(c);
  // Graphs in the order of the corpora (smallest first), however the runs interleaved.
  const order = (graph: string) => now.corpora.findIndex((c) => c.label === graph);
  now.queries = byGraph(now.queries, previous?.queries, "queries")?.sort((a, b) => order(a.graph) - order(b.graph));
  now.coldStart = byGraph(now.coldStart, previous?.coldStart, "cold")?.sort((a, b) => order(a.graph) - order(b.graph));
  now.runs = runs;
}
