/**
 * The search index's rows a batch changes, found from its reach (db/graph-increment.ts) rather than
 * by computing every paper's rows and comparing them all: the rows of the papers the reach holds,
 * of those it no longer holds, of papers whose count of citing papers changed, and of papers whose
 * aliases changed. Aliases are learnt over the whole collection (vocabulary/paper-aliases.ts: a
 * series label, an acronym the collection writes in capitals), so they are learnt again for every
 * paper, from the stored titles, abstracts and record names outside the reach, and compared with the
 * stored ones; every other part of a paper's rows depends on that paper alone. Word counts and the
 * trigram words change by the words of the rows rewritten. The changes are those
 * db/search-index.ts `searchChanges` finds comparing the whole index (test/db/graph-increment.test.ts).
 */
import type { Db } from "./connection.ts";
import { lookUp } from "./lookups.ts";
import { compareUtf8, type PaperValues } from "./graph-builder.ts";
import type { SearchReach } from "./graph-increment.ts";
import { aliasValues, collectionAliases, gramWorthy, indexable, indexDoc, INDEX_FORMAT, storedRecordNames, type IndexDoc, type IndexPaper, type SearchChanges } from "./search-index.ts";
import type { AliasKind, PaperAlias } from "../vocabulary/paper-aliases.ts";
import type { RecordName } from "../vocabulary/paper-page.ts";

/** A paper row as the index reads it. */
export function indexPaperOf(p: PaperValues, citedInMap: number): IndexPaper {
  return {
    id: p[0],
    title: p[1],
    year: p[3],
    abstract: p[9],
    authorsJson: p[14],
    venue: p[12],
    arxiv: p[4],
    doi: p[5],
    acl: p[6],
    openreview: p[7],
    s2: p[8],
    citedByCount: p[16],
    citedInMap,
  };
}

/** A stored paper's row in the index: its rowid, search_text's columns, then search_docs'. */
type StoredDoc = [rowid: number, ...text: IndexDoc["text"], ...doc: IndexDoc["doc"]];

