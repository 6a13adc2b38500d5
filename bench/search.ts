/**
 * Search latency on AAN (issue 24; target: a search answers in under 20 ms at the median). The
 * queries: those of `npm run eval -- search` for AAN (eval/search-queries.ts, both sets), and a
 * seeded sample drawn from the map itself, of the kinds a researcher types: a whole title, two of
 * its words, an author's surname, a title word with two letters swapped (a typo), an ACL ID. Each
 * is asked of `searchPapers` (what `lineage search` and `/api/search` answer with) on the map's
 * database opened read-only, after one untimed pass over all of them; then every query is timed
 * ROUNDS times. Baseline, in the same run and process: the FTS5 bm25 + citation-prior search of
 * eval/search-baseline.ts over the same papers, asked the same queries the same way.
 */
import { openReader } from "../db/store.ts";
import { LineageGraph } from "../library/lineage-graph.ts";
import { searchPapers } from "../library/paper-search.ts";
import { Fts5Baseline } from "../eval/search-baseline.ts";
import { SEARCH_QUERIES } from "../eval/search-queries.ts";
import { seededRandom, spread, type Spread } from "./stats.ts";

const TARGET_MS = 20;
const ROUNDS = 3;
const SAMPLED_PAPERS = 60;
const LIMIT = 10;

export interface SearchKindRow {
  kind: string;
  queries: number;
  lineage: Spread;
  lineageCpu: Spread;
  baseline: Spread;
}

export interface SearchBench {
  graph: string;
  papers: number;
  queries: number;
  rounds: number;
  /** Opening the database and building the in-memory graph search reads (once per server). */
  loadMs: number;
  lineage: Spread;
  /**
   * CPU milliseconds per query (this process's user and system time): on a machine other work
   * shares, what a search costs, which the wall time of a waiting process overstates.
   */
  lineageCpu: Spread;
  baseline: Spread;
  baselineCpu: Spread;
  /** Lineage's median over the baseline's: the price of the ranking over bm25 alone. */
  medianRatio: number;
  kinds: SearchKindRow[];
  met: boolean;
}

interface BenchQuery {
  kind: string;
  text: string;
}

/** Two adjacent inner letters swapped: "Treebank" → "Treebnak". */
function typo(word: string): string {
  const i = Math.max(1, word.length - 3);
  return word.slice(0, i) + (word[i + 1] ?? "") + (word[i] ?? "") + word.slice(i + 2);
}

function sampledQueries(graph: LineageGraph): BenchQuery[] {
  const random = seededRandom(24);
  const papers = graph.allPapers().filter((p) => p.title && p.title.length > 10);
  const out: BenchQuery[] = [];
  for (let n = 0; n < SAMPLED_PAPERS && papers.length > 0; n++) {
    const p = papers[Math.floor(random() * papers.length)];
    if (!p?.title) continue;
    const words = p.title.split(/\s+/).filter((w) => /^\p{L}{4,}$/u.test(w));
    out.push({ kind: "title", text: p.title });
    if (words.length >= 2) {
      const i = Math.floor(random() * (words.length - 1));
      out.push({ kind: "title words", text: `${words[i]} ${words[i + 1]}` });
    }
    const surname = p.authors[0]?.split(/\s+/).pop();
    if (surname && surname.length > 2) out.push({ kind: "author", text: surname });
    const long = words.find((w) => w.length >= 6);
    if (long) out.push({ kind: "typo", text: typo(long) });
    if (p.aclId) out.push({ kind: "identifier", text: p.aclId });
  }
  return out;
}

/** Wall and CPU milliseconds of each query, ROUNDS samples each, after one untimed pass. */
function time(ask: (q: string) => unknown, queries: BenchQuery[]): { wall: number[][]; cpu: number[][] } {
  for (const q of queries) ask(q.text);
  const wall = queries.map(() => [] as number[]);
  const cpu = queries.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    queries.forEach((q, i) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      ask(q.text);
      wall[i]?.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu[i]?.push((c.user + c.system) / 1000);
    });
  }
  return { wall, cpu };
}

export function benchSearch(label: string, path: string): SearchBench {
  const t0 = performance.now();
  const db = openReader(path);
  try {
    const graph = new LineageGraph(db);
    const loadMs = performance.now() - t0;
    const queries: BenchQuery[] = [...SEARCH_QUERIES.filter((q) => q.map === "aan").map((q) => ({ kind: q.kind, text: q.query })), ...sampledQueries(graph)];
    const papers = graph.allPapers();
    const baseline = new Fts5Baseline(papers.map((p, i) => ({ id: p.id, title: p.title, authors: p.authors, citations: Math.max(graph.index.degree(i, "builtBy"), p.citedByCount ?? 0) })));
    const ours = time((q) => searchPapers(db, graph, q, LIMIT), queries);
    const theirs = time((q) => baseline.search(q, LIMIT), queries);
    baseline.close();
    const kinds = [...new Set(queries.map((q) => q.kind))].map((kind) => {
      const of = (samples: number[][]) => samples.filter((_, i) => queries[i]?.kind === kind).flat();
      return { kind, queries: queries.filter((q) => q.kind === kind).length, lineage: spread(of(ours.wall)), lineageCpu: spread(of(ours.cpu)), baseline: spread(of(theirs.wall)) };
    });
    const lineage = spread(ours.wall.flat());
    const base = spread(theirs.wall.flat());
    return {
      graph: label,
      papers: papers.length,
      queries: queries.length,
      rounds: ROUNDS,
      loadMs,
      lineage,
      lineageCpu: spread(ours.cpu.flat()),
      baseline: base,
      baselineCpu: spread(theirs.cpu.flat()),
      medianRatio: lineage.median / base.median,
      kinds,
      met: lineage.median < TARGET_MS,
    };
  } finally {
    db.close();
  }
}
