/**
 * Ranked search over titles, identifiers and authors (graph/search.ts). A paper scores ten per
 * query word it matches (at least 60% of the words must match) plus 3 for an exact word, 2 for
 * a prefix (query words of three letters or more), 1 for a word within one edit (four to seven
 * letters) or two edits (eight or more); +10 when the whole title is the query, +4 when the title
 * contains it; an identifier typed in full scores 1000. Ties go to the more cited paper, then
 * the lower paper number. Hand-worked indexes with their scores, and two properties: a paper
 * whose exact title is asked for comes first, and every answer equals a brute-force scorer
 * written here from that rule (plain Levenshtein distance, every word of every paper compared).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SearchIndex, withinEdits, type Searchable, type SearchHit } from "../../graph/search.ts";
import { normalizeTitle } from "../../vocabulary/titles.ts";

/** A paper to search, written briefly. */
function doc(title: string | null, more: { authors?: string[]; ids?: string[]; cites?: number | null } = {}): Searchable {
  return { id: more.ids?.[0] ?? `doc:${title ?? "untitled"}`, title, authors: more.authors ?? [], identifiers: more.ids ?? [], citedByCount: more.cites ?? null };
}

const hits = (index: SearchIndex, query: string, limit?: number): [number, number][] => index.search(query, limit).map((h) => [h.index, h.score]);

