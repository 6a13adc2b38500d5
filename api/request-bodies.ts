/**
 * The bodies the API's writes take, read from parsed JSON into their declared types and checked
 * against api/limits.ts, each with one message per way it can be wrong (400): a saved list's items,
 * a new order, an export, and the requests that grow a map (add, expand, check a list, act on its
 * findings). What needs the map (does the paper exist, is the list there) is library/'s to check.
 * The bytes of a body are read once, by the server (web/server/request-body.ts).
 */
import { EndpointError } from "./endpoint-error.ts";
import { DEFAULT_EXPAND_PAPERS, MAX_EXPAND_PAPERS, MAX_LIST_ITEMS, MAX_LIST_TEXT, MAX_PARAM_LENGTH, MAX_WATCH_ACTION_FINDINGS } from "./limits.ts";
import { LIST_FORMATS, type ListFormat } from "./types.ts";
import { isSourcePaperId } from "../vocabulary/api-identifiers.ts";

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One paper of a list as the body gives it. */
export interface ItemBody {
  ref: string;
  title: string | null;
  reason: string;
  note: string;
}

/** `PUT /api/lists/{name}` and `POST …/items`: `{"items": [...], "description"?: "..."}`, or the bare array of items. */
export interface ListBody {
  items: ItemBody[];
  description?: string;
}

/** `PUT /api/lists/{name}/order`: `{"refs": [...], "to"?: N}`, or the bare array of refs. */
export interface OrderBody {
  refs: string[];
  to: number;
}

/** `POST /api/lists/{name}/export`: `{"format"?: ..., "items"?: [...]}` (the format may be in the query instead). */
export interface ExportBody {
  format?: unknown;
  items?: ItemBody[];
}

/** `POST /api/collections/{name}/expand`, read: a paper or a list, depth 1 or 2, at most `maxPapers`. */
export type ExpandBody = { depth: 1 | 2; maxPapers: number } & ({ ref: string } | { list: string });

function optionalText(value: unknown, where: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new EndpointError(`${where} must be a string`);
  if (value.length > max) throw new EndpointError(`${where} is longer than ${max} characters`);
  return value;
}

function itemsOf(value: unknown, where: string): ItemBody[] {
  if (!Array.isArray(value)) throw new EndpointError(`${where} must be an array of {ref, title?, reason?, note?}`);
  if (value.length > MAX_LIST_ITEMS) throw new EndpointError(`${where} holds more than ${MAX_LIST_ITEMS} papers`);
  return value.map((raw, k) => {
    const at = `${where}[${k}]`;
    if (!isRecord(raw)) throw new EndpointError(`${at} must be an object with a ref`);
    const ref = optionalText(raw.ref, `${at}.ref`, MAX_PARAM_LENGTH)?.trim();
    if (!ref) throw new EndpointError(`${at}.ref is missing`);
    return {
      ref,
      title: optionalText(raw.title, `${at}.title`, MAX_LIST_TEXT) ?? null,
      reason: optionalText(raw.reason, `${at}.reason`, MAX_LIST_TEXT) ?? "",
      note: optionalText(raw.note, `${at}.note`, MAX_LIST_TEXT) ?? "",
    };
  });
}

export function listBody(body: unknown): ListBody {
  if (Array.isArray(body)) return { items: itemsOf(body, "items") };
  if (!isRecord(body)) throw new EndpointError('send {"items": [{"ref": "..."}, ...]}');
  const description = optionalText(body.description, "description", MAX_LIST_TEXT);
  return Object.assign({ items: itemsOf(body.items, "items") }, description === undefined ? {} : { description });
}

