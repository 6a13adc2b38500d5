/**
 * `lineage expand` and `add`: papers fetched from Semantic Scholar or OpenAlex with their
 * references and citations (every page), stored as pages so that the normal identity rules merge
 * them into the map (vocabulary/identity.ts, through library/prepare.ts's writer). Depth 0 stores
 * each paper's record alone (`add`); depth 1 its lists too; depth 2 then expands the neighbours
 * the relevance engine ranks highest over the map as depth 1 left it (library/expansion-ranking.ts),
 * until --max-papers papers were asked for.
 *
 * The frontier lives in SQLite (db/expansion-store.ts) and every answer in the fetch cache, so a
 * run killed at any point resumes where it stopped: papers are fetched in waves, each wave's pages
 * stored in one transaction and only then marked fetched. A finished run repeated with the same
 * source, papers and options asks for the same papers again (its depth-2 choice kept): from the
 * cache, their pages come out byte for byte the same and nothing changes. A run stops when its
 * budget is spent (requests, time) and says so; what it had not fetched stays queued.
 */
import { ExpansionDb, type EntrySettlement, type ExpansionEntry, type ExpansionState, type ExpansionStore, type NewExpansionEntry } from "../db/expansion-store.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import { makeRecord, type SourceRecord } from "../ingest/sources/source-record.ts";
import { rankNeighbours } from "../library/expansion-ranking.ts";
import { LineageGraph } from "../library/lineage-graph.ts";
import { openForWriting } from "../library/prepare.ts";
import { NO_PROGRESS, type ProgressListener } from "../library/progress.ts";
import type { ListCut, PaperFetch } from "./api-call.ts";
import { apiRefOfPaper, SOURCE_NAMES, type ApiSource } from "./api-refs.ts";
import { openApiCall, type ApiSettings, type RunBounds } from "./api-session.ts";
import type { FetchStats } from "./fetcher.ts";
import { fetchOpenAlexExpansion } from "./openalex-client.ts";
import { identifierOfApiId, type TitleHint } from "./openalex-lookup.ts";
import { fetchS2Expansion } from "./s2-client.ts";
import { inPool } from "./work-pool.ts";

export type ExpandDepth = 0 | 1 | 2;

export interface ExpandOptions extends ApiSettings {
  /** The API IDs of the papers asked for, in order (crawl/api-refs.ts). */
  seeds: string[];
  depth: ExpandDepth;
  /** Papers asked of the API at most, those asked for and neighbours together. */
  maxPapers: number;
  /** Papers fetched together and stored in one transaction. */
  waveSize?: number;
  /** Papers fetched at once (the host's own limits still hold). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

export interface ExpandedPaper {
  apiId: string;
  /** 0: asked for; 1: a neighbour chosen at depth 2. */
  level: number;
  state: ExpansionState;
  reason: string | null;
  /** The page it was stored as, and the paper of the map that page is about. */
  page: string | null;
  paper: string | null;
  title: string | null;
}

export interface ExpandReport {
  expansion: { id: number; source: ApiSource; depth: ExpandDepth; resumed: boolean; repeated: boolean; finished: boolean; stopped: string | null };
  papers: ExpandedPaper[];
  /** Lists fetched in this run that were not fetched whole, and why (also on each page's warnings). */
  cuts: (ListCut & { apiId: string })[];
  records: { new: number; updated: number; unchanged: number; failed: number };
  graph: { papersBefore: number; edgesBefore: number; papers: number; edges: number };
  network: FetchStats;
  bounds: RunBounds & { maxPapers: number };
}

