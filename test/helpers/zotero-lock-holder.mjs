/**
 * A stand-in for a running Zotero, for test/zotero/zotero-file.test.ts: opens a Zotero database
 * as Zotero does (`locking_mode=EXCLUSIVE`, WAL or a rollback journal), commits one item, then
 * holds a second one in an open transaction (spilled to the file, so the journal is hot), and
 * answers lines on stdin: "commit" commits it, "exit" closes. Prints "ready" when it holds the lock.
 * Usage: node zotero-lock-holder.mjs DB wal|delete
 */
import Database from "better-sqlite3";
import { createInterface } from "node:readline";

const [path, mode] = process.argv.slice(2);
const db = new Database(path, { timeout: 0 });
db.pragma("locking_mode = EXCLUSIVE");
db.pragma(`journal_mode = ${mode === "wal" ? "WAL" : "DELETE"}`);
db.pragma("cache_size = 1");

const addItem = (id, key, title) => {
  const type = db.prepare("SELECT itemTypeID FROM itemTypes WHERE typeName = 'journalArticle'").get().itemTypeID;
  const field = db.prepare("SELECT fieldID FROM fields WHERE fieldName = 'title'").get().fieldID;
  db.prepare("INSERT INTO items (itemID, itemTypeID, libraryID, key) VALUES (?, ?, 1, ?)").run(id, type, key);
  const value = Number(db.prepare("INSERT INTO itemDataValues (value) VALUES (?)").run(title).lastInsertRowid);
  db.prepare("INSERT INTO itemData (itemID, fieldID, valueID) VALUES (?, ?, ?)").run(id, field, value);
};

db.transaction(() => addItem(90001, "COMMITED", "An Item Zotero Committed"))();
db.prepare("BEGIN IMMEDIATE").run();
addItem(90002, "PENDING1", "An Item Zotero Has Not Committed");
// Enough to spill the page cache to the file, as a long transaction of Zotero's would.
const filler = db.prepare("INSERT INTO itemDataValues (value) VALUES (?)");
for (let i = 0; i < 3000; i++) filler.run(`filler value ${i} ${"x".repeat(200)}`);
process.stdout.write("ready\n");

createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "commit") {
    db.prepare("COMMIT").run();
    process.stdout.write("committed\n");
  } else if (line === "exit") {
    db.close();
    process.exit(0);
  }
});
