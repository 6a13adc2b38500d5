/**
 * The one paper search (issue 24): `lineage search`, `GET /api/search` and the fuzzy step of
 * resolving a REF by title all answer from here, so they agree. A query is read into words
 * (vocabulary/search-text.ts: folded, stopwords and a typed year set aside, the last word also a
 * prefix, a British word read in American spelling, a word that joins two of the index's words
 * read as those two ("wordsense"), a word the index does not hold corrected to the index's words
 * within its typo budget unless it is typed as a name the index holds, "CLAWS"), the database's
 * search index (db/search-index.ts) is asked for the papers an identifier, a title or a name
 * names exactly and for those holding the words, and the candidates are ranked by
 * library/search-ranking.ts (whose header says how). A paper is named by the query when the
 * query is a name its title gives it (or clips, "PropBank"), the part its title begins or ends
 * with however long ("Know What You Don't Know"), spells out by its initials a name the data
 * gave it ("big bench hard" for the task "bbh"), or is one of its names with a typo ("Chatbot
 * Arean"); two words typed apart are also the one word titles write ("Frame Net"). Each hit says how it matched, and, where a
 * reference names it alongside other papers, which (`alsoMatches`, issue 16).
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { QueryWord } from "../db/search-index.ts";
import type { Paper } from "../db/paper-queries.ts";
import type { PaperBrief, SearchHit, SearchMatch } from "../api/types.ts";
import { parseIdentifier } from "../vocabulary/identifiers.ts";
import { titleHalves } from "../vocabulary/title-aliases.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";
import { americanSpelling, compactKey, searchWords, singular, STOPWORDS, typoBudget, withinEdits, yearWord } from "../vocabulary/search-text.ts";
import { briefOf } from "./briefs.ts";
import type { LineageGraph, RefLookalike } from "./lineage-graph.ts";
import { rankCandidates, TIER, type Ranked, type RankedCandidate, type SearchTier } from "./search-ranking.ts";

/** Query characters and words read; the rest is ignored. */
const MAX_QUERY_CHARS = 500;
const MAX_QUERY_WORDS = 16;
/** Hits asked of the index per question: enough to rank, few enough to stay fast. */
const CANDIDATES = 200;
/** How much importance weighs beside bm25 when the index picks its candidates. */
const PRIOR_WEIGHT = 1;
/** Corrections tried per typed word, and index words looked at to find them. */
const CORRECTIONS = 3;
const CORRECTION_POOL = 64;
/** Index words with the typed word's first two letters looked at beside the trigram pool. */
const HEAD_POOL = 2000;
/** A title's own name held by at most this many titles is a name outright (search-ranking.ts `named`). */
const RARE_NAME_TITLES = 3;
/** Alias kinds that are a title's own name, weighed by how many titles hold it rather than ranked as a record's name. */
const TITLE_NAMES: ReadonlySet<string> = new Set(["title-name", "clipped-name"]);
/** A query of at most this many words may spell out a name by its initials. */
const MAX_SPELT_WORDS = 6;
/** A typed word held by at most this many papers may still be a typo of a commoner word. */
const RARE_WORD_DOCS = 1;
/** A typed word is two of the index's words joined when each has this many letters and papers. */
const SPLIT_PART = 3;
const SPLIT_DOCS = 2;

export interface ParsedQuery {
  text: string;
  /** The words searched for, folded; stopwords left out unless the query is only stopwords. */
  words: string[];
  /** Years typed beside other words ("Collins 2002"). */
  years: number[];
  /** The last word may be the start of a longer one (the query does not end with a space). */
  prefixLast: boolean;
}

export function parseQuery(query: string): ParsedQuery {
  const text = query.slice(0, MAX_QUERY_CHARS).trim();
  const all = searchWords(text).slice(0, MAX_QUERY_WORDS);
  const content = all.filter((w) => !STOPWORDS.has(w));
  const years = content.map(yearWord).filter((y): y is number => y !== undefined);
  let words = content.filter((w) => yearWord(w) === undefined);
  if (words.length === 0) words = content.length > 0 ? content : all;
  const last = words[words.length - 1] ?? "";
  const prefixLast = !/\s$/.test(query.slice(0, MAX_QUERY_CHARS)) && last.length >= 3 && all[all.length - 1] === last;
  return { text, words, years: words.length === content.length ? [] : years, prefixLast };
}

