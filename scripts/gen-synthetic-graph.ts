/**
 * Seeded synthetic citation graphs for scale tests and benchmarks (issue 6):
 *   tsx scripts/gen-synthetic-graph.ts --papers 100000 --citations 1000000 --db OUT.db [--seed 42]
 *
 * The model is Price's cumulative advantage (Price, "A general theory of bibliometric and other
 * cumulative advantage processes", JASIS 1976), the citation form of preferential attachment:
 * papers arrive in year order and each cites earlier papers, a cited paper chosen with
 * probability proportional to (citations so far + 1). A share of the references goes to recent
 * papers instead (citation ageing), which gives the long chains real literatures have. A small
 * share of papers and a later paper of the same year cite each other (preprints that cite one
 * another), so the graph has the citation cycles real data has.
 *
 * Papers are numbered in arrival order; edges come out sorted by (citing, cited), which is also
 * the order of the zero-padded ids, so the bulk import appends to its B-trees. The graph is
 * written straight into the derived tables of a new Lineage database by db/bulk-import.ts: going
 * through pages and identity resolution would measure the ingest, which bench/ingest.ts does.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { seededRandom } from "../graph/layout.ts";
import type { BulkGraph } from "../db/bulk-import.ts";
import { importBulkGraph } from "../library/bulk-graph.ts";

export interface SyntheticOptions {
  papers: number;
  citations: number;
  seed?: number;
  /** Share of papers in a mutual citation with a later paper of the same year (default 0.002). */
  cycleShare?: number;
  /** Share of references drawn from recent papers rather than by cumulative advantage (0.35). */
  recentShare?: number;
  firstYear?: number;
  lastYear?: number;
}

export interface SyntheticGraph {
  papers: number;
  /** Publication year per paper (non-decreasing). */
  years: Uint16Array;
  /** Edge k: paper citing[k] builds on paper cited[k]; sorted by citing, then cited. */
  citing: Uint32Array;
  cited: Uint32Array;
  /** Edges that point forward in time (the mutual citations that make cycles). */
  forwardEdges: number;
  seed: number;
}

const DEFAULTS = { seed: 42, cycleShare: 0.002, recentShare: 0.35, firstYear: 1965, lastYear: 2024 };

/** Literature grows about 8% a year: paper i of n is published in the year its quantile falls in. */
function yearsOf(n: number, first: number, last: number): Uint16Array {
  const growth = 0.08;
  const span = last - first + 1;
  const total = Math.expm1(growth * span);
  const years = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const u = (i + 0.5) / n;
    years[i] = Math.min(last, first + Math.floor(Math.log1p(u * total) / growth));
  }
  return years;
}

export function generateCitationGraph(options: SyntheticOptions): SyntheticGraph {
  const o = Object.assign({}, DEFAULTS, options);
  const n = o.papers;
  const m = o.citations;
  if (!Number.isInteger(n) || n < 2) throw new Error(`gen-synthetic-graph: papers must be a whole number from 2, got ${n}`);
  if (!Number.isInteger(m) || m < 0 || m > n * (n - 1)) throw new Error(`gen-synthetic-graph: citations must be from 0 to papers × (papers − 1), got ${m}`);
  const random = seededRandom(o.seed);
  const years = yearsOf(n, o.firstYear, o.lastYear);
  const citing = new Uint32Array(m);
  const cited = new Uint32Array(m);
  // Cumulative advantage: every cited end so far, so a uniform pick is proportional to citations.
  const urn = new Uint32Array(m);
  let urnSize = 0;
  // Mutual citations: paper j owes a citation back to an earlier paper of its year.
  const owedBack = new Map<number, number[]>();
  const mean = m / n;
  let k = 0;
  let debt = 0;
  let forwardEdges = 0;
  const picks = new Set<number>();
  for (let i = 0; i < n && k < m; i++) {
    picks.clear();
    const back = owedBack.get(i);
    owedBack.delete(i);
    for (const b of back ?? []) picks.add(b);
    // References per paper vary from a quarter to 1.75 times the mean; early papers cannot cite
    // more papers than exist, and what they could not cite is carried to later ones.
    const base = Math.round(mean * (0.25 + 1.5 * random()));
    const want = base + Math.ceil(debt / Math.min(n - i, 1000));
    const budget = Math.min(m - k, Math.max(picks.size, Math.min(i, want)));
    if (i + 1 < n && picks.size < budget && random() < o.cycleShare) {
      const j = i + 1 + Math.floor(random() * Math.min(50, n - i - 1));
      if (years[j] === years[i]) {
        picks.add(j);
        forwardEdges++;
        const owed = owedBack.get(j);
        if (owed) owed.push(i);
        else owedBack.set(j, [i]);
      }
    }
    for (let attempts = 0; picks.size < budget && attempts < budget * 20; attempts++) {
      let j: number;
      if (random() < o.recentShare) {
        const window = Math.max(10, Math.floor(i * 0.05));
        j = i - 1 - Math.floor(-Math.log(1 - random()) * window * 0.3);
        if (j < 0) j = Math.floor(random() * i);
      } else if (random() * (i + urnSize) < i) {
        j = Math.floor(random() * i);
      } else {
        j = urn[Math.floor(random() * urnSize)] ?? 0;
      }
      picks.add(j);
    }
    debt = Math.max(0, debt + base - picks.size);
    const list = [...picks].sort((a, b) => a - b);
    for (const j of list) {
      if (k >= m) break;
      citing[k] = i;
      cited[k] = j;
      if (j < i) urn[urnSize++] = j;
      k++;
    }
  }
  return { papers: n, years, citing: citing.subarray(0, k), cited: cited.subarray(0, k), forwardEdges, seed: o.seed };
}

