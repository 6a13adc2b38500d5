/**
 * `npm run eval -- search [--map aan|seed] [--work DIR] [--show-held-out]`: does search find the
 * paper a researcher means (issue 24)? The queries of eval/search-queries.ts (names, acronyms,
 * authors, topics, typos, identifiers, titles; a development set and a held-out set) are asked of
 * two maps built the way a user builds them: the ACL Anthology Network release through
 * `lineage import aan` (`<sharedData>/aan`), and the seed pages (`data/pages`) with the benchmark
 * citation file `<sharedData>/fixtures/bib/lm_eval_task_citations.bib` through `lineage ingest`.
 * Each query goes through the search `lineage search` and `/api/search` answer with
 * (library/paper-search.ts), and through the FTS5 bm25 + citation-prior baseline of
 * eval/search-baseline.ts built in the same run from the same papers. Reported per map and set:
 * how often the meant paper is first (top-1) and among the first three (top-3), for both, and by
 * kind; the development set's misses are listed, the held-out set's only with --show-held-out (it
 * is not looked at while the ranking is tuned). --work DIR keeps the two databases between runs
 * (the search index is rebuilt in them every run); by default they live in a temporary folder.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { openReader, openWriter } from "../db/store.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import { importPaths } from "../library/import-files.ts";
import { ingestPaths } from "../library/ingest-files.ts";
import { LineageGraph } from "../library/lineage-graph.ts";
import { searchPapers } from "../library/paper-search.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";
import type { IdScheme } from "../vocabulary/paper-page.ts";
import { Fts5Baseline } from "./search-baseline.ts";
import { SEARCH_QUERIES, type QueryKind, type QueryMap, type QuerySet, type SearchQuery } from "./search-queries.ts";
import type { EvalContext, EvalReport } from "./types.ts";

const REPO = resolve(import.meta.dirname, "..");
const LIMIT = 10;

interface Options {
  maps: QueryMap[];
  work: string | undefined;
  showHeldOut: boolean;
}

function parseOptions(args: string[]): Options {
  const options: Options = { maps: ["aan", "seed"], work: undefined, showHeldOut: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`search: ${arg} needs a value`);
      return v;
    };
    if (arg === "--map") {
      const v = value();
      if (v !== "aan" && v !== "seed") throw new Error(`search: --map is aan or seed, got "${v}"`);
      options.maps = [v];
    } else if (arg === "--work") options.work = resolve(process.env.INIT_CWD ?? process.cwd(), value());
    else if (arg === "--show-held-out") options.showHeldOut = true;
    else throw new Error(`search: unknown option "${arg}"`);
  }
  return options;
}

/** Builds (or, in a kept work folder, reuses) the map's database the way a user would. */
function buildMap(map: QueryMap, folder: string, sharedData: string, log: (line: string) => void): string {
  const path = join(folder, `${map}.db`);
  if (existsSync(path)) return path;
  if (map === "aan") {
    log("search: importing the AAN release (lineage import aan)…");
    const report = importPaths(path, "aan", [join(sharedData, "aan")]);
    if (report.errors.length > 0) log(`search: ${report.errors.length} AAN records not read`);
  } else {
    log("search: ingesting the seed pages and the benchmark citation file (lineage ingest)…");
    ingestPaths(path, [join(REPO, "data/pages"), join(sharedData, "fixtures/bib/lm_eval_task_citations.bib")]);
  }
  return path;
}

/** The id of the paper `meant` names (an identifier, or `title:` and an exact title). */
function meantPaper(db: LineageDb, meant: string): string | undefined {
  const colon = meant.indexOf(":");
  const scheme = meant.slice(0, colon);
  const value = meant.slice(colon + 1);
  const papers = scheme === "title" ? db.queries.byTitle(normalizeTitle(value)) : db.queries.byIdentifier(scheme as IdScheme, value);
  return papers.length === 1 ? papers[0]?.id : undefined;
}

interface Outcome {
  query: SearchQuery;
  meant: string | undefined;
  ours: string[];
  baseline: string[];
  ms: number;
}

const rank = (list: string[], id: string | undefined) => (id === undefined ? -1 : list.indexOf(id));

