/**
 * Zotero databases built by the tests: the tables `zotero.sqlite` has (Zotero's
 * resource/schema/userdata.sql names and columns, written here for the tables the reader touches
 * and a few it must pass over), created from SQL and seeded with invented items, datasette-style.
 * Item type and field ids are a seeded shuffle, so a reader that joined by numeric id instead of
 * by name would read the wrong fields. Dates are stored as Zotero stores them ("2019-06-00 June 2019").
 */
import Database from "better-sqlite3";
import { seededRandom } from "../../graph/layout.ts";

export interface FakeCreator {
  type?: string;
  first?: string;
  last?: string;
  /** One-field name (fieldMode 1). */
  single?: string;
}

export interface FakeItem {
  key: string;
  itemType: string;
  fields?: Record<string, string>;
  creators?: FakeCreator[];
  collections?: string[];
  tags?: string[];
  deleted?: boolean;
  /** The parent item of a note, attachment or annotation. */
  parent?: string;
  library?: "user" | "group" | "feed";
  dateAdded?: string;
}

export interface FakeCollection {
  key: string;
  name: string;
  parent?: string;
  deleted?: boolean;
  library?: "user" | "group";
}

export interface FakeLibrary {
  items: FakeItem[];
  collections?: FakeCollection[];
  /** The userdata schema version (Zotero's `version` table). */
  schemaVersion?: number;
  seed?: number;
  /** Omit Zotero 7's deletedCollections table (older schemas). */
  withoutDeletedCollections?: boolean;
}

const ITEM_TYPES = [
  "annotation",
  "artwork",
  "attachment",
  "book",
  "bookSection",
  "conferencePaper",
  "document",
  "journalArticle",
  "note",
  "preprint",
  "report",
  "thesis",
  "webpage",
  "computerProgram",
  "case",
];
const FIELDS = [
  "title",
  "abstractNote",
  "date",
  "url",
  "extra",
  "DOI",
  "archiveID",
  "repository",
  "publicationTitle",
  "proceedingsTitle",
  "conferenceName",
  "bookTitle",
  "university",
  "institution",
  "publisher",
  "volume",
  "pages",
  "language",
  "accessDate",
  "caseName",
  "citationKey",
  "websiteTitle",
];
const CREATOR_TYPES = ["author", "contributor", "editor", "translator", "seriesEditor", "programmer", "reviewedAuthor"];

