/**
 * Inferred directions: Louvain communities (Blondel, Guillaume, Lambiotte & Lefebvre, "Fast
 * unfolding of communities in large networks", J. Stat. Mech. 2008) of the undirected citation
 * graph, with the same seeded random source and graph as graph/layout.ts, so the numbers match
 * the colours the explorer draws. Each community is labelled by its most distinctive title terms,
 * words and short phrases weighted against the whole graph by class-based TF-IDF
 * (graph/community-terms.ts, as BERTopic labels its topics). A community
 * whose members state a direction also carries the most common one, which its other members
 * inherit as their inferred direction.
 */
import Graph from "graphology";
import louvain from "graphology-communities-louvain";
import type { CitationIndex } from "./citation-index.ts";
import { numberBySize } from "./community-numbering.ts";
import { CommunityTerms } from "./community-terms.ts";
import { seededRandom } from "./layout.ts";

export { titleWords } from "./community-terms.ts";

export interface Community {
  /** Louvain's community number (the one stored with the layout). */
  id: number;
  size: number;
  /** The distinctive title terms, joined: "word sense disambiguation, wordnet, senses". */
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
  // Numbered by size, as graph/layout.ts numbers a fresh layout's communities.
  const numbered = numberBySize(graph.ids, (id) => mapping[id] ?? 0);
  return communitiesFrom(graph, (i) => numbered.get(graph.id(i)) ?? 0, text, modularity);
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
  const labels = new CommunityTerms(graph.size, text.title).label(groups, LABEL_WORDS);
  const communities = [...groups.entries()].map(([id, members]): Community => {
    const words = labels.get(id) ?? [];
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
 * The label terms of groups of papers numbered as detectCommunities numbers them (a stored
 * layout's communities), by the same c-TF-IDF against the whole graph (graph/community-terms.ts):
 * the explorer labels its map with them without running Louvain again. `groups` is every
 * community; `labelled` the ones to label (all by default).
 */
export function communityWords(
  size: number,
  title: (index: number) => string | null,
  groups: ReadonlyMap<number, readonly number[]>,
  count = LABEL_WORDS,
  labelled: Iterable<number> = groups.keys(),
): Map<number, string[]> {
  return new CommunityTerms(size, title).label(groups, count, labelled);
}

function commonest(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, c] of counts) if (best === null || c > (counts.get(best) ?? 0) || (c === counts.get(best) && v < best)) best = v;
  return best;
}
