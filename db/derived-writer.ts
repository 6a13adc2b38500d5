/**
 * The derived tables (papers, paper_mentions, edges, merge_log, paper_keys) brought to a graph
 * derived in memory (db/graph-builder.ts, or from a batch's reach, db/graph-increment.ts) by
 * writing only the rows that differ from what is stored: what is
 * stored is read and compared beforehand, outside the write transaction (`derivedChanges`), and
 * the transaction only deletes, inserts and replaces those rows (`writeDerivedChanges`), so that a
 * batch that changes a few papers of a large graph holds the write lock for the rows it changes,
 * not for the whole graph. A table changed more than half over is refilled with its secondary
 * indexes dropped and built once at the end (db/derived-indexes.ts); the merge log, short and
 * ordered, is rewritten whole when it changed (or, for a batch's reach, the decisions of its
 * papers). Also the graph's summary and fingerprint, and which code derived it (db/derivation.ts).
 */
import { createHash } from "node:crypto";
import type { Db } from "./connection.ts";
import { withoutIndexes } from "./derived-indexes.ts";
import { compareUtf8, type BuildSummary, type DecisionValues, type DerivedGraph, type PaperValues } from "./graph-builder.ts";
import { storedKeyPairs } from "./identity-keys.ts";
import { derivationVersion } from "./derivation.ts";

/** The rows to change in one derived table, and whether to refill it (change it with its indexes dropped). */
interface TableChanges<K, R> {
  gone: K[];
  put: R[];
  refill: boolean;
}

/** What must change for the derived tables to hold a graph. */
export interface DerivedChanges {
  papers: TableChanges<string, PaperValues>;
  paperMentions: TableChanges<number, [number, string]>;
  edges: TableChanges<[string, string], [string, string]>;
  /** Each paper's identity keys, [key, paper] (db/identity-keys.ts). */
  keys: TableChanges<[number, string], [number, string]>;
  /**
   * Merge decisions to replace, when any changed: the whole log, or the decisions of some papers
   * (those whose `paper_a` they are: a batch's reach, db/graph-increment.ts); `put` is appended.
   */
  decisions?: { replace: "all" | readonly string[]; put: DecisionValues[] };
  summary: BuildSummary;
  version: string;
}

export const PAPER_COLUMNS =
  "id, title, norm_title, year, arxiv_id, doi, acl_id, openreview_id, s2_id, abstract, title_inferred, stub, venue, date, authors_json, directions_json, cited_by_count, field_sources_json, cited_by_report";
export const DECISION_COLUMNS = "paper_a, paper_b, decision, rule, detail, mention_a, mention_b";

const digest = (values: readonly unknown[]) => createHash("md5").update(JSON.stringify(values)).digest("base64");
const edgeKey = (citing: string, cited: string) => `${citing}\u0000${cited}`;

/** What must change in the stored derived tables (read now, in the caller's snapshot) for them to hold `graph`. */
export function derivedChanges(db: Db, graph: DerivedGraph): DerivedChanges {
  const storedPapers = new Map<string, string>();
  for (const row of db.prepare(`SELECT ${PAPER_COLUMNS} FROM papers`).raw().iterate() as Iterable<PaperValues>) storedPapers.set(row[0], digest(row));
  const papersStored = storedPapers.size;
  const papers = { gone: [] as string[], put: [] as PaperValues[] };
  for (const p of graph.papers) {
    const before = storedPapers.get(p[0]);
    if (before === undefined || before !== digest(p)) papers.put.push(p);
    storedPapers.delete(p[0]);
  }
  papers.gone = [...storedPapers.keys()];

  const paperMentions = { gone: [] as number[], put: [] as [number, string][] };
  const storedPaperOf = new Map<number, string>();
  for (const [mention, paper] of db.prepare("SELECT mention_id, paper_id FROM paper_mentions").raw().iterate() as Iterable<[number, string]>) storedPaperOf.set(mention, paper);
  const mentionsStored = storedPaperOf.size;
  for (const [mention, paper] of graph.paperOf) {
    if (storedPaperOf.get(mention) !== paper) paperMentions.put.push([mention, paper]);
    storedPaperOf.delete(mention);
  }
  paperMentions.gone = [...storedPaperOf.keys()];
  paperMentions.put.sort((a, b) => a[0] - b[0]);

  const storedEdges = new Set<string>();
  for (const [citing, cited] of db.prepare("SELECT citing, cited FROM edges").raw().iterate() as Iterable<[string, string]>) storedEdges.add(edgeKey(citing, cited));
  const edgesStored = storedEdges.size;
  const edges = { gone: [] as [string, string][], put: [] as [string, string][] };
  for (const [citing, cited] of graph.edges) if (!storedEdges.delete(edgeKey(citing, cited))) edges.put.push([citing, cited]);
  edges.gone = [...storedEdges].map((key) => key.split("\u0000") as [string, string]);

  const storedKeys = new Set<string>();
  for (const [key, paper] of storedKeyPairs(db)) storedKeys.add(edgeKey(String(key), paper));
  const keysStored = storedKeys.size;
  const keys = { gone: [] as [number, string][], put: [] as [number, string][] };
  for (const [paper, its] of graph.keys) for (const key of its) if (!storedKeys.delete(edgeKey(String(key), paper))) keys.put.push([key, paper]);
  keys.gone = [...storedKeys].map((k) => {
    const [key, paper] = k.split("\u0000");
    return [Number(key), paper ?? ""];
  });
  // In key order, so that each insert lands at the end of the table's b-tree (random order took
  // two seconds more for the 300,000 keys of a 100,000-entry .bib).
  keys.put.sort(byKey);

  const decisions = db.prepare(`SELECT ${DECISION_COLUMNS} FROM merge_log ORDER BY id`).raw().all() as DecisionValues[];

  return {
    papers: Object.assign(papers, { refill: refill(papers.gone.length + papers.put.length, papersStored) }),
    paperMentions: Object.assign(paperMentions, { refill: refill(paperMentions.gone.length + paperMentions.put.length, mentionsStored) }),
    edges: Object.assign(edges, { refill: refill(edges.gone.length + edges.put.length, edgesStored) }),
    keys: Object.assign(keys, { refill: refill(keys.gone.length + keys.put.length, keysStored) }),
    ...(sameDecisions(decisions, graph.decisions) ? {} : { decisions: { replace: "all" as const, put: graph.decisions } }),
    summary: graph.summary,
    version: graph.version,
  };
}