/**
 * How a paper holds the query's words: each as typed (or its singular or plural), else through a
 * correction or as a prefix (`inexact`), else only as another word of its stem (`stemmed`; and
 * `inexact` too when that stem is a correction's).
 */
function wordsHeld(words: readonly QueryWord[], holds: ReadonlySet<string>): { inexact: boolean; stemmed: boolean } {
  let inexact = false;
  let stemmed = false;
  const held = (form: string) => form.split(" ").every((part) => holds.has(singular(part)));
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as QueryWord;
    const [typed = "", ...corrections] = w.forms;
    // Both words, as the one word they make.
    if (w.joined && holds.has(w.joined)) {
      i++;
      continue;
    }
    if (w.initial || held(typed)) continue;
    if (corrections.some(held)) inexact = true;
    else if (w.prefix && [...holds].some((h) => h.startsWith(typed))) inexact = true;
    else {
      // Through another word of a correction's stem: both ("subjectivtiy" read as "subjectivity"
      // and found as "subjective" ranks below a paper holding "subjectivity").
      stemmed = true;
      if (corrections.length > 0) inexact = true;
    }
  }
  return { inexact, stemmed };
}

/**
 * A one-letter word of a longer query typed on its own ("F. J. Och", "J Smith"): an author's
 * initial. One joined to a word by a hyphen or an apostrophe ("CoNLL-X", "O'Brien") is part of it.
 */
