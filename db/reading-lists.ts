/**
 * Named reading lists (schema migration 4): every statement about them. Items keep a paper
 * reference (an identifier, else the paper id) and a title snapshot, since paper ids can change
 * when a title-only paper is later identified. Positions run 1..n with no gaps; every change is
 * one transaction. Statements are prepared on use, so a read-only connection can hold a store.
 */
import type { Db } from "./connection.ts";

export interface ReadingListEntry {
  position: number;
  paperRef: string;
  title: string | null;
  reason: string;
  note: string;
}

export interface ReadingListSummary {
  name: string;
  description: string;
  items: number;
  createdAt: string;
  updatedAt: string;
}

export interface StoredReadingList extends ReadingListSummary {
  spec: unknown;
  entries: ReadingListEntry[];
}

export type NewEntry = Omit<ReadingListEntry, "position" | "note"> & { note?: string };

export const MAX_LIST_NAME = 100;

export class ListError extends Error {}

export function checkListName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ListError("a list needs a name");
  if (trimmed.length > MAX_LIST_NAME) throw new ListError(`list name is longer than ${MAX_LIST_NAME} characters`);
  if ([...trimmed].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) throw new ListError("list name holds control characters");
  return trimmed;
}

interface ListRow {
  id: number;
  name: string;
  description: string;
  spec_json: string;
  created_at: string;
  updated_at: string;
}

export class ReadingListStore {
  constructor(private readonly db: Db) {}

  /** The first `limit` lists by name (10,000 unless told), without their items. */
  all(limit = 10_000): ReadingListSummary[] {
    return this.page(null, limit).lists;
  }

  /**
   * At most `limit` lists by name, those after `after` (all when null); `total` is how many there
   * are in all, `next` the name to ask after for the rest (absent when none are left).
   */
  page(after: string | null, limit: number): { lists: ReadingListSummary[]; total: number; next?: string } {
    const rows = this.db
      .prepare<[string | null, string | null, number], ListRow & { n: number }>(
        `SELECT l.*, (SELECT count(*) FROM reading_list_items i WHERE i.list_id = l.id) AS n
         FROM reading_lists l WHERE ? IS NULL OR l.name > ? ORDER BY l.name LIMIT ?`,
      )
      .all(after, after, limit + 1);
    const total = this.db.prepare<[], number>("SELECT count(*) FROM reading_lists").pluck().get() ?? 0;
    const lists = rows.slice(0, limit).map((r) => ({ name: r.name, description: r.description, items: r.n, createdAt: r.created_at, updatedAt: r.updated_at }));
    const last = lists.at(-1);
    return rows.length > limit && last ? { lists, total, next: last.name } : { lists, total };
  }

  get(name: string): StoredReadingList | undefined {
    const row = this.row(name);
    if (!row) return undefined;
    const entries = this.db
      .prepare<[number], { position: number; paper_ref: string; title: string | null; reason: string; note: string }>(
        "SELECT position, paper_ref, title, reason, note FROM reading_list_items WHERE list_id = ? ORDER BY position LIMIT 100000",
      )
      .all(row.id)
      .map((e) => ({ position: e.position, paperRef: e.paper_ref, title: e.title, reason: e.reason, note: e.note }));
    return {
      name: row.name,
      description: row.description,
      items: entries.length,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      spec: JSON.parse(row.spec_json) as unknown,
      entries,
    };
  }

  /** Creates or replaces a whole list (a generated reading list saved under a name). */
  save(name: string, entries: readonly NewEntry[], meta: { description?: string; spec?: unknown }, now = new Date().toISOString()): void {
    const listName = checkListName(name);
    this.db
      .transaction(() => {
        this.db.prepare("DELETE FROM reading_lists WHERE name = ?").run(listName);
        const id = this.insertList(listName, meta, now);
        const insert = this.insertItem();
        const seen = new Set<string>();
        for (const e of entries) {
          if (seen.has(e.paperRef)) continue;
          seen.add(e.paperRef);
          insert.run(id, seen.size, e.paperRef, e.title, e.reason, e.note ?? "");
        }
      })
      .immediate();
  }