export function orderBody(body: unknown): OrderBody {
  const fields = Array.isArray(body) ? { refs: body } : isRecord(body) ? body : null;
  if (!fields || !Array.isArray(fields.refs) || fields.refs.length === 0) throw new EndpointError('send {"refs": ["REF", ...]} in the new order');
  if (fields.refs.length > MAX_LIST_ITEMS) throw new EndpointError(`refs holds more than ${MAX_LIST_ITEMS} papers`);
  const refs = fields.refs.map((r, k) => {
    const ref = optionalText(r, `refs[${k}]`, MAX_PARAM_LENGTH)?.trim();
    if (!ref) throw new EndpointError(`refs[${k}] is empty`);
    return ref;
  });
  const to = fields.to ?? 1;
  if (typeof to !== "number" || !Number.isInteger(to) || to < 1 || to > MAX_LIST_ITEMS) throw new EndpointError(`to must be a whole number from 1 to ${MAX_LIST_ITEMS}`);
  return { refs, to };
}

export function exportBody(body: unknown): ExportBody {
  const fields = isRecord(body) ? body : {};
  return Object.assign({ format: fields.format }, fields.items === undefined ? {} : { items: itemsOf(fields.items, "items") });
}

/** The export's format: the body's, else the query's, else Markdown. */
export function exportFormat(body: ExportBody, fromQuery: string | null): ListFormat {
  const raw = body.format ?? fromQuery ?? "md";
  if (typeof raw !== "string" || !(LIST_FORMATS as readonly string[]).includes(raw)) throw new EndpointError(`format must be one of ${LIST_FORMATS.join(", ")}`);
  return raw as ListFormat;
}

function growFields(body: unknown): Fields {
  if (!isRecord(body)) throw new EndpointError("the body must be a JSON object");
  return body;
}

function requiredText(body: Fields, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || !value.trim()) throw new EndpointError(`${key} must be a non-empty string`);
  if (value.length > MAX_PARAM_LENGTH) throw new EndpointError(`${key} is longer than ${MAX_PARAM_LENGTH} characters`);
  return value.trim();
}

/** `POST /api/collections/{name}/add`: `{"ref": "..."}` (whether it is an identifier is the route's to check). */
export function addBody(body: unknown): { ref: string } {
  return { ref: requiredText(growFields(body), "ref") };
}

export function expandBody(body: unknown): ExpandBody {
  const fields = growFields(body);
  const depth = fields.depth ?? 1;
  if (depth !== 1 && depth !== 2) throw new EndpointError("depth must be 1 or 2");
  const maxPapers = fields.maxPapers ?? DEFAULT_EXPAND_PAPERS;
  if (typeof maxPapers !== "number" || !Number.isInteger(maxPapers) || maxPapers < 1 || maxPapers > MAX_EXPAND_PAPERS) {
    throw new EndpointError(`maxPapers must be a whole number from 1 to ${MAX_EXPAND_PAPERS}`);
  }
  if (fields.ref !== undefined && fields.list !== undefined) throw new EndpointError("give ref or list, not both");
  if (fields.list !== undefined) return { depth, maxPapers, list: requiredText(fields, "list") };
  return { depth, maxPapers, ref: requiredText(fields, "ref") };
}

/** `POST /api/collections/{name}/watch`: `{"list": "..."}`. */
export function watchBody(body: unknown): { list: string } {
  return { list: requiredText(growFields(body), "list") };
}

/** `POST /api/collections/{name}/watch/add` and `/watch/dismiss`: a list and its findings' IDs (each once). */
export function findingsBody(body: unknown): { list: string; findings: string[] } {
  const fields = growFields(body);
  const list = requiredText(fields, "list");
  const raw = fields.findings;
  if (!Array.isArray(raw) || raw.length === 0) throw new EndpointError("findings must be a non-empty array of finding IDs");
  if (raw.length > MAX_WATCH_ACTION_FINDINGS) throw new EndpointError(`at most ${MAX_WATCH_ACTION_FINDINGS} findings at a time`);
  const findings = raw.map((id) => {
    if (typeof id !== "string" || !isSourcePaperId(id)) throw new EndpointError("each finding is its ID at the source: a Semantic Scholar paperId or an OpenAlex W…");
    return id;
  });
  return { list, findings: [...new Set(findings)] };
}
