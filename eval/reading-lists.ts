/**
 * `npm run eval -- reading-lists [--split dev|all] [--years A-B] [--sample N] [--seed S]
 * [--fit] [--without-main-list]`: how well reading lists recover real bibliographies (issue 15).
 * From the AAN release (`<sharedData>/aan`, parsed by ingest/sources/aan.ts into a CitationIndex,
 * no database) every paper with at least 20 references in the graph is a query: it is removed
 * from the graph entirely (its citations gone both ways, eval/held-out.ts), 3 of its references
 * drawn by a seeded generator are the seeds, 20 papers are asked for, and its other references
 * are what they should find (recall@20, nDCG@20 and MRR, eval/ranking-metrics.ts). Side by side,
 * on the same queries in the same run: the relevance engine's ranking and its reading list
 * (graph/relevance.ts, graph/reading-list.ts), the reading list as it was on main
 * (eval/baselines/main-reading-list.ts), co-citation + coupling and personalized PageRank from
 * the seeds (eval/baselines/citation-baselines.ts), and reciprocal rank fusion of the engine's
 * signals. Each method's time per query is measured in process. `--split dev` (the default)
 * holds papers published up to 2010, the only ones the fusion weights were fitted on; `--fit`
 * refits them there and prints them (eval/fusion-fit.ts). The text index holds every paper's
 * title, the held-out paper's included (it only shifts word frequencies by one paper; the
 * paper itself cannot be listed). The author index holds every paper's authors and venue, the
 * held-out paper's hidden (graph/author-index.ts's `without`), so that its authors link nobody.
 * Also reported: the candidate recall (the held-out references among the engine's candidates,
 * the ceiling of any ranking) and the load average while the times were measured.
 */
import { join } from "node:path";
import { cpus, loadavg } from "node:os";
import { loadAanCorpus } from "./aan-corpus.ts";
import { withoutPaper } from "./held-out.ts";
import { heldOutQueries, type QuerySelection } from "./held-out-queries.ts";
import { ndcgAt, recallAt, reciprocalRank, summary } from "./ranking-metrics.ts";
import { coCitationCouplingCosine, coCitationCouplingCounts, personalizedPageRankExact } from "./baselines/citation-baselines.ts";
import { readingList as mainReadingList } from "./baselines/main-reading-list.ts";
import { fitWeights, twoFold, type FitSample } from "./fusion-fit.ts";
import type { EvalContext, EvalReport } from "./types.ts";
import { pageRank } from "../graph/pagerank.ts";
import { readingList, type ListPaper } from "../graph/reading-list.ts";
import { rankCandidates } from "../graph/relevance.ts";
import { FITTED_WEIGHTS, reciprocalRankFusion, rankByScore } from "../graph/relevance-fusion.ts";
import { FEATURES, gatherSignals, type FeatureName } from "../graph/relevance-signals.ts";
import { TextIndex } from "../graph/title-similarity.ts";
import { AuthorIndex } from "../graph/author-index.ts";
import type { CitationIndex } from "../graph/citation-index.ts";

const LIMIT = 20;
const DEV_YEARS = { from: 0, to: 2010 };

interface Options {
  selection: QuerySelection;
  splitName: string;
  fit: boolean;
  withMainList: boolean;
}

