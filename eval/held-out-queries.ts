/**
 * The held-out queries of the reading-list evaluation (issue 15): papers with at least
 * `minReferences` references in the graph, picked by publication year, optionally a seeded
 * sample of them; each gets `seedCount` of its references as seeds, drawn by a generator seeded
 * from the run's seed and the paper's ID (so a paper gets the same seeds in every split and
 * sample), and the rest of its references are what a good list should find.
 */
import type { CitationIndex } from "../graph/citation-index.ts";
import { seededRandom } from "../graph/layout.ts";

/** The seeded generator the layouts use (mulberry32), so that a run's draws are repeatable. */
export { seededRandom };

/** FNV-1a hash of a string, for per-paper seeds. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface HeldOutQuery {
  paper: number;
  seeds: number[];
  /** The paper's other references. */
  relevant: Set<number>;
}

export interface QuerySelection {
  years: { from: number; to: number } | null;
  sample: number | null;
  seed: number;
  minReferences: number;
  seedCount: number;
}

export function heldOutQueries(graph: CitationIndex, yearOf: (i: number) => number | null, selection: QuerySelection): HeldOutQuery[] {
  const { years, sample, seed, minReferences, seedCount } = selection;
  let papers: number[] = [];
  for (let i = 0; i < graph.size; i++) {
    if (graph.degree(i, "buildsOn") < minReferences) continue;
    const y = yearOf(i);
    if (years && (y === null || y < years.from || y > years.to)) continue;
    papers.push(i);
  }
  if (sample !== null && sample < papers.length) {
    const random = seededRandom(seed);
    for (let k = papers.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [papers[k], papers[j]] = [papers[j] as number, papers[k] as number];
    }
    papers = papers.slice(0, sample).sort((a, b) => a - b);
  }
  return papers.map((paper) => {
    const pool = [...graph.neighbours(paper, "buildsOn")];
    const random = seededRandom(hashText(`${seed}:${graph.id(paper)}`));
    const seeds: number[] = [];
    for (let k = 0; k < seedCount && pool.length > 0; k++) seeds.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as number);
    return { paper, seeds, relevant: new Set(pool) };
  });
}
