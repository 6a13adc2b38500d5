/**
 * The derived tables (papers, paper_mentions, edges, merge_log) brought to a graph derived in
 * memory (db/graph-builder.ts) by writing only the rows that differ from what is stored: read
 * beforehand (`storedDerived`, outside the write transaction), then deleted, inserted or
 * replaced, so that a batch that changes a few papers of a large graph holds the write lock for
 * the rows it changes, not for the whole graph. A table changed more than half over is refilled
 * with its secondary indexes dropped and built once at the end (db/derived-indexes.ts); the merge
 * log, short and ordered, is rewritten whole when it changed. Also the graph's summary and
 * fingerprint in graph_meta.
 */
import { createHash } from "node:crypto";
import type { Db } from "./connection.ts";
import { withoutIndexes } from "./derived-indexes.ts";
import type { BuildSummary, DecisionValues, DerivedGraph, PaperValues } from "./graph-builder.ts";

/** What is stored of the derived tables, as much as a diff needs. */
export interface StoredDerived {
  /** Paper id → a digest of its row. */
  papers: Map<string, string>;
  paperOf: Map<number, string>;
  /** `citing\0cited`. */
  edges: Set<string>;
  /** A digest of each decision's values, in id order (the order `lineage explain` lists them in). */
  decisions: string[];
}

const PAPER_COLUMNS =
  "id, title, norm_title, year, arxiv_id, doi, acl_id, openreview_id, s2_id, abstract, title_inferred, stub, venue, date, authors_json, directions_json, cited_by_count, field_sources_json";
const DECISION_COLUMNS = "paper_a, paper_b, decision, rule, detail, mention_a, mention_b";

const digest = (values: readonly unknown[]) => createHash("md5").update(JSON.stringify(values)).digest("base64");
const edgeKey = (citing: string, cited: string) => `${citing}\u0000${cited}`;

export function storedDerived(db: Db): StoredDerived {
  const papers = new Map<string, string>();
  for (const row of db.prepare(`SELECT ${PAPER_COLUMNS} FROM papers`).raw().iterate() as Iterable<PaperValues>) papers.set(row[0], digest(row));
  const paperOf = new Map<number, string>();
  for (const [mention, paper] of db.prepare("SELECT mention_id, paper_id FROM paper_mentions").raw().iterate() as Iterable<[number, string]>) paperOf.set(mention, paper);
  const edges = new Set<string>();
  for (const [citing, cited] of db.prepare("SELECT citing, cited FROM edges").raw().iterate() as Iterable<[string, string]>) edges.add(edgeKey(citing, cited));
  const decisions: string[] = [];
  for (const values of db.prepare(`SELECT ${DECISION_COLUMNS} FROM merge_log ORDER BY id`).raw().iterate() as Iterable<DecisionValues>) decisions.push(digest(values));
  return { papers, paperOf, edges, decisions };
}

/** Whether a table is better refilled whole (its indexes dropped meanwhile) than changed row by row. */
const refill = (changed: number, stored: number) => stored === 0 || changed > stored / 2;

/** Writes `graph` over the derived tables as `stored` found them; call inside the write transaction. */
export function writeDerivedGraph(db: Db, graph: DerivedGraph, stored: StoredDerived): BuildSummary {
  writePapers(db, graph.papers, stored.papers);
  writePaperMentions(db, graph.paperOf, stored.paperOf);
  writeEdges(db, graph.edges, stored.edges);
  writeDecisions(db, graph.decisions, stored.decisions);
  const setMeta = db.prepare("INSERT OR REPLACE INTO graph_meta (key, value) VALUES (?, ?)");
  setMeta.run("built", JSON.stringify(graph.summary));
  setMeta.run("version", graph.version);
  return graph.summary;
}

function writePapers(db: Db, papers: readonly PaperValues[], stored: ReadonlyMap<string, string>): void {
  const kept = new Set<string>();
  const changed: PaperValues[] = [];
  for (const p of papers) {
    kept.add(p[0]);
    if (stored.get(p[0]) !== digest(p)) changed.push(p);
  }
  const gone = [...stored.keys()].filter((id) => !kept.has(id));
  const apply = () => {
    const remove = db.prepare<[string]>("DELETE FROM papers WHERE id = ?");
    for (const id of gone) remove.run(id);
    const put = db.prepare(
      `INSERT OR REPLACE INTO papers (${PAPER_COLUMNS}) VALUES (${PAPER_COLUMNS.split(",")
        .map(() => "?")
        .join(", ")})`,
    );
    for (const p of changed) put.run(...p);
  };
  if (refill(gone.length + changed.length, stored.size)) withoutIndexes(db, ["papers"], apply);
  else apply();
}

function writePaperMentions(db: Db, paperOf: ReadonlyMap<number, string>, stored: ReadonlyMap<number, string>): void {
  const gone = [...stored.keys()].filter((m) => !paperOf.has(m));
  const changed = [...paperOf].filter(([m, paper]) => stored.get(m) !== paper).sort((a, b) => a[0] - b[0]);
  const apply = () => {
    const remove = db.prepare<[number]>("DELETE FROM paper_mentions WHERE mention_id = ?");
    for (const m of gone) remove.run(m);
    const put = db.prepare("INSERT OR REPLACE INTO paper_mentions (mention_id, paper_id) VALUES (?, ?)");
    for (const [m, paper] of changed) put.run(m, paper);
  };
  if (refill(gone.length + changed.length, stored.size)) withoutIndexes(db, ["paper_mentions"], apply);
  else apply();
}

function writeEdges(db: Db, edges: readonly [string, string][], stored: ReadonlySet<string>): void {
  const kept = new Set<string>();
  const added: [string, string][] = [];
  for (const [citing, cited] of edges) {
    const key = edgeKey(citing, cited);
    kept.add(key);
    if (!stored.has(key)) added.push([citing, cited]);
  }
  const gone = [...stored].filter((key) => !kept.has(key)).map((key) => key.split("\u0000") as [string, string]);
  const apply = () => {
    const remove = db.prepare<[string, string]>("DELETE FROM edges WHERE citing = ? AND cited = ?");
    for (const [citing, cited] of gone) remove.run(citing, cited);
    const put = db.prepare("INSERT OR IGNORE INTO edges (citing, cited) VALUES (?, ?)");
    for (const [citing, cited] of added) put.run(citing, cited);
  };
  if (refill(gone.length + added.length, stored.size)) withoutIndexes(db, ["edges"], apply);
  else apply();
}

/** The merge log is kept in the order the decisions were made: rewritten whole when it changed at all (it is short). */
function writeDecisions(db: Db, decisions: readonly DecisionValues[], stored: readonly string[]): void {
  if (decisions.length === stored.length && decisions.every((d, k) => digest(d) === stored[k])) return;
  withoutIndexes(db, ["merge_log"], () => {
    db.exec("DELETE FROM merge_log");
    const put = db.prepare(`INSERT INTO merge_log (${DECISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    for (const d of decisions) put.run(...d);
  });
}
