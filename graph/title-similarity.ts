/**
 * Text similarity of titles and abstracts over the local graph's own papers: Okapi BM25
 * (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", Foundations
 * and Trends in IR 3, 2009), with the title and the abstract as two fields of one document,
 * the title's words counted twice (BM25F, Robertson, Zaragoza & Taylor, CIKM 2004). No network,
 * no model: the vocabulary and document frequencies are the graph's. Titles alone work (the AAN
 * release has no abstracts); a paper with neither has no text and scores 0.
 * Words are graph/communities.ts's content words (lower case, accents folded, stop words out),
 * plurals folded onto their singular. A query is a paper's own words; `search` walks postings, rarest words first
 * (bounded to 5,000 postings, and in a large graph skipping words in more than a tenth of the papers, which find
 * nothing in particular).
 */
import { titleWords } from "./communities.ts";
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export interface PaperText {
  title: string | null;
  abstract?: string | null;
}

export const BM25_DEFAULTS = { k1: 1.2, b: 0.75, titleWeight: 2 };
/** Words in more than this share of the papers (and more than COMMON_WORD_MIN) are not walked by `search`. */
const COMMON_WORD_SHARE = 0.1;
const COMMON_WORD_MIN = 50;

function stem(word: string): string {
  return word.length > 4 && word.endsWith("s") && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

export function textTerms(text: string | null | undefined): string[] {
  return text ? titleWords(text).map(stem) : [];
}

export class TextIndex {
  private readonly termId = new Map<string, number>();
  /** Per paper: its distinct term ids and their (field-weighted) frequencies. */
  private readonly docTerms: Uint32Array[] = [];
  private readonly docFrequencies: Float32Array[] = [];
  private readonly docLength: Float64Array;
  private readonly documentFrequency: number[] = [];
  private readonly postings: number[][] = [];
  private readonly averageLength: number;
  private readonly withText: number;

  constructor(
    readonly size: number,
    text: (index: number) => PaperText,
    private readonly params = BM25_DEFAULTS,
  ) {
    this.docLength = new Float64Array(size);
    let total = 0;
    let withText = 0;
    for (let i = 0; i < size; i++) {
      const t = text(i);
      const bag = new Map<number, number>();
      const add = (words: string[], weight: number) => {
        for (const w of words) {
          let id = this.termId.get(w);
          if (id === undefined) {
            id = this.termId.size;
            this.termId.set(w, id);
            this.documentFrequency.push(0);
            this.postings.push([]);
          }
          bag.set(id, (bag.get(id) ?? 0) + weight);
        }
      };
      add(textTerms(t.title), params.titleWeight);
      add(textTerms(t.abstract), 1);
      const ids = [...bag.keys()].sort((a, b) => a - b);
      this.docTerms.push(Uint32Array.from(ids));
      this.docFrequencies.push(Float32Array.from(ids.map((id) => bag.get(id) ?? 0)));
      let length = 0;
      for (const id of ids) {
        length += bag.get(id) ?? 0;
        this.documentFrequency[id] = (this.documentFrequency[id] ?? 0) + 1;
        this.postings[id]?.push(i);
      }
      this.docLength[i] = length;
      total += length;
      if (length > 0) withText++;
    }
    this.withText = withText;
    this.averageLength = withText > 0 ? total / withText : 1;
  }

  /** Whether a paper has any indexed words. */
  hasText(index: number): boolean {
    return (this.docLength[index] ?? 0) > 0;
  }

  /** Robertson–Spärck Jones inverse document frequency, floored at 0 for words in most papers. */
  private idf(term: number): number {
    const df = this.documentFrequency[term] ?? 0;
    return Math.max(0, Math.log((this.withText - df + 0.5) / (df + 0.5) + 1));
  }

  /** A paper's own distinct words, as the query that finds papers like it. */
  queryOf(index: number): Uint32Array {
    return this.docTerms[index] ?? new Uint32Array();
  }

  /** BM25 of one paper for a query (a set of term ids, sorted). */
  score(query: Uint32Array, paper: number): number {
    const terms = this.docTerms[paper];
    const freqs = this.docFrequencies[paper];
    if (!terms || !freqs || terms.length === 0 || query.length === 0) return 0;
    const { k1, b } = this.params;
    const norm = k1 * (1 - b + (b * (this.docLength[paper] ?? 0)) / this.averageLength);
    let score = 0;
    let i = 0;
    let j = 0;
    while (i < query.length && j < terms.length) {
      const q = query[i] ?? 0;
      const t = terms[j] ?? 0;
      if (q === t) {
        const tf = freqs[j] ?? 0;
        score += (this.idf(q) * tf * (k1 + 1)) / (tf + norm);
        i++;
        j++;
      } else if (q < t) i++;
      else j++;
    }
    return score;
  }

  /**
   * Σ over queries of weight · BM25(query, paper) in one pass over the paper's words, given each
   * word's summed weight over the queries containing it (`wordWeights`, from `wordWeightsOf`).
   */
  weightedScore(wordWeights: Map<number, number>, paper: number): number {
    const terms = this.docTerms[paper];
    const freqs = this.docFrequencies[paper];
    if (!terms || !freqs || terms.length === 0 || wordWeights.size === 0) return 0;
    const { k1, b } = this.params;
    const norm = k1 * (1 - b + (b * (this.docLength[paper] ?? 0)) / this.averageLength);
    let score = 0;
    for (let j = 0; j < terms.length; j++) {
      const t = terms[j] ?? 0;
      const w = wordWeights.get(t);
      if (w === undefined) continue;
      const tf = freqs[j] ?? 0;
      score += (w * this.idf(t) * tf * (k1 + 1)) / (tf + norm);
    }
    return score;
  }

  /** Each word's summed weight over the queries containing it, for `weightedScore`. */
  wordWeightsOf(queries: readonly { query: Uint32Array; weight: number }[]): Map<number, number> {
    const weights = new Map<number, number>();
    for (const { query, weight } of queries) for (const t of query) weights.set(t, (weights.get(t) ?? 0) + weight);
    return weights;
  }

  /** The best score any paper could reach for a query: each word's idf · (k1 + 1). */
  ceiling(query: Uint32Array): number {
    let s = 0;
    for (const q of query) s += this.idf(q) * (this.params.k1 + 1);
    return s;
  }

  /** Papers sharing a not-too-common word with the query, best first (at most `limit`). */
  search(query: Uint32Array, limit: number, budget: QueryBudget = UNBOUNDED, maxPostings = 5000): { index: number; score: number }[] {
    const reached = new Set<number>();
    let walked = 0;
    // Rarest words first: they say most, and the postings budget goes to them.
    const words = [...query].sort((a, b) => (this.documentFrequency[a] ?? 0) - (this.documentFrequency[b] ?? 0));
    for (const w of words) {
      const list = this.postings[w] ?? [];
      if (list.length > Math.max(COMMON_WORD_MIN, COMMON_WORD_SHARE * this.withText) || walked + list.length > maxPostings) continue;
      walked += list.length;
      for (const p of list) {
        budget.tick();
        reached.add(p);
      }
    }
    const scored: { index: number; score: number }[] = [];
    for (const p of reached) {
      budget.tick();
      scored.push({ index: p, score: this.score(query, p) });
    }
    return scored.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit);
  }
}
