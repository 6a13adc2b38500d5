/**
 * The search index (issue 24): SQLite FTS5 over every paper's title, the names it goes by, the
 * other forms of its words (acronyms, joined compounds, names without their version number,
 * British words as American spelling writes them), its
 * authors, venue and identifiers (with the tasks it is only cited for), Porter-stemmed; the aliases learnt for it (vocabulary/paper-aliases.ts) with where each was
 * learnt; the collection's words with an FTS5 trigram index over them, for typed words the index
 * does not hold; and per paper the figures ranking weighs. A batch of pages (db/page-batch.ts)
 * computes the index of the graph it plans before its write transaction and compares it with the
 * stored one (`searchChanges`); the transaction then writes only the papers' rows that differ
 * (`writeSearchChanges`), with the graph, so a reader never sees a graph with another graph's
 * index, and what is stored is always what a rebuild from the same papers would write. A database
 * written before the index existed, or with an index of another format, gets one rebuilt whole
 * (`rebuildSearchIndex`, from library/prepare.ts: `graph_meta` 'search_version' against the
 * graph's version). Only statements here: what a query means and how hits are ranked is
 * library/paper-search.ts's and library/search-ranking.ts's; ties are broken by paper id and word,
 * never by row number, so an index changed in place answers as one rebuilt whole.
 */
import type { Db } from "./connection.ts";
import { graphVersion } from "./graph-index-store.ts";
import { learnAliases, type AliasKind, type PaperAlias } from "../vocabulary/paper-aliases.ts";
import type { RecordName } from "../vocabulary/paper-page.ts";
import { americanSpellings, importance, indexableText, joinedCompounds, searchWords, versionlessNames } from "../vocabulary/search-text.ts";