const count = (n: number) => n.toLocaleString("en-US");
const duration = (s: number) => (s < 90 ? `${s} s` : s < 5400 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`);

export async function runExpansion(databasePath: string, options: ExpandOptions): Promise<ExpandReport> {
  const state = ExpansionDb.open(databasePath);
  const progress = options.onProgress ?? NO_PROGRESS;
  const lineage = openForWriting(databasePath, progress);
  try {
    const store = state.expansions;
    const { source, depth, maxPapers } = options;
    const run = store.open(source, options.seeds, { depth, maxPapers, maxList: options.maxList }, new Date().toISOString());
    let rankedAt = run.rankedAt;
    const before = lineage.queries.counts();
    let answers = 0;
    let networkAtStart = 0;
    let papersThisRun = 0;
    const rate = options.fetcher.ratePerSecond;
    // Requests still to send: the papers queued (and those depth 2 will choose) at the requests
    // a paper has taken so far in this run (three before any: the record and a page of each list),
    // and the time they take at the host's rate. An estimate: answers from the cache take none.
    const emit = (doing: string) => {
      const c = store.counts(run.id);
      const settled = c.fetched + c.failed + c.skipped;
      const toRank = depth === 2 && !rankedAt ? Math.max(0, maxPapers - (c.fetched + c.failed + c.queued)) : 0;
      const requestsPerPaper = papersThisRun > 0 ? Math.max(1, (call.budget.requests - networkAtStart) / papersThisRun) : depth === 0 ? 1 : 3;
      const queued = Math.round((c.queued + toRank) * requestsPerPaper);
      const secondsLeft = Math.ceil(queued / rate);
      const total = settled + c.queued + toRank;
      const left = queued > 0 ? `; about ${count(queued)} requests and ${duration(secondsLeft)} left` : "";
      progress({ step: "fetch", done: settled, total, label: `${count(settled)} of ${count(total)} papers from ${SOURCE_NAMES[source]} (${doing})${left}`, queued, secondsLeft });
    };
    const call = openApiCall(options, state.cache, () => {
      answers++;
      emit(`${count(answers)} answers, ${count(call.budget.requests)} requests sent`);
    });
    networkAtStart = call.budget.requests;
    const records = { new: 0, updated: 0, unchanged: 0, failed: 0 };
    const cuts: ExpandReport["cuts"] = [];
    const pageSource = (sourceId: string) => `${call.base}/${source === "s2" ? "paper" : "works"}/${sourceId}${depth === 0 ? "#record" : ""}`;
    // What the map knows of a paper OpenAlex may hold under another identifier: its title and year.
    const hintFor = (apiId: string): TitleHint | undefined => {
      const id = identifierOfApiId(apiId);
      const paper = id ? lineage.queries.byIdentifier(id.scheme, id.value).find((p) => p.title && !p.titleInferred) : undefined;
      return paper?.title ? { title: paper.title, year: paper.year } : undefined;
    };
    const fetchOne = async (entry: ExpansionEntry): Promise<PaperFetch | { kind: "interrupted" }> => {
      if (options.signal?.aborted) return { kind: "interrupted" };
      const recordOnly = depth === 0;
      return source === "s2" ? fetchS2Expansion(call, entry.apiId, recordOnly) : fetchOpenAlexExpansion(call, entry.apiId, recordOnly, hintFor(entry.apiId));
    };

    let stopped: string | null = null;
    let finished = false;
    emit("starting");
    for (;;) {
      if (options.signal?.aborted) {
        stopped = "interrupted";
        break;
      }
      const queued = store.queued(run.id, options.waveSize ?? 8);
      const counts = store.counts(run.id);
      if (queued.length === 0) {
        if (depth === 2 && !rankedAt) {
          rankedAt = new Date().toISOString();
          store.rank(run.id, chooseNeighbours(lineage, store, run.id, source, maxPapers - counts.fetched - counts.failed), rankedAt);
          emit("chose the most relevant neighbours");
          continue;
        }
        finished = true;
        break;
      }
      const room = maxPapers - counts.fetched - counts.failed;
      if (room <= 0) {
        store.settle(
          run.id,
          queued.map((q) => ({ apiId: q.apiId, state: "skipped", reason: `over the --max-papers limit of ${maxPapers}` })),
        );
        continue;
      }
      const wave = queued.slice(0, room);
      const results = await inPool(wave, options.concurrency ?? 2, fetchOne);
      const batch: SourceRecord[] = [];
      const settlements: EntrySettlement[] = [];
      const stored = new Map<string, string>();
      results.forEach((r, k) => {
        const entry = wave[k] as ExpansionEntry;
        if (r.kind === "page") {
          const src = pageSource(r.sourceId);
          batch.push(makeRecord(src, r.page));
          stored.set(entry.apiId, src);
          cuts.push(...r.cuts.map((c) => Object.assign({ apiId: entry.apiId }, c)));
        } else if (r.kind === "failed") settlements.push({ apiId: entry.apiId, state: "failed", reason: r.reason });
        else if (r.kind === "stopped") stopped ??= r.reason;
        else stopped ??= "interrupted";
      });
      const written = batch.length > 0 ? lineage.writePages(batch) : undefined;
      const unstored = new Map((written?.failures ?? []).map((f) => [f.source, f.reason]));
      for (const s of written?.statuses ?? []) {
        if (s.status === "ingested") records.new++;
        else if (s.status === "updated") records.updated++;
        else records.unchanged++;
      }
      records.failed += unstored.size;
      for (const [apiId, src] of stored) {
        const failure = unstored.get(src);
        settlements.push(failure ? { apiId, state: "failed", reason: failure } : { apiId, state: "fetched", pageSource: src });
      }
      store.settle(run.id, settlements);
      papersThisRun += settlements.length;
      emit("stored");
      if (stopped) break;
    }
    if (finished) store.finish(run.id, new Date().toISOString());
    const after = lineage.queries.counts();
    return {
      expansion: { id: run.id, source, depth, resumed: run.resumed, repeated: run.repeated, finished, stopped },
      papers: store.entries(run.id).map((e) => {
        const paper = e.pageSource ? (store.paperOfPage(e.pageSource) ?? null) : null;
        return { apiId: e.apiId, level: e.level, state: e.state, reason: e.reason, page: e.pageSource, paper, title: paper ? (lineage.queries.paper(paper)?.title ?? null) : null };
      }),
      cuts,
      records,
      graph: { papersBefore: before.papers, edgesBefore: before.edges, papers: after.papers, edges: after.edges },
      network: Object.assign({}, call.fetcher.stats),
      bounds: { maxRequests: options.maxRequests, maxTimeMs: options.maxTimeMs, maxList: options.maxList, maxPapers },
    };
  } finally {
    lineage.close();
    state.close();
  }
}

/**
 * Depth 2's choice: the neighbours of the papers expanded so far, most relevant first, that the
 * source can be asked for, `room` of them at most. Those it cannot be asked for (a title known
 * only from a list) are passed over, kept as skipped with the reason, and the next are taken.
 */
function chooseNeighbours(lineage: LineageDb, store: ExpansionStore, runId: number, source: ApiSource, room: number): NewExpansionEntry[] {
  if (room <= 0) return [];
  const entries = store.entries(runId);
  const expanded = entries
    .filter((e) => e.level === 0 && e.state === "fetched" && e.pageSource !== null)
    .map((e) => store.paperOfPage(e.pageSource ?? ""))
    .filter((id): id is string => id !== undefined);
  const known = new Set(entries.map((e) => e.apiId));
  const choice: NewExpansionEntry[] = [];
  let taken = 0;
  for (const paper of rankNeighbours(new LineageGraph(lineage), expanded, room * 3)) {
    if (taken >= room) break;
    const apiId = apiRefOfPaper(paper, store.mentionUrls(paper.id))[source];
    if (!apiId) {
      choice.push({ apiId: `map:${paper.id}`, level: 1, state: "skipped", reason: `no identifier ${SOURCE_NAMES[source]} can look up (${paper.title ?? paper.id})` });
      continue;
    }
    if (known.has(apiId)) continue;
    known.add(apiId);
    choice.push({ apiId, level: 1 });
    taken++;
  }
  return choice;
}
