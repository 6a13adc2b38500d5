/**
 * A crawl's state in SQLite, so that an interrupted crawl resumes where it stopped: the crawl
 * (its seeds and the options that shape its frontier) and the frontier, one row per URL with its
 * breadth-first position (`seq`), depth and state (queued, fetched, failed, skipped).
 * The store is LineageDb's (`crawls`), over its connection.
 */
import type { Db } from "./connection.ts";

export type FrontierState = "queued" | "fetched" | "failed" | "skipped";

export interface FrontierEntry {
  url: string;
  depth: number;
  state: FrontierState;
  reason: string | null;
  seq: number;
}

export interface Settlement {
  url: string;
  state: Exclude<FrontierState, "queued">;
  reason?: string;
}

export interface NewEntry {
  url: string;
  depth: number;
  state?: FrontierState;
  reason?: string;
}

export class CrawlStore {
  private readonly findOpen;
  private readonly insertCrawl;
  private readonly maxSeq;
  private readonly insertEntry;
  private readonly nextQueued;
  private readonly settleEntry;
  private readonly allEntries;
  private readonly finishCrawl;
  private readonly stateCounts;

  constructor(private readonly db: Db) {
    this.findOpen = db.prepare<[string, string], { id: number }>("SELECT id FROM crawls WHERE seeds_json = ? AND options_json = ? AND finished_at IS NULL ORDER BY id DESC LIMIT 1");
    this.insertCrawl = db.prepare("INSERT INTO crawls (seeds_json, options_json, started_at) VALUES (?, ?, ?)");
    this.maxSeq = db.prepare<[number], { n: number | null }>("SELECT max(seq) AS n FROM crawl_frontier WHERE crawl_id = ?");
    this.insertEntry = db.prepare("INSERT OR IGNORE INTO crawl_frontier (crawl_id, url, depth, state, reason, seq) VALUES (?, ?, ?, ?, ?, ?)");
    this.nextQueued = db.prepare<[number, number], FrontierEntry>("SELECT url, depth, state, reason, seq FROM crawl_frontier WHERE crawl_id = ? AND state = 'queued' ORDER BY seq LIMIT ?");
    this.settleEntry = db.prepare("UPDATE crawl_frontier SET state = ?, reason = ? WHERE crawl_id = ? AND url = ? AND state = 'queued'");
    this.allEntries = db.prepare<[number], FrontierEntry>("SELECT url, depth, state, reason, seq FROM crawl_frontier WHERE crawl_id = ? ORDER BY seq");
    this.finishCrawl = db.prepare("UPDATE crawls SET finished_at = ? WHERE id = ?");
    this.stateCounts = db.prepare<[number], { state: FrontierState; n: number }>("SELECT state, count(*) AS n FROM crawl_frontier WHERE crawl_id = ? GROUP BY state");
  }

  /** The unfinished crawl with these seeds and options, or a new one with the seeds queued. */
  open(seeds: readonly string[], options: unknown, now: string): { id: number; resumed: boolean } {
    const seedsJson = JSON.stringify(seeds);
    const optionsJson = JSON.stringify(options);
    return this.db
      .transaction(() => {
        const existing = this.findOpen.get(seedsJson, optionsJson);
        if (existing) return { id: existing.id, resumed: true };
        const id = Number(this.insertCrawl.run(seedsJson, optionsJson, now).lastInsertRowid);
        this.addEntries(
          id,
          seeds.map((url) => ({ url, depth: 0 })),
        );
        return { id, resumed: false };
      })
      .immediate();
  }

  queued(crawlId: number, limit: number): FrontierEntry[] {
    return this.nextQueued.all(crawlId, limit);
  }

  /** Settles fetched entries and queues what they link to, in one transaction. */
  settle(crawlId: number, settled: readonly Settlement[], discovered: readonly NewEntry[]): void {
    this.db
      .transaction(() => {
        for (const s of settled) this.settleEntry.run(s.state, s.reason ?? null, crawlId, s.url);
        this.addEntries(crawlId, discovered);
      })
      .immediate();
  }

  entries(crawlId: number): FrontierEntry[] {
    return this.allEntries.all(crawlId);
  }

  counts(crawlId: number): Record<FrontierState, number> {
    const counts: Record<FrontierState, number> = { queued: 0, fetched: 0, failed: 0, skipped: 0 };
    for (const r of this.stateCounts.all(crawlId)) counts[r.state] = r.n;
    return counts;
  }

  finish(crawlId: number, now: string): void {
    this.finishCrawl.run(now, crawlId);
  }

  private addEntries(crawlId: number, entries: readonly NewEntry[]): void {
    let seq = this.maxSeq.get(crawlId)?.n ?? 0;
    for (const e of entries) {
      const inserted = this.insertEntry.run(crawlId, e.url, e.depth, e.state ?? "queued", e.reason ?? null, seq + 1).changes;
      if (inserted > 0) seq++;
    }
  }
}
