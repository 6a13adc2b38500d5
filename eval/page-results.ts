/**
 * One real page's result in the pages evaluation (eval/pages.ts): what it was read as, each fact
 * right, wrong or missing, the nodes its records ended in; and per work, its nodes and whether
 * its title is exact, the nodes that hold pages of two works, and the works of several pages that
 * are one node or split. Shared by the evaluation through `lineage ingest` and the held-out
 * readings of eval/pages-loso.ts. Pure, but for reading a refused page's text to judge its reason.
 */
import { readFileSync } from "node:fs";
import type { PageRecord } from "../db/page-writer.ts";
import type { FileOutcome } from "../library/ingest-files.ts";
import { authorMatches, checkPage, outcomesOf, refusalTruth, sameText, type Outcome, type PageCheck, type PageExpectation, type PageOutcomes, type Refusal, type WorkFacts } from "./page-checks.ts";
import { hostOf } from "./page-corpus.ts";
import type { WorkTally } from "./page-figures.ts";

export interface PageResult {
  slug: string;
  file: string;
  site: string;
  /** The site's host: pages of one host are held out together. */
  host: string;
  work: string;
  /** The expectation shows a title or an identifier: the page is about one work. */
  describesWork: boolean;
  /** What the file was read as: a page format, a records format, or "refused". */
  format: string;
  accepted: boolean;
  refusal?: { reason: string; true: Refusal };
  check?: PageCheck;
  outcomes: PageOutcomes;
  /** The graph's nodes this page's own records ended in. */
  nodes: string[];
}

export interface WorkResult {
  work: string;
  pages: number;
  accepted: number;
  nodes: { id: string; title: string | null }[];
  titleExact: boolean;
  /** The node's year and authors, as `lineage show` gives them, against what the work's pages show (one node only). */
  year?: Outcome;
  authors?: Outcome;
}

/** One page's result from its records (as `lineage ingest` read it, or read again with other settings). */
export function pageResult(
  file: string,
  expected: PageExpectation,
  records: readonly PageRecord[],
  outcome: FileOutcome | undefined,
  nodeOf: Map<string, string>,
  work: Map<string, WorkFacts>,
): PageResult {
  const describesWork = expected.title !== null || Object.keys(expected.ids).length > 0;
  const base = { slug: expected.slug, file, site: expected.site, host: hostOf(expected.site), work: expected.work, describesWork };
  if (records.length === 0) {
    const reason = outcome?.errors[0]?.reason ?? "not read";
    let text: string | undefined;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      text = undefined;
    }
    return { ...base, format: "refused", accepted: false, refusal: { reason, true: refusalTruth(reason, text, expected) }, outcomes: outcomesOf(undefined, expected), nodes: [] };
  }
  const nodes = [...new Set(records.map((r) => nodeOf.get(r.source)).filter((n): n is string => n !== undefined))].sort();
  const check = checkPage(
    records.map((r) => r.page),
    expected,
    work.get(expected.work),
  );
  return { ...base, format: records[0]?.page.format ?? "?", accepted: true, check, outcomes: outcomesOf(check, expected), nodes };
}

/** Per work its nodes; the nodes that hold pages of two works; works of several pages, one node or split. */
/** A node's facts as the graph chose them (db/paper-facts.ts). */
export interface NodeFacts {
  title: string | null;
  year?: number | null;
  authors?: string[];
}

/** The node's year and authors checked against the work's: right, wrong, or missing where some page shows one. */
function nodeOutcomes(node: NodeFacts, work: WorkFacts | undefined, expectations: readonly PageExpectation[]): { year: Outcome; authors: Outcome } {
  const shownYear = expectations.some((e) => e.year !== null);
  const year: Outcome = node.year === null || node.year === undefined ? (shownYear ? "missing" : "none") : work?.years.has(node.year) ? "right" : work && work.years.size > 0 ? "wrong" : "none";
  const names = node.authors ?? [];
  const known = work?.authors ?? [];
  const authors: Outcome = names.length === 0 ? (known.length > 0 ? "missing" : "none") : names.some((n) => !known.some((k) => authorMatches(k, n))) ? (known.length > 0 ? "wrong" : "none") : "right";
  return { year, authors };
}

export function worksOf(pages: readonly PageResult[], expectations: readonly PageExpectation[], titles: Map<string, NodeFacts>, workFacts: Map<string, WorkFacts> = new Map()) {
  const works: WorkResult[] = [];
  for (const [work, members] of groupBy(pages, (p) => p.work)) {
    const shown = expectations.filter((e) => e.work === work && e.title !== null).map((e) => e.title as string);
    if (shown.length === 0) continue; // a listing page describes no one work
    const ids = [...new Set(members.flatMap((p) => p.nodes))].sort();
    const nodes = ids.map((id) => ({ id, title: titles.get(id)?.title ?? null }));
    const titleExact = nodes.length > 0 && nodes.every((n) => n.title !== null && shown.some((t) => sameText(t, n.title as string)));
    const result: WorkResult = { work, pages: members.length, accepted: members.filter((p) => p.accepted).length, nodes, titleExact };
    const only = ids.length === 1 ? titles.get(ids[0] ?? "") : undefined;
    if (only)
      Object.assign(
        result,
        nodeOutcomes(
          only,
          workFacts.get(work),
          expectations.filter((e) => e.work === work),
        ),
      );
    works.push(result);
  }
  works.sort((a, b) => (a.work < b.work ? -1 : 1));
  const falseMerges = [
    ...groupBy(
      pages.flatMap((p) => p.nodes.map((n) => [n, p.work] as const)),
      ([n]) => n,
    ),
  ]
    .map(([node, entries]) => ({ node, works: [...new Set(entries.map(([, w]) => w))].sort() }))
    .filter((m) => m.works.length > 1);
  const several = works.filter((w) => w.accepted > 1);
  const workTally: WorkTally = { oneNode: several.filter((w) => w.nodes.length === 1).length, split: several.filter((w) => w.nodes.length > 1).length, falseMerges: falseMerges.length };
  return { works, falseMerges, workTally };
}

export function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}
