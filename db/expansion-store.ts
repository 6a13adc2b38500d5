/**
 * An expansion's state in SQLite (schema migration 7), so that `lineage expand` and `add` resume
 * where a killed run stopped and a repeated run asks for the same papers: the expansion (its
 * source, the API IDs asked for and the options that shape its frontier) and one row per paper
 * asked of the API, with its level (0: asked for; 1: a neighbour chosen at depth 2), its state
 * and the page it was stored as. The store is LineageDb's (`expansions`), over its connection.
 */
import type { Db } from "./connection.ts";

export type ExpansionSource = "s2" | "openalex";
export type ExpansionState = "queued" | "fetched" | "failed" | "skipped";

export interface ExpansionEntry {
  apiId: string;
  level: number;
  state: ExpansionState;
  reason: string | null;
  seq: number;
  pageSource: string | null;
}

export interface ExpansionRun {
  id: number;
  /** An unfinished run with the same source, seeds and options was taken up again. */
  resumed: boolean;
  /** A finished run with the same source, seeds and options was repeated: the same papers, asked again. */
  repeated: boolean;
  /** When depth 2 chose its neighbours (a repeated run keeps the earlier choice). */
  rankedAt: string | null;
}

export interface EntrySettlement {
  apiId: string;
  state: Exclude<ExpansionState, "queued">;
  reason?: string;
  pageSource?: string;
}

export interface NewExpansionEntry {
  apiId: string;
  level: number;
  state?: ExpansionState;
  reason?: string;
}

interface EntryRow {
  api_id: string;
  level: number;
  state: ExpansionState;
  reason: string | null;
  seq: number;
  page_source: string | null;
}

const entryOf = (r: EntryRow): ExpansionEntry => ({ apiId: r.api_id, level: r.level, state: r.state, reason: r.reason, seq: r.seq, pageSource: r.page_source });

export class ExpansionStore {
  constructor(private readonly db: Db) {}

  /**
   * The unfinished expansion with this source, seeds and options; else a repeat of the last
   * finished one (its papers queued again, its depth-2 choice kept, papers passed over still
   * passed over); else a new one with the seeds queued.
   */
  open(source: ExpansionSource, seeds: readonly string[], options: unknown, now: string): ExpansionRun {
    const seedsJson = JSON.stringify(seeds);
    const optionsJson = JSON.stringify(options);
    return this.db
      .transaction((): ExpansionRun => {
        const find = (finished: boolean) =>
          this.db
            .prepare<[string, string, string], { id: number; ranked_at: string | null }>(
              `SELECT id, ranked_at FROM expansions WHERE source = ? AND seeds_json = ? AND options_json = ?
             AND finished_at IS ${finished ? "NOT " : ""}NULL ORDER BY id DESC LIMIT 1`,
            )
            .get(source, seedsJson, optionsJson);
        const open = find(false);
        if (open) return { id: open.id, resumed: true, repeated: false, rankedAt: open.ranked_at };
        const before = find(true);
        const ranked = before?.ranked_at ? now : null;
        const id = Number(
          this.db.prepare("INSERT INTO expansions (source, seeds_json, options_json, started_at, ranked_at) VALUES (?, ?, ?, ?, ?)").run(source, seedsJson, optionsJson, now, ranked).lastInsertRowid,
        );
        if (before) {
          this.add(
            id,
            this.entries(before.id).map((e) => (e.state === "skipped" ? { apiId: e.apiId, level: e.level, state: e.state, reason: e.reason ?? "skipped" } : { apiId: e.apiId, level: e.level })),
          );
          return { id, resumed: false, repeated: true, rankedAt: ranked };
        }
        this.add(
          id,
          seeds.map((apiId) => ({ apiId, level: 0 })),
        );
        return { id, resumed: false, repeated: false, rankedAt: null };
      })
      .immediate();
  }

  queued(expansionId: number, limit: number): ExpansionEntry[] {
    return this.db.prepare<[number, number], EntryRow>("SELECT * FROM expansion_papers WHERE expansion_id = ? AND state = 'queued' ORDER BY seq LIMIT ?").all(expansionId, limit).map(entryOf);
  }

  /** Settles papers (only those still queued), in one transaction. */
  settle(expansionId: number, settled: readonly EntrySettlement[]): void {
    const update = this.db.prepare("UPDATE expansion_papers SET state = ?, reason = ?, page_source = ? WHERE expansion_id = ? AND api_id = ? AND state = 'queued'");
    this.db
      .transaction(() => {
        for (const s of settled) update.run(s.state, s.reason ?? null, s.pageSource ?? null, expansionId, s.apiId);
      })
      .immediate();
  }

  /** Depth 2's choice of neighbours, queued, and the expansion marked as ranked, in one transaction. */
  rank(expansionId: number, chosen: readonly NewExpansionEntry[], now: string): void {
    this.db
      .transaction(() => {
        this.add(expansionId, chosen);
        this.db.prepare("UPDATE expansions SET ranked_at = ? WHERE id = ?").run(now, expansionId);
      })
      .immediate();
  }

  entries(expansionId: number): ExpansionEntry[] {
    return this.db.prepare<[number], EntryRow>("SELECT * FROM expansion_papers WHERE expansion_id = ? ORDER BY seq LIMIT 1000000").all(expansionId).map(entryOf);
  }

  counts(expansionId: number): Record<ExpansionState, number> {
    const counts: Record<ExpansionState, number> = { queued: 0, fetched: 0, failed: 0, skipped: 0 };
    const rows = this.db.prepare<[number], { state: ExpansionState; n: number }>("SELECT state, count(*) AS n FROM expansion_papers WHERE expansion_id = ? GROUP BY state").all(expansionId);
    for (const r of rows) counts[r.state] = r.n;
    return counts;
  }

  finish(expansionId: number, now: string): void {
    this.db.prepare("UPDATE expansions SET finished_at = ? WHERE id = ?").run(now, expansionId);
  }

  /** The paper a stored page is about, in the derived graph (undefined before a rebuild placed it). */
  paperOfPage(source: string): string | undefined {
    return this.db
      .prepare<[string], string>(
        `SELECT pm.paper_id FROM pages p JOIN mentions m ON m.page_id = p.id AND m.role = 'self'
         JOIN paper_mentions pm ON pm.mention_id = m.id WHERE p.source = ?`,
      )
      .pluck()
      .get(source);
  }

  /** The links the graph's mentions of a paper carry (an OpenAlex work's is https://openalex.org/W…). */
  mentionUrls(paperId: string, limit = 100): string[] {
    return this.db
      .prepare<[string, number], string>("SELECT DISTINCT m.url FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id WHERE pm.paper_id = ? AND m.url IS NOT NULL LIMIT ?")
      .pluck()
      .all(paperId, limit);
  }

  private add(expansionId: number, entries: readonly NewExpansionEntry[]): void {
    const insert = this.db.prepare("INSERT OR IGNORE INTO expansion_papers (expansion_id, api_id, level, state, reason, seq) VALUES (?, ?, ?, ?, ?, ?)");
    let seq = this.db.prepare<[number], number | null>("SELECT max(seq) FROM expansion_papers WHERE expansion_id = ?").pluck().get(expansionId) ?? 0;
    for (const e of entries) {
      if (insert.run(expansionId, e.apiId, e.level, e.state ?? "queued", e.reason ?? null, seq + 1).changes > 0) seq++;
    }
  }
}