function parseOptions(args: string[]): Options {
  const selection: QuerySelection = { years: DEV_YEARS, sample: null, seed: 15, minReferences: 20, seedCount: 3 };
  let splitName = "dev (published up to 2010)";
  let fit = false;
  let withMainList = true;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`reading-lists: ${arg} needs a value`);
      return v;
    };
    const whole = (v: string, name: string) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) throw new Error(`reading-lists: ${name} must be a whole number, got "${v}"`);
      return n;
    };
    if (arg === "--split") {
      const v = value();
      if (v === "dev") [selection.years, splitName] = [DEV_YEARS, "dev (published up to 2010)"];
      else if (v === "all") [selection.years, splitName] = [null, "all"];
      else throw new Error(`reading-lists: --split is dev or all, got "${v}"`);
    } else if (arg === "--years") {
      const v = value();
      const m = /^(\d{4})-(\d{4})$/.exec(v);
      if (!m) throw new Error(`reading-lists: --years takes A-B (e.g. 2011-2012), got "${v}"`);
      selection.years = { from: Number(m[1]), to: Number(m[2]) };
      splitName = `published ${v}`;
    } else if (arg === "--sample") selection.sample = whole(value(), "--sample");
    else if (arg === "--seed") selection.seed = whole(value(), "--seed");
    else if (arg === "--fit") fit = true;
    else if (arg === "--without-main-list") withMainList = false;
    else throw new Error(`reading-lists: unknown option "${arg}"`);
  }
  if (fit && (selection.years === null || selection.years.to > DEV_YEARS.to)) {
    throw new Error("reading-lists: --fit runs on the development split only (papers up to 2010)");
  }
  return { selection, splitName, fit, withMainList };
}

type Method = (h: CitationIndex, seeds: number[], heldOut: number) => number[];

interface Tally {
  recall: number[];
  ndcg: number[];
  rr: number[];
  ms: number[];
}

/** Where coordinate ascent starts: each of these, the best end kept. */
const FIT_STARTS: Record<FeatureName, number>[] = [
  FITTED_WEIGHTS,
  Object.fromEntries(FEATURES.map((f) => [f, f === "coCitedShare" ? 1 : 0])) as Record<FeatureName, number>,
  Object.fromEntries(FEATURES.map((f) => [f, f === "coCitationsLog" ? 1 : 0])) as Record<FeatureName, number>,
  Object.fromEntries(FEATURES.map((f) => [f, f.startsWith("years") ? 0 : 0.1])) as Record<FeatureName, number>,
];

const RRF_SIGNS: Partial<Record<FeatureName, number>> = {
  coCitedShare: 1,
  coCitationCosine: 1,
  coCitationsLog: 1,
  coCitedSeeds: 1,
  closeCiters: 1,
  couplingCosine: 1,
  builtOnBySeeds: 1,
  buildsOnSeeds: 1,
  walk: 1,
  textSimilarity: 1,
  citations: 1,
};

