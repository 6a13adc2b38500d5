/**
 * A batch of pages written in two steps, so that the write lock is held only to store rows:
 * `planBatch` reads one snapshot of the database (the stored pages, their mentions and the
 * derived rows), decides what each page comes to (new, updated, unchanged, or refused with its
 * reason), numbers the new rows and derives the graph they leave, with the search index's rows
 * that graph changes (db/search-index.ts), all before any transaction writes: from what the batch
 * can reach (db/graph-increment.ts, db/search-increment.ts) when the stored derived rows are this
 * code's (db/derivation.ts), else from every mention; `commitBatch` then
 * stores the pages, the derived rows and the index rows that differ, with what the
 * caller computed from the planned graph (its layout and traversal index), in one IMMEDIATE
 * transaction that calls nothing outside db/. If another connection changed the pages or the graph
 * between the two, the commit refuses (`StaleBatch`) and the caller plans again. A reader sees the
 * old graph or the new one, never half; a process killed at any point leaves the old one.
 */
import { createHash } from "node:crypto";
import { withoutForeignKeys, type Db } from "./connection.ts";
import { derivedChanges, writeDerivedChanges, type DerivedChanges } from "./derived-writer.ts";
import {
  compareUtf8,
  deriveGraph,
  mentionRaw,
  mentionRows,
  storedMentions,
  storedPages,
  type BuildSummary,
  type DerivedGraph,
  type GraphShape,
  type MentionRaw,
  type PageInfo,
} from "./graph-builder.ts";
import { graphIncrement } from "./graph-increment.ts";
import { indexPaperOf, searchIncrement } from "./search-increment.ts";
import { derivedByThisCode } from "./derivation.ts";
import { writeIndexArrays, type IndexArrays } from "./graph-index-store.ts";
import { writeLayout, type StoredPlacement } from "./layout-store.ts";
import { searchChanges, searchIndexIsCurrent, writeSearchChanges, type IndexNames, type SearchChanges } from "./search-index.ts";
import type { RecordName } from "../vocabulary/paper-page.ts";
import { mentionValues, pageValues, PageWriter, type MentionValues, type PageRecord, type PageValues, type WriteStatus } from "./page-writer.ts";

export interface BatchOptions {
  /** Sources of pages to forget in the same batch. */
  remove?: readonly string[];
  /** Derive and store the graph even when no page changed (a repair). */
  rebuild?: boolean;
  now?: string;
}

interface PlannedPage {
  source: string;
  id: number;
  values: PageValues;
  mentions: MentionValues[];
  firstMention: number;
}

/** What a batch comes to, and what is to be written for it. */
export interface BatchPlan {
  statuses: { source: string; status: WriteStatus }[];
  failures: { source: string; reason: string }[];
  /** Sources of `remove` that were stored. */
  removed: string[];
  /** Absent when nothing is to change. */
  write?: {
    deletePages: number[];
    insertPages: PlannedPage[];
    /** The graph the batch leaves (its layout and index are the caller's to compute). */
    graph: GraphShape;
    /** The derived rows to change, found from the snapshot. */
    changes: DerivedChanges;
    /** The search index's rows to change, found from the snapshot (db/search-index.ts). */
    search: SearchChanges;
    /** Papers the reach held before or holds after, when the graph was derived from the batch's reach (db/graph-increment.ts), not whole. */
    reach?: number;
    /** Whether the stored layout and traversal index are of the planned graph already. */
    current: { layout: boolean; index: boolean };
  };
  /** What the snapshot saw: a commit checks nothing changed since. */
  token: { dataVersion: number; digest: string };
}

/** What the caller derived from a plan's graph, stored in the same transaction. */
export interface BatchArtifacts {
  layout?: readonly StoredPlacement[];
  index?: IndexArrays;
}

/** Another connection changed the pages or the graph since the plan's snapshot: plan again. */
export class StaleBatch extends Error {}

/** A page SQLite would not store: plan again without it (it is reported with its reason). */
export class PageRefused extends Error {
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`${source}: ${reason}`);
  }
}

