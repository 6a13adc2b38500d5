/**
 * The title rules of identity resolution (ingest/identity.ts), applied after shared identifiers.
 * Titles compare by their normalised form only (ingest/titles.ts): a title that is a prefix of
 * another, or differs by a word, is another title.
 *
 * Read titles (rule 2), title by title in sorted order, among the clusters holding that title:
 *   a. dated clusters with identifiers merge when their identifiers do not conflict and their
 *      years agree within one;
 *   b. a dated title-only cluster joins the identified one whose year is closest (a tie is
 *      ambiguous and stays apart); the title-only ones left merge with one another, oldest first,
 *      while years agree;
 *   c. a cluster with no year (a page that shows a title but no year) joins the one dated cluster
 *      of its title it does not conflict with; when there are several it stays apart (ambiguous:
 *      two papers called "Attention", of 2017 and 2021, do not decide which one a yearless
 *      "Attention" is); when there is none, the yearless clusters of the title merge with one
 *      another as (a) and (b) do, a title-only one only when one identified cluster fits it.
 * Inferred titles (rule 3), a page's first sentence taken for a title (`titleInferred`), are weak
 * evidence: a cluster known by nothing better joins the one paper whose read title it equals, only
 * when both years are known and agree; two inferred titles never merge by themselves (the same
 * site chrome opens many pages). Every decision is returned, for `lineage explain`.
 */
import { Clusters } from "./identity-clusters.ts";
import type { MergeDecision } from "./identity.ts";

export type Decide = (decision: MergeDecision["decision"], rule: MergeDecision["rule"], a: number, b: number, detail: string) => void;

/** Rule 2: clusters sharing a read title, per title (positions in sort-key order). */
export function mergeByReadTitle(c: Clusters, byTitle: ReadonlyMap<string, number[]>, decide: Decide): void {
  for (const title of [...byTitle.keys()].sort(cmp)) {
    const members = byTitle.get(title) ?? [];
    if (c.roots(members).length < 2) continue;
    mergeDated(c, title, members, decide);
    mergeUndated(c, title, members, decide);
  }
}

function mergeDated(c: Clusters, title: string, members: readonly number[], decide: Decide): void {
  const dated = () => c.roots(members).filter((r) => c.dated(r));
  // a. identified clusters with one another (an arXiv preprint and its ACL Anthology version).
  const identified = dated().filter((r) => c.hasIds(r));
  for (let i = 0; i < identified.length; i++) {
    for (let j = i + 1; j < identified.length; j++) {
      const [a, b] = [identified[i] as number, identified[j] as number];
      if (c.find(a) === c.find(b)) continue;
      const conflict = c.conflict(a, b);
      if (conflict) decide("kept-apart", "title-id-conflict", a, b, `same title "${title}" but different ${conflict}`);
      else if (!c.yearsAgree(a, b)) decide("kept-apart", "title-year", a, b, `same title "${title}" but years ${c.yearText(a)} and ${c.yearText(b)}`);
      else {
        c.union(a, b);
        decide("merged", "title", a, b, `same title "${title}", years agree`);
      }
    }
  }
  // b. title-only clusters join the identified paper whose year fits best.
  const targets = dated().filter((r) => c.hasIds(r));
  const leftover: number[] = [];
  for (const stub of dated().filter((r) => !c.hasIds(r))) {
    const fits = targets.filter((t) => c.yearsAgree(stub, t));
    if (fits.length === 0) {
      const t = targets[0];
      if (t !== undefined) decide("kept-apart", "title-year", stub, t, `same title "${title}" but years ${c.yearText(stub)} and ${c.yearText(t)}`);
      leftover.push(stub);
      continue;
    }
    const best = Math.min(...fits.map((t) => c.yearDistance(stub, t)));
    const closest = fits.filter((t) => c.yearDistance(stub, t) === best);
    const t = closest[0] as number;
    if (closest.length === 1) {
      c.union(t, stub);
      decide("merged", "title", t, stub, `title-only reference "${title}" matches an identified paper, years agree`);
    } else {
      decide("kept-apart", "title-ambiguous", stub, t, `title-only reference "${title}" fits ${closest.length} identified papers equally`);
      leftover.push(stub);
    }
  }
  // ... and the title-only ones left with one another, oldest first, while years agree.
  leftover.sort((a, b) => (c.minYear[c.find(a)] as number) - (c.minYear[c.find(b)] as number) || a - b);
  for (let i = 1; i < leftover.length; i++) {
    const [a, b] = [leftover[i - 1] as number, leftover[i] as number];
    if (c.find(a) === c.find(b) || c.hasIds(a) || c.hasIds(b)) continue;
    if (c.yearsAgree(a, b)) {
      c.union(a, b);
      decide("merged", "title", a, b, `same title "${title}", years agree`);
    } else {
      decide("kept-apart", "title-year", a, b, `same title "${title}" but years ${c.yearText(a)} and ${c.yearText(b)}`);
    }
  }
}

