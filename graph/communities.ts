/**
 * Inferred directions: Louvain communities (Blondel, Guillaume, Lambiotte & Lefebvre, "Fast
 * unfolding of communities in large networks", J. Stat. Mech. 2008) of the undirected citation
 * graph, with the same seeded random source and graph as graph/layout.ts, so the numbers match
 * the colours the explorer draws. Each community is labelled by its most distinctive title words,
 * TF-IDF against the whole graph (Spärck Jones 1972): a word scores by the share of the
 * community's titles holding it times log(papers / papers whose title holds it). A community
 * whose members state a direction also carries the most common one, which its other members
 * inherit as their inferred direction.
 */
import Graph from "graphology";
import louvain from "graphology-communities-louvain";
import type { CitationIndex } from "./citation-index.ts";
import { seededRandom } from "./layout.ts";

export interface Community {
  /** Louvain's community number (the one stored with the layout). */
  id: number;
  size: number;
  /** The distinctive title words, joined: "benchmark, reasoning, math". */
  label: string;
  words: string[];
  /** The stated direction most members that state one share, if any. */
  direction: string | null;
  /** Member papers, by index. */
  members: number[];
}

export interface Communities {
  /** Largest first. */
  communities: Community[];
  communityOf: Map<number, number>;
  modularity: number;
}

export interface PaperText {
  title: (index: number) => string | null;
  /** Directions the paper's own page states. */
  directions: (index: number) => readonly string[];
}

export const LABEL_WORDS = 3;

export function detectCommunities(graph: CitationIndex, text: PaperText, seed = 42): Communities {
  const g = new Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  for (const id of graph.ids) g.addNode(id);
  for (let i = 0; i < graph.size; i++) {
    for (const j of graph.neighbours(i, "buildsOn")) if (i !== j) g.mergeEdge(graph.id(i), graph.id(j));
  }
  let mapping: Record<string, number> = {};
  let modularity = 0;
  if (g.size > 0) {
    const detailed = louvain.detailed(g, { rng: seededRandom(seed) });
    mapping = detailed.communities;
    modularity = detailed.modularity;
  }
  return communitiesFrom(graph, (i) => mapping[graph.id(i)] ?? 0, text, modularity);
}

/**
 * Communities numbered as given (a stored layout's, which graph/layout.ts numbers as
 * detectCommunities does), labelled and measured the same way: the library reads them from the
 * layout written with the graph instead of running Louvain again inside a request.
 */
export function communitiesFrom(graph: CitationIndex, numberOf: (index: number) => number, text: PaperText, modularity = modularityOf(graph, numberOf)): Communities {
  const communityOf = new Map<number, number>();
  const groups = new Map<number, number[]>();
  for (let i = 0; i < graph.size; i++) {
    const c = numberOf(i);
    communityOf.set(i, c);
    const list = groups.get(c);
    if (list) list.push(i);
    else groups.set(c, [i]);
  }
  const labels = new TitleWords(graph.size, text.title);
  const communities = [...groups.entries()].map(([id, members]): Community => {
    const words = labels.distinctive(members, LABEL_WORDS);
    return { id, size: members.length, label: words.join(", "), words, direction: commonest(members.flatMap((m) => [...text.directions(m)])), members };
  });
  communities.sort((a, b) => b.size - a.size || a.id - b.id);
  return { communities, communityOf, modularity };
}

/**
 * Newman's modularity (Newman & Girvan 2004) of a partition of the undirected citation graph as
 * Louvain sees it (one edge per cited pair, no self-citations): the share of edges inside
 * communities, less what a random graph with the same degrees would put there.
 */
