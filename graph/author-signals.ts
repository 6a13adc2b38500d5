/**
 * Author and venue evidence from a set of seed papers, for the relevance engine
 * (relevance-signals.ts), over author-index.ts's authorship:
 * - papers sharing an author with a seed ("by the authors of "Moses""): researchers cite their
 *   own line of work and its authors' other papers (Strohman, Croft & Jensen, SIGIR 2007);
 * - papers by a co-author of a seed's authors, one step away in the co-authorship graph
 *   (Bethard & Jurafsky, "Who should I cite?", CIKM 2010);
 * - papers that the seeds' authors' other papers cite: the authors' citation habits, the
 *   "cited before by the query's authors" evidence of Strohman et al.;
 * - the seeds' venues (the same paper's venue feature).
 * Bounded: an author's papers are read up to `maxPapersPerAuthor`; every step ticks the budget.
 */
import type { AuthorIndex } from "./author-index.ts";
import type { CitationIndex } from "./citation-index.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export interface AuthorLinks {
  /** Papers written by a seed's author (never a seed), with how many seeds they share an author with. */
  sharedAuthorSeeds: Map<number, number>;
  /** How many seeds a paper is linked to only through a co-author of the seed's authors. */
  coauthorSeeds: (paper: number) => number;
  /** Papers cited by the seeds' authors' other papers (never a seed): how many of those papers cite each. */
  seedAuthorsCite: Map<number, number>;
  /** How many seeds appeared in a paper's venue. */
  sameVenueSeeds: (paper: number) => number;
}

export const AUTHOR_SIGNAL_DEFAULTS = { maxPapersPerAuthor: 300, budget: UNBOUNDED as QueryBudget };

export function authorLinks(graph: CitationIndex, people: AuthorIndex, seedList: readonly number[], options: Partial<typeof AUTHOR_SIGNAL_DEFAULTS> = {}): AuthorLinks {
  const { maxPapersPerAuthor, budget } = Object.assign({}, AUTHOR_SIGNAL_DEFAULTS, options);
  const seeds = [...new Set(seedList)];
  const seedSet = new Set(seeds);
  const sharedAuthorSeeds = new Map<number, number>();
  const coauthorsOf: Set<number>[] = [];
  const ownAuthorsOf: Set<number>[] = [];
  // The seeds' authors' papers, the seeds left out, each read once.
  const authorPapers = new Set<number>();
  for (const s of seeds) {
    const own = new Set(people.authorsOf(s));
    const coauthors = new Set<number>();
    const reached = new Set<number>();
    for (const a of own) {
      const papers = people.papersBy(a);
      for (let k = 0; k < papers.length && k < maxPapersPerAuthor; k++) {
        budget.tick();
        const p = papers[k] ?? 0;
        for (const b of people.authorsOf(p)) if (!own.has(b)) coauthors.add(b);
        if (seedSet.has(p)) continue;
        reached.add(p);
        authorPapers.add(p);
      }
    }
    for (const p of reached) sharedAuthorSeeds.set(p, (sharedAuthorSeeds.get(p) ?? 0) + 1);
    coauthorsOf.push(coauthors);
    ownAuthorsOf.push(own);
  }
  const seedAuthorsCite = new Map<number, number>();
  for (const p of authorPapers) {
    for (const m of graph.neighbours(p, "buildsOn")) {
      budget.tick();
      if (!seedSet.has(m)) seedAuthorsCite.set(m, (seedAuthorsCite.get(m) ?? 0) + 1);
    }
  }
  const seedVenues = new Map<number, number>();
  for (const s of seeds) {
    const v = people.venueOf(s);
    if (v >= 0) seedVenues.set(v, (seedVenues.get(v) ?? 0) + 1);
  }
  // For each author, the seeds (by position) it wrote, and those whose authors it wrote with.
  const ownSeedsOf = new Map<number, number[]>();
  const nearSeedsOf = new Map<number, number[]>();
  const note = (map: Map<number, number[]>, author: number, k: number) => {
    const list = map.get(author);
    if (list) list.push(k);
    else map.set(author, [k]);
  };
  ownAuthorsOf.forEach((own, k) => own.forEach((a) => note(ownSeedsOf, a, k)));
  coauthorsOf.forEach((coauthors, k) => coauthors.forEach((a) => note(nearSeedsOf, a, k)));
  const coauthorSeeds = (paper: number) => {
    const near = new Set<number>();
    const own = new Set<number>();
    for (const a of people.authorsOf(paper)) {
      budget.tick();
      for (const k of nearSeedsOf.get(a) ?? []) near.add(k);
      for (const k of ownSeedsOf.get(a) ?? []) own.add(k);
    }
    let linked = 0;
    for (const k of near) if (!own.has(k)) linked++;
    return linked;
  };
  const sameVenueSeeds = (paper: number) => {
    const v = people.venueOf(paper);
    return v >= 0 ? (seedVenues.get(v) ?? 0) : 0;
  };
  return { sharedAuthorSeeds, coauthorSeeds, seedAuthorsCite, sameVenueSeeds };
}
