/**
 * The Zotero web API's JSON (v3), which Zotero 7's local API serves at
 * `http://localhost:23119/api/users/0/…`, read into the items and collections of
 * zotero-items.ts: each item `{key, data: {itemType, title, creators, date, DOI, url, extra,
 * collections, tags, deleted, …}, meta: {parsedDate}}`, each collection `{key, data: {name,
 * parentCollection, deleted}}`. Hostile input is read by type, one bad object dropped alone with
 * its position, and every string bounded. Pure.
 */
import { isObject } from "./json-reader.ts";
import { NON_WORK_TYPES, type ZoteroCollection, type ZoteroCreator, type ZoteroItem, type ZoteroSkipped } from "./zotero-items.ts";

/** No Zotero field comes near this; an abstract may run to a few thousand characters. */
export const MAX_FIELD_CHARS = 100_000;
/** Creators, tags and collections of one item, at most. */
export const MAX_ITEM_LIST = 2_000;

/** `data` keys that are not item fields. */
const NOT_FIELDS = new Set(["key", "version", "itemType", "creators", "tags", "collections", "relations", "dateAdded", "dateModified", "deleted", "parentItem", "inPublications"]);

export interface ApiPage<T> {
  values: T[];
  problems: string[];
}

const text = (v: unknown): string | undefined => (typeof v === "string" ? v.slice(0, MAX_FIELD_CHARS) : typeof v === "number" ? String(v) : undefined);
const isKey = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,32}$/.test(v);

/** One page of `/items`: the works, and what was passed over (trash, notes, attachments, annotations). */
export function itemsFromApi(body: unknown, skipped: ZoteroSkipped): ApiPage<ZoteroItem> {
  const page: ApiPage<ZoteroItem> = { values: [], problems: [] };
  if (!Array.isArray(body)) {
    page.problems.push(`expected a list of items, found ${body === null ? "null" : typeof body}`);
    return page;
  }
  body.forEach((entry, i) => {
    const item = itemFromApi(entry);
    if (item === "deleted") skipped.deleted++;
    else if (typeof item === "string") page.problems.push(`[${i}]: ${item}`);
    else if (NON_WORK_TYPES[item.itemType]) skipped[NON_WORK_TYPES[item.itemType] as keyof ZoteroSkipped]++;
    else page.values.push(item);
  });
  return page;
}

function itemFromApi(entry: unknown): ZoteroItem | "deleted" | string {
  if (!isObject(entry)) return "not an object";
  const data = entry.data;
  if (!isObject(data)) return "no `data` object";
  const key = data.key ?? entry.key;
  if (!isKey(key)) return "no item key";
  const itemType = data.itemType;
  if (typeof itemType !== "string" || !itemType) return `item ${key}: no itemType`;
  if (data.deleted === true || data.deleted === 1 || data.deleted === "1") return "deleted";
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (NOT_FIELDS.has(name)) continue;
    const v = text(value);
    if (v !== undefined && v !== "") fields[name] = v;
  }
  const item: ZoteroItem = {
    key,
    itemType,
    fields,
    creators: list(data.creators).flatMap((c) => creator(c)),
    collections: list(data.collections).filter(isKey),
    tags: list(data.tags).flatMap((t) => {
      const tag = isObject(t) ? text(t.tag) : text(t);
      return tag ? [tag] : [];
    }),
  };
  const parsed = isObject(entry.meta) ? text(entry.meta.parsedDate) : undefined;
  if (parsed) item.parsedDate = parsed;
  const added = text(data.dateAdded);
  if (added) item.dateAdded = added;
  return item;
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v.slice(0, MAX_ITEM_LIST) : [];
}

function creator(c: unknown): ZoteroCreator[] {
  if (!isObject(c)) return [];
  const out: ZoteroCreator = { creatorType: text(c.creatorType) ?? "author" };
  const name = text(c.name);
  const first = text(c.firstName);
  const last = text(c.lastName);
  if (name) out.name = name;
  if (first) out.firstName = first;
  if (last) out.lastName = last;
  return name || first || last ? [out] : [];
}

/** One page of `/collections`; trashed collections are left out. */
export function collectionsFromApi(body: unknown): ApiPage<ZoteroCollection> {
  const page: ApiPage<ZoteroCollection> = { values: [], problems: [] };
  if (!Array.isArray(body)) {
    page.problems.push(`expected a list of collections, found ${body === null ? "null" : typeof body}`);
    return page;
  }
  body.forEach((entry, i) => {
    const data = isObject(entry) ? entry.data : undefined;
    const key = isObject(data) ? (data.key ?? (entry as Record<string, unknown>).key) : undefined;
    const name = isObject(data) ? text(data.name) : undefined;
    if (!isObject(data)) page.problems.push(`[${i}]: no \`data\` object`);
    else if (!isKey(key) || !name) page.problems.push(`[${i}]: a collection needs a key and a name`);
    else if (data.deleted !== true && data.deleted !== 1) page.values.push({ key, name, parentKey: isKey(data.parentCollection) ? data.parentCollection : null });
  });
  return page;
}
