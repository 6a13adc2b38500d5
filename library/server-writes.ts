/**
 * Everything a server writes into a database it serves, as data: the saved lists' changes
 * (create or replace, delete, append, remove, reorder) and a watched list's findings set aside.
 * Nothing else: the graph, pages and everything the jobs store are written by the `lineage`
 * commands the jobs run. A write is made on the main thread from the request (references
 * resolved against the graph, library/list-writes.ts) and applied elsewhere (`applyServerWrite`,
 * on the server's writer thread, web/server/write-worker.ts), each in one short transaction.
 * Refusals come back as EndpointError: an unknown list 404, a bad name 400.
 */
import { EndpointError } from "../api/endpoint-error.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import { ListError, type NewEntry } from "../db/reading-lists.ts";
import { setFindingStates } from "./watch-findings.ts";

export type ServerWrite =
  /** Creates or replaces a list; its description (when not given) and spec are kept. */
  | { kind: "saveList"; name: string; entries: NewEntry[]; description?: string }
  | { kind: "deleteList"; name: string }
  | { kind: "addListItems"; name: string; entries: NewEntry[] }
  | { kind: "removeListItems"; name: string; refs: string[] }
  | { kind: "reorderList"; name: string; refs: string[]; to: number }
  | { kind: "dismissFindings"; list: string; findings: { source: string; apiId: string }[] };

export interface ServerWriteResult {
  /** saveList: whether the list is new. */
  created?: boolean;
  /** addListItems. */
  added?: string[];
  already?: string[];
  /** removeListItems: the references that were on the list. */
  removed?: string[];
  /** dismissFindings: the findings whose state changed. */
  changed?: string[];
}

/** Applies one write in one transaction; throws EndpointError for a request that names what is not there. */
export function applyServerWrite(db: LineageDb, write: ServerWrite): ServerWriteResult {
  try {
    switch (write.kind) {
      case "saveList":
        return db.write(() => {
          const current = db.lists.get(write.name);
          db.lists.save(write.name, write.entries, { description: write.description ?? current?.description, spec: current?.spec });
          return { created: current === undefined };
        });
      case "deleteList":
        if (!db.lists.delete(write.name)) throw new ListError(`no list named "${write.name.trim()}"`);
        return {};
      case "addListItems":
        return db.lists.add(write.name, write.entries);
      case "removeListItems":
        return { removed: db.lists.remove(write.name, write.refs) };
      case "reorderList":
        db.lists.reorder(write.name, write.refs, write.to);
        return {};
      case "dismissFindings":
        return { changed: setFindingStates(db, write.list, write.findings, "dismissed") };
    }
  } catch (err) {
    if (err instanceof ListError) throw new EndpointError(err.message, /^no list named/.test(err.message) ? 404 : 400);
    throw err;
  }
}