describe("search on hand-worked indexes", () => {
  const lattice = new SearchIndex([
    doc("Lattice Reasoning Benchmarks", { cites: 40 }),
    doc("Gradient Tapestry Networks for Lattice Reasoning", { cites: 12, authors: ["Adaeze Okonkwo", "Mirela Vásquez"] }),
    doc("Lattice Reasoning", { cites: 5 }),
  ]);

  it("ranks the paper whose whole title was asked for first", () => {
    // Two words, both exact in all three (20 + 6); the third's title is the query (+10), the
    // others contain it (+4) and are ordered by citations.
    expect(hits(lattice, "Lattice Reasoning")).toEqual([
      [2, 36],
      [0, 30],
      [1, 30],
    ]);
    // Case, punctuation and spacing do not matter: titles compare normalised.
    expect(hits(lattice, "  LATTICE   reasoning. ")).toEqual(hits(lattice, "Lattice Reasoning"));
  });

  it("tolerates one typo in a word of four to seven letters and two in a longer word", () => {
    // "lattise" is one edit from "lattice" (1 point instead of 3); no title equals the query.
    expect(hits(lattice, "lattise reasoning")).toEqual([
      [0, 24],
      [1, 24],
      [2, 24],
    ]);
    // "resaoning" is "reasoning" with two letters swapped: two edits, allowed in nine letters.
    expect(hits(lattice, "lattice resaoning")).toEqual([
      [0, 24],
      [1, 24],
      [2, 24],
    ]);
    // Swapped letters in a seven-letter word are two edits, one too many: "lattcie" matches
    // nothing, and one word of two is below the 60% needed.
    expect(hits(lattice, "lattcie reasoning")).toEqual([]);
    // A missing letter is one edit (four letters and up); accents count as one edit too.
    expect(hits(lattice, "networs")).toEqual([[1, 11]]);
    expect(hits(lattice, "vasquez")).toEqual([[1, 11]]);
  });

  it("matches a prefix of three letters or more, but not of two", () => {
    // "tape" is a prefix of "tapestry" (10 + 2) and a substring of the title (+4).
    expect(hits(lattice, "tape")).toEqual([[1, 16]]);
    // "lat" prefixes "lattice" in every title; three letters earn no substring bonus.
    expect(hits(lattice, "lat")).toEqual([
      [0, 12],
      [1, 12],
      [2, 12],
    ]);
    expect(hits(lattice, "la")).toEqual([]);
    // No typo tolerance under four letters: "lrt" is not "lat".
    expect(hits(lattice, "lrt")).toEqual([]);
  });

  it("finds papers by their authors' names", () => {
    expect(hits(lattice, "Okonkwo")).toEqual([[1, 13]]);
    expect(hits(lattice, "okonkwa")).toEqual([[1, 11]]);
    // An author word and a title word together: both count, and both are needed (two of two).
    expect(hits(lattice, "okonkwo lattice")).toEqual([[1, 26]]);
  });

  it("needs 60% of the query's words, and ranks more words matched above better-matched fewer", () => {
    // Three words need two: the first paper has all three and is the query (39 + 10), the
    // others two each.
    expect(hits(lattice, "lattice reasoning benchmarks")).toEqual([
      [0, 49],
      [1, 26],
      [2, 26],
    ]);
    // Four words need three: only the first paper has three of them.
    expect(hits(lattice, "lattice reasoning benchmarks zeppelin")).toEqual([[0, 39]]);
    // One word, in every title (10 + 3), which contains it (+4).
    expect(hits(lattice, "lattice")).toEqual([
      [0, 17],
      [1, 17],
      [2, 17],
    ]);
    // Three words each one edit off (30 + 1 + 1 + 1) beat two of them exact (20 + 3 + 3).
    const misspelt = new SearchIndex([doc("Lattice Reasoning", { cites: 99 }), doc("Lattise Reasonnig Benchmarkz")]);
    expect(hits(misspelt, "lattice reasoning benchmarks")).toEqual([
      [1, 33],
      [0, 26],
    ]);
    // A repeated word counts once; no title contains "lattice lattice".
    expect(hits(lattice, "lattice lattice")).toEqual([
      [0, 13],
      [1, 13],
      [2, 13],
    ]);
  });

  it("splits hyphenated titles into words, and gives the bonus only to the title as written", () => {
    const hyphens = new SearchIndex([doc("State-of-the-Art Lattice Probes")]);
    // Six words, all exact: 60 + 18; the title normalised keeps its hyphens, so no bonus...
    expect(hits(hyphens, "state of the art lattice probes")).toEqual([[0, 78]]);
    // ... unless they are typed.
    expect(hits(hyphens, "State-of-the-Art Lattice Probes")).toEqual([[0, 88]]);
  });

  it("finds a paper by any of its identifiers typed in full, in any case, before any title match", () => {
    const papers = new SearchIndex([
      doc("Quorum Sensing in Sparse Mixtures", { ids: ["p-quorum", "2403.01234", "10.5555/QSM.2024"], cites: 2 }),
      doc(null, { ids: ["p-stub", "2403.01234v2"] }),
      doc("Sparse Mixtures", { ids: ["sparse", "10.5555/shared"], cites: 1 }),
      doc("Sparse Mixtures Revisited", { ids: ["p-revisited", "10.5555/shared"], cites: 9 }),
    ]);
    expect(hits(papers, "10.5555/qsm.2024")).toEqual([[0, 1000]]);
    expect(hits(papers, " 2403.01234 ")).toEqual([[0, 1000]]);
    // A paper known only by identifiers (a stub with no title) is found by them.
    expect(hits(papers, "2403.01234V2")).toEqual([[1, 1000]]);
    // Part of an identifier is not an identifier.
    expect(hits(papers, "2403.0123")).toEqual([]);
    // Two papers sharing one: both, the more cited first.
    expect(hits(papers, "10.5555/shared")).toEqual([
      [3, 1000],
      [2, 1000],
    ]);
    // A paper matched by identifier and by title is listed once, at its identifier's score; the
    // title matches (10 + 3, +4 for the title containing the word) follow.
    expect(hits(papers, "sparse")).toEqual([
      [2, 1000],
      [3, 17],
      [0, 17],
    ]);
  });

  it("breaks ties by citations (none known counts as none), then by paper number", () => {
    const same = new SearchIndex([
      doc("Sparse Mixtures", { cites: null }),
      doc("Sparse Mixtures", { cites: 3 }),
      doc("Sparse Mixtures", { cites: null }),
      doc("Sparse Mixtures", { cites: 0 }),
      doc("Sparse Mixtures", { cites: 7 }),
    ]);
    expect(same.search("sparse mixtures").map((h) => h.index)).toEqual([4, 1, 0, 2, 3]);
    expect(same.search("sparse mixtures", 2).map((h) => h.index)).toEqual([4, 1]);
  });

  it("lists twenty papers unless asked for another number", () => {
    const many = new SearchIndex(Array.from({ length: 25 }, (_, i) => doc("Nimbus Vanes", { cites: i })));
    expect(many.search("nimbus")).toHaveLength(20);
    expect(many.search("nimbus")[0]).toEqual({ index: 24, score: 17 });
    expect(many.search("nimbus", 25)).toHaveLength(25);
    expect(many.search("nimbus", 1)).toEqual([{ index: 24, score: 17 }]);
  });

  it("answers nothing to an empty query, and nothing from an empty index", () => {
    expect(lattice.search("")).toEqual([]);
    expect(lattice.search("   ")).toEqual([]);
    expect(lattice.search("?!")).toEqual([]);
    expect(new SearchIndex([]).search("lattice")).toEqual([]);
  });

  it("finds a single paper by title, author or identifier", () => {
    const one = new SearchIndex([doc("Zephyr Gates", { authors: ["Lin Qiao"], ids: ["p-zephyr"] })]);
    expect(hits(one, "zephyr gates")).toEqual([[0, 36]]);
    expect(hits(one, "qiao")).toEqual([[0, 13]]);
    expect(hits(one, "lin qiao")).toEqual([[0, 26]]);
    expect(hits(one, "P-ZEPHYR")).toEqual([[0, 1000]]);
  });
});

