/**
 * The pages evaluation's figures (eval/pages.ts): per fact, how many pages read it right, wrong,
 * inexactly (a title differing in case or marks only) or missed it; per site and over a corpus;
 * and per work whether its pages are one node. A wrong fact is counted apart from a missing one
 * (issue 26). Pure.
 */
import type { Outcome, PageOutcomes } from "./page-checks.ts";

export const FACTS = ["title", "year", "authors", "ids"] as const;
export type Fact = (typeof FACTS)[number];

export interface Tally {
  right: number;
  wrong: number;
  missing: number;
  inexact: number;
}

export type FactTotals = Record<Fact, Tally>;

/** Works seen on several accepted pages: one node (right) or split (missing); nodes holding two works (wrong). */
export interface WorkTally {
  oneNode: number;
  split: number;
  falseMerges: number;
}

const empty = (): Tally => ({ right: 0, wrong: 0, missing: 0, inexact: 0 });

export function tallyFacts(outcomes: readonly PageOutcomes[]): FactTotals {
  const out = { title: empty(), year: empty(), authors: empty(), ids: empty() } as FactTotals;
  for (const o of outcomes) for (const fact of FACTS) add(out[fact], o[fact]);
  return out;
}

function add(t: Tally, o: Outcome): void {
  if (o !== "none") t[o]++;
}

/** Pages with something to check for this fact. */
export const checked = (t: Tally) => t.right + t.wrong + t.missing + t.inexact;

export const share = (n: number, d: number) => (d === 0 ? "n/a" : `${Math.round((1000 * n) / d) / 10}%`);

/** "12/14" with what was wrong, inexact or missing ("12/14: 1 wrong, 1 missing"). */
export function tallyText(t: Tally): string {
  const n = checked(t);
  if (n === 0) return "-";
  const rest = [t.wrong ? `${t.wrong}w` : "", t.inexact ? `${t.inexact}c` : "", t.missing ? `${t.missing}m` : ""].filter(Boolean).join(" ");
  return `${t.right}/${n}${rest ? ` ${rest}` : ""}`;
}

/** The score settings are chosen by: facts right, less five for every fact wrong. */
export function score(totals: FactTotals): number {
  return FACTS.reduce((s, f) => s + totals[f].right - 5 * totals[f].wrong, 0);
}

export function sumTallies(a: FactTotals, b: FactTotals): FactTotals {
  const out = {} as FactTotals;
  for (const f of FACTS) out[f] = { right: a[f].right + b[f].right, wrong: a[f].wrong + b[f].wrong, missing: a[f].missing + b[f].missing, inexact: a[f].inexact + b[f].inexact };
  return out;
}