function runMap(map: QueryMap, path: string): { outcomes: Outcome[]; papers: number } {
  const writer = openWriter(path);
  writer.rebuildSearchIndex();
  writer.close();
  const db = openReader(path);
  try {
    const graph = new LineageGraph(db);
    const papers = graph.allPapers();
    const baseline = new Fts5Baseline(papers.map((p, i) => ({ id: p.id, title: p.title, authors: p.authors, citations: Math.max(graph.index.degree(i, "builtBy"), p.citedByCount ?? 0) })));
    const outcomes = SEARCH_QUERIES.filter((q) => q.map === map).map((query) => {
      const t0 = performance.now();
      const ours = searchPapers(db, graph, query.query, LIMIT).map((h) => h.id);
      const ms = performance.now() - t0;
      return { query, meant: meantPaper(db, query.meant), ours, baseline: baseline.search(query.query, LIMIT), ms };
    });
    baseline.close();
    return { outcomes, papers: papers.length };
  } finally {
    db.close();
  }
}

interface Score {
  queries: number;
  top1: number;
  top3: number;
}

function score(outcomes: Outcome[], pick: (o: Outcome) => string[]): Score {
  const ranks = outcomes.map((o) => rank(pick(o), o.meant));
  return { queries: outcomes.length, top1: ranks.filter((r) => r === 0).length, top3: ranks.filter((r) => r >= 0 && r < 3).length };
}

const pct = (n: number, of: number) => (of === 0 ? "-" : `${((100 * n) / of).toFixed(0)}%`);
const cell = (s: Score) => `${pct(s.top1, s.queries).padStart(4)} ${pct(s.top3, s.queries).padStart(4)}`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] ?? 0);
};

export default async function searchEvaluation(ctx: EvalContext): Promise<EvalReport> {
  const options = parseOptions(ctx.args);
  const folder = options.work ?? mkdtempSync(join(tmpdir(), "lineage-eval-search-"));
  mkdirSync(folder, { recursive: true });
  const lines: string[] = [];
  const figures: Record<string, unknown> = {};
  try {
    for (const map of options.maps) {
      const path = buildMap(map, folder, ctx.sharedData, ctx.log);
      const { outcomes, papers } = runMap(map, path);
      const unresolved = outcomes.filter((o) => o.meant === undefined);
      lines.push(`${map === "aan" ? "AAN" : "Seed map + lm-eval task citations"} (${papers.toLocaleString("en-US")} papers)`);
      lines.push(`  ${"".padEnd(22)} ${"Lineage".padEnd(10)} ${"baseline".padEnd(10)}`);
      lines.push(`  ${"set".padEnd(22)} ${"top1 top3".padEnd(10)} ${"top1 top3".padEnd(10)}`);
      const mapFigures: Record<string, unknown> = { papers, medianMs: median(outcomes.map((o) => o.ms)) };
      for (const set of ["dev", "held-out"] as QuerySet[]) {
        const inSet = outcomes.filter((o) => o.query.set === set);
        const ours = score(inSet, (o) => o.ours);
        const base = score(inSet, (o) => o.baseline);
        lines.push(`  ${`${set} (${inSet.length})`.padEnd(22)} ${cell(ours).padEnd(10)} ${cell(base).padEnd(10)}`);
        const byKind: Record<string, { ours: Score; baseline: Score }> = {};
        for (const kind of [...new Set(inSet.map((o) => o.query.kind))] as QueryKind[]) {
          const ofKind = inSet.filter((o) => o.query.kind === kind);
          byKind[kind] = { ours: score(ofKind, (o) => o.ours), baseline: score(ofKind, (o) => o.baseline) };
          lines.push(`    ${`${kind} (${ofKind.length})`.padEnd(20)} ${cell(byKind[kind].ours).padEnd(10)} ${cell(byKind[kind].baseline).padEnd(10)}`);
        }
        mapFigures[set] = { ours, baseline: base, byKind };
      }
      lines.push(`  median search time ${median(outcomes.map((o) => o.ms)).toFixed(2)} ms (in process, load ${loadavg()[0]?.toFixed(2)})`);
      for (const o of unresolved) lines.push(`  ! "${o.query.query}": the meant paper ${o.query.meant} is not one paper of this map`);
      const shown = outcomes.filter((o) => (o.query.set === "dev" || options.showHeldOut) && rank(o.ours, o.meant) !== 0);
      if (shown.length > 0) lines.push("  not first:");
      for (const o of shown) {
        const r = rank(o.ours, o.meant);
        lines.push(`    [${o.query.set} ${o.query.kind}] "${o.query.query}" → ${o.query.meant} at ${r < 0 ? `>${LIMIT}` : r + 1}; first: ${o.ours[0] ?? "(nothing)"}`);
      }
      lines.push("");
      figures[map] = mapFigures;
    }
  } finally {
    if (!options.work) rmSync(folder, { recursive: true, force: true });
  }
  return { name: "search", date: new Date().toISOString().slice(0, 10), text: lines.join("\n"), figures };
}
