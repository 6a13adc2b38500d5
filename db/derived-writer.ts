/**
 * The derived tables (papers, paper_mentions, edges, merge_log) brought to a graph derived in
 * memory (db/graph-builder.ts) by writing only the rows that differ from what is stored: what is
 * stored is read and compared beforehand, outside the write transaction (`derivedChanges`), and
 * the transaction only deletes, inserts and replaces those rows (`writeDerivedChanges`), so that a
 * batch that changes a few papers of a large graph holds the write lock for the rows it changes,
 * not for the whole graph. A table changed more than half over is refilled with its secondary
 * indexes dropped and built once at the end (db/derived-indexes.ts); the merge log, short and
 * ordered, is rewritten whole when it changed. Also the graph's summary and fingerprint.
 */
import { createHash } from "node:crypto";
import type { Db } from "./connection.ts";
import { withoutIndexes } from "./derived-indexes.ts";
import type { BuildSummary, DecisionValues, DerivedGraph, PaperValues } from "./graph-builder.ts";

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
  /** The whole merge log, when it changed at all. */
  decisions?: DecisionValues[];
  summary: BuildSummary;
  version: string;
}

const PAPER_COLUMNS =
  "id, title, norm_title, year, arxiv_id, doi, acl_id, openreview_id, s2_id, abstract, title_inferred, stub, venue, date, authors_json, directions_json, cited_by_count, field_sources_json, cited_by_report";
const DECISION_COLUMNS = "paper_a, paper_b, decision, rule, detail, mention_a, mention_b";

const digest = (values: readonly unknown[]) => createHash("md5").update(JSON.stringify(values)).digest("base64");
const edgeKey = (citing: string, cited: string) => `${citing}\u0000${cited}`;

/** Whether a table is better refilled whole (its indexes dropped meanwhile) than changed row by row. */
const refill = (changed: number, stored: number) => stored === 0 || changed > stored / 2;

/** What must change in the stored derived tables (read now, in the caller's snapshot) for them to hold `graph`. */
export function derivedChanges(db: Db, graph: DerivedGraph): DerivedChanges {
  const storedPapers = new Map<string, string>();
  for (const row of db.prepare(`SELECT ${PAPER_COLUMNS} FROM papers`).raw().iterate() as Iterable<PaperValues>) storedPapers.set(row[0], digest(row));
  const papersStored = storedPapers.size;
  const papers = { gone: [] as string[], put: [] as PaperValues[] };
  for (const p of graph.papers) {
    if (storedPapers.get(p[0]) !== digest(p)) papers.put.push(p);
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

  const decisions = db.prepare(`SELECT ${DECISION_COLUMNS} FROM merge_log ORDER BY id`).raw().all() as DecisionValues[];
  const sameDecisions = decisions.length === graph.decisions.length && graph.decisions.every((d, k) => digest(d) === digest(decisions[k] as DecisionValues));

  return {
    papers: Object.assign(papers, { refill: refill(papers.gone.length + papers.put.length, papersStored) }),
    paperMentions: Object.assign(paperMentions, { refill: refill(paperMentions.gone.length + paperMentions.put.length, mentionsStored) }),
    edges: Object.assign(edges, { refill: refill(edges.gone.length + edges.put.length, edgesStored) }),
    ...(sameDecisions ? {} : { decisions: graph.decisions }),
    summary: graph.summary,
    version: graph.version,
  };
}

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
  const { decisions } = changes;
  if (decisions) {
    withoutIndexes(db, ["merge_log"], () => {
      db.exec("DELETE FROM merge_log");
      const put = db.prepare(`INSERT INTO merge_log (${DECISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
      for (const d of decisions) put.run(...d);
    });
  }
  const setMeta = db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES (?, ?)");
  setMeta.run("built", JSON.stringify(changes.summary));
  setMeta.run("version", changes.version);
  return changes.summary;
}