  /** Appends papers (creating the list if needed); papers already on it stay where they are. */
  add(name: string, entries: readonly NewEntry[], now = new Date().toISOString()): { added: string[]; already: string[] } {
    const listName = checkListName(name);
    return this.db
      .transaction(() => {
        const id = this.row(listName)?.id ?? this.insertList(listName, {}, now);
        const existing = new Set(this.refs(id));
        const insert = this.insertItem();
        const added: string[] = [];
        const already: string[] = [];
        for (const e of entries) {
          if (existing.has(e.paperRef)) {
            already.push(e.paperRef);
            continue;
          }
          existing.add(e.paperRef);
          insert.run(id, existing.size, e.paperRef, e.title, e.reason, e.note ?? "");
          added.push(e.paperRef);
        }
        this.touch(id, now);
        return { added, already };
      })
      .immediate();
  }

  /** Removes papers by reference; returns those that were on the list. */
  remove(name: string, refs: readonly string[], now = new Date().toISOString()): string[] {
    const id = this.require(name);
    return this.db
      .transaction(() => {
        const del = this.db.prepare<[number, string]>("DELETE FROM reading_list_items WHERE list_id = ? AND paper_ref = ?");
        const removed = refs.filter((ref) => del.run(id, ref).changes > 0);
        this.renumber(id, this.refs(id));
        this.touch(id, now);
        return removed;
      })
      .immediate();
  }

  /** Moves the given papers, in the given order, to start at position `to` (1-based). */
  reorder(name: string, refs: readonly string[], to: number, now = new Date().toISOString()): string[] {
    const id = this.require(name);
    return this.db
      .transaction(() => {
        const current = this.refs(id);
        const missing = refs.filter((r) => !current.includes(r));
        if (missing.length > 0) throw new ListError(`not on list "${name}": ${missing.join(", ")}`);
        const moving = [...new Set(refs)];
        const rest = current.filter((r) => !moving.includes(r));
        const at = Math.max(0, Math.min(rest.length, to - 1));
        const order = [...rest.slice(0, at), ...moving, ...rest.slice(at)];
        this.renumber(id, order);
        this.touch(id, now);
        return order;
      })
      .immediate();
  }

  delete(name: string): boolean {
    return this.db.prepare("DELETE FROM reading_lists WHERE name = ?").run(checkListName(name)).changes > 0;
  }

  private row(name: string): ListRow | undefined {
    return this.db.prepare<[string], ListRow>("SELECT * FROM reading_lists WHERE name = ?").get(name.trim());
  }

  private require(name: string): number {
    const id = this.row(checkListName(name))?.id;
    if (id === undefined) throw new ListError(`no list named "${name.trim()}"`);
    return id;
  }

  private refs(id: number): string[] {
    return this.db
      .prepare<[number], { paper_ref: string }>("SELECT paper_ref FROM reading_list_items WHERE list_id = ? ORDER BY position")
      .all(id)
      .map((r) => r.paper_ref);
  }

  private renumber(id: number, order: readonly string[]): void {
    const update = this.db.prepare<[number, number, string]>("UPDATE reading_list_items SET position = ? WHERE list_id = ? AND paper_ref = ?");
    order.forEach((ref, k) => update.run(k + 1, id, ref));
  }

  private insertList(name: string, meta: { description?: string; spec?: unknown }, now: string): number {
    return Number(
      this.db
        .prepare("INSERT INTO reading_lists (name, description, spec_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
        .run(name, meta.description ?? "", JSON.stringify(meta.spec ?? {}), now, now).lastInsertRowid,
    );
  }

  private insertItem() {
    return this.db.prepare<[number, number, string, string | null, string, string]>("INSERT INTO reading_list_items (list_id, position, paper_ref, title, reason, note) VALUES (?, ?, ?, ?, ?, ?)");
  }

  private touch(id: number, now: string): void {
    this.db.prepare("UPDATE reading_lists SET updated_at = ? WHERE id = ?").run(now, id);
  }
}