/** What the pages and the graph are now, cheaply: data_version says whether another connection committed, the digest whether it touched them. */
function snapshotDigest(db: Db): string {
  const hash = createHash("sha1");
  for (const [id, contentHash] of db.prepare("SELECT id, content_hash FROM pages ORDER BY id").raw().iterate() as Iterable<[number, string]>) hash.update(`${id} ${contentHash}\n`);
  for (const [key, value] of db.prepare("SELECT key, value FROM graph_meta ORDER BY key").raw().iterate() as Iterable<[string, string]>) hash.update(`${key}=${value}\n`);
  const counts = db
    .prepare("SELECT (SELECT count(*) FROM mentions), (SELECT max(id) FROM mentions), (SELECT count(*) FROM papers), (SELECT count(*) FROM edges), (SELECT count(*) FROM paper_mentions)")
    .raw()
    .get();
  hash.update(JSON.stringify(counts));
  return hash.digest("hex");
}

const dataVersion = (db: Db) => db.pragma("data_version", { simple: true }) as number;

/** Plans a batch from one read snapshot (or inside the caller's transaction). */
export function planBatch(db: Db, records: readonly PageRecord[], options: BatchOptions = {}): BatchPlan {
  const now = options.now ?? new Date().toISOString();
  const snapshot = <T>(read: () => T): T => {
    if (db.inTransaction) return read();
    db.exec("BEGIN");
    try {
      return read();
    } finally {
      if (db.inTransaction) db.exec("COMMIT");
    }
  };
  return snapshot(() => {
    const token = { dataVersion: dataVersion(db), digest: snapshotDigest(db) };
    const pages = db.prepare("SELECT id, source, content_hash FROM pages").raw().all() as [number, string, string][];
    const current = new Map<string, { id: number; contentHash: string }>(pages.map(([id, source, contentHash]) => [source, { id, contentHash }]));
    const numbers = new RowNumbers(
      pages.map((p) => p[0]),
      db.prepare("SELECT page_id, max(id) FROM mentions GROUP BY page_id").raw().all() as [number, number][],
    );
    const deleted = new Set<number>();
    const planned = new Map<number, PlannedPage>();
    const plan: BatchPlan = { statuses: [], failures: [], removed: [], token };
    const forget = (id: number) => {
      numbers.forget(id);
      if (!planned.delete(id)) deleted.add(id);
    };
    for (const source of options.remove ?? []) {
      const stored = current.get(source);
      if (!stored) continue;
      forget(stored.id);
      current.delete(source);
      plan.removed.push(source);
    }
    for (const record of records) {
      let values: PageValues;
      let mentions: MentionValues[];
      try {
        values = pageValues(record, now);
        mentions = mentionValues(record.page);
      } catch (err) {
        plan.failures.push({ source: record.source, reason: `could not store page (${(err as Error).message})` });
        continue;
      }
      const existing = current.get(record.source);
      if (existing?.contentHash === record.contentHash) {
        plan.statuses.push({ source: record.source, status: "unchanged" });
        continue;
      }
      if (existing) forget(existing.id);
      const { id, firstMention } = numbers.next(mentions.length);
      planned.set(id, { source: record.source, id, values, mentions, firstMention });
      current.set(record.source, { id, contentHash: record.contentHash });
      plan.statuses.push({ source: record.source, status: existing ? "updated" : "ingested" });
    }
    const papers = db.prepare("SELECT count(*) FROM papers").pluck().get() as number;
    if (planned.size === 0 && deleted.size === 0 && papers > 0 && !options.rebuild) return plan;
    const meta = (sql: string) => (db.prepare(sql).pluck().get() as string | undefined) ?? null;
    const reachable = !options.rebuild && papers > 0 && derivedByThisCode(db) && searchIndexIsCurrent(db);
    const derived = reachable ? incrementally(db, deleted, planned) : wholly(db, deleted, planned);
    const stored = {
      layout: meta("SELECT value FROM graph_meta WHERE key = 'layout_version'") === derived.graph.version,
      index: meta("SELECT version FROM graph_index WHERE part = 'ids'") === derived.graph.version,
    };
    plan.write = { deletePages: [...deleted], insertPages: [...planned.values()], ...derived, current: stored };
    return plan;
  });
}