describe("withinEdits", () => {
  it("bounds the Levenshtein distance", () => {
    expect(withinEdits("lattice", "lattice", 0)).toBe(true);
    expect(withinEdits("lattise", "lattice", 1)).toBe(true);
    expect(withinEdits("lattcie", "lattice", 1)).toBe(false);
    expect(withinEdits("lattcie", "lattice", 2)).toBe(true);
    expect(withinEdits("lattic", "lattice", 1)).toBe(true);
    expect(withinEdits("attic", "lattice", 1)).toBe(false);
    expect(withinEdits("attic", "lattice", 2)).toBe(true);
    // Longer than the rows it keeps: they grow.
    expect(withinEdits("a".repeat(99) + "b", "a".repeat(100), 1)).toBe(true);
    expect(withinEdits("b" + "a".repeat(99), "a".repeat(98) + "bb", 2)).toBe(false);
  });
});

// ---- The brute-force scorer: every query word against every word of every paper. ----

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

const words = (text: string) =>
  normalizeTitle(text)
    .split(/[\s-]+/)
    .filter((w) => w.length > 0);

/** How well a query word stands for a paper's word: 3 exact, 2 prefix, 1 close, 0 not at all. */
function quality(word: string, term: string): number {
  if (word === term) return 3;
  if (word.length >= 3 && term.startsWith(word)) return 2;
  const edits = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
  // Words further apart in length than the edits allowed are further apart in edits too.
  return edits > 0 && Math.abs(word.length - term.length) <= edits && levenshtein(word, term) <= edits ? 1 : 0;
}

function referenceSearch(docs: readonly Searchable[], query: string, limit = 20): SearchHit[] {
  const q = query.trim().slice(0, 500);
  if (!q) return [];
  const asked = [...new Set(words(q))].slice(0, 32);
  const phrase = normalizeTitle(q);
  const needed = Math.max(1, Math.ceil(asked.length * 0.6));
  const found: SearchHit[] = [];
  docs.forEach((d, index) => {
    if (d.identifiers.some((id) => id.toLowerCase() === q.toLowerCase())) return void found.push({ index, score: 1000 });
    const title = d.title ? normalizeTitle(d.title) : "";
    const own = [...words(title), ...d.authors.flatMap(words)];
    const best = asked.map((w) => Math.max(0, ...own.map((t) => quality(w, t))));
    const matched = best.filter((b) => b > 0).length;
    if (matched < needed) return;
    const bonus = title === phrase ? 10 : phrase.length > 3 && title.includes(phrase) ? 4 : 0;
    found.push({ index, score: matched * 10 + best.reduce((s, b) => s + b, 0) + bonus });
  });
  const cites = (i: number) => docs[i]?.citedByCount ?? 0;
  return found.sort((a, b) => b.score - a.score || cites(b.index) - cites(a.index) || a.index - b.index).slice(0, limit);
}

// ---- Random papers from invented words with shared prefixes and near misses. ----

