/**
 * Reading a Zotero library from its `zotero.sqlite`, without ever blocking or changing Zotero.
 *
 * Zotero holds its database under an exclusive lock while it runs (`locking_mode=EXCLUSIVE`), and
 * current Zotero keeps its latest commits in the write-ahead log (`zotero.sqlite-wal`, WAL since
 * April 2026) until it checkpoints. So the file is never opened where it is: it is copied, with
 * its `-wal` and `-journal` beside it, into a private folder, and the copy is opened there, where
 * SQLite replays the log's committed transactions (and only those) or rolls back a transaction
 * Zotero had not finished, as Zotero itself would on its next start. Opening the original
 * `?mode=ro&immutable=1` would take no lock either, but it ignores the log and would miss what
 * Zotero last saved (and this build of SQLite reads no URI file names). The copy is taken again
 * when a file changed while it was copied, and removed after the read.
 *
 * Items are joined to their fields by field name (`fieldsCombined`, the table Zotero fills from
 * its global schema and custom fields, else `fields`), never by numeric id; creators in their
 * order; collections with their parents; tags. Only the personal library is read; items in the
 * trash, notes, attachments and annotations are passed over and counted. A userdata schema
 * version outside the ones whose tables this reader knows is refused, naming it.
 */
import Database from "better-sqlite3";
import { copyFileSync, constants, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { NON_WORK_TYPES, noneSkipped, type ZoteroCollection, type ZoteroCreator, type ZoteroItem, type ZoteroLibrary } from "../ingest/sources/zotero-items.ts";

/**
 * The userdata schema versions whose tables this reader knows: from Zotero 5's layout (80:
 * creators and keys on items, as now) to the newest in Zotero's `resource/schema/userdata.sql`.
 */
export const ZOTERO_SCHEMA = { min: 80, max: 129 } as const;

/** No field value Zotero writes comes near this; longer ones are cut. */
const MAX_VALUE_CHARS = 100_000;
/** Copies taken when the file keeps changing while it is copied. */
const COPY_ATTEMPTS = 5;

export class ZoteroFileError extends Error {}

export interface ZoteroFileRead {
  library: ZoteroLibrary;
  /** How it was read: always a private copy (see the header). */
  readAs: "copy";
  /** The database file's modification time (ISO), and whether a write-ahead log or journal came with it. */
  modifiedAt: string;
  sidecars: string[];
  schemaVersion: number;
}

const SIDECARS = ["-wal", "-journal"];

interface FileStamp {
  size: number;
  mtimeMs: number;
}

function stamp(path: string): FileStamp | null {
  try {
    const s = statSync(path);
    return { size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    return null;
  }
}

const sameStamps = (a: (FileStamp | null)[], b: (FileStamp | null)[]) => a.every((s, i) => JSON.stringify(s) === JSON.stringify(b[i]));

/** Reads the personal library of the Zotero database at `path` from a private copy. */
export function readZoteroFile(path: string): ZoteroFileRead {
  if (!existsSync(path)) throw new ZoteroFileError(`${path}: no such file (the Zotero database is zotero.sqlite in Zotero's data directory)`);
  const main = stamp(path);
  if (!main) throw new ZoteroFileError(`${path}: cannot read the file`);
  const dir = mkdtempSync(join(tmpdir(), "lineage-zotero-"));
  try {
    const copy = join(dir, basename(path));
    const taken = takeCopy(path, copy);
    let db: Database.Database;
    try {
      db = new Database(copy, { fileMustExist: true });
    } catch (err) {
      throw new ZoteroFileError(`${path}: not an SQLite database (${(err as Error).message})`);
    }
    try {
      const schemaVersion = checkSchema(db, path);
      return { library: readLibrary(db, path), readAs: "copy", modifiedAt: new Date(taken.mtimeMs).toISOString(), sidecars: taken.sidecars, schemaVersion };
    } catch (err) {
      if (err instanceof ZoteroFileError) throw err;
      throw new ZoteroFileError(`${path}: cannot read the library (${(err as Error).message})`);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Copies the file and its sidecars until one copy saw none of them change. */
function takeCopy(path: string, copy: string): { mtimeMs: number; sidecars: string[] } {
  for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
    const names = [path, ...SIDECARS.map((s) => path + s)];
    const before = names.map(stamp);
    for (const s of SIDECARS) rmSync(copy + s, { force: true });
    try {
      copyFileSync(path, copy, constants.COPYFILE_FICLONE);
      SIDECARS.forEach((s, i) => {
        if (before[i + 1]) copyFileSync(path + s, copy + s, constants.COPYFILE_FICLONE);
      });
    } catch (err) {
      // A sidecar Zotero removed between the stat and the copy: take the copy again.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT" || attempt === COPY_ATTEMPTS) throw new ZoteroFileError(`${path}: cannot copy the file (${(err as Error).message})`);
      continue;
    }
    const after = names.map(stamp);
    if (sameStamps(before, after)) return { mtimeMs: before[0]?.mtimeMs ?? 0, sidecars: SIDECARS.filter((_, i) => before[i + 1] && (before[i + 1]?.size ?? 0) > 0) };
  }
  throw new ZoteroFileError(`${path}: the file changed each of the ${COPY_ATTEMPTS} times it was copied; try again when Zotero is idle`);
}

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?").get(name) !== undefined;
}

function hasRows(db: Database.Database, table: string): boolean {
  return hasTable(db, table) && db.prepare(`SELECT 1 FROM "${table}" LIMIT 1`).get() !== undefined;
}

function checkSchema(db: Database.Database, path: string): number {
  let row: { version: unknown } | undefined;
  try {
    if (!hasTable(db, "version")) throw new ZoteroFileError(`${path}: not a Zotero database (it has no \`version\` table)`);
    row = db.prepare<[], { version: unknown }>("SELECT version FROM version WHERE schema = 'userdata'").get();
  } catch (err) {
    if (err instanceof ZoteroFileError) throw err;
    throw new ZoteroFileError(`${path}: not an SQLite database Lineage can read (${(err as Error).message})`);
  }
  const version = Number(row?.version);
  if (!row || !Number.isInteger(version)) throw new ZoteroFileError(`${path}: not a Zotero database (its \`version\` table has no userdata schema version)`);
  const known = `${ZOTERO_SCHEMA.min} to ${ZOTERO_SCHEMA.max}`;
  if (version < ZOTERO_SCHEMA.min) {
    throw new ZoteroFileError(
      `${path}: Zotero userdata schema version ${version} is older than this reader knows (${known}, Zotero 5 and later); open the library in a current Zotero once to upgrade it`,
    );
  }
  if (version > ZOTERO_SCHEMA.max) {
    throw new ZoteroFileError(
      `${path}: Zotero userdata schema version ${version} is newer than this reader knows (${known}); update Lineage, or read the library through Zotero's local API (\`lineage import zotero --api\`)`,
    );
  }
  return version;
}

type ItemRow = [itemId: number, key: string, typeName: string | null, dateAdded: string | null, libraryId: number, deleted: number];

function readLibrary(db: Database.Database, path: string): ZoteroLibrary {
  const user = db.prepare<[], { libraryID: number }>("SELECT libraryID FROM libraries WHERE type = 'user' ORDER BY libraryID LIMIT 1").get();
  if (!user) throw new ZoteroFileError(`${path}: the Zotero database has no personal library (no \`libraries\` row of type 'user')`);
  const userLibrary = user.libraryID;
  const itemTypes = hasRows(db, "itemTypesCombined") ? "itemTypesCombined" : "itemTypes";
  const fields = hasRows(db, "fieldsCombined") ? "fieldsCombined" : "fields";
  const trash = hasTable(db, "deletedItems") ? "LEFT JOIN deletedItems d ON d.itemID = i.itemID" : "LEFT JOIN (SELECT NULL AS itemID) d ON 0";
  const library: ZoteroLibrary = { origin: path, items: [], collections: [], skipped: noneSkipped() };
  const rows = db
    .prepare(`SELECT i.itemID, i.key, t.typeName, i.dateAdded, i.libraryID, d.itemID IS NOT NULL FROM items i LEFT JOIN ${itemTypes} t ON t.itemTypeID = i.itemTypeID ${trash} ORDER BY i.itemID`)
    .raw()
    .all() as ItemRow[];
  const byId = new Map<number, ZoteroItem>();
  for (const [itemId, key, typeName, dateAdded, libraryId, deleted] of rows) {
    const itemType = typeName ?? "unknown";
    const skip = NON_WORK_TYPES[itemType];
    if (libraryId !== userLibrary) library.skipped.otherLibraries++;
    else if (skip) library.skipped[skip]++;
    else if (deleted) library.skipped.deleted++;
    else {
      const item: ZoteroItem = { key, itemType, fields: {}, creators: [], collections: [], tags: [] };
      if (dateAdded) item.dateAdded = zoteroTimestamp(dateAdded);
      byId.set(itemId, item);
      library.items.push(item);
    }
  }
  readFields(db, fields, byId);
  readCreators(db, byId);
  library.collections = readCollections(db, userLibrary, byId);
  for (const [itemId, name] of db.prepare("SELECT it.itemID, t.name FROM itemTags it JOIN tags t ON t.tagID = it.tagID ORDER BY it.itemID, t.name").raw().iterate() as Iterable<[number, string]>) {
    byId.get(itemId)?.tags.push(name);
  }
  return library;
}

function readFields(db: Database.Database, fields: string, byId: Map<number, ZoteroItem>): void {
  const select = db.prepare(`SELECT d.itemID, f.fieldName, v.value FROM itemData d JOIN ${fields} f ON f.fieldID = d.fieldID JOIN itemDataValues v ON v.valueID = d.valueID`);
  for (const [itemId, name, value] of select.raw().iterate() as Iterable<[number, string | null, unknown]>) {
    const item = byId.get(itemId);
    if (!item || !name || value === null || value === undefined) continue;
    const text = String(value).slice(0, MAX_VALUE_CHARS);
    if (name === "date") {
      const { typed, parsed } = multipartDate(text);
      if (typed) item.fields.date = typed;
      if (parsed) item.parsedDate = parsed;
    } else if (text) item.fields[name] = text;
  }
}

function readCreators(db: Database.Database, byId: Map<number, ZoteroItem>): void {
  const select = db.prepare(
    `SELECT ic.itemID, ct.creatorType, c.firstName, c.lastName, c.fieldMode FROM itemCreators ic
     JOIN creators c ON c.creatorID = ic.creatorID LEFT JOIN creatorTypes ct ON ct.creatorTypeID = ic.creatorTypeID
     ORDER BY ic.itemID, ic.orderIndex`,
  );
  for (const [itemId, type, first, last, fieldMode] of select.raw().iterate() as Iterable<[number, string | null, string | null, string | null, number | null]>) {
    const item = byId.get(itemId);
    if (!item) continue;
    const creator: ZoteroCreator = { creatorType: type ?? "author" };
    // fieldMode 1: one field (an organisation), kept in lastName.
    if (fieldMode === 1) {
      if (last) creator.name = last;
    } else {
      if (first) creator.firstName = first;
      if (last) creator.lastName = last;
    }
    if (creator.name || creator.firstName || creator.lastName) item.creators.push(creator);
  }
}

function readCollections(db: Database.Database, userLibrary: number, byId: Map<number, ZoteroItem>): ZoteroCollection[] {
  const trashed = hasTable(db, "deletedCollections") ? "AND c.collectionID NOT IN (SELECT collectionID FROM deletedCollections)" : "";
  const rows = db
    .prepare(
      `SELECT c.collectionID, c.key, c.collectionName, p.key FROM collections c LEFT JOIN collections p ON p.collectionID = c.parentCollectionID
       WHERE c.libraryID = ? ${trashed} ORDER BY c.collectionID`,
    )
    .raw()
    .all(userLibrary) as [number, string, string, string | null][];
  const keyOf = new Map<number, string>();
  const collections = rows.map(([id, key, name, parentKey]) => {
    keyOf.set(id, key);
    return { key, name, parentKey };
  });
  for (const [collectionId, itemId] of db.prepare("SELECT collectionID, itemID FROM collectionItems ORDER BY collectionID, orderIndex").raw().iterate() as Iterable<[number, number]>) {
    const key = keyOf.get(collectionId);
    if (key) byId.get(itemId)?.collections.push(key);
  }
  return collections;
}

/**
 * Zotero stores a date as "multipart" text: the SQL date it parsed (unknown parts "00"), a space,
 * and the date as typed: "2019-06-00 June 2019". A value not of that form is the typed date alone.
 */
export function multipartDate(value: string): { typed?: string; parsed?: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2}) ([\s\S]*)$/.exec(value);
  if (!m?.[1]) return { typed: value.trim() || undefined };
  const parts = [m[1], m[2], m[3]];
  const known = m[1] === "0000" ? [] : parts[1] === "00" ? [parts[0]] : parts[2] === "00" ? parts.slice(0, 2) : parts;
  const out: { typed?: string; parsed?: string } = {};
  if (known.length > 0) out.parsed = known.join("-");
  if (m[4]?.trim()) out.typed = m[4].trim();
  return out;
}

/** Zotero's UTC timestamps ("2024-03-01 10:20:30") as ISO. */
function zoteroTimestamp(value: string): string {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
}
