/**
 * The saved lists' writes as the server takes them (issue 4, "editable in the explorer, shareable
 * by link"): a request's items resolved against the newest graph (each paper kept by a reference
 * that survives rebuilds, with a title snapshot; a paper that has left the graph stays on its list
 * under its old reference), made into a ServerWrite and handed to the server's writer, and the
 * list read back as the API gives it. Exports only read. Refusals are EndpointErrors: a reference
 * the graph does not hold 400, a list or paper not on it 404.
 */
import { EndpointError } from "../api/endpoint-error.ts";
import type { ExportedList, ListDeleted, ListFormat, ListItemsAdded, SavedList } from "../api/types.ts";
import { exportFormat, type ExportBody, type ItemBody, type ListBody, type OrderBody } from "../api/request-bodies.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import { checkListName, ListError, type NewEntry, type StoredReadingList } from "../db/reading-lists.ts";
import type { GraphSource, LineageGraph } from "./lineage-graph.ts";
import { renderList } from "./list-formats.ts";
import { namedList, noListNamed } from "./named.ts";
import { listJson, resolveEntries, stableRef } from "./saved-lists.ts";
import type { ServerWrite, ServerWriteResult } from "./server-writes.ts";

/** Where the writes go: the server's writer (off its main thread), or any function applying them. */
export type ApplyWrite = (write: ServerWrite) => Promise<ServerWriteResult>;

const EXPORT_TYPES: Record<ListFormat, { type: string; extension: string }> = {
  md: { type: "text/markdown; charset=utf-8", extension: "md" },
  bibtex: { type: "application/x-bibtex; charset=utf-8", extension: "bib" },
  csl: { type: "application/vnd.citationstyles.csl+json; charset=utf-8", extension: "csl.json" },
  ris: { type: "application/x-research-info-systems; charset=utf-8", extension: "ris" },
  json: { type: "application/json; charset=utf-8", extension: "json" },
  zotero: { type: "application/x-bibtex; charset=utf-8", extension: "zotero.bib" },
};

export class ListWrites {
  constructor(
    /** The server's read-only connection: lists are read back through it. */
    private readonly db: LineageDb,
    private readonly source: GraphSource,
    private readonly apply: ApplyWrite,
  ) {}

  /** The graph references resolve against: the newest, for a live source. */
  private get graph(): LineageGraph {
    return this.source.current();
  }

  /** Creates or replaces a list: `created` says which. */
  async save(rawName: string, body: ListBody): Promise<{ created: boolean; list: SavedList }> {
    const name = listName(rawName);
    const entries = this.entries(body.items, this.db.lists.get(name));
    const { created } = await this.apply(Object.assign({ kind: "saveList" as const, name, entries }, body.description === undefined ? {} : { description: body.description }));
    return { created: created === true, list: this.json(name) };
  }

  async delete(rawName: string): Promise<ListDeleted> {
    const name = listName(rawName);
    await this.apply({ kind: "deleteList", name });
    return { deleted: name };
  }

  async addItems(rawName: string, body: ListBody): Promise<ListItemsAdded> {
    const name = listName(rawName);
    const result = await this.apply({ kind: "addListItems", name, entries: this.entries(body.items, this.db.lists.get(name)) });
    return { added: result.added ?? [], already: result.already ?? [], list: this.json(name) };
  }

  async removeItem(rawName: string, ref: string): Promise<SavedList> {
    const name = listName(rawName);
    const list = namedList(this.db, name);
    const { removed } = await this.apply({ kind: "removeListItems", name, refs: [this.storedRef(list, ref, 404)] });
    if (!removed?.length) throw new EndpointError(`"${ref.slice(0, 100)}" is not on list "${name}"`, 404);
    return this.json(name);
  }

  async reorder(rawName: string, body: OrderBody): Promise<SavedList> {
    const name = listName(rawName);
    const list = namedList(this.db, name);
    await this.apply({ kind: "reorderList", name, refs: body.refs.map((ref) => this.storedRef(list, ref)), to: body.to });
    return this.json(name);
  }

  /** Sets findings of the list's watch aside (the findings named, library/watch-findings.ts). */
  async dismissFindings(list: string, findings: readonly { source: string; apiId: string }[]): Promise<string[]> {
    const { changed } = await this.apply({ kind: "dismissFindings", list, findings: findings.map((f) => ({ source: f.source, apiId: f.apiId })) });
    return changed ?? [];
  }

  /** The given items, else the saved list, as the CLI's `lists export` writes it. */
  export(rawName: string, body: ExportBody, formatInQuery: string | null): ExportedList {
    const name = listName(rawName);
    const format = exportFormat(body, formatInQuery);
    let list: StoredReadingList;
    if (body.items !== undefined) {
      const now = new Date().toISOString();
      const entries = body.items.map((item, k) => ({ position: k + 1, paperRef: item.ref.trim(), title: item.title, reason: item.reason, note: item.note }));
      list = { name, description: "", items: entries.length, createdAt: now, updatedAt: now, spec: {}, entries };
    } else list = namedList(this.db, name);
    const text =
      format === "json"
        ? JSON.stringify(body.items !== undefined ? { name, items: listJson(list, this.graph).items } : listJson(list, this.graph), null, 2)
        : renderList(list.name, resolveEntries(list, this.graph), format);
    const { type, extension } = EXPORT_TYPES[format];
    return { text: text.endsWith("\n") ? text : `${text}\n`, type, filename: `${fileSlug(name)}.${extension}` };
  }

  private json(name: string): SavedList {
    const list = this.db.lists.get(name);
    if (!list) throw noListNamed(name);
    return listJson(list, this.graph);
  }

  /** Items as stored: each paper by a reference that survives rebuilds, with a title snapshot. */
  private entries(items: readonly ItemBody[], current: StoredReadingList | undefined): NewEntry[] {
    return items.map((item, k) => {
      const found = this.graph.resolveRef(item.ref);
      if (found.kind === "found") {
        return { paperRef: stableRef(found.paper), title: found.paper.title ?? item.title, reason: item.reason, note: item.note };
      }
      // A paper that has left the graph since it was saved stays on its list under its old reference.
      const kept = current?.entries.find((e) => e.paperRef === item.ref.trim());
      if (kept) return { paperRef: kept.paperRef, title: kept.title ?? item.title, reason: item.reason, note: item.note };
      const why = found.kind === "ambiguous" ? "matches several papers" : "is not a paper in the graph";
      throw new EndpointError(`items[${k}].ref: "${item.ref.slice(0, 100)}" ${why}`);
    });
  }

  /** The stored reference a REF means: the stored one as given, else the paper it resolves to. */
  private storedRef(list: StoredReadingList, ref: string, status = 400): string {
    const wanted = ref.trim().toLowerCase();
    const exact = list.entries.find((e) => e.paperRef.toLowerCase() === wanted);
    if (exact) return exact.paperRef;
    const found = this.graph.resolveRef(ref);
    if (found.kind === "found") return stableRef(found.paper);
    throw new EndpointError(`"${ref.slice(0, 100)}" is not on list "${list.name}"`, status);
  }
}

/** A list's name as written: trimmed, of bounded length, without control characters (400 otherwise). */
function listName(raw: string): string {
  try {
    return checkListName(raw);
  } catch (err) {
    if (err instanceof ListError) throw new EndpointError(err.message);
    throw err;
  }
}

/** A file name from a list name: letters, digits and dashes. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "reading-list";
}