const VOCABULARY = [
  "lattice",
  "lattices",
  "latticework",
  "lattise",
  "tapestry",
  "tapestries",
  "graph",
  "graphs",
  "grap",
  "quorum",
  "quorums",
  "quoru",
  "zephyr",
  "zephyrine",
  "zeph",
  "mirth",
  "mirths",
  "nimbus",
  "nimbostratus",
  "vane",
  "vanes",
  "vain",
  "reasoning",
  "reasonings",
  "okonkwo",
  "okonkwa",
  "vásquez",
  "vasquez",
  "of",
  "the",
  "a",
  "on",
  "gan",
  "gap",
];
const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VOCABULARY) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("a", "e", "n", "r", "t", "é"), minLength: 1, maxLength: 9 }) },
);
const capitalised = (w: string, upper: boolean) => (upper ? w.charAt(0).toUpperCase() + w.slice(1) : w);
const title = fc
  .array(fc.tuple(word, fc.boolean(), fc.constantFrom(" ", " ", "-", ": ", " - ")), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([w, upper, sep], k) => (k === 0 ? "" : sep) + capitalised(w, upper)).join(""));
const author = fc.tuple(word, word).map(([first, last]) => `${capitalised(first, true)} ${capitalised(last, true)}`);
const identifier = fc.oneof(
  fc.nat(99_999).map((n) => `2401.${String(n).padStart(5, "0")}`),
  word.map((w) => `10.5555/${w.toUpperCase()}`),
);
const papers = fc.array(
  fc.record({
    id: fc.nat(9999).map((n) => `p-${n}`),
    title: fc.option(title, { freq: 8, nil: null }),
    authors: fc.array(author, { maxLength: 3 }),
    identifiers: fc.array(identifier, { maxLength: 2 }),
    citedByCount: fc.option(fc.nat(50), { nil: null }),
  }),
  { minLength: 1, maxLength: 30 },
);

/** A query made from a paper: its title or an identifier, cut, with a typo, or with a stray word. */
const queryFor = (docs: readonly Searchable[]) =>
  fc.tuple(fc.nat(docs.length - 1), fc.nat(), fc.integer({ min: 0, max: 6 }), word).map(([k, at, how, extra]) => {
    const d = docs[k] as Searchable;
    const text = d.title ?? d.identifiers[0] ?? extra;
    const spot = at % Math.max(1, text.length);
    switch (how) {
      case 0:
        return text;
      case 1:
        return text.slice(0, spot + 1);
      case 2:
        return text.slice(0, spot) + "x" + text.slice(spot + 1);
      case 3:
        return text.slice(0, spot) + text.slice(spot + 1);
      case 4:
        return `${text} ${extra}`;
      case 5:
        return d.authors[0] ?? extra;
      default:
        return d.identifiers[at % Math.max(1, d.identifiers.length)] ?? extra;
    }
  });

describe("search against a brute-force scorer", () => {
  it("finds every paper whose exact title is asked for first (after papers of the same title)", () => {
    fc.assert(
      fc.property(papers, (docs) => {
        const index = new SearchIndex(docs);
        docs.forEach((d, k) => {
          if (d.title === null || words(d.title).length === 0) return;
          const found = index.search(d.title, docs.length).map((h) => h.index);
          const at = found.indexOf(k);
          expect(at).toBeGreaterThanOrEqual(0);
          for (const before of found.slice(0, at)) expect(normalizeTitle(docs[before]?.title ?? "")).toBe(normalizeTitle(d.title));
        });
      }),
      { seed: 20260218, numRuns: 400 },
    );
  });

  it("gives exactly the brute-force answer to queries cut, misspelt or padded from the papers", () => {
    const cases = papers.chain((docs) =>
      fc.tuple(fc.constant(docs), fc.array(fc.oneof({ weight: 3, arbitrary: queryFor(docs) }, { weight: 1, arbitrary: title }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 30 })),
    );
    fc.assert(
      fc.property(cases, ([docs, queries, limit]) => {
        // One index answers many queries: its reused tallies and cached expansions must not leak.
        const index = new SearchIndex(docs);
        for (const query of queries) expect(index.search(query, limit)).toEqual(referenceSearch(docs, query, limit));
      }),
      { seed: 20260219, numRuns: 1500 },
    );
  });
});
