/**
 * Watched reading lists (schema migration 7): every statement about them. A list's last check
 * (when, against which source, how many of its papers were checked and which could not be) and
 * what the checks found: papers citing the list's papers that the map does not yet hold as doing
 * so, each `new` until it is added to the map or dismissed. State is keyed by the list's name,
 * since saving a list replaces its row. Statements are prepared on use, so a read-only connection
 * (the server's) can hold a store.
 */
import type { Db } from "./connection.ts";
import type { Identifiers } from "../vocabulary/paper-page.ts";

export type FindingState = "new" | "added" | "dismissed";
export const FINDING_STATES: readonly FindingState[] = ["new", "added", "dismissed"];

/** A paper of the list that a finding cites, with what the source said of the citation. */
export interface CitedListPaper {
  /** The list's reference for it. */
  ref: string;
  title: string | null;
  intents?: string[];
  isInfluential?: boolean;
  contexts?: string[];
}

export interface WatchCheck {
  listName: string;
  source: string;
  checkedAt: string;
  /** The check before this one, when there was one. */
  previousAt: string | null;
  papersChecked: number;
  problems: { ref: string; reason: string }[];
}

export interface WatchFinding {
  listName: string;
  source: string;
  /** The citing paper as the source names it (an S2 paperId, an OpenAlex W…). */
  apiId: string;
  title: string | null;
  year: number | null;
  /** Its publication date, as precise as the source gives it. */
  date: string | null;
  ids: Identifiers;
  cites: CitedListPaper[];
  state: FindingState;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** What one check saw citing the list (state and times are the store's). */
export type SeenCitation = Omit<WatchFinding, "listName" | "source" | "state" | "firstSeenAt" | "lastSeenAt">;

interface FindingRow {
  list_name: string;
  source: string;
  api_id: string;
  title: string | null;
  year: number | null;
  date: string | null;
  ids_json: string;
  cites_json: string;
  state: FindingState;
  first_seen_at: string;
  last_seen_at: string;
}

function findingOf(r: FindingRow): WatchFinding {
  return {
    listName: r.list_name,
    source: r.source,
    apiId: r.api_id,
    title: r.title,
    year: r.year,
    date: r.date,
    ids: JSON.parse(r.ids_json) as Identifiers,
    cites: JSON.parse(r.cites_json) as CitedListPaper[],
    state: r.state,
    firstSeenAt: r.first_seen_at,
    lastSeenAt: r.last_seen_at,
  };
}

/** The list papers cited, old and new together, once each by reference (the newer entry wins). */
function mergeCites(old: readonly CitedListPaper[], seen: readonly CitedListPaper[]): CitedListPaper[] {
  const byRef = new Map<string, CitedListPaper>();
  for (const c of [...old, ...seen]) byRef.set(c.ref, c);
  return [...byRef.values()];
}

export class WatchStore {
  constructor(private readonly db: Db) {}

  lastCheck(listName: string): WatchCheck | undefined {
    const r = this.db
      .prepare<[string], { list_name: string; source: string; checked_at: string; previous_at: string | null; papers_checked: number; problems_json: string }>(
        "SELECT * FROM watch_checks WHERE list_name = ?",
      )
      .get(listName);
    if (!r) return undefined;
    return {
      listName: r.list_name,
      source: r.source,
      checkedAt: r.checked_at,
      previousAt: r.previous_at,
      papersChecked: r.papers_checked,
      problems: JSON.parse(r.problems_json) as WatchCheck["problems"],
    };
  }

  /** A list's findings: newest first seen first, then newest published, then by ID; `state` narrows them. */
  findings(listName: string, state?: FindingState, limit = 100_000): WatchFinding[] {
    return this.db
      .prepare<[string, string | null, string | null, number], FindingRow>(
        `SELECT * FROM watch_findings WHERE list_name = ? AND (? IS NULL OR state = ?)
         ORDER BY first_seen_at DESC, coalesce(date, CAST(year AS TEXT)) IS NULL, coalesce(date, CAST(year AS TEXT)) DESC, api_id LIMIT ?`,
      )
      .all(listName, state ?? null, state ?? null, limit)
      .map(findingOf);
  }

  counts(listName: string): Record<FindingState, number> {
    const counts: Record<FindingState, number> = { new: 0, added: 0, dismissed: 0 };
    const rows = this.db.prepare<[string], { state: FindingState; n: number }>("SELECT state, count(*) AS n FROM watch_findings WHERE list_name = ? GROUP BY state").all(listName);
    for (const r of rows) counts[r.state] = r.n;
    return counts;
  }

  /**
   * One check, in one transaction: papers seen for the first time become `new` findings, those
   * seen before keep their state (their facts and the list papers they cite brought up to date),
   * and the check's time replaces the last one's. Returns the API IDs seen for the first time.
   */
  recordCheck(check: Omit<WatchCheck, "previousAt">, seen: readonly SeenCitation[]): string[] {
    return this.db
      .transaction(() => {
        const previous = this.lastCheck(check.listName);
        const find = this.db.prepare<[string, string, string], FindingRow>("SELECT * FROM watch_findings WHERE list_name = ? AND source = ? AND api_id = ?");
        const insert = this.db.prepare(
          `INSERT INTO watch_findings (list_name, source, api_id, title, year, date, ids_json, cites_json, state, first_seen_at, last_seen_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?)`,
        );
        const update = this.db.prepare("UPDATE watch_findings SET title = ?, year = ?, date = ?, ids_json = ?, cites_json = ?, last_seen_at = ? WHERE list_name = ? AND source = ? AND api_id = ?");
        const firstSeen: string[] = [];
        for (const s of seen) {
          const old = find.get(check.listName, check.source, s.apiId);
          if (!old) {
            insert.run(check.listName, check.source, s.apiId, s.title, s.year, s.date, JSON.stringify(s.ids), JSON.stringify(s.cites), check.checkedAt, check.checkedAt);
            firstSeen.push(s.apiId);
            continue;
          }
          const cites = mergeCites(JSON.parse(old.cites_json) as CitedListPaper[], s.cites);
          update.run(s.title ?? old.title, s.year ?? old.year, s.date ?? old.date, JSON.stringify(s.ids), JSON.stringify(cites), check.checkedAt, check.listName, check.source, s.apiId);
        }
        this.db
          .prepare(
            `INSERT INTO watch_checks (list_name, source, checked_at, previous_at, papers_checked, problems_json) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT(list_name) DO UPDATE SET source = excluded.source, checked_at = excluded.checked_at, previous_at = excluded.previous_at,
             papers_checked = excluded.papers_checked, problems_json = excluded.problems_json`,
          )
          .run(check.listName, check.source, check.checkedAt, previous?.checkedAt ?? null, check.papersChecked, JSON.stringify(check.problems));
        return firstSeen;
      })
      .immediate();
  }

  /** Marks findings added or dismissed; returns the API IDs whose state changed. */
  setState(listName: string, source: string, apiIds: readonly string[], state: FindingState): string[] {
    const update = this.db.prepare("UPDATE watch_findings SET state = ? WHERE list_name = ? AND source = ? AND api_id = ? AND state <> ?");
    return this.db.transaction(() => apiIds.filter((id) => update.run(state, listName, source, id, state).changes > 0)).immediate();
  }
}
