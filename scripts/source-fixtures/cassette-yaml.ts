/**
 * Recorded HTTP exchanges written as the cassettes Python API clients keep in their tests, in the
 * three layouts ingest/sources/cassette.ts reads: vcrpy's (`response.body.string`,
 * `response.status.code`, sequences flush with their key, single-quoted folded bodies), the httpx
 * recorder's (`response.content`, `status_code`, `http_version`), and vcrpy's after a formatter
 * (prettier) rewrote it (indented sequences, double quotes). A binary body is written `!!binary`
 * (base64), as vcrpy stores a gzip response. Also JSON as Python's `json.dumps` writes it, which
 * is how those clients saved API responses: `", "` and `": "` separators, non-ASCII escaped.
 */
import { Document, isPair, isScalar, Scalar, visit } from "yaml";

export type CassetteLayout = "vcrpy" | "httpx" | "prettier";

export interface RecordedExchange {
  method: "GET" | "POST";
  uri: string;
  requestBody?: string | null;
  requestHeaders: Record<string, string[]>;
  status: number;
  responseHeaders: Record<string, string[]>;
  body: string | Uint8Array;
}

const REASONS: Record<number, string> = { 200: "OK", 404: "Not Found", 429: "Too Many Requests" };

function escapeNonAscii(json: string): string {
  return json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `json.dumps(value)` as Python writes it. */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return escapeNonAscii(JSON.stringify(value));
  if (typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${escapeNonAscii(JSON.stringify(k))}: ${pythonJson(v)}`);
  return `{${entries.join(", ")}}`;
}

/** Compact JSON with non-ASCII escaped, as the OpenAlex API sends it. */
export function asciiJson(value: unknown): string {
  return escapeNonAscii(JSON.stringify(value));
}

function interaction(e: RecordedExchange, layout: CassetteLayout): Record<string, unknown> {
  const request = { body: e.requestBody === undefined ? "" : e.requestBody, headers: e.requestHeaders, method: e.method, uri: e.uri };
  if (layout === "httpx") {
    return { request, response: { content: e.body, headers: e.responseHeaders, http_version: "HTTP/1.1", status_code: e.status } };
  }
  const status = { code: e.status, message: REASONS[e.status] ?? "OK" };
  return { request, response: { body: { string: e.body }, headers: e.responseHeaders, status } };
}

/** The cassette's YAML text. */
export function cassetteYaml(exchanges: readonly RecordedExchange[], layout: CassetteLayout): string {
  const doc = new Document({ interactions: exchanges.map((e) => interaction(e, layout)), version: 1 }, { schema: "yaml-1.1" });
  const quote = layout === "prettier" ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
  visit(doc, {
    Scalar(key, node, path) {
      if (typeof node.value !== "string") return;
      // Bodies are quoted, as PyYAML writes a long string; other values stay plain where YAML allows.
      const parent = path[path.length - 1];
      const parentKey = isPair(parent) && isScalar(parent.key) ? parent.key.value : undefined;
      const isBody = key === "value" && (parentKey === "string" || parentKey === "content");
      node.type = isBody || node.value === "" ? quote : Scalar.PLAIN;
    },
  });
  return doc.toString({ indentSeq: layout === "prettier", lineWidth: 80, defaultStringType: layout === "prettier" ? "QUOTE_DOUBLE" : "QUOTE_SINGLE" });
}