/** The tables, as Zotero names and shapes them (the subset this reader and its tests need). */
export const ZOTERO_DDL = `
CREATE TABLE version (schema TEXT PRIMARY KEY, version INT NOT NULL);
CREATE TABLE settings (setting TEXT, key TEXT, value, PRIMARY KEY (setting, key));
CREATE TABLE libraries (libraryID INTEGER PRIMARY KEY, type TEXT NOT NULL, editable INT NOT NULL, filesEditable INT NOT NULL,
  version INT NOT NULL DEFAULT 0, storageVersion INT NOT NULL DEFAULT 0, lastSync INT NOT NULL DEFAULT 0, archived INT NOT NULL DEFAULT 0);
CREATE TABLE groups (groupID INTEGER PRIMARY KEY, libraryID INT NOT NULL UNIQUE, name TEXT NOT NULL, description TEXT NOT NULL, version INT NOT NULL);
CREATE TABLE feeds (libraryID INTEGER PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL UNIQUE);
CREATE TABLE itemTypes (itemTypeID INTEGER PRIMARY KEY, typeName TEXT, templateItemTypeID INT, display INT DEFAULT 1);
CREATE TABLE itemTypesCombined (itemTypeID INT NOT NULL, typeName TEXT NOT NULL, display INT DEFAULT 1 NOT NULL, custom INT NOT NULL, PRIMARY KEY (itemTypeID));
CREATE TABLE fields (fieldID INTEGER PRIMARY KEY, fieldName TEXT, fieldFormatID INT);
CREATE TABLE fieldsCombined (fieldID INT NOT NULL, fieldName TEXT NOT NULL, label TEXT, fieldFormatID INT, custom INT NOT NULL, PRIMARY KEY (fieldID));
CREATE TABLE creatorTypes (creatorTypeID INTEGER PRIMARY KEY, creatorType TEXT);
CREATE TABLE items (itemID INTEGER PRIMARY KEY, itemTypeID INT NOT NULL, dateAdded TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  dateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, clientDateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  libraryID INT NOT NULL, key TEXT NOT NULL, version INT NOT NULL DEFAULT 0, synced INT NOT NULL DEFAULT 0, UNIQUE (libraryID, key));
CREATE TABLE itemDataValues (valueID INTEGER PRIMARY KEY, value UNIQUE);
CREATE TABLE itemData (itemID INT, fieldID INT, valueID, PRIMARY KEY (itemID, fieldID));
CREATE TABLE itemNotes (itemID INTEGER PRIMARY KEY, parentItemID INT, note TEXT, title TEXT);
CREATE TABLE itemAttachments (itemID INTEGER PRIMARY KEY, parentItemID INT, linkMode INT, contentType TEXT, path TEXT);
CREATE TABLE itemAnnotations (itemID INTEGER PRIMARY KEY, parentItemID INT NOT NULL, type INTEGER NOT NULL, text TEXT, sortIndex TEXT NOT NULL, position TEXT NOT NULL, isExternal INT NOT NULL);
CREATE TABLE tags (tagID INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE itemTags (itemID INT NOT NULL, tagID INT NOT NULL, type INT NOT NULL, PRIMARY KEY (itemID, tagID));
CREATE TABLE creators (creatorID INTEGER PRIMARY KEY, firstName TEXT, lastName TEXT, fieldMode INT, UNIQUE (lastName, firstName, fieldMode));
CREATE TABLE itemCreators (itemID INT NOT NULL, creatorID INT NOT NULL, creatorTypeID INT NOT NULL DEFAULT 1, orderIndex INT NOT NULL DEFAULT 0,
  PRIMARY KEY (itemID, creatorID, creatorTypeID, orderIndex), UNIQUE (itemID, orderIndex));
CREATE TABLE collections (collectionID INTEGER PRIMARY KEY, collectionName TEXT NOT NULL, parentCollectionID INT DEFAULT NULL,
  clientDateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, libraryID INT NOT NULL, key TEXT NOT NULL, version INT NOT NULL DEFAULT 0,
  synced INT NOT NULL DEFAULT 0, UNIQUE (libraryID, key));
CREATE TABLE collectionItems (collectionID INT NOT NULL, itemID INT NOT NULL, orderIndex INT NOT NULL DEFAULT 0, PRIMARY KEY (collectionID, itemID));
CREATE TABLE deletedItems (itemID INTEGER PRIMARY KEY, dateDeleted DEFAULT CURRENT_TIMESTAMP NOT NULL);
CREATE TABLE feedItems (itemID INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE, readTime TIMESTAMP);
`;