function isInitial(word: string, text: string): boolean {
  if (word.length !== 1 || !/\p{L}/u.test(word)) return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[\\s,;(])${escaped}(?:\\.|[\\s,;)]|$)`, "iu").test(text.normalize("NFKD").replace(/\p{M}/gu, ""));
}

/**
 * The word as two words of the index, when it is their joining and titles write them apart more
 * often than together ("wordsense" for "word sense", "postagging" for "POS tagging"; never
 * "treebank", which titles write whole, nor "reg nia"): the split whose rarer half the most papers hold.
 */
function splitInTwo(db: LineageDb, word: string, docs: number): string | undefined {
  let best: { form: string; docs: number } | undefined;
  if (word.length < 2 * SPLIT_PART) return undefined;
  for (let i = SPLIT_PART; i + SPLIT_PART <= word.length; i++) {
    const a = word.slice(0, i);
    const b = word.slice(i);
    if (STOPWORDS.has(a) || STOPWORDS.has(b)) continue;
    const least = Math.min(db.search.wordDocs(a), db.search.wordDocs(b));
    if (least > docs && least >= SPLIT_DOCS && (!best || least > best.docs)) best = { form: `${a} ${b}`, docs: least };
  }
  if (!best) return undefined;
  const apart = db.search.rowsMatching([{ forms: [best.form], prefix: false }], { columns: ["title", "names"] }).size;
  return apart >= SPLIT_DOCS && apart > docs ? best.form : undefined;
}

/** Words typed as names, with two capitals or more ("CLAWS", "PropBank"), folded: the person meant them as typed. */
function typedAsNames(text: string): Set<string> {
  return new Set((text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => (w.match(/\p{Lu}/gu)?.length ?? 0) >= 2).map((w) => searchWords(w).join("")));
}

/**
 * The forms each word may match: itself, in American spelling when the index holds that (every
 * British word is indexed in it too), or as the two words it joins; and, when the index lacks it
 * or holds it rarely (and it is not typed as a name the index holds), its corrections, after it.
 */
function queryWords(db: LineageDb, parsed: ParsedQuery): { words: QueryWord[]; likeliest: QueryWord[]; corrected: { typed: string; as: string[] }[] } {
  const corrected: { typed: string; as: string[] }[] = [];
  const unknown = new Set<number>();
  const names = typedAsNames(parsed.text);
  const words = parsed.words.map((typed, i) => {
    const american = americanSpelling(typed);
    const word = american !== typed && db.search.wordDocs(american) > 0 ? american : typed;
    let docs = db.search.wordDocs(word);
    const split = splitInTwo(db, word, docs);
    // The titles that write it whole (a hyphenated compound, "Word-Sense") hold the two words too.
    const forms = [split ?? word];
    if (split) docs = Number.MAX_SAFE_INTEGER;
    const budget = typoBudget(word);
    if (budget > 0 && docs <= RARE_WORD_DOCS && !(docs > 0 && names.has(typed))) {
      const pool = new Map([...db.search.wordsLike(word, CORRECTION_POOL), ...db.search.wordsBeginningLike(word, budget, HEAD_POOL)].map((c) => [c.word, c]));
      const near = [...pool.values()]
        .filter((c) => !forms.includes(c.word) && c.docs > docs && withinEdits(word, c.word, budget))
        .sort((a, b) => b.docs - a.docs || (a.word < b.word ? -1 : 1))
        .slice(0, CORRECTIONS)
        .map((c) => c.word);
      if (near.length > 0) {
        forms.push(...near);
        corrected.push({ typed: word, as: near });
        if (docs === 0) unknown.add(i);
      }
    }
    return { forms, prefix: parsed.prefixLast && i === parsed.words.length - 1, initial: isInitial(typed, parsed.text) };
  });
  // Two words typed apart that titles write as one ("Frame Net").
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]?.forms[0] ?? "";
    const b = words[i + 1]?.forms[0] ?? "";
    if (a.includes(" ") || b.includes(" ") || words[i]?.initial || words[i + 1]?.initial) continue;
    const docs = db.search.wordDocs(a + b);
    if (docs > 0 && docs > db.search.rowsMatching([{ forms: [`${a} ${b}`], prefix: false }], { columns: ["title", "names"] }).size) (words[i] as QueryWord).joined = a + b;
  }
  // For the questions that take one form per word (a phrase, a name's words near each other): a
  // word the index does not hold at all as its commonest correction.
  const likeliest = words.map((w, i) => (unknown.has(i) ? { ...w, forms: w.forms.slice(1, 2) } : w));
  return { words, likeliest, corrected };
}

interface Found {
  candidate: RankedCandidate;
  match: SearchMatch;
}

/** Every paper the query finds, ranked (search-ranking.ts), with how each matched. */
export function rankedSearch(db: LineageDb, graph: LineageGraph, query: string): { ranked: Ranked[]; matches: Map<string, SearchMatch> } {
  const parsed = parseQuery(query);
  const found = new Map<string, Found>();
  const put = (f: Found) => {
    const had = found.get(f.candidate.paperId);
    if (!had || f.candidate.tier < had.candidate.tier) found.set(f.candidate.paperId, f);
  };
  const exactCandidate = (paperId: string, tier: SearchTier): RankedCandidate => ({
    paperId,
    tier,
    text: 0,
    ...db.search.figuresOf(paperId),
    inTitle: true,
    byAuthor: false,
    inTitleOrAuthors: true,
    named: 0,
    phrase: true,
    inexact: false,
    stemmed: false,
    year: null,
  });
  if (!parsed.text) return { ranked: [], matches: new Map() };

  for (const id of identified(graph, parsed.text)) put({ candidate: exactCandidate(id, TIER.identifier), match: { how: "identifier" } });
  const normTitle = normalizeTitle(parsed.text);
  if (normTitle) for (const p of db.queries.byTitle(normTitle)) put({ candidate: exactCandidate(p.id, TIER.title), match: { how: "title" } });
  // Names matched whole: those the data gave (a record's, an abstract's) rank as a title does;
  // those a title begins or ends with weigh as a bonus among the papers holding the words.
  const named = new Map<string, { match: SearchMatch; strength: number }>();
  const keys = new Set([compactKey(parsed.text), compactKey(parsed.text.replace(/^the\s+/i, ""))]);
  for (const key of keys) {
    if (key.length < 2) continue;
    for (const a of db.search.exactAliases(key)) {
      const match: SearchMatch = { how: "alias", alias: { alias: a.alias, kind: a.kind, source: a.source } };
      if (TITLE_NAMES.has(a.kind)) named.set(a.paperId, { match, strength: titleNameStrength(a.titles) });
      else put({ candidate: exactCandidate(a.paperId, TIER.name), match });
    }
  }
  // A query spelling out a name the data gave ("big bench hard" for the task "bbh") names its paper
  // too, which holds the query's words as its name does.
  const spelt = new Set<string>();
  if (parsed.words.length >= 2 && parsed.words.length <= MAX_SPELT_WORDS) {
    for (const a of db.search.exactAliases(parsed.words.map((w) => w.charAt(0)).join(""))) {
      if (a.kind === "citation-key" || named.has(a.paperId) || found.has(a.paperId)) continue;
      const match: SearchMatch = { how: "alias", alias: { alias: a.alias, kind: a.kind, source: a.source } };
      named.set(a.paperId, { match, strength: TITLE_NAMES.has(a.kind) ? titleNameStrength(a.titles) : 1 });
      spelt.add(a.paperId);
    }
  }

  if (parsed.words.length > 0) {
    const { words, likeliest, corrected } = queryWords(db, parsed);
    // A name typed with a typo ("Chatbot Arean") names its paper as the words read right do.
    const readRight = corrected.length > 0 ? compactKey(likeliest.map((w) => w.forms[0] ?? "").join(" ")) : "";
    for (const a of readRight.length >= 2 ? db.search.exactAliases(readRight) : []) {
      if (a.kind === "citation-key" || named.has(a.paperId)) continue;
      const match: SearchMatch = { how: "alias", alias: { alias: a.alias, kind: a.kind, source: a.source }, corrected };
      named.set(a.paperId, { match, strength: TITLE_NAMES.has(a.kind) ? titleNameStrength(a.titles) : 1 });
    }
    const ask = (w: QueryWord[], options: Omit<Parameters<typeof db.search.match>[1], "priorWeight" | "limit">) => db.search.match(w, { ...options, priorWeight: PRIOR_WEIGHT, limit: CANDIDATES });
    let hits = ask(words, {});
    let tier: SearchTier = TIER.words;
    if (hits.length === 0 && words.length > 1) {
      hits = ask(words, { any: true });
      tier = TIER.someWords;
    }
    if (hits.length > 0) {
      const rows = (options: Parameters<typeof db.search.rowsMatching>[1]) => db.search.rowsMatching(words, options);
      const inTitle = rows({ columns: ["title", "names", "terms"], any: tier === TIER.someWords });
      const inTitleOrAuthors = words.length > 1 ? rows({ columns: ["title", "names", "terms", "authors"], any: tier === TIER.someWords }) : new Set<number>();
      const names = likeliest.filter((w) => !w.initial);
      const byAuthor = names.length <= 1 ? rows({ columns: ["authors"] }) : db.search.rowsMatching(names, { columns: ["authors"], near: 2 });
      const phrase = words.length > 1 ? db.search.rowsMatching(likeliest, { columns: ["title", "names"], phrase: true }) : new Set<number>();
      const queryKey = compactKey(parsed.text.replace(/^the\s+/i, ""));
      for (const h of hits) {
        // Every word in the venue or identifiers but not in the title or authors: a weaker match.
        const inText = inTitle.has(h.row) || inTitleOrAuthors.has(h.row) || byAuthor.has(h.row);
        // The query is the part its title begins or ends with, however long ("Know What You Don't Know"):
        // named as a title's name is, by how many titles hold those words as a phrase.
        const part = phrase.has(h.row) && isTitlePart(graph, h.paperId, queryKey) ? titleNameStrength(phrase.size) : 0;
        const how = wordsHeld(words, new Set(searchWords(h.words).map(singular)));
        put({
          candidate: {
            paperId: h.paperId,
            tier: spelt.has(h.paperId) ? TIER.words : inText ? tier : TIER.someWords,
            text: h.text,
            citedInMap: h.citedInMap,
            reported: h.reported,
            inTitle: inTitle.has(h.row),
            byAuthor: byAuthor.has(h.row),
            inTitleOrAuthors: inTitleOrAuthors.has(h.row),
            person: names.length > 1 && byAuthor.has(h.row),
            named: Math.max(named.get(h.paperId)?.strength ?? 0, part),
            phrase: phrase.has(h.row),
            inexact: how.inexact,
            stemmed: how.stemmed,
            year: parsed.years.length === 0 ? null : h.year !== null && parsed.years.includes(h.year),
          },
          match: named.get(h.paperId)?.match ?? {
            how: tier === TIER.words && inText ? "words" : "some words",
            field: inTitle.has(h.row) ? "title" : byAuthor.has(h.row) ? "author" : "other",
            ...(corrected.length > 0 && how.inexact ? { corrected } : {}),
          },
        });
      }
    }
  }
  // A paper named by the query that the index's candidates left out still ranks as named.
  for (const [paperId, { match, strength }] of named) {
    if (!found.has(paperId)) put({ candidate: { ...exactCandidate(paperId, TIER.words), named: strength, phrase: false }, match });
  }
  const ranked = rankCandidates([...found.values()].map((f) => f.candidate));
  return { ranked, matches: new Map([...found].map(([id, f]) => [id, f.match])) };
}

export function searchPapers(db: LineageDb, graph: LineageGraph, query: string, limit: number): SearchHit[] {
  const { ranked, matches } = rankedSearch(db, graph, query);
  const several = namedPapers(db, graph, query).papers.map((p) => p.id);
  const hits: SearchHit[] = [];
  for (const r of ranked) {
    if (hits.length >= limit) break;
    const index = graph.index.index(r.paperId);
    if (index === undefined) continue;
    const brief = graph.brief(index);
    const hit: SearchHit = Object.assign(brief, { venue: graph.paper(index).venue, score: Math.round(r.score * 1000) / 1000, match: matches.get(r.paperId) ?? { how: "words" } });
    if (several.includes(hit.id)) hit.alsoMatches = several.filter((id) => id !== hit.id);
    hits.push(hit);
  }
  return hits;
}

/** A title query's paper when the search leaves no doubt (REF resolution's fuzzy step), else the candidates. */
export function searchByTitle(db: LineageDb, graph: LineageGraph, query: string): { paper?: Paper; candidates: Paper[] } {
  // Only papers holding every word are candidates: a REF is never read as some of its words.
  const ranked = rankedSearch(db, graph, query).ranked.filter((r) => r.tier <= TIER.words);
  const words = parseQuery(query).words.length;
  const papers: Paper[] = [];
  for (const r of ranked.slice(0, 5)) {
    const i = graph.index.index(r.paperId);
    if (i !== undefined) papers.push(graph.paper(i));
  }
  const [top, second] = ranked;
  const covers = (r: Ranked | undefined, p: Paper | undefined) => {
    if (!r || !p || r.tier > TIER.words || !r.inTitle) return false;
    const titleWords = searchWords(p.title ?? "").filter((w) => !STOPWORDS.has(w)).length;
    return r.tier < TIER.words || (titleWords > 0 && words / titleWords >= 0.6);
  };
  if (covers(top, papers[0]) && !(second && second.tier === top?.tier && covers(second, papers[1]))) return { paper: papers[0], candidates: papers };
  return { candidates: papers };
}

/** How much a title's own name weighs as a name: fully when few titles hold it, less as more do (a topic). */
const titleNameStrength = (titles: number | null | undefined) => Math.min(1, RARE_NAME_TITLES / Math.max(1, titles ?? 1));

/** Whether the query (its compact key, a leading "the" dropped) is the part a paper's title begins or ends with. */
function isTitlePart(graph: LineageGraph, paperId: string, queryKey: string): boolean {
  const i = graph.index.index(paperId);
  const halves = i === undefined ? undefined : titleHalves(graph.paper(i).title ?? "");
  if (!halves || queryKey.length < 2) return false;
  const key = (part: string) => compactKey(part.replace(/^the\s+/i, "").replace(/[.?!]+$/, ""));
  return key(halves.head) === queryKey || key(halves.tail) === queryKey;
}

/** The papers an identifier-shaped query names (none for other text). */
function identified(graph: LineageGraph, q: string): string[] {
  const text = q.trim();
  if (graph.index.index(text) === undefined && !parseIdentifier(text)) return [];
  const result = graph.resolveRef(text);
  return result.kind === "found" ? [result.paper.id] : result.kind === "ambiguous" ? result.candidates.map((c) => c.id) : [];
}

/**
 * The papers a search query names as a reference (an identifier, or an exact title) when it names
 * several: the one it resolves to and its look-alikes, or the candidates of an ambiguous one.
 */
export function namedPapers(db: LineageDb, graph: LineageGraph, query: string): { found?: PaperBrief; papers: (PaperBrief & { why?: string })[] } {
  const asReference = parseIdentifier(query) !== undefined || graph.index.index(query.trim()) !== undefined;
  // Neither an identifier nor a stored title: it names no paper as a reference.
  if (!asReference && db.queries.byTitle(normalizeTitle(query)).length === 0) return { papers: [] };
  const ref = graph.resolveRef(query);
  if (ref.kind === "found" && (asReference || ref.paper.normTitle === normalizeTitle(query))) {
    const also: RefLookalike[] = graph.lookalikes(query, ref.paper);
    const found = briefOf(ref.paper);
    return also.length > 0 ? { found, papers: [found, ...also] } : { papers: [] };
  }
  const exact = asReference || db.queries.byTitle(normalizeTitle(query)).length > 1;
  return ref.kind === "ambiguous" && exact ? { papers: ref.candidates } : { papers: [] };
}
