/**
 * The search index (issue 24): SQLite FTS5 over every paper's title, the names it goes by, the
 * other forms of its words (acronyms, joined compounds), its authors, venue and identifiers,
 * Porter-stemmed; the aliases learnt for it (vocabulary/paper-aliases.ts) with where each was
 * learnt; the collection's words with an FTS5 trigram index over them, for typed words the index
 * does not hold; and per paper the figures ranking weighs. Rebuilt whole from the papers table by
 * `rebuildSearchIndex`, which the graph builder calls in the same transaction as every rebuild
 * (db/graph-builder.ts), so a reader never sees a graph with another graph's index. A database
 * written before the index existed gets one from library/prepare.ts (`graph_meta`
 * 'search_version' against the graph's version). Only statements here: what a query means and
 * how hits are ranked is library/paper-search.ts's and library/search-ranking.ts's.
 */
import type { Db } from "./connection.ts";
import { graphVersion } from "./graph-index-store.ts";
import { learnAliases, type AliasKind, type AliasSubject, type PaperAlias } from "../vocabulary/paper-aliases.ts";
import type { RecordName } from "../vocabulary/paper-page.ts";
import { importance, indexableText, joinedCompounds, searchWords } from "../vocabulary/search-text.ts";

/** Bumped when what the index holds changes, so that older indexes are rebuilt (prepare.ts). */
const INDEX_FORMAT = 1;

/** bm25 weights of search_text's columns: title, names, terms, authors, venue, ids. */
const COLUMN_WEIGHTS = [4, 4, 4, 3, 0.5, 1] as const;
export type SearchColumn = "title" | "names" | "terms" | "authors" | "venue" | "ids";
const PREFIX_COLUMNS: readonly SearchColumn[] = ["title", "names", "terms", "authors"];

export interface StoredAlias {
  alias: string;
  kind: AliasKind;
  source: string;
  exact: boolean;
}

/** A paper the index matched, with what ranking needs of it. */
export interface IndexHit {
  /** Its row in the index (what `rowsMatching` returns). */
  row: number;
  paperId: string;
  year: number | null;
  /** Its title, names, terms and authors, as indexed (for checking which words it holds as typed). */
  words: string;
  /** FTS5's bm25 with the column weights, as a positive number: higher matches better. */
  text: number;
  citedInMap: number;
  reported: number | null;
}

/**
 * One word of a query: the forms it may match (itself, corrections), whether it is a prefix,
 * and whether it is an initial ("F." of "F. J. Och": a prefix of an author's name).
 */
export interface QueryWord {
  forms: string[];
  prefix: boolean;
  initial?: boolean;
}

export interface MatchOptions {
  /** Only these columns (default: all). */
  columns?: readonly SearchColumn[];
  /** The words as one phrase, in order (default: each anywhere). */
  phrase?: boolean;
  /** Any word may match (default: every word must). */
  any?: boolean;
  /** The words within this many others of each other (their first forms; an author's name). */
  near?: number;
  /** How much importance weighs beside bm25 in choosing which hits to return. */
  priorWeight: number;
  limit: number;
}

function version(db: Db): string {
  return `${INDEX_FORMAT}:${graphVersion(db) ?? ""}`;
}

/** True when the stored index is of the current graph and of this index format. */
export function searchIndexIsCurrent(db: Db): boolean {
  if (graphVersion(db) === undefined) return true;
  const stored = db.prepare<[], { value: string }>("SELECT value FROM graph_meta WHERE key = 'search_version'").get()?.value;
  return stored === version(db);
}

interface PaperRow {
  id: string;
  title: string | null;
  year: number | null;
  abstract: string | null;
  authors_json: string;
  venue: string | null;
  arxiv_id: string | null;
  doi: string | null;
  acl_id: string | null;
  openreview_id: string | null;
  s2_id: string | null;
  cited_by_count: number | null;
  cited_in_map: number;
}