/** A seeded shuffle, so ids differ from any order a reader might assume. */
function shuffled<T>(values: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Writes a Zotero database at `path` holding `library`; returns the open connection's close. */
export function buildZoteroDb(path: string, library: FakeLibrary): void {
  const db = new Database(path);
  try {
    db.exec(ZOTERO_DDL);
    if (!library.withoutDeletedCollections) db.exec("CREATE TABLE deletedCollections (collectionID INTEGER PRIMARY KEY, dateDeleted DEFAULT CURRENT_TIMESTAMP NOT NULL);");
    fillZoteroDb(db, library);
  } finally {
    db.close();
  }
}

/** Seeds an open database that has ZOTERO_DDL's tables. */
export function fillZoteroDb(db: Database.Database, library: FakeLibrary): void {
  const seed = library.seed ?? 7;
  // Each statement prepared once: a library of 10,000 items runs each of them tens of thousands of times.
  const statements = new Map<string, Database.Statement>();
  const sql = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  db.transaction(() => {
    const version = sql("INSERT INTO version (schema, version) VALUES (?, ?)");
    version.run("userdata", library.schemaVersion ?? 129);
    version.run("globalSchema", 41);
    version.run("system", 33);
    sql("INSERT INTO settings VALUES ('account', 'localUserKey', 'AbCdEfGh')").run();
    sql("INSERT INTO libraries (libraryID, type, editable, filesEditable) VALUES (1, 'user', 1, 1), (2, 'group', 1, 1), (3, 'feed', 0, 0)").run();
    sql("INSERT INTO groups VALUES (4711, 2, 'Reading group', '', 1)").run();
    sql("INSERT INTO feeds VALUES (3, 'A feed', 'https://example.org/feed.xml')").run();
    const typeIds = new Map<string, number>();
    shuffled(ITEM_TYPES, seed).forEach((name, i) => {
      const id = 3 + i * 7;
      typeIds.set(name, id);
      sql("INSERT INTO itemTypes (itemTypeID, typeName) VALUES (?, ?)").run(id, name);
      sql("INSERT INTO itemTypesCombined (itemTypeID, typeName, custom) VALUES (?, ?, 0)").run(id, name);
    });
    const fieldIds = new Map<string, number>();
    shuffled(FIELDS, seed + 1).forEach((name, i) => {
      const id = 5 + i * 3;
      fieldIds.set(name, id);
      sql("INSERT INTO fields (fieldID, fieldName) VALUES (?, ?)").run(id, name);
      sql("INSERT INTO fieldsCombined (fieldID, fieldName, custom) VALUES (?, ?, 0)").run(id, name);
    });
    const creatorTypeIds = new Map<string, number>();
    shuffled(CREATOR_TYPES, seed + 2).forEach((name, i) => {
      creatorTypeIds.set(name, 2 + i);
      sql("INSERT INTO creatorTypes (creatorTypeID, creatorType) VALUES (?, ?)").run(2 + i, name);
    });
    const libraryId = { user: 1, group: 2, feed: 3 } as const;
    const collectionIds = new Map<string, number>();
    (library.collections ?? []).forEach((c, i) => collectionIds.set(c.key, 100 + i * 2));
    for (const c of library.collections ?? []) {
      const parent = c.parent ? collectionIds.get(c.parent) : null;
      sql("INSERT INTO collections (collectionID, collectionName, parentCollectionID, libraryID, key) VALUES (?, ?, ?, ?, ?)").run(
        collectionIds.get(c.key),
        c.name,
        parent ?? null,
        libraryId[c.library ?? "user"],
        c.key,
      );
      if (c.deleted) sql("INSERT INTO deletedCollections (collectionID) VALUES (?)").run(collectionIds.get(c.key));
    }
    const valueIds = new Map<string, number>();
    const valueId = (value: string) => {
      let id = valueIds.get(value);
      if (id === undefined) {
        id = Number(sql("INSERT INTO itemDataValues (value) VALUES (?)").run(value).lastInsertRowid);
        valueIds.set(value, id);
      }
      return id;
    };
    const itemIds = new Map<string, number>();
    // Items are numbered in reverse, so their ids are in no order a reader might lean on.
    library.items.forEach((item, i) => itemIds.set(`${item.library ?? "user"}/${item.key}`, 10_000 - i * 3));
    const creatorIds = new Map<string, number>();
    for (const item of library.items) {
      const lib = item.library ?? "user";
      const id = itemIds.get(`${lib}/${item.key}`);
      const type = typeIds.get(item.itemType);
      if (type === undefined) throw new Error(`test Zotero database: no item type ${item.itemType}`);
      sql("INSERT INTO items (itemID, itemTypeID, libraryID, key, dateAdded) VALUES (?, ?, ?, ?, ?)").run(id, type, libraryId[lib], item.key, item.dateAdded ?? "2024-03-01 10:20:30");
      for (const [name, value] of Object.entries(item.fields ?? {})) {
        const field = fieldIds.get(name);
        if (field === undefined) throw new Error(`test Zotero database: no field ${name}`);
        sql("INSERT INTO itemData (itemID, fieldID, valueID) VALUES (?, ?, ?)").run(id, field, valueId(value));
      }
      const parent = item.parent ? itemIds.get(`${lib}/${item.parent}`) : null;
      if (item.itemType === "note") sql("INSERT INTO itemNotes (itemID, parentItemID, note, title) VALUES (?, ?, ?, ?)").run(id, parent ?? null, "<p>A note</p>", "A note");
      if (item.itemType === "attachment")
        sql("INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path) VALUES (?, ?, 1, 'application/pdf', 'storage:paper.pdf')").run(id, parent ?? null);
      if (item.itemType === "annotation")
        sql("INSERT INTO itemAnnotations (itemID, parentItemID, type, text, sortIndex, position, isExternal) VALUES (?, ?, 1, 'highlighted', '0', '{}', 0)").run(id, parent ?? 0);
      if (lib === "feed") sql("INSERT INTO feedItems (itemID, guid) VALUES (?, ?)").run(id, `guid-${item.key}`);
      // Creators inserted last first: the reader must order them by orderIndex.
      const creators = (item.creators ?? []).map((c, order) => ({ c, order })).reverse();
      for (const { c, order } of creators) {
        const nameKey = JSON.stringify([c.first ?? null, c.single ?? c.last ?? null, c.single ? 1 : 0]);
        let creatorId = creatorIds.get(nameKey);
        if (creatorId === undefined) {
          creatorId = Number(
            sql("INSERT INTO creators (firstName, lastName, fieldMode) VALUES (?, ?, ?)").run(c.single ? "" : (c.first ?? ""), c.single ?? c.last ?? "", c.single ? 1 : 0).lastInsertRowid,
          );
          creatorIds.set(nameKey, creatorId);
        }
        sql("INSERT INTO itemCreators (itemID, creatorID, creatorTypeID, orderIndex) VALUES (?, ?, ?, ?)").run(id, creatorId, creatorTypeIds.get(c.type ?? "author"), order);
      }
      for (const key of item.collections ?? []) {
        const collection = collectionIds.get(key);
        if (collection === undefined) throw new Error(`test Zotero database: no collection ${key}`);
        sql("INSERT INTO collectionItems (collectionID, itemID, orderIndex) VALUES (?, ?, 0)").run(collection, id);
      }
      for (const tag of item.tags ?? []) {
        sql("INSERT OR IGNORE INTO tags (name) VALUES (?)").run(tag);
        const tagId = (sql("SELECT tagID FROM tags WHERE name = ?").get(tag) as { tagID: number } | undefined)?.tagID;
        sql("INSERT INTO itemTags (itemID, tagID, type) VALUES (?, ?, 0)").run(id, tagId);
      }
      if (item.deleted) sql("INSERT INTO deletedItems (itemID) VALUES (?)").run(id);
    }
  })();
}

/** A researcher's library of invented papers: every way an item names its work, nested collections, the trash, notes and files. */
export function sampleLibrary(): FakeLibrary {
  return {
    collections: [
      { key: "COLLEVAL", name: "Evaluation" },
      { key: "COLLBENC", name: "Benchmarks", parent: "COLLEVAL" },
      { key: "COLLREAS", name: "Reasoning", parent: "COLLBENC" },
      { key: "COLLMETR", name: "Metrics", parent: "COLLEVAL" },
      { key: "COLLOLD1", name: "Old drafts", deleted: true },
      { key: "COLLGRP1", name: "Group shelf", library: "group" },
    ],
    items: [
      {
        key: "DOIJRNL1",
        itemType: "journalArticle",
        fields: {
          title: "Calibrated Scoring of Open Answers",
          DOI: "10.5555/calib.2021.7",
          publicationTitle: "Journal of Invented Evaluation",
          date: "2021-03-00 March 2021",
          abstractNote: "We score answers.",
        },
        creators: [
          { first: "Ada", last: "Quill" },
          { first: "Bram", last: "Okafor" },
          { type: "editor", first: "Edda", last: "Editor" },
          { first: "Chen", last: "Morrow" },
        ],
        collections: ["COLLMETR"],
        tags: ["metrics", "to-read"],
      },
      {
        key: "ARXIVID1",
        itemType: "preprint",
        fields: { title: "Reasoning Benchmarks Saturate Quickly", archiveID: "arXiv:2401.04321", repository: "arXiv", url: "https://arxiv.org/abs/2401.04321v2", date: "2024-01-09 2024-01-09" },
        creators: [{ first: "Dina", last: "Ferro" }, { single: "The Invented Evaluation Consortium" }],
        collections: ["COLLREAS", "COLLBENC"],
        tags: ["reasoning"],
      },
      {
        key: "ACLURL01",
        itemType: "conferencePaper",
        fields: {
          title: "Held-Out Sets for Dialogue Evaluation",
          url: "https://aclanthology.org/2020.acl-main.917/",
          proceedingsTitle: "Proceedings of an Invented Meeting",
          date: "2020-07-00 July 2020",
        },
        creators: [{ first: "Emil", last: "Graves" }],
        collections: ["COLLBENC"],
      },
      {
        key: "EXTRAAX1",
        itemType: "report",
        fields: {
          title: "Contamination Audits of Test Sets",
          extra: "Citation Key: graves2023contamination\narXiv: 2312.00457 [cs.CL]",
          institution: "Invented Institute",
          date: "2023-12-00 December 2023",
        },
        creators: [{ first: "Fay", last: "Hollis" }],
        collections: ["COLLEVAL"],
      },
      {
        key: "EXTRADOI",
        itemType: "bookSection",
        fields: { title: "A Chapter on Human Judgement", extra: "DOI: 10.5555/chapter.88", bookTitle: "Invented Handbook of Evaluation", date: "2019-00-00 2019" },
        creators: [{ first: "Gus", last: "Ibarra" }],
      },
      {
        key: "AXDOI001",
        itemType: "journalArticle",
        fields: { title: "Leaderboards as Instruments", DOI: "10.48550/arXiv.2305.01234", date: "2023-05-02 2023-05-02" },
        creators: [{ first: "Hana", last: "Jovic" }],
      },
      {
        key: "TITLEONL",
        itemType: "thesis",
        fields: { title: "On Measuring What Models Know", university: "Invented University", date: "2018-00-00 2018" },
        creators: [{ first: "Ines", last: "Kaur" }],
        collections: ["COLLOLD1"],
      },
      { key: "TRASHED1", itemType: "journalArticle", fields: { title: "A Paper In The Trash", DOI: "10.5555/trash.1" }, deleted: true, collections: ["COLLMETR"] },
      { key: "NOTE0001", itemType: "note", parent: "DOIJRNL1" },
      { key: "NOTE0002", itemType: "note" },
      { key: "ATTACH01", itemType: "attachment", parent: "ARXIVID1", fields: { title: "Full Text PDF", url: "https://arxiv.org/pdf/2401.04321" } },
      { key: "ANNOT001", itemType: "annotation", parent: "ATTACH01" },
      { key: "GROUPIT1", itemType: "journalArticle", library: "group", fields: { title: "A Group Library Paper", DOI: "10.5555/group.1" } },
      { key: "FEEDIT01", itemType: "journalArticle", library: "feed", fields: { title: "A Feed Item", DOI: "10.5555/feed.1" } },
    ],
  };
}