/** [key, paper] pairs in the order of paper_keys' primary key. */
export const byKey = (a: readonly [number, string], b: readonly [number, string]) => a[0] - b[0] || compareUtf8(a[1], b[1]);

/** Whether two lists of merge decisions are the same, in the same order. */
export function sameDecisions(a: readonly DecisionValues[], b: readonly DecisionValues[]): boolean {
  return a.length === b.length && a.every((d, k) => digest(d) === digest(b[k] as DecisionValues));
}

/** Whether a table is better refilled whole (its indexes dropped meanwhile) than changed row by row. */
export const refill = (changed: number, stored: number) => stored === 0 || changed > stored / 2;

/** Makes the changes; call inside the write transaction. */
export function writeDerivedChanges(db: Db, changes: DerivedChanges): BuildSummary {
  const table = <K, R>(name: string, c: TableChanges<K, R>, remove: string, put: string, args: (k: K) => unknown[], values: (r: R) => unknown[]) => {
    if (c.gone.length === 0 && c.put.length === 0) return;
    const apply = () => {
      const del = db.prepare(remove);
      for (const k of c.gone) del.run(...args(k));
      const ins = db.prepare(put);
      for (const r of c.put) ins.run(...values(r));
    };
    if (c.refill) withoutIndexes(db, [name], apply);
    else apply();
  };
  table(
    "papers",
    changes.papers,
    "DELETE FROM papers WHERE id = ?",
    `INSERT OR REPLACE INTO papers (${PAPER_COLUMNS}) VALUES (${PAPER_COLUMNS.split(",")
      .map(() => "?")
      .join(", ")})`,
    (id) => [id],
    (p) => p,
  );
  table(
    "paper_mentions",
    changes.paperMentions,
    "DELETE FROM paper_mentions WHERE mention_id = ?",
    "INSERT OR REPLACE INTO paper_mentions (mention_id, paper_id) VALUES (?, ?)",
    (m) => [m],
    (r) => r,
  );
  table(
    "edges",
    changes.edges,
    "DELETE FROM edges WHERE citing = ? AND cited = ?",
    "INSERT OR IGNORE INTO edges (citing, cited) VALUES (?, ?)",
    (e) => e,
    (e) => e,
  );
  table(
    "paper_keys",
    changes.keys,
    "DELETE FROM paper_keys WHERE key = ? AND paper_id = ?",
    "INSERT OR IGNORE INTO paper_keys (key, paper_id) VALUES (?, ?)",
    (k) => k,
    (k) => k,
  );
  const { decisions } = changes;
  if (decisions) {
    const put = () => {
      const insert = db.prepare(`INSERT INTO merge_log (${DECISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
      for (const d of decisions.put) insert.run(...d);
    };
    if (decisions.replace === "all") {
      withoutIndexes(db, ["merge_log"], () => {
        db.exec("DELETE FROM merge_log");
        put();
      });
    } else {
      const remove = db.prepare("DELETE FROM merge_log WHERE paper_a = ?");
      for (const paper of decisions.replace) remove.run(paper);
      put();
    }
  }
  const setMeta = db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES (?, ?)");
  setMeta.run("built", JSON.stringify(changes.summary));
  setMeta.run("version", changes.version);
  // The derived rows, keys included, are now those this code derives: the next batch may build on them.
  const derivation = derivationVersion();
  if (derivation === undefined) db.prepare("DELETE FROM graph_meta WHERE key = 'derivation'").run();
  else setMeta.run("derivation", derivation);
  return changes.summary;
}
