/**
 * `lineage watch LIST`: the citations of a saved list's papers fetched again (Semantic Scholar's
 * `/citations`, or OpenAlex's `cites:` filter, every page within --max-list), and what is new
 * since the last check kept in the database (db/watch-store.ts): each paper citing the list that
 * the map does not hold as doing so, with the list's papers it cites (and how, where the source
 * says) and when it appeared. A paper the map already holds citing the list is not a finding, and
 * a finding the map has since taken in is marked added. `--add` expands findings into the map
 * (crawl/expand.ts, depth 1: the record with its references, so its citation of the list shows)
 * and marks them added; `--dismiss` marks them dismissed. Nothing runs unless asked.
 */
import { ExpansionDb } from "../db/expansion-store.ts";
import { LineageDb } from "../db/lineage-db.ts";
import { ListError } from "../db/reading-lists.ts";
import type { CitedListPaper, FindingState, SeenCitation, WatchFinding } from "../db/watch-store.ts";
import { citesDirectly } from "../graph/direct-citations.ts";
import { parseIdentifier } from "../vocabulary/identifiers.ts";
import { openAlexId, openAlexIdentifiers, type OpenAlexWork } from "../ingest/sources/openalex.ts";
import { s2EdgeAttributes, s2Identifiers, type S2Edge } from "../ingest/sources/s2.ts";
import { ID_SCHEMES, type Identifiers } from "../vocabulary/paper-page.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";
import { LineageGraph } from "../library/lineage-graph.ts";
import { resolveEntries } from "../library/saved-lists.ts";
import { findingJson } from "../library/watch-state.ts";
import { NO_PROGRESS, type ProgressListener } from "../library/progress.ts";
import type { WatchFindingJson } from "../api/types.ts";
import { cutLine, type ApiCall } from "./api-call.ts";
import { apiRefOfPaper, parseApiRef, SOURCE_NAMES, type ApiSource } from "./api-refs.ts";
import { openApiCall, type ApiSettings } from "./api-session.ts";
import { runExpansion, type ExpandReport } from "./expand.ts";
import type { FetchStats } from "./fetcher.ts";
import { fetchOpenAlexCiting, fetchOpenAlexRecord } from "./openalex-client.ts";
import { fetchS2Citations } from "./s2-client.ts";
import type { TitleHint } from "./openalex-lookup.ts";