export default function readingListsEvaluation(ctx: EvalContext): EvalReport {
  const options = parseOptions(ctx.args);
  const started = performance.now();
  const corpus = loadAanCorpus(join(ctx.sharedData, "aan"));
  const { graph, titles, years } = corpus;
  const text = new TextIndex(graph.size, (i) => ({ title: titles[i] ?? null }));
  const allPeople = new AuthorIndex(graph.size, (i) => ({ authors: corpus.authors[i] ?? [], venue: corpus.venues[i] ?? null }));
  const year = (i: number) => years[i] ?? null;
  ctx.log(`reading-lists: AAN has ${graph.size} papers and ${graph.edgeCount} citations (read in ${Math.round(performance.now() - started)} ms)`);
  const queries = heldOutQueries(graph, year, options.selection);
  ctx.log(`reading-lists: ${queries.length} held-out papers (${options.splitName}), ${options.selection.seedCount} seeds each, ${LIMIT} asked for`);
  if (queries.length === 0) throw new Error("reading-lists: no paper matches the split");

  const paperOf =
    (h: CitationIndex) =>
    (i: number): ListPaper => ({ title: titles[i] ?? null, year: year(i), citedBy: h.degree(i, "builtBy"), direction: "all" });

  /** The engine's signals for seeds on the graph with `heldOut` removed (`h`), the held-out paper's authors hidden. */
  const signalsOf = (h: CitationIndex, seeds: readonly number[], heldOut: number) => gatherSignals({ graph: h, text, year, people: allPeople.without(heldOut) }, seeds, (i) => i === heldOut, LIMIT);

  if (options.fit) {
    const samples: FitSample[] = queries.map((q) => {
      const h = withoutPaper(graph, q.paper);
      return { signals: signalsOf(h, q.seeds, q.paper), relevant: q.relevant };
    });
    const ceiling = samples.reduce((sum, s) => sum + s.signals.candidates.filter((c) => s.relevant.has(c)).length / s.relevant.size, 0) / samples.length;
    ctx.log(`reading-lists: candidate recall (the ceiling of any ranking) ${ceiling.toFixed(4)}`);
    const fit = fitWeights(samples, FIT_STARTS, LIMIT);
    const folds = twoFold(samples, FIT_STARTS, LIMIT);
    const lines = [
      `Fusion weights fitted on ${samples.length} queries (${options.splitName}): recall@20 ${fit.recall.toFixed(4)}, nDCG@20 ${fit.ndcg.toFixed(4)}`,
      ...folds.map((f, k) => `  two-fold ${k + 1}: recall@20 ${f.fitted.toFixed(4)} on the half fitted, ${f.unseen.toFixed(4)} on the other half`),
      "Weights for graph/relevance-features.ts's table (each feature's second argument):",
      ...FEATURES.map((f) => `  ${f}: ${fit.weights[f]}`),
    ];
    return { name: "reading-lists --fit", date: new Date().toISOString(), text: lines.join("\n"), figures: { fit, folds, queries: samples.length } };
  }

  // The old list's importance: PageRank of the whole graph once, as the analytics compute it per loaded graph.
  const globalRank = options.withMainList ? pageRank(graph) : new Float64Array(0);
  const methods: [string, Method][] = [
    [
      "relevance engine (ranked)",
      (h, seeds, q) =>
        rankCandidates({ graph: h, text, year, people: allPeople.without(q) }, seeds, { exclude: (i) => i === q, limit: LIMIT })
          .slice(0, LIMIT)
          .map((r) => r.index),
    ],
    ["reading list (new, reading order)", (h, seeds, q) => readingList(h, paperOf(h), { seeds, limit: LIMIT, text, people: allPeople.without(q), exclude: (i) => i === q }).items.map((i) => i.index)],
    [
      "RRF of the engine's signals",
      (h, seeds, q) => {
        const signals = signalsOf(h, seeds, q);
        return rankByScore(signals, reciprocalRankFusion(signals, RRF_SIGNS))
          .slice(0, LIMIT)
          .map((c) => signals.candidates[c] ?? -1);
      },
    ],
    ["co-citation + coupling (counts)", (h, seeds, q) => coCitationCouplingCounts(h, seeds, (i) => i === q, LIMIT)],
    ["co-citation + coupling (Salton cosine)", (h, seeds, q) => coCitationCouplingCosine(h, seeds, (i) => i === q, LIMIT)],
    ["personalized PageRank (exact)", (h, seeds, q) => personalizedPageRankExact(h, seeds, (i) => i === q, LIMIT)],
  ];
  if (options.withMainList) {
    methods.push(["reading list (main before issue 15)", (h, seeds) => mainReadingList(h, paperOf(h), { seeds, limit: LIMIT, importance: globalRank }).items.map((i) => i.index)]);
  }
  const tallies = new Map<string, Tally>(methods.map(([name]) => [name, { recall: [], ndcg: [], rr: [], ms: [] }]));
  // The ceiling of any ranking: the share of the held-out references among the engine's candidates.
  const candidateRecall: number[] = [];
  queries.forEach((q, n) => {
    const h = withoutPaper(graph, q.paper);
    const pool = signalsOf(h, q.seeds, q.paper).candidates;
    candidateRecall.push(pool.filter((c) => q.relevant.has(c)).length / q.relevant.size);
    for (const [name, method] of methods) {
      const t0 = performance.now();
      const ranking = method(h, q.seeds, q.paper);
      const ms = performance.now() - t0;
      if (ranking.includes(q.paper) || ranking.some((i) => q.seeds.includes(i))) throw new Error(`reading-lists: ${name} listed a seed or the held-out paper`);
      const t = tallies.get(name) as Tally;
      t.recall.push(recallAt(ranking, q.relevant, LIMIT));
      t.ndcg.push(ndcgAt(ranking, q.relevant, LIMIT));
      t.rr.push(reciprocalRank(ranking.slice(0, LIMIT), q.relevant));
      t.ms.push(ms);
    }
    if ((n + 1) % 50 === 0) ctx.log(`reading-lists: ${n + 1} of ${queries.length} queries`);
  });

  // A 20-seed request on the hubs: the 20 most cited papers as seeds, timed a few times.
  const hubs = Array.from({ length: graph.size }, (_, i) => i)
    .sort((a, b) => graph.degree(b, "builtBy") - graph.degree(a, "builtBy") || a - b)
    .slice(0, 20);
  const hubMs: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    readingList(graph, paperOf(graph), { seeds: hubs, limit: LIMIT, text });
    hubMs.push(performance.now() - t0);
  }

  const rows = methods.map(([name]) => {
    const t = tallies.get(name) as Tally;
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    const time = summary(t.ms);
    return { method: name, recall: mean(t.recall), ndcg: mean(t.ndcg), mrr: mean(t.rr), medianMs: time.median, p90Ms: time.p90 };
  });
  const row = (name: string) => rows.find((r) => r.method === name);
  const coCitationBaseline = Math.max(row("co-citation + coupling (counts)")?.recall ?? 0, row("co-citation + coupling (Salton cosine)")?.recall ?? 0);
  const pprBaseline = row("personalized PageRank (exact)")?.recall ?? 0;
  const better = Math.max(coCitationBaseline, pprBaseline);
  const engine = row("relevance engine (ranked)")?.recall ?? 0;
  const list = row("reading list (new, reading order)");
  const hub = summary(hubMs);
  const ceiling = candidateRecall.reduce((sum, r) => sum + r, 0) / Math.max(1, candidateRecall.length);
  const lines = [
    `Reading lists on AAN: ${queries.length} held-out papers (${options.splitName}; ≥ ${options.selection.minReferences} references; seed ${options.selection.seed}${options.selection.sample !== null ? `; sample ${options.selection.sample}` : ""}), ${options.selection.seedCount} seeds, ${LIMIT} asked for`,
    "",
    `${"method".padEnd(38)} ${"recall@20".padStart(9)} ${"nDCG@20".padStart(8)} ${"MRR".padStart(7)} ${"median ms".padStart(10)} ${"p90 ms".padStart(8)}`,
    ...rows.map(
      (r) =>
        `${r.method.padEnd(38)} ${r.recall.toFixed(4).padStart(9)} ${r.ndcg.toFixed(4).padStart(8)} ${r.mrr.toFixed(4).padStart(7)} ${r.medianMs.toFixed(1).padStart(10)} ${r.p90Ms.toFixed(1).padStart(8)}`,
    ),
    "",
    `Better baseline recall@20: ${better.toFixed(4)} (co-citation + coupling ${coCitationBaseline.toFixed(4)}, personalized PageRank ${pprBaseline.toFixed(4)})`,
    `Relevance engine: ${(engine / better).toFixed(3)} × the better baseline (target 1.25); the reading list: ${((list?.recall ?? 0) / better).toFixed(3)} ×`,
    `Candidate recall (the held-out references among the engine's candidates, the ceiling of any ranking): ${ceiling.toFixed(4)}`,
    `Reading list from ${options.selection.seedCount} seeds: median ${list?.medianMs.toFixed(1)} ms, p90 ${list?.p90Ms.toFixed(1)} ms (target: median under 100 ms)`,
    `Reading list from the 20 most cited papers as seeds: median ${hub.median.toFixed(1)} ms over 5 runs`,
    `Load average while measuring (1, 5, 15 min; ${cpus().length} cores): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
    "nDCG and MRR of the reading list are of its reading order (foundations first), not of a ranking.",
  ];
  return {
    name: "reading-lists",
    date: new Date().toISOString(),
    text: lines.join("\n"),
    figures: {
      split: options.splitName,
      selection: options.selection,
      queries: queries.length,
      rows,
      better,
      candidateRecall: ceiling,
      loadAverage: loadavg(),
      ratio: engine / better,
      hubSeedsMs: hubMs,
      weights: FITTED_WEIGHTS,
    },
  };
}
