/**
 * The author and venue signals of the relevance engine on a literature worked by hand: who wrote
 * what (author-index.ts), what that says about candidates (author-signals.ts), how it reaches the
 * features, the evidence and the reasons, and that a held-out paper's authorship links nobody.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CitationIndex } from "../../graph/citation-index.ts";
import { AuthorIndex, nameKey } from "../../graph/author-index.ts";
import { authorLinks } from "../../graph/author-signals.ts";
import { relevantPapers } from "../../graph/relevance.ts";
import { FEATURES, gatherSignals } from "../../graph/relevance-signals.ts";
import { reasonText } from "../../graph/relevance-reasons.ts";
import { indexOf } from "../analytics/aan-graph.ts";

// Seeds S1 (Ann Lee, Bob Ray) and S2 (Cat Oh). P1 is Ann's; Q is Bob's with Dan; P2 is Dan's
// alone (a co-author of S1's author, sharing no author with S1). Ann's and Bob's other papers
// (P1, Q) cite T, and Q cites U; S1 itself cites V (a seed's own references are not "its
// authors' other papers"). H is by Cat and Eve; E1 is Eve's: a co-author link only through H.
const graph = indexOf(
  [
    ["P1", "T"],
    ["Q", "T"],
    ["Q", "U"],
    ["S1", "V"],
    ["H", "S2"],
  ],
  ["S2", "P2", "E1", "Z"],
);
const at = (id: string) => graph.index(id) ?? -1;
const PEOPLE: Record<string, { authors: string[]; venue?: string }> = {
  S1: { authors: ["Ann Lee", "Bob Ray"], venue: "ACL" },
  S2: { authors: ["Cat Oh"], venue: "EMNLP" },
  P1: { authors: ["ann  lee"], venue: "ACL" },
  Q: { authors: ["Bob Ray", "Dan Wu"] },
  P2: { authors: ["Dan Wu"] },
  T: { authors: ["Fay Yu"] },
  U: { authors: ["Gus Al"], venue: "acl" },
  V: { authors: ["Hal Bo"] },
  H: { authors: ["Cat Oh", "Eve Ng"] },
  E1: { authors: ["Eve Ng"] },
  Z: { authors: [] },
};
const people = new AuthorIndex(graph.size, (i) => PEOPLE[graph.id(i)] ?? { authors: [] });
const seeds = [at("S1"), at("S2")];

describe("AuthorIndex", () => {
  it("matches names with case and spacing folded, and knows each author's papers", () => {
    expect(nameKey("  Ann   LEE ")).toBe("ann lee");
    expect(people.shareAuthor(at("S1"), at("P1"))).toBe(true);
    expect(people.shareAuthor(at("S1"), at("P2"))).toBe(false);
    const [ann] = people.authorsOf(at("P1"));
    expect(
      people
        .papersBy(ann ?? -1)
        .map((i) => graph.id(i))
        .sort(),
    ).toEqual(["P1", "S1"]);
    expect(people.venueOf(at("U"))).toBe(people.venueOf(at("S1")));
    expect(people.venueOf(at("Z"))).toBe(-1);
  });

  it("hides one paper's authorship and venue, as the held-out graph hides its citations", () => {
    const hidden = people.without(at("H"));
    expect(hidden.authorsOf(at("H"))).toHaveLength(0);
    const [eve] = people.authorsOf(at("E1"));
    expect(hidden.papersBy(eve ?? -1).map((i) => graph.id(i))).toEqual(["E1"]);
    expect(
      people
        .papersBy(eve ?? -1)
        .map((i) => graph.id(i))
        .sort(),
    ).toEqual(["E1", "H"]);
  });
});

describe("authorLinks", () => {
  const links = authorLinks(graph, people, seeds);

  it("finds the seeds' authors' papers, co-authors' papers, their citations and the seeds' venues", () => {
    expect(Object.fromEntries([...links.sharedAuthorSeeds].map(([p, k]) => [graph.id(p), k]))).toEqual({ P1: 1, Q: 1, H: 1 });
    // P2 is Dan's: Dan wrote Q with Bob (S1's author). E1 is Eve's: Eve wrote H with Cat (S2's author).
    expect(links.coauthorSeeds(at("P2"))).toBe(1);
    expect(links.coauthorSeeds(at("E1"))).toBe(1);
    // Sharing an author is not counted again as a co-author link.
    expect(links.coauthorSeeds(at("Q"))).toBe(0);
    expect(links.coauthorSeeds(at("T"))).toBe(0);
    expect(Object.fromEntries([...links.seedAuthorsCite].map(([p, k]) => [graph.id(p), k]))).toEqual({ T: 2, U: 1 });
    // H (Cat's) cites S2, but a seed is never a candidate.
    expect(links.seedAuthorsCite.has(at("V"))).toBe(false);
    expect(links.sameVenueSeeds(at("P1"))).toBe(1);
    expect(links.sameVenueSeeds(at("U"))).toBe(1);
    expect(links.sameVenueSeeds(at("T"))).toBe(0);
  });

  it("does not link through a hidden paper", () => {
    const hidden = authorLinks(graph, people.without(at("H")), seeds);
    expect(hidden.coauthorSeeds(at("E1"))).toBe(0);
    expect(hidden.sharedAuthorSeeds.has(at("H"))).toBe(false);
  });

  it("reads at most maxPapersPerAuthor papers of an author", () => {
    // Ann's papers in index order are P1 then S1: reading one finds P1 only; Bob's first is Q.
    const capped = authorLinks(graph, people, [at("S1")], { maxPapersPerAuthor: 1 });
    expect([...capped.sharedAuthorSeeds.keys()].map((i) => graph.id(i)).sort()).toEqual(["P1", "Q"]);
    const none = authorLinks(graph, people, [at("S1")], { maxPapersPerAuthor: 0 });
    expect(none.sharedAuthorSeeds.size).toBe(0);
    expect(none.seedAuthorsCite.size).toBe(0);
  });

  it("ticks the budget", () => {
    let ticks = 0;
    const links2 = authorLinks(graph, people, seeds, { budget: { tick: () => void ticks++ } });
    links2.coauthorSeeds(at("P2"));
    expect(ticks).toBeGreaterThan(0);
  });
});

describe("in the engine", () => {
  const corpus = { graph, people, year: () => null };

  it("gives the author features as shares of the seeds, and makes the seeds' authors' papers candidates", () => {
    const signals = gatherSignals(corpus, seeds, () => false, 20);
    const feature = (id: string, name: (typeof FEATURES)[number]) => {
      const c = signals.candidates.indexOf(at(id));
      return c < 0 ? null : (signals.features[c * FEATURES.length + FEATURES.indexOf(name)] ?? null);
    };
    // P1 is not linked to a seed by any citation: only authorship makes it a candidate.
    expect(feature("P1", "sharedAuthorSeeds")).toBe(0.5);
    expect(feature("P1", "sameVenueSeeds")).toBe(0.5);
    expect(feature("T", "seedAuthorsCite")).toBeCloseTo(Math.log(3), 12);
    expect(feature("T", "sharedAuthorSeeds")).toBe(0);
  });

  it("without authorship the author features are 0", () => {
    const signals = gatherSignals({ graph, year: () => null }, seeds, () => false, 20);
    for (let c = 0; c < signals.candidates.length; c++) {
      for (const name of ["sharedAuthorSeeds", "coauthorSeeds", "seedAuthorsCite", "sameVenueSeeds"] as const) {
        expect(signals.features[c * FEATURES.length + FEATURES.indexOf(name)]).toBe(0);
      }
    }
  });

  it("puts the exact authorship in the evidence and says it in the reason", () => {
    const ranked = relevantPapers(corpus, seeds, { limit: 20 });
    const p1 = ranked.find((p) => p.index === at("P1"))!;
    expect(p1.evidence.sameAuthorsAs).toEqual([at("S1")]);
    const t = ranked.find((p) => p.index === at("T"))!;
    expect(t.evidence.citedBySeedAuthors).toBe(2);
    const title = (i: number) => (i === at("S1") ? "Moses" : null);
    expect(reasonText(p1.evidence, { seedCount: 2, title, citedBy: 0 })).toBe('by the authors of "Moses"');
    expect(reasonText(t.evidence, { seedCount: 2, title })).toBe("cited by 2 other papers of your seeds' authors; cited by 2 in this map");
    // An untitled seed is never named.
    expect(reasonText(Object.assign({}, p1.evidence, { sameAuthorsAs: [at("S2")] }), { seedCount: 2, title, citedBy: 0 })).toBe("by the authors of 1 of your 2 seeds");
  });
});

describe("reasons with authorship (a property, seeded)", () => {
  const literature = fc.integer({ min: 3, max: 24 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      edges: fc.uniqueArray(
        fc.tuple(fc.nat(n - 1), fc.nat(n - 1)).filter(([a, b]) => a !== b),
        { maxLength: n * 3, selector: ([a, b]) => `${a} ${b}` },
      ),
      authors: fc.array(fc.uniqueArray(fc.constantFrom("Ann Lee", "Bob Ray", "Cat Oh", "Dan Wu"), { maxLength: 2 }), { minLength: n, maxLength: n }),
      titles: fc.array(fc.option(fc.constantFrom("Phrase tables", "Word alignment", "  "), { nil: null }), { minLength: n, maxLength: n }),
      seeds: fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: 3 }),
    }),
  );

  it("name only seeds, by their own titles, and the authorship evidence is exact", () => {
    fc.assert(
      fc.property(literature, ({ n, edges, authors, titles, seeds }) => {
        const ids = Array.from({ length: n }, (_, i) => `a${i}`);
        const g = new CitationIndex(
          ids,
          edges.map(([a, b]) => ({ citing: ids[a] as string, cited: ids[b] as string })),
        );
        const index = new AuthorIndex(n, (i) => ({ authors: authors[i] ?? [] }));
        const title = (i: number) => titles[i] ?? null;
        const seedTitles = new Set(seeds.map((s) => title(s)?.trim()).filter((t): t is string => Boolean(t)));
        for (const p of relevantPapers({ graph: g, people: index }, seeds, { limit: 10 })) {
          const shares = seeds.filter((s) => (authors[s] ?? []).some((a) => (authors[p.index] ?? []).includes(a)));
          expect(p.evidence.sameAuthorsAs).toEqual(shares);
          const reason = reasonText(p.evidence, { seedCount: seeds.length, title });
          expect(reason).not.toContain("untitled");
          for (const quoted of reason.match(/"[^"]*"/g) ?? []) expect(seedTitles.has(quoted.slice(1, -1))).toBe(true);
        }
      }),
      { seed: 20261202, numRuns: 120 },
    );
  });
});