export interface WatchOptions extends ApiSettings {
  listName: string;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

export interface WatchReport {
  list: string;
  source: ApiSource;
  checkedAt: string;
  previousCheckAt: string | null;
  /** The list's papers asked about, with how many papers cite each at the source, and what of the answer was cut or left out. */
  checked: { ref: string; title: string | null; citing: number; cut: string | null; leftOut: string | null }[];
  problems: { ref: string; reason: string }[];
  /** Papers first seen citing the list in this check. */
  new: WatchFindingJson[];
  /** Every finding still new (this check's and earlier ones'). */
  pending: number;
  counts: Record<FindingState, number>;
  /** Citing papers the source names by no ID (a null paperId): they cannot be added. */
  unnamed: number;
  /** Citing entries the source sent that could not be read (each left out alone, said on its paper's `leftOut`). */
  leftOut: number;
  stopped: string | null;
  network: FetchStats;
}

/** One citing paper as the source gave it. */
interface Citing {
  apiId: string;
  title: string | null;
  year: number | null;
  date: string | null;
  ids: Identifiers;
  how: Omit<CitedListPaper, "ref" | "title">;
}

function fromS2(edge: S2Edge): Citing | undefined {
  const p = edge.paper;
  if (!p?.paperId) return undefined;
  const attributes = s2EdgeAttributes(edge) ?? {};
  const how: Citing["how"] = {};
  if (Array.isArray(attributes.intents)) how.intents = attributes.intents;
  if (typeof attributes.isInfluential === "boolean") how.isInfluential = attributes.isInfluential;
  if (Array.isArray(attributes.contexts)) how.contexts = attributes.contexts;
  const date = p.publicationDate && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(p.publicationDate) ? p.publicationDate : p.year !== undefined ? String(p.year) : null;
  return { apiId: p.paperId.toLowerCase(), title: p.title?.trim() || null, year: p.year ?? null, date, ids: s2Identifiers(p), how };
}

function fromOpenAlex(work: OpenAlexWork): Citing | undefined {
  const id = openAlexId(work.id);
  if (!id) return undefined;
  const date = work.publication_date ?? (work.publication_year !== undefined ? String(work.publication_year) : null);
  return { apiId: id, title: (work.title ?? work.display_name)?.trim() || null, year: work.publication_year ?? null, date, ids: openAlexIdentifiers(work), how: {} };
}

/** What the source answered for one list paper: who cites it, and what of its answer was left out. */
interface CitingAnswer {
  citing: Citing[];
  /** Citing papers it names by no ID (a null paperId). */
  unnamed: number;
  /** Entries that could not be read, each left out alone, one line each. */
  leftOut: string[];
  /** Whole pages that could not be read, or gaps between pages. */
  notes: string[];
  cut: string | null;
}

/** The papers citing one list paper, asked by its ID at the source (OpenAlex: found by `hint`'s title when no ID finds it). */
async function citingOf(call: ApiCall, source: ApiSource, apiId: string, hint?: TitleHint): Promise<CitingAnswer | { failed: string } | { stopped: string }> {
  if (source === "s2") {
    const r = await fetchS2Citations(call, apiId);
    if (r.kind !== "citations") return r.kind === "stopped" ? { stopped: r.reason } : { failed: r.reason };
    const citing = r.citations.map(fromS2);
    return {
      citing: citing.filter((c): c is Citing => c !== undefined),
      unnamed: citing.filter((c) => c === undefined).length,
      leftOut: r.leftOut,
      notes: r.notes,
      cut: r.cut ? cutLine(r.cut, SOURCE_NAMES.s2) : null,
    };
  }
  // OpenAlex filters by work ID: a list paper known by its DOI is looked up first.
  let workId = openAlexId(apiId);
  if (!workId) {
    const record = await fetchOpenAlexRecord(call, apiId, hint);
    if (record.kind !== "work") return record.kind === "stopped" ? { stopped: record.reason } : { failed: record.reason };
    workId = openAlexId(record.work.id);
  }
  if (!workId) return { failed: `${apiId}: OpenAlex gave no work ID` };
  const r = await fetchOpenAlexCiting(call, workId);
  if (r.stopped) return { stopped: r.stopped };
  if (r.cut && r.works.length === 0 && r.leftOut.length === 0) return { failed: r.cut.reason };
  const citing = r.works.map(fromOpenAlex);
  return {
    citing: citing.filter((c): c is Citing => c !== undefined),
    unnamed: citing.filter((c) => c === undefined).length,
    leftOut: r.leftOut,
    notes: [],
    cut: r.cut ? cutLine(r.cut, SOURCE_NAMES.openalex) : null,
  };
}

/** One line for a check: how many entries were left out, and the first reasons. */
function leftOutLine(a: CitingAnswer): string | null {
  const lines = [...a.leftOut, ...a.notes];
  if (lines.length === 0) return null;
  const n = a.leftOut.length;
  const head = n > 0 ? `${n.toLocaleString("en-US")} citing ${n === 1 ? "entry" : "entries"} could not be read and ${n === 1 ? "was" : "were"} left out` : "part of the answer could not be read";
  const shown = lines.slice(0, 3).join("; ");
  return `${head}: ${shown}${lines.length > 3 ? `; and ${lines.length - 3} more` : ""}`;
}

/** The map's paper with one of these identifiers, if any (its index in the graph). */
function inMap(db: LineageDb, graph: LineageGraph, ids: Identifiers): number | undefined {
  for (const scheme of ID_SCHEMES) {
    const value = ids[scheme];
    const paper = value ? db.queries.byIdentifier(scheme, value)[0] : undefined;
    const at = paper ? graph.index.index(paper.id) : undefined;
    if (at !== undefined) return at;
  }
  return undefined;
}

export async function runWatch(databasePath: string, options: WatchOptions): Promise<WatchReport> {
  const progress = options.onProgress ?? NO_PROGRESS;
  // The writer's connection first: it brings a database made by an older Lineage to this schema.
  const state = ExpansionDb.open(databasePath);
  const reader = LineageDb.open(databasePath, { readonly: true });
  try {
    const graph = new LineageGraph(reader);
    const list = reader.lists.get(options.listName);
    if (!list) throw new ListError(`no list named "${options.listName.trim()}"`);
    const { source } = options;
    const entries = resolveEntries(list, graph);
    const checked: WatchReport["checked"] = [];
    const problems: WatchReport["problems"] = [];
    let answered = 0;
    const call = openApiCall(options, state.cache, () => {
      answered++;
      const done = checked.length + problems.length;
      // Each paper left takes as many requests as those checked took, at least one.
      const queued = Math.round((entries.length - done) * Math.max(1, done > 0 ? call.budget.requests / done : 1));
      progress({
        step: "fetch",
        done,
        total: entries.length,
        label: `checking "${list.name}": ${answered} ${SOURCE_NAMES[source]} answers`,
        queued,
        secondsLeft: Math.ceil(queued / options.fetcher.ratePerSecond),
      });
    });
    const seen = new Map<string, SeenCitation>();
    const taken: string[] = [];
    let unnamed = 0;
    let leftOut = 0;
    let stopped: string | null = null;
    for (const entry of entries) {
      if (options.signal?.aborted) stopped ??= "interrupted";
      if (stopped) {
        problems.push({ ref: entry.paperRef, reason: `not checked: ${stopped}` });
        continue;
      }
      const ref = entry.paper ? apiRefOfPaper(entry.paper, state.expansions.mentionUrls(entry.paper.id)) : parseApiRef(entry.paperRef);
      const apiId = ref?.[source];
      if (!apiId) {
        problems.push({ ref: entry.paperRef, reason: entry.paper ? `no identifier ${SOURCE_NAMES[source]} can look up` : "not in the map, and not an identifier" });
        continue;
      }
      const hint = entry.paper?.title && !entry.paper.titleInferred ? { title: entry.paper.title, year: entry.paper.year } : undefined;
      const r = await citingOf(call, source, apiId, hint);
      if ("stopped" in r) {
        stopped = r.stopped;
        problems.push({ ref: entry.paperRef, reason: `not checked: ${stopped}` });
        continue;
      }
      if ("failed" in r) {
        problems.push({ ref: entry.paperRef, reason: r.failed });
        continue;
      }
      checked.push({ ref: entry.paperRef, title: entry.title, citing: r.citing.length, cut: r.cut, leftOut: leftOutLine(r) });
      unnamed += r.unnamed;
      leftOut += r.leftOut.length;
      const listIndex = entry.paper ? graph.index.index(entry.paper.id) : undefined;
      for (const c of r.citing) {
        const citer = inMap(reader, graph, c.ids);
        if (citer !== undefined && listIndex !== undefined && citesDirectly(graph.index, citer, listIndex)) {
          taken.push(c.apiId);
          continue;
        }
        const cited: CitedListPaper = Object.assign({ ref: entry.paperRef, title: entry.title }, c.how);
        const known = seen.get(c.apiId);
        if (known) known.cites.push(cited);
        else seen.set(c.apiId, { apiId: c.apiId, title: c.title, year: c.year, date: c.date, ids: c.ids, cites: [cited] });
      }
    }
    progress({ step: "fetch", done: entries.length, total: entries.length, label: `checked "${list.name}" on ${SOURCE_NAMES[source]}`, queued: 0, secondsLeft: 0 });
    const checkedAt = new Date().toISOString();
    const previous = state.watches.lastCheck(list.name);
    const firstSeen = new Set(state.watches.recordCheck({ listName: list.name, source, checkedAt, papersChecked: checked.length, problems }, [...seen.values()]));
    // A paper whose every citation of the list the map holds: added, whichever way it came in.
    state.watches.setState(
      list.name,
      source,
      [...new Set(taken)].filter((id) => !seen.has(id)),
      "added",
    );
    const fresh = state.watches.findings(list.name, "new").filter((f) => firstSeen.has(f.apiId));
    const counts = state.watches.counts(list.name);
    return {
      list: list.name,
      source,
      checkedAt,
      previousCheckAt: previous?.checkedAt ?? null,
      checked,
      problems,
      new: fresh.map((f) => findingJson(f, checkedAt)),
      pending: counts.new,
      counts,
      unnamed,
      leftOut,
      stopped,
      network: Object.assign({}, call.fetcher.stats),
    };
  } finally {
    reader.close();
    state.close();
  }
}

/** The findings `refs` name ("all": every one still new): by ID at the source, identifier, or title. */
export function matchFindings(findings: readonly WatchFinding[], refs: readonly string[]): { matched: WatchFinding[]; unknown: string[] } {
  const matched = new Map<string, WatchFinding>();
  const unknown: string[] = [];
  for (const raw of refs) {
    const ref = raw.trim();
    if (ref.toLowerCase() === "all") {
      for (const f of findings) if (f.state === "new") matched.set(f.apiId, f);
      continue;
    }
    const id = parseIdentifier(ref);
    const title = normalizeTitle(ref);
    const hit = findings.find(
      (f) =>
        f.apiId.toLowerCase() === ref.toLowerCase() ||
        openAlexId(ref) === f.apiId ||
        (id !== undefined && f.ids[id.scheme] === id.value) ||
        (title !== "" && f.title !== null && normalizeTitle(f.title) === title),
    );
    if (hit) matched.set(hit.apiId, hit);
    else unknown.push(ref);
  }
  return { matched: [...matched.values()], unknown };
}

export interface WatchActionReport {
  list: string;
  action: "add" | "dismiss";
  changed: string[];
  /** For --add: the expansion that stored them. */
  expansion?: ExpandReport;
}

/** `--add`: the findings expanded into the map (depth 1), those stored marked added. */
export async function addFindings(
  databasePath: string,
  listName: string,
  findings: readonly WatchFinding[],
  settings: Omit<ApiSettings, "source">,
  onProgress?: ProgressListener,
): Promise<WatchActionReport> {
  const bySource = new Map<string, WatchFinding[]>();
  for (const f of findings) bySource.set(f.source, [...(bySource.get(f.source) ?? []), f]);
  const changed: string[] = [];
  let expansion: ExpandReport | undefined;
  for (const [source, group] of bySource) {
    if (source !== "s2" && source !== "openalex") continue;
    const api: ApiSource = source;
    expansion = await runExpansion(
      databasePath,
      Object.assign({}, settings, { source: api, seeds: group.map((f) => f.apiId), depth: 1 as const, maxPapers: group.length }, onProgress ? { onProgress } : {}),
    );
    const stored = expansion.papers.filter((p) => p.state === "fetched").map((p) => p.apiId);
    const state = ExpansionDb.open(databasePath);
    try {
      changed.push(...state.watches.setState(listName, source, stored, "added"));
    } finally {
      state.close();
    }
  }
  return Object.assign({ list: listName, action: "add" as const, changed }, expansion ? { expansion } : {});
}

export function dismissFindings(databasePath: string, listName: string, findings: readonly WatchFinding[]): WatchActionReport {
  const state = ExpansionDb.open(databasePath);
  try {
    const changed: string[] = [];
    for (const source of new Set(findings.map((f) => f.source))) {
      changed.push(
        ...state.watches.setState(
          listName,
          source,
          findings.filter((f) => f.source === source).map((f) => f.apiId),
          "dismissed",
        ),
      );
    }
    return { list: listName, action: "dismiss", changed };
  } finally {
    state.close();
  }
}
