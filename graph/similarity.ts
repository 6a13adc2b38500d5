/**
 * "Papers like this" from the citation graph alone:
 * - co-citation (Small, "Co-citation in the scientific literature: A new measure of the
 *   relationship between two documents", JASIS 1973): two papers built on together by a third;
 * - bibliographic coupling (Kessler, "Bibliographic coupling between scientific papers",
 *   American Documentation 1963): two papers building on a common paper.
 * Each count is normalised by Salton's cosine, count / sqrt(degree(a) · degree(b)), so hubs do
 * not win by size alone; the score is the sum of the two cosines.
 */
import type { CitationIndex } from "./citation-index.ts";

export interface SimilarPaper {
  index: number;
  /** Papers that build on both. */
  coCitations: number;
  /** Papers both build on. */
  sharedReferences: number;
  score: number;
}

export const DEFAULT_SIMILAR = 20;

export function similarPapers(graph: CitationIndex, paper: number, limit = DEFAULT_SIMILAR): SimilarPaper[] {
  return [...similarityScores(graph, paper).values()]
    .sort((a, b) => b.score - a.score || b.coCitations + b.sharedReferences - (a.coCitations + a.sharedReferences) || a.index - b.index)
    .slice(0, limit);
}

/** Every paper sharing a citing paper or a reference with `paper`, with its counts and score. */
export function similarityScores(graph: CitationIndex, paper: number): Map<number, SimilarPaper> {
  const coCited = new Map<number, number>();
  for (const citing of graph.neighbours(paper, "builtBy")) {
    for (const other of graph.neighbours(citing, "buildsOn")) if (other !== paper) coCited.set(other, (coCited.get(other) ?? 0) + 1);
  }
  const coupled = new Map<number, number>();
  for (const cited of graph.neighbours(paper, "buildsOn")) {
    for (const other of graph.neighbours(cited, "builtBy")) if (other !== paper) coupled.set(other, (coupled.get(other) ?? 0) + 1);
  }
  const cosine = (count: number, a: number, b: number) => (count === 0 || a === 0 || b === 0 ? 0 : count / Math.sqrt(a * b));
  const citedBy = graph.degree(paper, "builtBy");
  const references = graph.degree(paper, "buildsOn");
  const results = new Map<number, SimilarPaper>();
  for (const other of new Set([...coCited.keys(), ...coupled.keys()])) {
    const coCitations = coCited.get(other) ?? 0;
    const sharedReferences = coupled.get(other) ?? 0;
    const score = cosine(coCitations, citedBy, graph.degree(other, "builtBy")) + cosine(sharedReferences, references, graph.degree(other, "buildsOn"));
    results.set(other, { index: other, coCitations, sharedReferences, score });
  }
  return results;
}