/** Rebuilds the whole index from the papers table; call inside the write transaction. */
export function rebuildSearchIndex(db: Db): { papers: number; aliases: number } {
  db.exec("DELETE FROM search_text; DELETE FROM search_docs; DELETE FROM search_aliases; DELETE FROM search_words; DELETE FROM search_word_grams;");
  const papers = db
    .prepare<[], PaperRow>(
      `SELECT p.id, p.title, p.year, p.abstract, p.authors_json, p.venue, p.arxiv_id, p.doi, p.acl_id, p.openreview_id, p.s2_id, p.cited_by_count,
              coalesce(c.n, 0) AS cited_in_map
       FROM papers p LEFT JOIN (SELECT cited, count(*) AS n FROM edges GROUP BY cited) c ON c.cited = p.id ORDER BY p.id`,
    )
    .all();
  const names = new Map<string, (RecordName & { page: string })[]>();
  const nameRows = db
    .prepare<[], { paper_id: string; names_json: string; source: string }>(
      `SELECT pm.paper_id, m.names_json, pg.source FROM mentions m JOIN paper_mentions pm ON pm.mention_id = m.id JOIN pages pg ON pg.id = m.page_id
       WHERE m.role = 'self' AND m.names_json IS NOT NULL ORDER BY pg.source`,
    )
    .all();
  for (const r of nameRows) {
    let list = names.get(r.paper_id);
    if (!list) names.set(r.paper_id, (list = []));
    for (const n of JSON.parse(r.names_json) as RecordName[]) list.push({ ...n, page: r.source });
  }
  for (const p of papers) {
    if (p.title) p.title = indexableText(p.title);
    if (p.abstract) p.abstract = indexableText(p.abstract);
  }
  const subjects: AliasSubject[] = papers.map((p) => ({ id: p.id, title: p.title, abstract: p.abstract, recordNames: names.get(p.id) ?? [] }));
  const aliases = learnAliases(subjects);
  const aliasesOf = new Map<string, PaperAlias[]>();
  for (const a of aliases) {
    let list = aliasesOf.get(a.paperId);
    if (!list) aliasesOf.set(a.paperId, (list = []));
    list.push(a);
  }

  const insertText = db.prepare("INSERT INTO search_text (rowid, title, names, terms, authors, venue, ids) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const insertDoc = db.prepare("INSERT INTO search_docs (rowid, paper_id, year, cited_in_map, reported, prior) VALUES (?, ?, ?, ?, ?, ?)");
  const insertAlias = db.prepare("INSERT INTO search_aliases (paper_id, alias, key, kind, exact, titles, source) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const wordDocs = new Map<string, number>();
  papers.forEach((p, i) => {
    const rowid = i + 1;
    const own = aliasesOf.get(p.id) ?? [];
    const authors = indexableText((JSON.parse(p.authors_json) as string[]).join("; "));
    const nameText = own
      .filter((a) => a.exact)
      .map((a) => a.alias)
      .join(" ; ");
    const terms = [...own.filter((a) => !a.exact).map((a) => a.alias), ...joinedCompounds(`${p.title ?? ""} ${nameText}`)].join(" ");
    const ids = [p.acl_id, p.arxiv_id, p.doi, p.openreview_id, p.s2_id, p.id].filter(Boolean).join(" ");
    insertText.run(rowid, p.title ?? "", nameText, terms, authors, p.venue ?? "", ids);
    insertDoc.run(rowid, p.id, p.year, p.cited_in_map, p.cited_by_count, importance(p.cited_in_map, p.cited_by_count));
    for (const a of own) insertAlias.run(a.paperId, a.alias, a.key, a.kind, a.exact ? 1 : 0, a.titles ?? null, a.source);
    for (const w of new Set(searchWords(`${p.title ?? ""} ${nameText} ${terms} ${authors} ${p.venue ?? ""}`))) wordDocs.set(w, (wordDocs.get(w) ?? 0) + 1);
  });
  const insertWord = db.prepare("INSERT INTO search_words (word, docs) VALUES (?, ?)");
  const insertGrams = db.prepare("INSERT INTO search_word_grams (word) VALUES (?)");
  for (const [word, docs] of wordDocs) {
    insertWord.run(word, docs);
    if (word.length >= 4 && !/^\d+$/.test(word)) insertGrams.run(word);
  }
  db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('search_version', ?)").run(version(db));
  return { papers: papers.length, aliases: aliases.length };
}

/** An FTS5 string literal: the text in double quotes, quotes doubled. */
const literal = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The MATCH expression for `words` (see MatchOptions). */
export function matchExpression(words: readonly QueryWord[], options: Pick<MatchOptions, "columns" | "phrase" | "any" | "near">): string {
  const term = (w: QueryWord) => {
    if (w.initial) return `({authors} : ${literal(w.forms[0] ?? "")} *)`;
    const forms = w.forms.map(literal);
    // A prefix is looked for in the words a person types a name from, not venues or identifiers.
    if (w.prefix) forms.push(`{${PREFIX_COLUMNS.join(" ")}} : ${literal(w.forms[0] ?? "")} *`);
    return forms.length === 1 ? (forms[0] ?? "") : `(${forms.join(" OR ")})`;
  };
  let body: string;
  if (options.phrase) body = words.map((w) => literal(w.forms[0] ?? "")).join(" + ");
  else if (options.near !== undefined) body = `NEAR(${words.map((w) => literal(w.forms[0] ?? "")).join(" ")}, ${options.near})`;
  else body = words.map(term).join(options.any ? " OR " : " AND ");
  return options.columns ? `{${options.columns.join(" ")}} : (${body})` : body;
}

/** The statements search runs on a connection (read-only is enough). */
export class SearchIndexQueries {
  private readonly matchStatement;
  private readonly rowsStatement;
  private readonly exactAliasStatement;
  private readonly aliasesStatement;
  private readonly docStatement;
  private readonly wordStatement;
  private readonly gramStatement;
  private readonly headStatement;

  constructor(private readonly db: Db) {
    const weights = COLUMN_WEIGHTS.join(", ");
    // The text of the hits is read after they are chosen: reading it for every match cost more
    // than ranking them.
    this.matchStatement = db.prepare<[string, number, number], { row: number; paper_id: string; year: number | null; words: string; b: number; cited_in_map: number; reported: number | null }>(
      `SELECT h.row, d.paper_id, d.year, t.title || ' ' || t.names || ' ' || t.terms || ' ' || t.authors AS words, h.b, d.cited_in_map, d.reported
       FROM (SELECT s.rowid AS row, bm25(search_text, ${weights}) AS b, d.prior AS prior
             FROM search_text s JOIN search_docs d ON d.rowid = s.rowid
             WHERE search_text MATCH ? ORDER BY b - ? * d.prior LIMIT ?) h
       JOIN search_docs d ON d.rowid = h.row JOIN search_text t ON t.rowid = h.row
       ORDER BY h.b - h.prior`,
    );
    this.rowsStatement = db.prepare<[string], number>("SELECT rowid FROM search_text WHERE search_text MATCH ?").pluck();
    this.exactAliasStatement = db.prepare<[string], { paper_id: string; alias: string; kind: AliasKind; source: string; titles: number | null }>(
      "SELECT paper_id, alias, kind, source, titles FROM search_aliases WHERE key = ? AND exact = 1 ORDER BY rowid",
    );
    this.aliasesStatement = db.prepare<[string], { alias: string; kind: AliasKind; source: string; exact: number }>(
      "SELECT alias, kind, source, exact FROM search_aliases WHERE paper_id = ? ORDER BY exact DESC, rowid",
    );
    this.docStatement = db.prepare<[string], { year: number | null; cited_in_map: number; reported: number | null }>("SELECT year, cited_in_map, reported FROM search_docs WHERE paper_id = ?");
    this.wordStatement = db.prepare<[string], { docs: number }>("SELECT docs FROM search_words WHERE word = ?");
    this.gramStatement = db.prepare<[string, number], { word: string; docs: number }>(
      `SELECT g.word, w.docs FROM search_word_grams g JOIN search_words w ON w.word = g.word
       WHERE search_word_grams MATCH ? ORDER BY rank LIMIT ?`,
    );
    this.headStatement = db.prepare<[string, string, number, number, number], { word: string; docs: number }>(
      "SELECT word, docs FROM search_words WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ? LIMIT ?",
    );
  }

  /** Whether the index was built for the graph this connection reads. */
  isCurrent(): boolean {
    return searchIndexIsCurrent(this.db);
  }

  match(words: readonly QueryWord[], options: MatchOptions): IndexHit[] {
    if (words.length === 0 || words.some((w) => w.forms.length === 0)) return [];
    return this.matchStatement
      .all(matchExpression(words, options), options.priorWeight, options.limit)
      .map((r) => ({ row: r.row, paperId: r.paper_id, year: r.year, words: r.words, text: -r.b, citedInMap: r.cited_in_map, reported: r.reported }));
  }

  /** The rows matching, unranked: to tell which of a ranked match's hits also match this way. */
  rowsMatching(words: readonly QueryWord[], options: Pick<MatchOptions, "columns" | "phrase" | "any" | "near">): Set<number> {
    if (words.length === 0 || words.some((w) => w.forms.length === 0)) return new Set();
    return new Set(this.rowsStatement.all(matchExpression(words, options)));
  }

  /** Papers with a name (an exact alias) whose compact key is `key`. */
  exactAliases(key: string): { paperId: string; alias: string; kind: AliasKind; source: string; titles: number | null }[] {
    return this.exactAliasStatement.all(key).map((r) => ({ paperId: r.paper_id, alias: r.alias, kind: r.kind, source: r.source, titles: r.titles }));
  }

  aliasesOf(paperId: string): StoredAlias[] {
    return this.aliasesStatement.all(paperId).map((r) => ({ alias: r.alias, kind: r.kind, source: r.source, exact: r.exact === 1 }));
  }

  /** The figures ranking weighs for a paper (zero and unknown when the index does not hold it). */
  figuresOf(paperId: string): { year: number | null; citedInMap: number; reported: number | null } {
    const r = this.docStatement.get(paperId);
    return { year: r?.year ?? null, citedInMap: r?.cited_in_map ?? 0, reported: r?.reported ?? null };
  }

  /** How many papers hold the word (0: the index has no such word). */
  wordDocs(word: string): number {
    return this.wordStatement.get(word)?.docs ?? 0;
  }

  /**
   * Words of the index that begin with the same two letters as `word` and are within `spread`
   * letters of its length: the corrections a trigram search misses when a typo breaks most of a
   * short word's trigrams ("Tureny" shares one of four with "Turney").
   */
  wordsBeginningLike(word: string, spread: number, limit: number): { word: string; docs: number }[] {
    const head = [...word].slice(0, 2).join("");
    if (head.length < 2) return [];
    const next = head.slice(0, -1) + String.fromCodePoint((head.codePointAt(head.length - 1) ?? 0) + 1);
    return this.headStatement.all(head, next, word.length - spread, word.length + spread, limit);
  }

  /** Words of the index sharing the most trigrams with `word`, with how many papers hold each. */
  wordsLike(word: string, limit: number): { word: string; docs: number }[] {
    const grams = new Set<string>();
    for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
    if (grams.size === 0) return [];
    return this.gramStatement.all([...grams].map(literal).join(" OR "), limit);
  }
}
