/**
 * The address a page is a copy of, as its reported figures' source (vocabulary/paper-page.ts
 * `PageFacts.origin`): a web address on a site of its own, never one of the paper's own services
 * (its preprint, DOI, anthology entry or review forum), whose pages are the paper, not a report
 * about it. Pure.
 */

/** Hosts of the paper itself, never a site that reports about it. */
const PAPER_HOSTS = /(?:^|\.)(?:arxiv\.org|doi\.org|aclanthology\.org|aclweb\.org|openreview\.net)$/i;

/** `url` when it is a web address of a site that may report a paper's figures, else undefined. */
export function reportingAddress(url: string | undefined): string | undefined {
  if (!url || url.length > 2_000) return undefined;
  try {
    const { protocol, hostname } = new URL(url);
    return (protocol === "http:" || protocol === "https:") && hostname && !PAPER_HOSTS.test(hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}
