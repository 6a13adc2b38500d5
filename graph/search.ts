/**
 * Typo-tolerant ranked search over titles, identifiers and authors. Each query word matches a
 * title or author word exactly, as a prefix, or within a small edit distance; papers are ranked
 * by how many query words they match and how well, then by whole-phrase match and citations.
 */
import { normalizeTitle } from "../vocabulary/titles.ts";

export interface Searchable {
  id: string;
  title: string | null;
  authors: readonly string[];
  identifiers: readonly string[];
  citedByCount: number | null;
}

export interface SearchHit {
  index: number;
  score: number;
}

const EXACT = 3;
const PREFIX = 2;
const FUZZY = 1;
const EXPANSION_CACHE = 4096;

export class SearchIndex {
  private readonly docs: readonly Searchable[];
  private readonly normTitles: string[];
  /** word → documents containing it (title and author words). */
  private readonly postings = new Map<string, Set<number>>();
  private readonly vocabulary: string[];
  /** Vocabulary words by length, for the fuzzy pass (a word within k edits is within k of its length). */
  private readonly byLength: string[][] = [];
  /** Expansions of recent query words: the fuzzy pass scans the vocabulary, so it is done once per word. */
  private readonly expansions = new Map<string, [string, number][]>();
  private tally?: { score: Float64Array; matched: Uint16Array; best: Uint8Array };
  private readonly idLookup = new Map<string, number[]>();

  constructor(docs: readonly Searchable[]) {
    this.docs = docs;
    this.normTitles = docs.map((d) => (d.title ? normalizeTitle(d.title) : ""));
    docs.forEach((d, i) => {
      const words = [...tokenize(this.normTitles[i] ?? ""), ...d.authors.flatMap((a) => tokenize(normalizeTitle(a)))];
      for (const w of words) {
        const set = this.postings.get(w);
        if (set) set.add(i);
        else this.postings.set(w, new Set([i]));
      }
      for (const id of d.identifiers) {
        const key = id.toLowerCase();
        this.idLookup.set(key, [...(this.idLookup.get(key) ?? []), i]);
      }
    });
    this.vocabulary = [...this.postings.keys()].sort();
    for (const term of this.vocabulary) (this.byLength[term.length] ??= []).push(term);
  }

  search(query: string, limit = 20): SearchHit[] {
    const q = query.trim().slice(0, 500);
    if (!q) return [];
    const byId = this.idLookup.get(q.toLowerCase());
    const words = [...new Set(tokenize(normalizeTitle(q)))].slice(0, 32);
    // Per-document tallies in typed arrays reused across searches (one search at a time: this
    // code is synchronous), reset through the list of documents touched.
    const n = this.docs.length;
    if (this.tally?.score.length !== n) this.tally = { score: new Float64Array(n), matched: new Uint16Array(n), best: new Uint8Array(n) };
    const { score, matched, best } = this.tally;
    const touched: number[] = [];
    for (const word of words) {
      const wordDocs: number[] = [];
      for (const [term, weight] of this.expand(word)) {
        for (const doc of this.postings.get(term) ?? []) {
          if (best[doc] === 0) wordDocs.push(doc);
          if (weight > (best[doc] as number)) best[doc] = weight;
        }
      }
      for (const doc of wordDocs) {
        if (matched[doc] === 0) touched.push(doc);
        matched[doc] = (matched[doc] as number) + 1;
        score[doc] = (score[doc] as number) + (best[doc] as number);
        best[doc] = 0;
      }
    }
    const needed = Math.max(1, Math.ceil(words.length * 0.6));
    const phrase = normalizeTitle(q);
    const hits: SearchHit[] = [];
    for (const doc of touched) {
      const docMatched = matched[doc] as number;
      const docScore = score[doc] as number;
      matched[doc] = 0;
      score[doc] = 0;
      if (docMatched < needed) continue;
      const title = this.normTitles[doc] ?? "";
      const bonus = title === phrase ? 10 : phrase.length > 3 && title.includes(phrase) ? 4 : 0;
      hits.push({ index: doc, score: docMatched * 10 + docScore + bonus });
    }
    for (const doc of byId ?? []) hits.push({ index: doc, score: 1000 });
    const seen = new Set<number>();
    return hits
      .sort((a, b) => b.score - a.score || (this.docs[b.index]?.citedByCount ?? 0) - (this.docs[a.index]?.citedByCount ?? 0) || a.index - b.index)
      .filter((h) => !seen.has(h.index) && seen.add(h.index))
      .slice(0, limit);
  }

  /** Vocabulary words a query word can stand for, with how well each matches. */
  private expand(word: string): [string, number][] {
    const cached = this.expansions.get(word);
    if (cached) return cached;
    const out = this.expandUncached(word);
    if (this.expansions.size >= EXPANSION_CACHE) this.expansions.clear();
    this.expansions.set(word, out);
    return out;
  }

  private expandUncached(word: string): [string, number][] {
    const out: [string, number][] = [];
    if (this.postings.has(word)) out.push([word, EXACT]);
    if (word.length >= 3) {
      for (let i = lowerBound(this.vocabulary, word); i < this.vocabulary.length; i++) {
        const term = this.vocabulary[i] ?? "";
        if (!term.startsWith(word)) break;
        if (term !== word) out.push([term, PREFIX]);
      }
    }
    const maxEdits = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
    if (maxEdits > 0) {
      for (let length = Math.max(1, word.length - maxEdits); length <= word.length + maxEdits; length++) {
        for (const term of this.byLength[length] ?? []) {
          if (term !== word && withinEdits(word, term, maxEdits)) out.push([term, FUZZY]);
        }
      }
    }
    return out;
  }
}

function tokenize(norm: string): string[] {
  return norm.split(/[\s-]+/).filter((w) => w.length > 0);
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? "") < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Levenshtein distance of at most `max`, computed in a band (Ukkonen's cut-off). */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (b.length + 1 > rowA.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return false;
    const swap = prev;
    prev = cur;
    cur = swap;
  }
  return (prev[b.length] as number) <= max;
}

/** The two rows withinEdits works in, reused (grown for longer words). */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
