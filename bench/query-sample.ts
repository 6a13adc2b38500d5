/**
 * The seeded query list both sides of the query benchmark answer (bench/queries.ts runs ours,
 * bench/networkx_queries.py runs networkx on the same list): papers for builds-on and built-by
 * closures, pairs for shortest and longest paths (mostly connected, some not), and seeds whose
 * lineage is the scope of a main path.
 */
import type { CitationIndex } from "../graph/citation-index.ts";
import { closure } from "../graph/closure.ts";
import { seededRandom } from "./stats.ts";

export interface QuerySample {
  closureSeeds: number[];
  pathPairs: [number, number][];
  longestPairs: [number, number][];
  mainPathSeeds: number[];
}

export interface SampleSizes {
  closures: number;
  paths: number;
  longest: number;
  mainPaths: number;
}

export function sampleQueries(index: CitationIndex, sizes: SampleSizes, seed = 7): QuerySample {
  const random = seededRandom(seed);
  const connected: number[] = [];
  const citing: number[] = [];
  for (let i = 0; i < index.size; i++) {
    if (index.degree(i, "buildsOn") > 0) citing.push(i);
    if (index.degree(i, "buildsOn") + index.degree(i, "builtBy") > 0) connected.push(i);
  }
  const pick = (from: readonly number[]) => from[Math.floor(random() * from.length)] ?? 0;
  const closureSeeds = Array.from({ length: sizes.closures }, () => pick(connected));
  // Four pairs in five are connected: TO is drawn from FROM's builds-on closure at depth 2-6;
  // the fifth is a random pair, which is usually unconnected (the search exhausts FROM's closure).
  const pair = (): [number, number] => {
    const from = pick(citing);
    if (random() < 0.2) return [from, pick(connected)];
    const reached = closure(index, from, "buildsOn", 2 + Math.floor(random() * 5), { maxPapers: 50_000 });
    const far = reached.filter((r) => r.depth >= 2);
    const to = (far.length > 0 ? far : reached)[Math.floor(random() * (far.length > 0 ? far.length : reached.length))];
    return [from, to?.index ?? pick(connected)];
  };
  const pathPairs = Array.from({ length: sizes.paths }, pair);
  const longestPairs = pathPairs.slice(0, sizes.longest);
  const mainPathSeeds = Array.from({ length: sizes.mainPaths }, () => pick(citing));
  return { closureSeeds, pathPairs, longestPairs, mainPathSeeds };
}