type Derived = Pick<NonNullable<BatchPlan["write"]>, "graph" | "changes" | "search" | "reach">;

/** The graph a batch leaves derived from every mention the map will hold, its derived rows and index compared whole with those stored. */
function wholly(db: Db, deleted: ReadonlySet<number>, planned: ReadonlyMap<number, PlannedPage>): Derived {
  const kept = storedPages(db).filter((p) => !deleted.has(p.id));
  for (const p of planned.values()) kept.push(plannedInfo(p));
  const graph = deriveGraph(mentionRows(kept, mentionsAfter(db, deleted, planned)));
  const search = searchChanges(db, indexPapers(graph), recordNames(db, graph, deleted, planned), graph.version);
  return { graph: { ids: graph.papers.map((p) => p[0]), edges: graph.edges, version: graph.version }, changes: derivedChanges(db, graph), search };
}

/** The graph a batch leaves derived from what it can reach (db/graph-increment.ts), on the stored rows of the rest. */
function incrementally(db: Db, deleted: ReadonlySet<number>, planned: ReadonlyMap<number, PlannedPage>): Derived {
  const mentions: MentionRaw[] = [];
  const names = new Map<number, string>();
  for (const p of planned.values()) {
    p.mentions.forEach((m, k) => {
      mentions.push(mentionRaw(p.firstMention + k, p.id, m));
      if (m[0] === "self" && m[19] !== null) names.set(p.firstMention + k, m[19]);
    });
  }
  const increment = graphIncrement(db, deleted, { pages: [...planned.values()].map(plannedInfo), mentions, names });
  return { graph: increment.shape, changes: increment.changes, search: searchIncrement(db, increment.search, increment.shape.version), reach: increment.search.reach.size };
}

/** A planned page as the builder reads it. */
const plannedInfo = (p: PlannedPage): PageInfo => ({
  id: p.id,
  contentHash: p.values[1],
  dataThrough: p.values[5],
  factsJson: p.values[7],
  format: p.values[2],
  source: p.values[0],
  ingestedAt: p.values[6],
});

/**
 * The ids SQLite would give the batch's rows, had it deleted and inserted them one page after
 * another: one more than the largest id left at the time (so a page replaced by its newer
 * capture, when it was the newest, keeps its id, as it always has).
 */
class RowNumbers {
  private readonly pages: Set<number>;
  private largestPage: number;
  /** Each page's largest mention id; mentions of pages that are not stored count as page NaN. */
  private readonly mentionsOf: Map<number, number>;
  private largestMention: number;

  constructor(pageIds: readonly number[], mentionMax: readonly [number, number][]) {
    this.pages = new Set(pageIds);
    this.largestPage = largest(this.pages);
    const orphans = mentionMax.filter(([page]) => !this.pages.has(page)).reduce((max, [, m]) => Math.max(max, m), 0);
    this.mentionsOf = new Map(mentionMax.filter(([page]) => this.pages.has(page)));
    if (orphans > 0) this.mentionsOf.set(Number.NaN, orphans);
    this.largestMention = largest(this.mentionsOf.values());
  }

  forget(page: number): void {
    this.pages.delete(page);
    if (page === this.largestPage) this.largestPage = largest(this.pages);
    const mentions = this.mentionsOf.get(page);
    this.mentionsOf.delete(page);
    if (mentions === this.largestMention) this.largestMention = largest(this.mentionsOf.values());
  }

  next(mentions: number): { id: number; firstMention: number } {
    const id = ++this.largestPage;
    this.pages.add(id);
    const firstMention = this.largestMention + 1;
    if (mentions > 0) {
      this.largestMention += mentions;
      this.mentionsOf.set(id, this.largestMention);
    }
    return { id, firstMention };
  }
}

