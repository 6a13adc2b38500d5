/**
 * Ranking metrics for one query with binary relevance (a paper is one of the held-out references
 * or it is not), as in Järvelin & Kekäläinen, "Cumulated gain-based evaluation of IR techniques",
 * ACM TOIS 2002 (nDCG) and Voorhees, "The TREC-8 Question Answering Track Report", 1999 (MRR):
 * - recall@k: the share of the relevant papers found in the first k;
 * - nDCG@k: the sum of 1 / log2(rank + 1) over relevant papers in the first k, divided by that
 *   of an ideal ranking (all relevant papers first, as many as fit in k);
 * - reciprocal rank: 1 / the rank of the first relevant paper, 0 if none is ranked (MRR is its
 *   mean over queries). Unlike the other two it is not cut at k: a ranking is scored as given.
 * A query with no relevant papers has no defined score; callers leave such queries out.
 */

function checkRelevant(relevant: ReadonlySet<number>): void {
  if (relevant.size === 0) throw new Error("ranking metrics: a query needs at least one relevant paper");
}

export function recallAt(ranking: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  checkRelevant(relevant);
  let hits = 0;
  const seen = new Set<number>();
  for (const r of ranking.slice(0, k)) {
    if (relevant.has(r) && !seen.has(r)) hits++;
    seen.add(r);
  }
  return hits / relevant.size;
}

export function ndcgAt(ranking: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  checkRelevant(relevant);
  let dcg = 0;
  const seen = new Set<number>();
  ranking.slice(0, k).forEach((r, position) => {
    if (relevant.has(r) && !seen.has(r)) dcg += 1 / Math.log2(position + 2);
    seen.add(r);
  });
  let ideal = 0;
  for (let position = 0; position < Math.min(k, relevant.size); position++) ideal += 1 / Math.log2(position + 2);
  return dcg / ideal;
}

export function reciprocalRank(ranking: readonly number[], relevant: ReadonlySet<number>): number {
  checkRelevant(relevant);
  const first = ranking.findIndex((r) => relevant.has(r));
  return first < 0 ? 0 : 1 / (first + 1);
}

/** Mean and the 50th and 90th percentiles (nearest rank) of a sample. */
export function summary(values: readonly number[]): { mean: number; median: number; p90: number } {
  if (values.length === 0) return { mean: 0, median: 0, p90: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { mean: values.reduce((s, v) => s + v, 0) / values.length, median: at(0.5), p90: at(0.9) };
}