function mergeUndated(c: Clusters, title: string, members: readonly number[], decide: Decide): void {
  // c. each cluster without a year joins the one dated cluster of its title it could be.
  const rest: number[] = [];
  for (const u of c.roots(members).filter((r) => !c.dated(r))) {
    if (c.dated(u)) continue;
    const dated = c.roots(members).filter((r) => r !== c.find(u) && c.dated(r) && !c.conflict(r, u));
    const [only] = dated;
    if (dated.length === 1 && only !== undefined) {
      c.union(only, u);
      decide("merged", "title", only, u, `same title "${title}"; no year on one side, and it is the only paper of this title`);
    } else if (only !== undefined) {
      decide("kept-apart", "title-ambiguous", u, only, `"${title}" with no year fits ${dated.length} papers of this title (years ${dated.map((d) => c.yearText(d)).join(", ")})`);
    } else rest.push(u);
  }
  // ... with none, the yearless ones with one another: identified ones unless they conflict,
  // then each title-only one when exactly one identified cluster (or none) is left to join.
  const identified = rest.filter((r) => c.hasIds(r));
  for (let i = 0; i < identified.length; i++) {
    for (let j = i + 1; j < identified.length; j++) {
      const [a, b] = [identified[i] as number, identified[j] as number];
      if (c.find(a) === c.find(b)) continue;
      const conflict = c.conflict(a, b);
      if (conflict) decide("kept-apart", "title-id-conflict", a, b, `same title "${title}" but different ${conflict}`);
      else {
        c.union(a, b);
        decide("merged", "title", a, b, `same title "${title}", neither has a year`);
      }
    }
  }
  const targets = c.roots(identified);
  const stubs = rest.filter((r) => !c.hasIds(r));
  for (const stub of stubs) {
    const t = targets[0] ?? stubs[0];
    if (t === undefined || c.find(t) === c.find(stub)) continue;
    if (targets.length > 1) decide("kept-apart", "title-ambiguous", stub, t, `title-only "${title}" with no year fits ${targets.length} identified papers`);
    else {
      c.union(t, stub);
      decide("merged", "title", t, stub, `same title "${title}", neither has a year`);
    }
  }
}

/** Rule 3: clusters known only by an inferred title, each to the one paper with that read title. */
export function mergeByInferredTitle(c: Clusters, inferred: ReadonlyMap<string, number[]>, read: ReadonlyMap<string, number[]>, decide: Decide): void {
  const readRoots = new Set<number>();
  for (const positions of read.values()) for (const p of positions) readRoots.add(c.find(p));
  const hasReadTitle = (x: number) => readRoots.has(c.find(x));
  for (const title of [...inferred.keys()].sort(cmp)) {
    const weak = c.roots(inferred.get(title) ?? []).filter((r) => !hasReadTitle(r));
    const papers = c.roots(read.get(title) ?? []);
    for (const w of weak) {
      if (hasReadTitle(w)) continue;
      const fit = papers.filter((t) => c.find(t) !== c.find(w) && c.dated(t) && c.dated(w) && c.yearsAgree(t, w) && !c.conflict(t, w));
      const [only] = fit;
      if (fit.length === 1 && only !== undefined) {
        c.union(only, w);
        readRoots.add(c.find(only));
        decide("merged", "title-inferred", only, w, `title inferred from a first sentence, "${title}", is this paper's title, years agree`);
      } else if (only !== undefined) {
        decide("kept-apart", "title-inferred", w, only, `title inferred from a first sentence, "${title}", fits ${fit.length} papers`);
      } else if (papers[0] !== undefined) {
        const why = c.dated(w) ? `years ${c.yearText(w)} and ${c.yearText(papers[0])}, or identifiers, differ` : "the page shows no year to confirm it";
        decide("kept-apart", "title-inferred", w, papers[0], `title inferred from a first sentence, "${title}", matches a paper's title but ${why}`);
      } else if (w !== weak[0] && weak[0] !== undefined) {
        decide("kept-apart", "title-inferred", weak[0], w, `titles inferred from first sentences, "${title}", are not matched with one another`);
      }
    }
  }
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
