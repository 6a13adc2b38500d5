/**
 * The title rules of identity resolution (vocabulary/identity.ts), applied after shared identifiers.
 * Titles compare by their normalised form only (vocabulary/titles.ts): a title that is a prefix of
 * another, or differs by a word, is another title.
 *
 * Read titles (rule 2), title by title in sorted order, among the clusters holding that title:
 *   a. clusters with identifiers merge when their identifiers do not conflict: two dated ones when
 *      their years agree within one, two without a year always; one without a year joins the one
 *      dated identified cluster it could be, and stays apart when there are several;
 *   b. a dated title-only cluster joins the identified one whose year is closest (one without a
 *      year counts as half a year away; a tie is ambiguous and stays apart); the dated title-only
 *      ones left merge with one another, oldest first, while years agree;
 *   c. a title-only cluster with no year (a page that shows a title but no year) joins the one
 *      cluster of its title it could be, and stays apart when there are several: two papers called
 *      "Attention", of 2017 and 2021, do not decide which one a yearless "Attention" is.
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
    mergeIdentified(c, title, members, decide);
    mergeDatedStubs(c, title, members, decide);
    mergeYearlessStubs(c, title, members, decide);
  }
}

/** a. Identified clusters (an arXiv preprint and its ACL Anthology version). */
function mergeIdentified(c: Clusters, title: string, members: readonly number[], decide: Decide): void {
  const identified = c.roots(members).filter((r) => c.hasIds(r));
  const pairs = (list: readonly number[], merge: (a: number, b: number) => void) => {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i] as number, list[j] as number];
        if (c.find(a) === c.find(b)) continue;
        const conflict = c.conflict(a, b);
        if (conflict) decide("kept-apart", "title-id-conflict", a, b, `same title "${title}" but different ${conflict}`);
        else merge(a, b);
      }
    }
  };
  pairs(
    identified.filter((r) => c.dated(r)),
    (a, b) => {
      if (!c.yearsAgree(a, b)) return decide("kept-apart", "title-year", a, b, `same title "${title}" but years ${c.yearText(a)} and ${c.yearText(b)}`);
      c.union(a, b);
      decide("merged", "title", a, b, `same title "${title}", years agree`);
    },
  );
  const yearless = identified.filter((r) => !c.dated(r));
  pairs(yearless, (a, b) => {
    c.union(a, b);
    decide("merged", "title", a, b, `same title "${title}", neither has a year`);
  });
  const dated = c.roots(identified.filter((r) => c.dated(r)));
  for (const u of c.roots(yearless)) {
    if (c.dated(u)) continue;
    for (const d of dated) {
      const conflict = c.conflict(d, u);
      if (conflict) decide("kept-apart", "title-id-conflict", Math.min(d, u), Math.max(d, u), `same title "${title}" but different ${conflict}`);
    }
    const fits = dated.filter((d) => !c.conflict(d, u));
    const [only] = fits;
    if (only === undefined) continue;
    // Another yearless cluster, whose identifiers differ from u's, could be that paper as well.
    const rival = c.roots(yearless).some((v) => v !== c.find(u) && !c.dated(v) && c.conflict(v, u) && !c.conflict(v, only));
    if (fits.length > 1 || rival) {
      decide(
        "kept-apart",
        "title-ambiguous",
        u,
        only,
        `"${title}" with no year fits ${fits.length > 1 ? `${fits.length} papers of this title (years ${fits.map((d) => c.yearText(d)).join(", ")})` : "a paper of this title that another one with no year fits too"}`,
      );
    } else {
      c.union(only, u);
      dated[dated.indexOf(only)] = c.find(only);
      decide("merged", "title", only, u, `same title "${title}"; no year on one side, and it is the only paper of this title`);
    }
  }
}

/** b. Dated title-only clusters join the identified paper whose year fits best, then one another. */
function mergeDatedStubs(c: Clusters, title: string, members: readonly number[], decide: Decide): void {
  const targets = c.roots(members).filter((r) => c.hasIds(r));
  const leftover: number[] = [];
  for (const stub of c.roots(members).filter((r) => !c.hasIds(r) && c.dated(r))) {
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

/** c. Title-only clusters with no year join the one cluster of their title they could be. */
function mergeYearlessStubs(c: Clusters, title: string, members: readonly number[], decide: Decide): void {
  const stubs = c.roots(members).filter((r) => !c.hasIds(r) && !c.dated(r));
  if (stubs.length === 0) return;
  const others = c.roots(members).filter((r) => c.hasIds(r) || c.dated(r));
  const [only] = others;
  const [first, ...rest] = stubs;
  if (only === undefined) {
    // Only yearless title-only mentions of this title: nothing tells them apart.
    for (const s of rest) {
      c.union(first as number, s);
      decide("merged", "title", first as number, s, `same title "${title}", neither has a year`);
    }
    return;
  }
  for (const s of stubs) {
    if (others.length === 1) {
      c.union(only, s);
      decide("merged", "title", only, s, `same title "${title}"; no year on one side, and it is the only paper of this title`);
    } else {
      decide("kept-apart", "title-ambiguous", s, only, `"${title}" with no year fits ${others.length} papers of this title (years ${others.map((o) => c.yearText(o)).join(", ")})`);
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
