/**
 * The orders every paper list offers (issue 18, as Litmaps and ResearchRabbit lists do): by
 * relevance (the list's own measure: search score, similarity to the paper, or the server's order),
 * by year either way, or by citations. Stable: papers that tie keep the list's order.
 */
import type { PaperBrief } from "../api/types.ts";
import { citationCount } from "./format.ts";

export type PaperSort = "relevance" | "newest" | "oldest" | "citations";

export const SORTS: readonly { value: PaperSort; label: string }[] = [
  { value: "relevance", label: "Relevance" },
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "citations", label: "Most cited" },
];

export function isPaperSort(value: string): value is PaperSort {
  return SORTS.some((s) => s.value === value);
}

type Sortable = Pick<PaperBrief, "year" | "citedByCount" | "builtByCount">;

/**
 * The list in the order asked for. `relevance` scores papers for the relevance order (higher
 * first); without it, relevance is the list's own order. Papers without a year go last either way.
 */
export function sortPapers<T extends Sortable>(papers: readonly T[], sort: PaperSort, relevance?: (p: T) => number): T[] {
  const indexed = papers.map((p, i) => ({ p, i }));
  const byYear = (a: T, b: T, dir: 1 | -1) => {
    if (a.year === b.year) return 0;
    if (a.year === null) return 1;
    if (b.year === null) return -1;
    return (a.year - b.year) * dir;
  };
  const cites = (p: T) => citationCount(p) ?? -1;
  indexed.sort((x, y) => {
    let c = 0;
    switch (sort) {
      case "relevance":
        c = relevance ? relevance(y.p) - relevance(x.p) : 0;
        break;
      case "newest":
        c = byYear(x.p, y.p, -1) || cites(y.p) - cites(x.p);
        break;
      case "oldest":
        c = byYear(x.p, y.p, 1) || cites(y.p) - cites(x.p);
        break;
      case "citations":
        c = cites(y.p) - cites(x.p);
        break;
    }
    return c || x.i - y.i;
  });
  return indexed.map((x) => x.p);
}