/** Bumped when what the index holds changes, so that older indexes are rebuilt (prepare.ts). */
const INDEX_FORMAT = 3;

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
 * One word of a query: the forms it may match (itself, then weaker forms and corrections; a form
 * of several words is a phrase), whether it is a prefix, and whether it is an initial ("F." of
 * "F. J. Och": a prefix of an author's name).
 */
export interface QueryWord {
  forms: string[];
  /** The one word this word and the next make, which titles write more often than the two ("framenet" for "frame net"). */
  joined?: string;
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

/** A paper as the index reads it: its row of the papers table, and the papers of the map citing it. */
export interface IndexPaper {
  id: string;
  title: string | null;
  year: number | null;
  abstract: string | null;
  authorsJson: string;
  venue: string | null;
  arxiv: string | null;
  doi: string | null;
  acl: string | null;
  openreview: string | null;
  s2: string | null;
  citedByCount: number | null;
  citedInMap: number;
}

/** The names records give each paper, each with the page it came from, in page-source order (then mention id). */
export type IndexNames = ReadonlyMap<string, readonly (RecordName & { page: string })[]>;

/** One paper's rows in the index, as they are written. */
interface IndexDoc {
  paperId: string;
  /** search_text's columns: title, names, terms, authors, venue, ids. */
  text: [string, string, string, string, string, string];
  /** search_docs' columns after the rowid: paper_id, year, cited_in_map, reported, prior. */
  doc: [string, number | null, number, number | null, number];
  aliases: PaperAlias[];
  /** Its distinct words (search_words counts the papers holding each). */
  words: string[];
}

/**
 * Aliases searched beside the identifiers, not the title: what a paper is cited for, not what it
 * is called, and a record's BibTeX key, which names a record as an identifier does (its words,
 * "ja_leaderboard_mgsm_1", are no words of the paper's; the whole key is matched as a name).
 */
const WEAK_ALIASES: ReadonlySet<AliasKind> = new Set(["task-cited", "citation-key"]);

/** Every paper's rows, from the papers (in id order) and their names; aliases are learnt over the whole collection. */
function indexDocs(papers: readonly IndexPaper[], names: IndexNames): IndexDoc[] {
  const clean = papers.map((p) => ({ ...p, title: p.title ? indexableText(p.title) : p.title, abstract: p.abstract ? indexableText(p.abstract) : p.abstract }));
  const aliasesOf = new Map<string, PaperAlias[]>();
  for (const a of learnAliases(clean.map((p) => ({ id: p.id, title: p.title, abstract: p.abstract, recordNames: [...(names.get(p.id) ?? [])] })))) {
    let list = aliasesOf.get(a.paperId);
    if (!list) aliasesOf.set(a.paperId, (list = []));
    list.push(a);
  }
  return clean.map((p) => {
    const own = aliasesOf.get(p.id) ?? [];
    const authors = indexableText((JSON.parse(p.authorsJson) as string[]).join("; "));
    const nameText = own
      .filter((a) => a.exact && !WEAK_ALIASES.has(a.kind))
      .map((a) => a.alias)
      .join(" ; ");
    const forms = `${p.title ?? ""} ${nameText}`;
    const written = [...own.filter((a) => !a.exact && !WEAK_ALIASES.has(a.kind)).map((a) => a.alias), ...joinedCompounds(forms), ...versionlessNames(forms)].join(" ");
    // A British word's American spelling is searchable, but not a word of the collection that typos are read as.
    const terms = [written, ...americanSpellings(forms)].join(" ").trim();
    // What a paper is only cited for (a benchmark task shared with others) is searched as weakly as its identifiers.
    const ids = [p.acl, p.arxiv, p.doi, p.openreview, p.s2, p.id, ...own.filter((a) => WEAK_ALIASES.has(a.kind)).map((a) => a.alias)].filter(Boolean).join(" ");
    return {
      paperId: p.id,
      text: [p.title ?? "", nameText, terms, authors, p.venue ?? "", ids],
      doc: [p.id, p.year, p.citedInMap, p.citedByCount, importance(p.citedInMap, p.citedByCount)],
      aliases: own,
      words: [...new Set(searchWords(`${p.title ?? ""} ${nameText} ${written} ${authors} ${p.venue ?? ""}`))],
    };
  });
}

/** How many papers hold each word. */
function wordCounts(docs: readonly IndexDoc[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of docs) for (const w of d.words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** Words the trigram index holds: long enough to have trigrams worth matching, and not numbers. */
const gramWorthy = (word: string) => word.length >= 4 && !/^\d+$/.test(word);

const aliasValues = (a: PaperAlias) => [a.paperId, a.alias, a.key, a.kind, a.exact ? 1 : 0, a.titles ?? null, a.source] as const;

/** What a paper's rows hold, to compare the stored rows with those a graph calls for. */
const docDigest = (text: readonly unknown[], doc: readonly unknown[], aliases: readonly (readonly unknown[])[]) => JSON.stringify([text, doc, aliases]);

/** The papers and names of the stored tables, as `indexDocs` reads them. */
function storedInput(db: Db): { papers: IndexPaper[]; names: IndexNames } {
  const papers = db
    .prepare<[], IndexPaper>(
      `SELECT p.id, p.title, p.year, p.abstract, p.authors_json AS authorsJson, p.venue, p.arxiv_id AS arxiv, p.doi, p.acl_id AS acl, p.openreview_id AS openreview,
              p.s2_id AS s2, p.cited_by_count AS citedByCount, coalesce(c.n, 0) AS citedInMap
       FROM papers p LEFT JOIN (SELECT cited, count(*) AS n FROM edges GROUP BY cited) c ON c.cited = p.id ORDER BY p.id`,
    )
    .all();
  const names = new Map<string, (RecordName & { page: string })[]>();
  const nameRows = db
    .prepare<[], { paper_id: string; names_json: string; source: string }>(
      `SELECT pm.paper_id, m.names_json, pg.source FROM mentions m JOIN paper_mentions pm ON pm.mention_id = m.id JOIN pages pg ON pg.id = m.page_id
       WHERE m.role = 'self' AND m.names_json IS NOT NULL ORDER BY pg.source, m.id`,
    )
    .all();
  for (const r of nameRows) {
    let list = names.get(r.paper_id);
    if (!list) names.set(r.paper_id, (list = []));
    for (const n of JSON.parse(r.names_json) as RecordName[]) list.push({ ...n, page: r.source });
  }
  return { papers, names };
}

/**
 * The rows to change for the index to hold what a full rebuild from the same papers would
 * (`rebuildSearchIndex`): papers whose text, figures or aliases differ are rewritten under their
 * row, new ones get rows after the largest, gone ones are deleted, and word counts and the
 * trigram index follow. Aliases are learnt over the whole collection (a series label, an acronym
 * the collection writes in capitals), so one new paper can change another's: those are found by
 * comparing, not guessed from what the batch touched.
 */
export interface SearchChanges {
  /** The stored index is of another format (or none): cleared first, every paper written. */
  clear: boolean;
  /** Rows of papers no longer in the map (their search_text/search_docs rowid, and id). */
  gone: { rowid: number; paperId: string }[];
  /** Papers to write under a row: their stored one when they had one (replaced), or a new one. */
  put: { rowid: number; replace: boolean; doc: IndexDoc }[];
  words: { put: [string, number][]; gone: string[] };
  grams: { put: string[]; gone: number[] };
  version: string;
  papers: number;
}

/**
 * What must change in the stored index (read now, in the caller's snapshot) for it to be the index
 * of `papers` (in id order, as the papers table will hold them) and their names, for the graph of
 * fingerprint `graphVersion`. Everything but the writing is done here, before the write transaction.
 */
export function searchChanges(db: Db, papers: readonly IndexPaper[], names: IndexNames, graphVersion: string, full = false): SearchChanges {
  const docs = indexDocs(papers, names);
  const clear = full || !searchIndexIsCurrent(db);
  const changes: SearchChanges = { clear, gone: [], put: [], words: { put: [], gone: [] }, grams: { put: [], gone: [] }, version: `${INDEX_FORMAT}:${graphVersion}`, papers: docs.length };
  const counts = wordCounts(docs);
  if (clear) {
    docs.forEach((doc, i) => changes.put.push({ rowid: i + 1, replace: false, doc }));
    changes.words.put = [...counts];
    changes.grams.put = [...counts.keys()].filter(gramWorthy);
    return changes;
  }
  const storedAliases = new Map<string, unknown[][]>();
  for (const row of db.prepare("SELECT paper_id, alias, key, kind, exact, titles, source FROM search_aliases ORDER BY paper_id, rowid").raw().iterate() as Iterable<unknown[]>) {
    const id = row[0] as string;
    let list = storedAliases.get(id);
    if (!list) storedAliases.set(id, (list = []));
    list.push(row);
  }
  const stored = new Map<string, { rowid: number; digest: string }>();
  let largest = 0;
  for (const row of db
    .prepare("SELECT d.rowid, t.title, t.names, t.terms, t.authors, t.venue, t.ids, d.paper_id, d.year, d.cited_in_map, d.reported, d.prior FROM search_docs d JOIN search_text t ON t.rowid = d.rowid")
    .raw()
    .iterate() as Iterable<unknown[]>) {
    const rowid = row[0] as number;
    const paperId = row[7] as string;
    largest = Math.max(largest, rowid);
    stored.set(paperId, { rowid, digest: docDigest(row.slice(1, 7), row.slice(7), storedAliases.get(paperId) ?? []) });
  }
  for (const doc of docs) {
    const before = stored.get(doc.paperId);
    stored.delete(doc.paperId);
    if (
      before?.digest ===
      docDigest(
        doc.text,
        doc.doc,
        doc.aliases.map((a) => [...aliasValues(a)]),
      )
    )
      continue;
    changes.put.push(before ? { rowid: before.rowid, replace: true, doc } : { rowid: ++largest, replace: false, doc });
  }
  for (const [paperId, { rowid }] of stored) changes.gone.push({ rowid, paperId });

  const grams = new Map<string, number>();
  for (const [rowid, word] of db.prepare("SELECT rowid, word FROM search_word_grams").raw().iterate() as Iterable<[number, string]>) grams.set(word, rowid);
  for (const [word, docCount] of db.prepare("SELECT word, docs FROM search_words").raw().iterate() as Iterable<[string, number]>) {
    const now = counts.get(word);
    if (now === undefined) changes.words.gone.push(word);
    else if (now !== docCount) changes.words.put.push([word, now]);
    counts.delete(word);
  }
  for (const [word, docCount] of counts) changes.words.put.push([word, docCount]);
  const wanted = new Set(changes.words.put.map(([w]) => w).filter(gramWorthy));
  for (const word of changes.words.gone) {
    const rowid = grams.get(word);
    if (rowid !== undefined) changes.grams.gone.push(rowid);
  }
  for (const word of wanted) if (!grams.has(word)) changes.grams.put.push(word);
  return changes;
}

/** Makes the changes; call inside the write transaction that writes the graph they are of. */
export function writeSearchChanges(db: Db, changes: SearchChanges): { papers: number; changed: number } {
  if (changes.clear) db.exec("DELETE FROM search_text; DELETE FROM search_docs; DELETE FROM search_aliases; DELETE FROM search_words; DELETE FROM search_word_grams;");
  const deleteText = db.prepare("DELETE FROM search_text WHERE rowid = ?");
  const deleteDoc = db.prepare("DELETE FROM search_docs WHERE rowid = ?");
  const deleteAliases = db.prepare("DELETE FROM search_aliases WHERE paper_id = ?");
  for (const { rowid, paperId } of changes.gone) {
    deleteText.run(rowid);
    deleteDoc.run(rowid);
    deleteAliases.run(paperId);
  }
  const insertText = db.prepare("INSERT INTO search_text (rowid, title, names, terms, authors, venue, ids) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const insertDoc = db.prepare("INSERT INTO search_docs (rowid, paper_id, year, cited_in_map, reported, prior) VALUES (?, ?, ?, ?, ?, ?)");
  const insertAlias = db.prepare("INSERT INTO search_aliases (paper_id, alias, key, kind, exact, titles, source) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const { rowid, replace, doc } of changes.put) {
    if (replace) {
      deleteText.run(rowid);
      deleteDoc.run(rowid);
      deleteAliases.run(doc.paperId);
    }
    insertText.run(rowid, ...doc.text);
    insertDoc.run(rowid, ...doc.doc);
    for (const a of doc.aliases) insertAlias.run(...aliasValues(a));
  }
  const putWord = db.prepare("INSERT OR REPLACE INTO search_words (word, docs) VALUES (?, ?)");
  const deleteWord = db.prepare("DELETE FROM search_words WHERE word = ?");
  for (const w of changes.words.gone) deleteWord.run(w);
  for (const [w, docs] of changes.words.put) putWord.run(w, docs);
  const deleteGram = db.prepare("DELETE FROM search_word_grams WHERE rowid = ?");
  const insertGram = db.prepare("INSERT INTO search_word_grams (word) VALUES (?)");
  for (const rowid of changes.grams.gone) deleteGram.run(rowid);
  for (const w of changes.grams.put) insertGram.run(w);
  // An index written whole after being cleared is merged into one segment: else every query also
  // reads the segments of the rows deleted (a few rebuilds of AAN's made its searches 3-8x slower).
  if (changes.clear) db.exec("INSERT INTO search_text (search_text) VALUES ('optimize'); INSERT INTO search_word_grams (search_word_grams) VALUES ('optimize');");
  db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES ('search_version', ?)").run(changes.version);
  return { papers: changes.papers, changed: changes.put.length + changes.gone.length };
}

/**
 * Rebuilds the whole index from the stored tables (a database an older Lineage wrote, a repair);
 * call inside the write transaction. Batches of pages change only the rows that differ (`searchChanges`).
 */
export function rebuildSearchIndex(db: Db): { papers: number; aliases: number } {
  const { papers, names } = storedInput(db);
  const changes = searchChanges(db, papers, names, graphVersion(db) ?? "", true);
  writeSearchChanges(db, changes);
  return { papers: changes.papers, aliases: changes.put.reduce((n, p) => n + p.doc.aliases.length, 0) };
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
  else {
    const join = options.any ? " OR " : " AND ";
    const terms: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as QueryWord;
      const next = words[i + 1];
      // This word and the next, or the one word they make ("frame net" or "framenet").
      if (w.joined && next) {
        terms.push(`((${term(w)}${join}${term(next)}) OR ${literal(w.joined)})`);
        i++;
      } else terms.push(term(w));
    }
    body = terms.join(join);
  }
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
             WHERE search_text MATCH ? ORDER BY b - ? * d.prior, d.paper_id LIMIT ?) h
       JOIN search_docs d ON d.rowid = h.row JOIN search_text t ON t.rowid = h.row
       ORDER BY h.b - h.prior, d.paper_id`,
    );
    this.rowsStatement = db.prepare<[string], number>("SELECT rowid FROM search_text WHERE search_text MATCH ?").pluck();
    this.exactAliasStatement = db.prepare<[string], { paper_id: string; alias: string; kind: AliasKind; source: string; titles: number | null }>(
      "SELECT paper_id, alias, kind, source, titles FROM search_aliases WHERE key = ? AND exact = 1 ORDER BY paper_id, rowid",
    );
    this.aliasesStatement = db.prepare<[string], { alias: string; kind: AliasKind; source: string; exact: number }>(
      "SELECT alias, kind, source, exact FROM search_aliases WHERE paper_id = ? ORDER BY exact DESC, rowid",
    );
    this.docStatement = db.prepare<[string], { year: number | null; cited_in_map: number; reported: number | null }>("SELECT year, cited_in_map, reported FROM search_docs WHERE paper_id = ?");
    this.wordStatement = db.prepare<[string], { docs: number }>("SELECT docs FROM search_words WHERE word = ?");
    this.gramStatement = db.prepare<[string, number], { word: string; docs: number }>(
      `SELECT g.word, w.docs FROM search_word_grams g JOIN search_words w ON w.word = g.word
       WHERE search_word_grams MATCH ? ORDER BY rank, g.word LIMIT ?`,
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