export function modularityOf(graph: CitationIndex, numberOf: (index: number) => number): number {
  const pairs = new Set<number>();
  const degree = new Float64Array(graph.size);
  let inside = 0;
  for (let i = 0; i < graph.size; i++) {
    for (const j of graph.neighbours(i, "buildsOn")) {
      if (i === j) continue;
      const key = i < j ? i * graph.size + j : j * graph.size + i;
      if (pairs.has(key)) continue;
      pairs.add(key);
      degree[i] = (degree[i] ?? 0) + 1;
      degree[j] = (degree[j] ?? 0) + 1;
      if (numberOf(i) === numberOf(j)) inside++;
    }
  }
  const m = pairs.size;
  if (m === 0) return 0;
  const total = new Map<number, number>();
  for (let i = 0; i < graph.size; i++) total.set(numberOf(i), (total.get(numberOf(i)) ?? 0) + (degree[i] ?? 0));
  let expected = 0;
  for (const d of total.values()) expected += (d / (2 * m)) ** 2;
  return inside / m - expected;
}

/**
 * The label words of groups of papers numbered as detectCommunities numbers them (a stored
 * layout's communities), by the same TF-IDF against the whole graph: the explorer labels its map
 * with them without running Louvain again.
 */
export function communityWords(size: number, title: (index: number) => string | null, groups: ReadonlyMap<number, readonly number[]>, count = LABEL_WORDS): Map<number, string[]> {
  const labels = new TitleWords(size, title);
  const words = new Map<number, string[]>();
  for (const [id, members] of groups) words.set(id, labels.distinctive(members, count));
  return words;
}

const STOPWORDS = new Set(
  (
    "a an and are as at be by can do does for from has have how in into is it its of on or over our the their this to toward " +
    "towards under use using via what when where which who why with without we you not new study approach based method paper"
  ).split(" "),
);

export function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !STOPWORDS.has(w));
}

/** Folds a plural onto its singular ("benchmarks" → "benchmark"), leaving "analysis" alone. */
function stem(word: string): string {
  return word.length > 4 && word.endsWith("s") && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

class TitleWords {
  private readonly wordsOf: Set<string>[];
  private readonly documentFrequency = new Map<string, number>();
  /** The commonest spelling of each stem, for display. */
  private readonly spelling = new Map<string, Map<string, number>>();
  private readonly titled: number;

  constructor(size: number, title: (index: number) => string | null) {
    this.wordsOf = [];
    let titled = 0;
    for (let i = 0; i < size; i++) {
      const t = title(i);
      const stems = new Set<string>();
      if (t) {
        titled++;
        for (const w of titleWords(t)) {
          const s = stem(w);
          stems.add(s);
          const forms = this.spelling.get(s) ?? new Map<string, number>();
          forms.set(w, (forms.get(w) ?? 0) + 1);
          this.spelling.set(s, forms);
        }
      }
      for (const s of stems) this.documentFrequency.set(s, (this.documentFrequency.get(s) ?? 0) + 1);
      this.wordsOf.push(stems);
    }
    this.titled = Math.max(titled, 1);
  }

  distinctive(members: readonly number[], count: number): string[] {
    const inCommunity = new Map<string, number>();
    for (const m of members) for (const s of this.wordsOf[m] ?? []) inCommunity.set(s, (inCommunity.get(s) ?? 0) + 1);
    // A label word must be shared by at least two titles, unless the community is that small.
    const minShare = members.length >= 3 ? 2 : 1;
    return [...inCommunity.entries()]
      .filter(([, df]) => df >= minShare)
      .map(([s, df]) => ({ s, score: (df / members.length) * Math.log(this.titled / (this.documentFrequency.get(s) ?? 1)) + df * 1e-9 }))
      .sort((a, b) => b.score - a.score || (a.s < b.s ? -1 : 1))
      .slice(0, count)
      .map(({ s }) => this.display(s));
  }

  private display(stemmed: string): string {
    const forms = [...(this.spelling.get(stemmed) ?? new Map<string, number>()).entries()];
    forms.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return forms[0]?.[0] ?? stemmed;
  }
}

function commonest(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, c] of counts) if (best === null || c > (counts.get(best) ?? 0) || (c === counts.get(best) && v < best)) best = v;
  return best;
}