const WORDS = (
  "evaluation benchmark language model metric human judgment robustness adversarial translation parsing " +
  "dialogue summarization retrieval reasoning alignment safety calibration bias fairness probing " +
  "annotation agreement corpus dataset leaderboard contamination generalization transfer few-shot " +
  "instruction feedback reward preference uncertainty faithfulness factuality hallucination coherence " +
  "fluency readability grammar syntax semantics discourse entity relation extraction classification " +
  "sentiment tagging segmentation speech vision multimodal scaling efficiency compression"
).split(" ");

/** The rows a synthetic graph is stored as: zero-padded ids so text order is arrival order. */
export function syntheticRows(graph: SyntheticGraph): BulkGraph {
  const width = String(graph.papers - 1).length;
  const random = seededRandom(graph.seed + 1);
  const titles: string[] = [];
  for (let i = 0; i < graph.papers; i++) {
    const words = Array.from({ length: 4 }, () => WORDS[Math.floor(random() * WORDS.length)] ?? "study");
    titles.push(`${words[0]} ${words[1]} for ${words[2]} ${words[3]} ${i}`);
  }
  return {
    papers: graph.papers,
    id: (i) => `syn:${String(i).padStart(width, "0")}`,
    title: (i) => titles[i] ?? "",
    year: (i) => graph.years[i] ?? 0,
    citing: graph.citing,
    cited: graph.cited,
    origin: { kind: "synthetic", generator: "scripts/gen-synthetic-graph.ts", model: "price-cumulative-advantage", seed: graph.seed, papers: graph.papers, citations: graph.citing.length },
  };
}

if (import.meta.url === `file://${resolve(process.argv[1] ?? "")}`) {
  const { values } = parseArgs({
    options: { papers: { type: "string" }, citations: { type: "string" }, seed: { type: "string" }, db: { type: "string" } },
  });
  if (!values.papers || !values.citations || !values.db) {
    console.error("usage: tsx scripts/gen-synthetic-graph.ts --papers N --citations M --db OUT.db [--seed S]");
    process.exitCode = 2;
  } else {
    const t0 = performance.now();
    const graph = generateCitationGraph({ papers: Number(values.papers), citations: Number(values.citations), seed: Number(values.seed ?? 42) });
    const t1 = performance.now();
    const written = importBulkGraph(resolve(values.db), syntheticRows(graph));
    console.log(
      `Wrote ${written.papers} papers and ${written.edges} citations (${graph.forwardEdges} forward in time) to ${values.db}: ` +
        `generated in ${((t1 - t0) / 1000).toFixed(1)} s, stored in ${written.seconds.toFixed(1)} s.`,
    );
  }
}
