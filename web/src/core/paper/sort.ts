/**
 * The orders every paper list offers (issue 18, as Litmaps and ResearchRabbit lists do): by
 * relevance (the list's own measure: search score, similarity to the paper, or the server's order),
 * by year either way, or by citations in this map (the reported count breaking ties). Stable:
 * papers that tie keep the list's order.
 */
import type { PaperBrief } from "../api/types.ts";

export type PaperSort = "relevance" | "newest" | "oldest" | "citations";

export const SORTS: readonly { value: PaperSort; label: string }[] = [
  { value: "relevance", label: "Relevance" },
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "citations", label: "Most cited in this map" },
];

export function isPaperSort(value: string): value is PaperSort {
  return SORTS.some((s) => s.value === value);
}

type Sortable = Pick<PaperBrief, "year" | "citedByCount" | "builtByCount">;

/** Citations in this map first; the reported count only breaks ties (unknown below every count). */
const byCitations = (a: Sortable, b: Sortable) => (b.builtByCount ?? -1) - (a.builtByCount ?? -1) || (b.citedByCount ?? -1) - (a.citedByCount ?? -1);

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
  indexed.sort((x, y) => {
    let c = 0;
    switch (sort) {
      case "relevance":
        c = relevance ? relevance(y.p) - relevance(x.p) : 0;
        break;
      case "newest":
        c = byYear(x.p, y.p, -1) || byCitations(x.p, y.p);
        break;
      case "oldest":
        c = byYear(x.p, y.p, 1) || byCitations(x.p, y.p);
        break;
      case "citations":
        c = byCitations(x.p, y.p);
        break;
    }
    return c || x.i - y.i;
  });
  return indexed.map((x) => x.p);
}
