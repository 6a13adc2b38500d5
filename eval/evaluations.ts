/**
 * The evaluations `npm run eval` knows: name, what it measures, and its module (loaded only when
 * that evaluation runs). See eval/run.ts.
 */
import type { Evaluation } from "./types.ts";

export const EVALUATIONS: Record<string, { describe: string; load: () => Promise<Evaluation> }> = {
  fixtures: { describe: "how the real saved pages and API recordings in fixtures/ are read", load: async () => (await import("./fixtures.ts")).default },
  "reading-lists": { describe: "reading lists vs held-out AAN bibliographies (recall@20, nDCG@20, MRR)", load: async () => (await import("./reading-lists.ts")).default },
  search: { describe: "search on AAN and the seed map: top-1 and top-3 vs an FTS5 bm25 + citation-prior baseline", load: async () => (await import("./search.ts")).default },
  pages: { describe: "real pages through `lineage ingest`: titles, years, authors, ids, one node per work", load: async () => (await import("./pages.ts")).default },
};