/** What must change in the stored index (read now, in the caller's snapshot) for it to be the index of the graph an increment leaves, of fingerprint `graphVersion`. */
export function searchIncrement(db: Db, reach: SearchReach, graphVersion: string): SearchChanges {
  const reachPapers = reach.papers.map(({ row, citedInMap }) => indexable(indexPaperOf(row, citedInMap)));
  const aliasesOf = collectionAliases(subjects(db, reach, reachPapers), recordNames(db, reach));

  const storedAliases = new Map<string, unknown[][]>();
  for (const row of db.prepare("SELECT paper_id, alias, key, kind, exact, titles, source FROM search_aliases ORDER BY paper_id, rowid").raw().iterate() as Iterable<unknown[]>) {
    const id = row[0] as string;
    const list = storedAliases.get(id);
    if (list) list.push(row);
    else storedAliases.set(id, [row]);
  }
  const sameAliases = (id: string) => sameRows(storedAliases.get(id) ?? [], (aliasesOf.get(id) ?? []).map(aliasValues));
  /** Papers outside the reach whose rows may differ: other aliases, or another count of citing papers. */
  const outside = new Set<string>();
  for (const id of new Set([...storedAliases.keys(), ...aliasesOf.keys()])) if (!reach.reach.has(id) && !sameAliases(id)) outside.add(id);
  for (const id of reach.citedChange.keys()) outside.add(id);

  const IN = "IN (SELECT value FROM json_each(?))";
  const storedDocs = new Map<string, StoredDoc>();
  const docRows = db.prepare<[string], [string, ...StoredDoc]>(
    `SELECT d.paper_id, d.rowid, t.title, t.names, t.terms, t.authors, t.venue, t.ids, d.paper_id, d.year, d.cited_in_map, d.reported, d.prior
     FROM search_docs d JOIN search_text t ON t.rowid = d.rowid WHERE d.paper_id ${IN}`,
  );
  for (const [id, ...row] of lookUp(docRows.raw(), [...reach.papers.map((p) => p.row[0]), ...outside, ...reach.gone])) storedDocs.set(id, row);
  const outsidePapers = db.prepare<[string], IndexPaper>(
    `SELECT id, title, year, abstract, authors_json AS authorsJson, venue, arxiv_id AS arxiv, doi, acl_id AS acl, openreview_id AS openreview, s2_id AS s2,
            cited_by_count AS citedByCount, (SELECT count(*) FROM edges WHERE cited = papers.id) AS citedInMap
     FROM papers WHERE id ${IN}`,
  );
  /** Stored papers as the index read them when it wrote their rows (the map before the batch). */
  const storedPapers = (ids: Iterable<string>) => new Map(lookUp(outsidePapers, ids).map((p) => [p.id, indexable(p)]));
  const candidates = [...reachPapers];
  for (const p of storedPapers(outside).values()) candidates.push({ ...p, citedInMap: p.citedInMap + (reach.citedChange.get(p.id) ?? 0) });
  candidates.sort((a, b) => compareUtf8(a.id, b.id));

  const changes: SearchChanges = {
    clear: false,
    gone: [],
    put: [],
    words: { put: [], gone: [] },
    grams: { put: [], gone: [] },
    version: `${INDEX_FORMAT}:${graphVersion}`,
    papers: reach.papersInGraph,
  };
  const wordChange = new Map<string, number>();
  const count = (words: readonly string[], by: number) => {
    for (const w of words) wordChange.set(w, (wordChange.get(w) ?? 0) + by);
  };
  let largest = (db.prepare("SELECT max(rowid) FROM search_docs").pluck().get() as number | null) ?? 0;
  /** Papers whose stored rows are replaced or deleted: the words those rows held no longer count. */
  const rewritten: string[] = [];
  for (const p of candidates) {
    const doc = indexDoc(p, aliasesOf.get(p.id) ?? []);
    const before = storedDocs.get(p.id);
    if (before && sameRows([before.slice(1)], [[...doc.text, ...doc.doc]]) && sameAliases(p.id)) continue;
    if (before) rewritten.push(p.id);
    count(doc.words, 1);
    changes.put.push(before ? { rowid: before[0], replace: true, doc } : { rowid: ++largest, replace: false, doc });
  }
  for (const paperId of reach.gone) {
    const before = storedDocs.get(paperId);
    if (!before) continue;
    rewritten.push(paperId);
    changes.gone.push({ rowid: before[0], paperId });
  }
  // A stored row's words are those its paper's rows were made with (db/search-index.ts
  // `indexDoc`, from the stored paper and aliases: the code that wrote them is this code's,
  // db/derivation.ts), not every word of its text.
  const before = storedPapers(rewritten);
  for (const id of rewritten) {
    const p = before.get(id);
    if (p) count(indexDoc(p, (storedAliases.get(id) ?? []).map(storedAlias)).words, -1);
  }

  const docsOf = new Map(
    lookUp(
      db.prepare<[string], [string, number]>(`SELECT word, docs FROM search_words WHERE word ${IN}`).raw(),
      [...wordChange].filter(([, n]) => n !== 0).map(([w]) => w),
    ),
  );
  const gramOf = db.prepare<[string, string], number>("SELECT rowid FROM search_word_grams WHERE search_word_grams MATCH ? AND word = ?").pluck();
  for (const [word, change] of wordChange) {
    if (change === 0) continue;
    const was = docsOf.get(word) ?? 0;
    const now = was + change;
    if (now > 0) changes.words.put.push([word, now]);
    else changes.words.gone.push(word);
    if (!gramWorthy(word)) continue;
    if (was === 0 && now > 0) changes.grams.put.push(word);
    if (was > 0 && now <= 0) {
      const rowid = gramOf.get(`"${word.replace(/"/g, '""')}"`, word);
      if (rowid !== undefined) changes.grams.gone.push(rowid);
    }
  }
  return changes;
}

/** A row of search_aliases as learnt. */
function storedAlias(row: unknown[]): PaperAlias {
  const [paperId, alias, key, kind, exact, titles, source] = row as [string, string, string, AliasKind, number, number | null, string];
  return { paperId, alias, key, kind, source, exact: exact === 1, ...(titles === null ? {} : { titles }) };
}

/** Whether two lists of rows hold the same values in the same order. */
function sameRows(a: readonly (readonly unknown[])[], b: readonly (readonly unknown[])[]): boolean {
  return a.length === b.length && a.every((row, i) => row.length === b[i]?.length && row.every((v, k) => v === b[i]?.[k]));
}

/** Every paper of the graph, for alias learning: the stored ones outside the reach and the reach's, in id order. */
function subjects(db: Db, reach: SearchReach, reachPapers: readonly IndexPaper[]): { id: string; title: string | null; abstract: string | null }[] {
  const out: { id: string; title: string | null; abstract: string | null }[] = [];
  for (const [id, title, abstract] of db.prepare("SELECT id, title, abstract FROM papers").raw().iterate() as Iterable<[string, string | null, string | null]>) {
    if (!reach.reach.has(id)) out.push(indexable({ id, title, abstract }));
  }
  for (const p of reachPapers) out.push(p);
  return out.sort((a, b) => compareUtf8(a.id, b.id));
}

/** The names records give each paper: the stored ones outside the reach, and the reach's, by page source then mention id. */
function recordNames(db: Db, reach: SearchReach): Map<string, (RecordName & { page: string })[]> {
  const names = storedRecordNames(db);
  for (const id of reach.reach) names.delete(id);
  const sorted = [...reach.names].sort((a, b) => compareUtf8(a[1], b[1]) || a[2] - b[2]);
  for (const [paper, source, , json] of sorted) {
    let list = names.get(paper);
    if (!list) names.set(paper, (list = []));
    for (const n of JSON.parse(json) as RecordName[]) list.push({ ...n, page: source });
  }
  return names;
}
