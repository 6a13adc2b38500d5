/**
 * Typo-tolerant ranked search over titles, identifiers and authors. Each query word matches a
 * title or author word exactly, as a prefix, or within a small edit distance; papers are ranked
 * by how many query words they match and how well, then by whole-phrase match and citations.
 */
import { normalizeTitle } from "../ingest/titles.ts";

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

export class SearchIndex {
  private readonly docs: readonly Searchable[];
  private readonly normTitles: string[];
  /** word → documents containing it (title and author words). */
  private readonly postings = new Map<string, Set<number>>();
  private readonly vocabulary: string[];
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
  }

  search(query: string, limit = 20): SearchHit[] {
    const q = query.trim().slice(0, 500);
    if (!q) return [];
    const byId = this.idLookup.get(q.toLowerCase());
    const words = [...new Set(tokenize(normalizeTitle(q)))].slice(0, 32);
    const perDoc = new Map<number, { matched: number; score: number }>();
    for (const word of words) {
      const best = new Map<number, number>();
      for (const [term, weight] of this.expand(word)) {
        for (const doc of this.postings.get(term) ?? []) best.set(doc, Math.max(best.get(doc) ?? 0, weight));
      }
      for (const [doc, weight] of best) {
        const cur = perDoc.get(doc) ?? { matched: 0, score: 0 };
        perDoc.set(doc, { matched: cur.matched + 1, score: cur.score + weight });
      }
    }
    const needed = Math.max(1, Math.ceil(words.length * 0.6));
    const phrase = normalizeTitle(q);
    const hits: SearchHit[] = [];
    for (const [doc, { matched, score }] of perDoc) {
      if (matched < needed) continue;
      const title = this.normTitles[doc] ?? "";
      const bonus = title === phrase ? 10 : phrase.length > 3 && title.includes(phrase) ? 4 : 0;
      hits.push({ index: doc, score: matched * 10 + score + bonus });
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
      for (const term of this.vocabulary) {
        if (Math.abs(term.length - word.length) > maxEdits || term === word) continue;
        if (withinEdits(word, term, maxEdits)) out.push([term, FUZZY]);
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
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return false;
    prev = cur;
  }
  return (prev[b.length] ?? max + 1) <= max;
}
