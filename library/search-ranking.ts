/**
 * How search ranks the papers a query found (issue 24), as a pure function of what was found and
 * how (library/paper-search.ts gathers it from the index). Tiers first, in this order:
 *
 * 0. the paper an identifier names (an arXiv ID in any form, a DOI, an ACL ID, an internal id);
 * 1. a paper whose title is the query;
 * 2. a paper one of whose names the data gave is the query (an alias learnt from a record or an
 *    abstract: "bigbench" from a benchmark file's task, "MMLU" from a BibTeX key;
 *    vocabulary/paper-aliases.ts);
 * 3. papers holding every word of the query (in the title, its names or acronyms, the authors,
 *    the venue, the identifiers; Porter-stemmed, typos corrected, the last word also a prefix);
 * 4. papers holding some of the words, or every word only in the venue or the identifiers.
 *
 * Within a tier, by score: text relevance (FTS5's bm25 over the weighted columns, as a share of
 * the best bm25 among the hits) plus the paper's importance in the map (vocabulary/search-text.ts
 * `importance`: citations in the map, the page-reported count as a weaker prior), so that the
 * paper everyone cites beats one that merely mentions it; plus a bonus when the words are all in
 * its title (or names), or in one author's name, or in the two together (all of an author's
 * papers then match alike, so an author query ranks them by importance; a little more when a
 * query of several words is one author's name, so that "Bonnie Dorr" is the person's papers
 * before a title holding "Bonnie" by a Dorr), when the query is the
 * name its title begins or ends with ("Bleu: …", "…: The Penn Treebank", however long, or
 * clipped, "PropBank"; a bonus, not a tier, because a title may begin with a topic,
 * "Summarization: …", and the most cited paper on it should still lead: the bonus shrinks as
 * more titles hold the words, except for a coined name, "WordNet") or spells out a name the data
 * gave it ("big bench hard" for "bbh"), when the words are the title's phrase, or when a year typed with them is
 * the paper's; less when a word matched only through a typo correction or as a prefix, or
 * when a word is in it only as another word of its stem (Porter's stemming joins
 * "aligning" and "alignment", but also "generation" and "generalized"). Ties: by
 * importance, then by id, so the order never depends on the index's.
 */
import { importance } from "../vocabulary/search-text.ts";

export const TIER = { identifier: 0, title: 1, name: 2, words: 3, someWords: 4 } as const;
export type SearchTier = (typeof TIER)[keyof typeof TIER];

export interface RankedCandidate {
  paperId: string;
  tier: SearchTier;
  /** bm25 (positive, higher better), 0 for the exact tiers. */
  text: number;
  citedInMap: number;
  reported: number | null;
  /** Every query word is in the title, its names or its acronyms. */
  inTitle: boolean;
  /** Every query word is in one author's name. */
  byAuthor: boolean;
  /** Every query word is in the title (names, acronyms) or the authors, together. */
  inTitleOrAuthors: boolean;
  /** The query is two or more words, all in one author's name, near each other ("Bonnie Dorr"). */
  person?: boolean;
  /**
   * The query is the name its title begins or ends with: 1 when few titles hold that name, less
   * as more do (a phrase many titles hold is a topic as much as a name); 0 when it is not.
   */
  named: number;
  /** The query's words are a phrase of the title. */
  phrase: boolean;
  /** Some word matched only through a typo correction or as a prefix of a longer word. */
  inexact: boolean;
  /**
   * Some word is in the paper only as another word of its stem (Porter's: "aligning" for
   * "alignment", and also "generalized" for "generation"), not as typed or its plural.
   */
  stemmed: boolean;
  /** A year was typed and is the paper's: true; typed and not its: false; none typed: null. */
  year: boolean | null;
}

/** The weights of the score within a tier; chosen on the development queries (eval/search.ts). */
export const RANKING_WEIGHTS = {
  text: 2,
  importance: 1,
  fields: 1,
  person: 0.5,
  named: 2,
  phrase: 0.3,
  inexact: 1.5,
  stemmed: 1.0,
  year: 3,
} as const;

export type RankingWeights = { [K in keyof typeof RANKING_WEIGHTS]: number };

export interface Ranked extends RankedCandidate {
  score: number;
}

/** The candidates in rank order, each with its score (higher first within a tier). */
export function rankCandidates(candidates: readonly RankedCandidate[], weights: RankingWeights = RANKING_WEIGHTS): Ranked[] {
  const best = new Map<number, number>();
  for (const c of candidates) best.set(c.tier, Math.max(best.get(c.tier) ?? 0, c.text));
  const ranked: (Ranked & { imp: number })[] = [];
  for (const c of candidates) {
    const top = best.get(c.tier) ?? 0;
    const imp = importance(c.citedInMap, c.reported);
    // An author's papers all match the author alike: their order is their importance.
    const share = c.byAuthor && !c.inTitle ? 1 : top > 0 ? c.text / top : 0;
    const score =
      weights.text * share +
      weights.importance * imp +
      (c.inTitle || c.byAuthor || c.inTitleOrAuthors ? weights.fields : 0) +
      (c.person ? weights.person : 0) +
      weights.named * c.named +
      (c.phrase ? weights.phrase : 0) -
      (c.inexact ? weights.inexact : 0) -
      (c.stemmed ? weights.stemmed : 0) +
      (c.year === true ? weights.year : 0);
    ranked.push(Object.assign({}, c, { score, imp }));
  }
  ranked.sort((a, b) => a.tier - b.tier || b.score - a.score || b.imp - a.imp || (a.paperId < b.paperId ? -1 : a.paperId > b.paperId ? 1 : 0));
  return ranked;
}
