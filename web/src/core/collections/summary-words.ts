/**
 * A collection's state in words, as the header's switch and the empty state say it: its paper
 * count when it has papers, else why not ("not built yet", "building…", "empty", "unreadable").
 */
import type { CollectionSummary } from "../api/types.ts";
import { formatCount } from "../count-format.ts";

export function isBuilding(summary: CollectionSummary): boolean {
  return summary.job?.kind === "build" && summary.job.state === "running";
}

export function collectionState(summary: CollectionSummary): string {
  if (isBuilding(summary)) return "building…";
  switch (summary.status) {
    case "ready":
      return `${formatCount(summary.papers)} ${summary.papers === 1 ? "paper" : "papers"}`;
    case "empty":
      return "no papers yet";
    case "missing":
      return summary.buildable ? "not built yet" : "no database yet";
    case "unreadable":
      return "cannot be read";
  }
}

/** The option's text: the title, then the state ("ACL Anthology Network · 18,041 papers"). */
export function collectionLabel(summary: CollectionSummary): string {
  return `${summary.title} · ${collectionState(summary)}`;
}

/** The empty state's heading. */
export function emptyHeading(summary: CollectionSummary): string {
  if (isBuilding(summary)) return `${summary.title} is being built`;
  if (summary.status === "unreadable") return `${summary.title} cannot be read`;
  if (summary.status === "empty") return `${summary.title} has no papers yet`;
  return summary.buildable ? `${summary.title} is not built yet` : `${summary.title} has no database yet`;
}