function largest(values: Iterable<number>): number {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** The stored mentions but those of forgotten pages, then the planned pages' mentions. */
function* mentionsAfter(db: Db, deleted: ReadonlySet<number>, planned: ReadonlyMap<number, PlannedPage>): Generator<MentionRaw> {
  for (const raw of storedMentions(db)) if (!deleted.has(raw[1])) yield raw;
  for (const p of planned.values()) for (let k = 0; k < p.mentions.length; k++) yield mentionRaw(p.firstMention + k, p.id, p.mentions[k] as MentionValues);
}

/** The papers of a planned graph as the search index reads them (db/search-index.ts `IndexPaper`), in id order. */
function indexPapers(graph: DerivedGraph) {
  const citedInMap = new Map<string, number>();
  for (const [, cited] of graph.edges) citedInMap.set(cited, (citedInMap.get(cited) ?? 0) + 1);
  return graph.papers.map((p) => indexPaperOf(p, citedInMap.get(p[0]) ?? 0));
}

/** The names the records of the pages kept and planned give each paper of the graph, by page source then mention id (as search-index.ts reads them stored). */
function recordNames(db: Db, graph: DerivedGraph, deleted: ReadonlySet<number>, planned: ReadonlyMap<number, PlannedPage>): IndexNames {
  const found: { paper: string; source: string; mention: number; json: string }[] = [];
  const add = (mention: number, source: string, json: string) => {
    const paper = graph.paperOf.get(mention);
    if (paper !== undefined) found.push({ paper, source, mention, json });
  };
  const stored = db.prepare("SELECT m.id, m.page_id, pg.source, m.names_json FROM mentions m JOIN pages pg ON pg.id = m.page_id WHERE m.role = 'self' AND m.names_json IS NOT NULL");
  for (const [mention, page, source, json] of stored.raw().iterate() as Iterable<[number, number, string, string]>) if (!deleted.has(page)) add(mention, source, json);
  for (const p of planned.values())
    p.mentions.forEach((m, k) => {
      if (m[0] === "self" && m[19] !== null) add(p.firstMention + k, p.source, m[19]);
    });
  found.sort((a, b) => compareUtf8(a.source, b.source) || a.mention - b.mention);
  const names = new Map<string, (RecordName & { page: string })[]>();
  for (const f of found) {
    let list = names.get(f.paper);
    if (!list) names.set(f.paper, (list = []));
    for (const n of JSON.parse(f.json) as RecordName[]) list.push({ ...n, page: f.source });
  }
  return names;
}

/**
 * Page cache while writing (KiB, negative as the pragma takes it): a table refilled whole, with
 * SQLite's default 2 MiB, has the same b-tree pages evicted to the log and read back many times over.
 */
const WRITE_CACHE_KIB = 131_072;

/**
 * Stores a plan and its artifacts in one IMMEDIATE transaction; throws StaleBatch or PageRefused.
 * `also` writes db/'s own stores that belong with the pages (a library's membership, from
 * LineageDb.commitPages), in the same transaction, after them; it runs even when no page changed.
 */
export function commitBatch(db: Db, plan: BatchPlan, artifacts: BatchArtifacts = {}, also?: () => void): BuildSummary | undefined {
  const { write } = plan;
  if (!write) {
    if (also) db.transaction(also).immediate();
    return undefined;
  }
  const cacheSize = db.pragma("cache_size", { simple: true }) as number;
  db.pragma(`cache_size = ${-WRITE_CACHE_KIB}`);
  try {
    return withoutForeignKeys(db, () =>
      db
        .transaction(() => {
          if (dataVersion(db) !== plan.token.dataVersion && snapshotDigest(db) !== plan.token.digest) throw new StaleBatch("the database changed since the batch was planned");
          const writer = new PageWriter(db);
          for (const id of write.deletePages) writer.delete(id);
          for (const p of write.insertPages) {
            try {
              writer.insert(p.id, p.values, p.mentions, p.firstMention);
            } catch (err) {
              throw new PageRefused(p.source, `could not store page (${(err as Error).message})`);
            }
          }
          const summary = writeDerivedChanges(db, write.changes);
          // The search index's changed rows, in the same transaction, so no reader sees a graph
          // with another graph's index (db/search-index.ts).
          writeSearchChanges(db, write.search);
          if (artifacts.layout) writeLayout(db, artifacts.layout);
          if (artifacts.index) writeIndexArrays(db, artifacts.index, write.graph.version);
          also?.();
          return summary;
        })
        .immediate(),
    );
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}
