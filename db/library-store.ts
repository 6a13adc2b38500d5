/**
 * The researcher's own library in the map (issue 27): which items of their reference manager the
 * map holds, each stored as a page (`zotero:ITEMKEY`), the collections and tags they are filed
 * under, and the last import. An item's paper is found through its page's own mention, so
 * membership follows every rebuild of the graph without being rewritten.
 */
import type { Db } from "./connection.ts";
import type { LibraryCollection, LibraryMember } from "../ingest/sources/zotero-items.ts";

export type LibraryName = "zotero";

/** The last import of a library. */
export interface LibraryImport {
  library: LibraryName;
  origin: string;
  readAs: "copy" | "local-api";
  modifiedAt: string | null;
  importedAt: string;
  items: number;
  collections: number;
}

export interface StoredCollection extends LibraryCollection {
  /** Items filed directly in it. */
  items: number;
}

/** A paper of the map that the library holds, with the item (or items: a library may hold duplicates) it is. */
export interface PaperMembership {
  paperId: string;
  keys: string[];
  /** Keys of the collections its items are filed in. */
  collections: string[];
  tags: string[];
}

export class LibraryStore {
  constructor(private readonly db: Db) {}

  private hasTables(): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'library_items'").get() !== undefined;
  }

  /** Page sources of the library's items as stored now. */
  sources(library: LibraryName): Map<string, string> {
    const rows = this.db.prepare<[string], { item_key: string; page_source: string }>("SELECT item_key, page_source FROM library_items WHERE library = ?").all(library);
    return new Map(rows.map((r) => [r.item_key, r.page_source]));
  }

  /**
   * Makes the stored membership the given one, writing only what differs (a library imported
   * again unchanged changes no row but its import record). Call inside the import's transaction.
   */
  replace(library: LibraryName, members: readonly LibraryMember[], collections: readonly LibraryCollection[], record: Omit<LibraryImport, "library">): { changed: boolean } {
    const db = this.db;
    const stored = this.snapshot(library);
    const wanted = snapshotOf(members, collections);
    const changed = stored !== wanted;
    if (changed) {
      db.prepare("DELETE FROM library_collection_items WHERE library = ?").run(library);
      db.prepare("DELETE FROM library_items WHERE library = ?").run(library);
      db.prepare("DELETE FROM library_collections WHERE library = ?").run(library);
      const item = db.prepare("INSERT INTO library_items (library, item_key, page_source, tags_json, date_added) VALUES (?, ?, ?, ?, ?)");
      const filed = db.prepare("INSERT OR IGNORE INTO library_collection_items (library, collection_key, item_key) VALUES (?, ?, ?)");
      for (const m of members) {
        item.run(library, m.key, m.source, JSON.stringify(m.tags), m.dateAdded);
        for (const c of m.collections) filed.run(library, c, m.key);
      }
      const collection = db.prepare("INSERT INTO library_collections (library, key, name, parent_key, path_json) VALUES (?, ?, ?, ?, ?)");
      for (const c of collections) collection.run(library, c.key, c.name, c.parentKey, JSON.stringify(c.path));
    }
    db.prepare(
      `INSERT OR REPLACE INTO library_imports (library, origin, read_as, modified_at, imported_at, items, collections)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(library, record.origin, record.readAs, record.modifiedAt, record.importedAt, record.items, record.collections);
    return { changed };
  }

  /** The stored membership as one text, to compare with an import's. */
  private snapshot(library: LibraryName): string {
    const members = this.db
      .prepare<[string], { item_key: string; page_source: string; tags_json: string; date_added: string | null }>(
        "SELECT item_key, page_source, tags_json, date_added FROM library_items WHERE library = ? ORDER BY item_key",
      )
      .all(library);
    const filed = new Map<string, string[]>();
    for (const r of this.db
      .prepare<[string], { item_key: string; collection_key: string }>("SELECT item_key, collection_key FROM library_collection_items WHERE library = ? ORDER BY item_key, collection_key")
      .all(library)) {
      const list = filed.get(r.item_key);
      if (list) list.push(r.collection_key);
      else filed.set(r.item_key, [r.collection_key]);
    }
    const collections = this.collectionRows(library);
    return snapshotOf(
      members.map((m) => ({ key: m.item_key, source: m.page_source, tags: JSON.parse(m.tags_json) as string[], dateAdded: m.date_added, collections: filed.get(m.item_key) ?? [] })),
      collections,
    );
  }

  private collectionRows(library: LibraryName): LibraryCollection[] {
    return this.db
      .prepare<[string], { key: string; name: string; parent_key: string | null; path_json: string }>("SELECT key, name, parent_key, path_json FROM library_collections WHERE library = ? ORDER BY key")
      .all(library)
      .map((r) => ({ key: r.key, name: r.name, parentKey: r.parent_key, path: JSON.parse(r.path_json) as string[] }));
  }

  /** The last import, or undefined when the library was never imported (or the database predates libraries). */
  lastImport(library: LibraryName): LibraryImport | undefined {
    if (!this.hasTables()) return undefined;
    const r = this.db
      .prepare<[string], { origin: string; read_as: LibraryImport["readAs"]; modified_at: string | null; imported_at: string; items: number; collections: number }>(
        "SELECT origin, read_as, modified_at, imported_at, items, collections FROM library_imports WHERE library = ?",
      )
      .get(library);
    return r && { library, origin: r.origin, readAs: r.read_as, modifiedAt: r.modified_at, importedAt: r.imported_at, items: r.items, collections: r.collections };
  }

  /** Every collection with its path and the items filed directly in it, in tree order. */
  collections(library: LibraryName): StoredCollection[] {
    if (!this.hasTables()) return [];
    const counts = new Map(
      this.db
        .prepare<[string], { collection_key: string; n: number }>("SELECT collection_key, count(*) AS n FROM library_collection_items WHERE library = ? GROUP BY collection_key")
        .all(library)
        .map((r) => [r.collection_key, r.n]),
    );
    return this.collectionRows(library)
      .map((c) => ({ ...c, items: counts.get(c.key) ?? 0 }))
      .sort((a, b) => comparePaths(a.path, b.path) || (a.key < b.key ? -1 : 1));
  }

  /** The papers of the map the library holds, each with its items, collections and tags. */
  memberships(library: LibraryName): PaperMembership[] {
    if (!this.hasTables()) return [];
    return this.membershipsWhere(library, "", []);
  }

  /** One paper's membership, or undefined when the library does not hold it. */
  membershipOf(library: LibraryName, paperId: string): PaperMembership | undefined {
    if (!this.hasTables()) return undefined;
    return this.membershipsWhere(library, "AND pm.paper_id = ?", [paperId])[0];
  }

  private membershipsWhere(library: LibraryName, where: string, params: string[]): PaperMembership[] {
    const rows = this.db
      .prepare(
        `SELECT pm.paper_id, li.item_key, li.tags_json
         FROM library_items li
         JOIN pages p ON p.source = li.page_source
         JOIN mentions m ON m.page_id = p.id AND m.role = 'self'
         JOIN paper_mentions pm ON pm.mention_id = m.id
         WHERE li.library = ? ${where}
         ORDER BY pm.paper_id, li.item_key`,
      )
      .raw()
      .all(library, ...params) as [paperId: string, itemKey: string, tagsJson: string][];
    // Where each item is filed: one read of the library's filing, or the few rows of one paper's items.
    const filed = new Map<string, string[]>();
    const filing =
      rows.length > 50
        ? (this.db.prepare("SELECT item_key, collection_key FROM library_collection_items WHERE library = ?").raw().all(library) as [string, string][])
        : rows.flatMap(([, key]) => this.db.prepare("SELECT item_key, collection_key FROM library_collection_items WHERE library = ? AND item_key = ?").raw().all(library, key) as [string, string][]);
    for (const [item, collection] of filing) {
      const list = filed.get(item);
      if (list) list.push(collection);
      else filed.set(item, [collection]);
    }
    const out: PaperMembership[] = [];
    for (const [paperId, key, tagsJson] of rows) {
      let last = out[out.length - 1];
      if (last?.paperId !== paperId) {
        last = { paperId, keys: [], collections: [], tags: [] };
        out.push(last);
      }
      last.keys.push(key);
      last.collections.push(...(filed.get(key) ?? []));
      if (tagsJson !== "[]") last.tags.push(...(JSON.parse(tagsJson) as string[]));
    }
    for (const m of out) {
      m.collections = [...new Set(m.collections)].sort();
      m.tags = [...new Set(m.tags)].sort();
    }
    return out;
  }

  /** Of the library's papers, those that other pages of the map also describe or cite (the rest came with the library). */
  papersAlsoInMap(library: LibraryName): number {
    if (!this.hasTables()) return 0;
    const row = this.db
      .prepare<[string], { n: number }>(
        `SELECT count(DISTINCT pm.paper_id) AS n FROM library_items li
         JOIN pages p ON p.source = li.page_source
         JOIN mentions m ON m.page_id = p.id AND m.role = 'self'
         JOIN paper_mentions pm ON pm.mention_id = m.id
         WHERE li.library = ? AND EXISTS (
           SELECT 1 FROM paper_mentions pm2 JOIN mentions m2 ON m2.id = pm2.mention_id JOIN pages p2 ON p2.id = m2.page_id
           WHERE pm2.paper_id = pm.paper_id AND p2.format != 'zotero')`,
      )
      .get(library);
    return row?.n ?? 0;
  }
}

function snapshotOf(members: readonly LibraryMember[], collections: readonly LibraryCollection[]): string {
  const m = [...members].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((x) => [x.key, x.source, [...x.tags].sort(), x.dateAdded, [...x.collections].sort()]);
  const c = [...collections].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((x) => [x.key, x.name, x.parentKey, x.path]);
  return JSON.stringify([m, c]);
}

function comparePaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = (a[i] ?? "").localeCompare(b[i] ?? "", "en", { sensitivity: "base" });
    if (c !== 0) return c;
  }
  return a.length - b.length;
}
