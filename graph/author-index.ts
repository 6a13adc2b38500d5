/**
 * Who wrote each paper of the graph and where it appeared, indexed for the relevance engine's
 * author signals (relevance-signals.ts): the papers of an author, the authors of a paper, a
 * paper's venue. Authorship is standard evidence in citation recommendation (Strohman, Croft &
 * Jensen, "Recommending citations for academic papers", SIGIR 2007, where a candidate written
 * by the query's authors and papers those authors cited before are among the strongest
 * features; Bethard & Jurafsky, "Who should I cite?", CIKM 2010, with authors' habits of citing
 * themselves and their co-authors). Names are matched as written, case and spacing folded: the
 * graph's own records, no name disambiguation. Pure, built once per graph like the text index.
 * `without(paper)` hides one paper, as the evaluation's held-out graph does (eval/held-out.ts),
 * so that its authors link nobody: it is not a co-authorship the user could know of.
 */

export interface PaperPeople {
  authors: readonly string[];
  venue?: string | null;
}

/** How an author or venue is matched: lower case, spaces folded. */
export function nameKey(name: string): string {
  return name.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

const NONE = new Uint32Array(0);

export class AuthorIndex {
  private readonly paperAuthors: Uint32Array[];
  private readonly authorPapers: number[][] = [];
  private readonly venues: Int32Array;
  private readonly hidden: number;

  constructor(size: number, people: (index: number) => PaperPeople);
  constructor(size: number, people: null, from: AuthorIndex, hidden: number);
  constructor(
    readonly size: number,
    people: ((index: number) => PaperPeople) | null,
    from?: AuthorIndex,
    hidden = -1,
  ) {
    this.hidden = hidden;
    if (from) {
      this.paperAuthors = from.paperAuthors;
      this.authorPapers = from.authorPapers;
      this.venues = from.venues;
      return;
    }
    const authorId = new Map<string, number>();
    const venueId = new Map<string, number>();
    this.paperAuthors = [];
    this.venues = new Int32Array(size).fill(-1);
    for (let i = 0; i < size; i++) {
      const p = people?.(i) ?? { authors: [] };
      const ids = new Set<number>();
      for (const name of p.authors) {
        const key = nameKey(name);
        if (!key) continue;
        let id = authorId.get(key);
        if (id === undefined) {
          id = authorId.size;
          authorId.set(key, id);
          this.authorPapers.push([]);
        }
        if (!ids.has(id)) this.authorPapers[id]?.push(i);
        ids.add(id);
      }
      this.paperAuthors.push(Uint32Array.from([...ids].sort((a, b) => a - b)));
      const venue = p.venue ? nameKey(p.venue) : "";
      if (venue) {
        let v = venueId.get(venue);
        if (v === undefined) {
          v = venueId.size;
          venueId.set(venue, v);
        }
        this.venues[i] = v;
      }
    }
  }

  /** The same index with one paper's authorship and venue hidden (a held-out paper). */
  without(paper: number): AuthorIndex {
    return new AuthorIndex(this.size, null, this, paper);
  }

  /** A paper's authors (ids, sorted, distinct). */
  authorsOf(paper: number): Uint32Array {
    if (paper === this.hidden) return NONE;
    return this.paperAuthors[paper] ?? NONE;
  }

  /** An author's papers, ascending. */
  papersBy(author: number): readonly number[] {
    const papers = this.authorPapers[author] ?? [];
    return this.hidden >= 0 && papers.includes(this.hidden) ? papers.filter((p) => p !== this.hidden) : papers;
  }

  /** A paper's venue id, or -1 when unknown. */
  venueOf(paper: number): number {
    if (paper === this.hidden) return -1;
    return this.venues[paper] ?? -1;
  }

  /** Whether two papers share an author. */
  shareAuthor(a: number, b: number): boolean {
    const x = this.authorsOf(a);
    const y = this.authorsOf(b);
    let i = 0;
    let j = 0;
    while (i < x.length && j < y.length) {
      const u = x[i] ?? 0;
      const v = y[j] ?? 0;
      if (u === v) return true;
      if (u < v) i++;
      else j++;
    }
    return false;
  }
}
