/**
 * A watched list's state as the server (`GET /api/lists/{name}/watch`) and `lineage watch NAME
 * --status` give it: the last check for new papers citing the list (when, against which source,
 * what could not be checked) and what the checks found, each finding new, added or dismissed,
 * with the list's papers it cites and when it appeared. Reads only: checking is `lineage watch`.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { WatchFinding } from "../db/watch-store.ts";
import type { ListWatchState, WatchFindingJson } from "../api/types.ts";
import { MAX_WATCH_FINDINGS } from "../api/endpoints.ts";

export function findingJson(f: WatchFinding, lastCheckedAt: string | null): WatchFindingJson {
  return {
    id: f.apiId,
    source: f.source,
    title: f.title,
    year: f.year,
    date: f.date,
    doi: f.ids.doi ?? null,
    arxivId: f.ids.arxiv ?? null,
    aclId: f.ids.acl ?? null,
    cites: f.cites.map((c) => ({ ref: c.ref, title: c.title, intents: c.intents ?? [], isInfluential: c.isInfluential ?? null, contexts: c.contexts ?? [] })),
    state: f.state,
    firstSeenAt: f.firstSeenAt,
    lastSeenAt: f.lastSeenAt,
    newInLastCheck: lastCheckedAt !== null && f.firstSeenAt === lastCheckedAt,
  };
}

/** The watch state of a saved list, or undefined when no list has that name. Read in one snapshot. */
export function listWatchState(db: LineageDb, name: string, limit = MAX_WATCH_FINDINGS): ListWatchState | undefined {
  return db.read(() => {
    const list = db.lists.get(name);
    if (!list) return undefined;
    const check = db.watches.lastCheck(list.name);
    const findings = db.watches.findings(list.name, undefined, limit + 1);
    const lastCheckedAt = check?.checkedAt ?? null;
    return {
      list: list.name,
      watched: check !== undefined,
      source: check?.source ?? null,
      lastCheckedAt,
      previousCheckedAt: check?.previousAt ?? null,
      papersChecked: check?.papersChecked ?? 0,
      problems: check?.problems ?? [],
      counts: db.watches.counts(list.name),
      findings: findings.slice(0, limit).map((f) => findingJson(f, lastCheckedAt)),
      truncated: findings.length > limit,
    };
  });
}
