/**
 * Recorded HTTP exchanges (vcrpy cassettes, as Python API clients record them in their tests):
 * a YAML list of request/response pairs. Both layouts seen in the wild are read: vcrpy's
 * (`response.body.string`, `response.status.code`) and the httpx recorder's (`response.content`,
 * `response.status_code`); binary bodies (`!!binary`, often gzip) are decoded. The text's nesting
 * is measured before the YAML parser sees it (yaml-depth.ts), and each interaction is read by type
 * (json-reader.ts): one that cannot be read is reported by its place and the others are kept.
 * Used to import saved API responses and, in tests, to replay them from a local server.
 */
import { parseDocument } from "yaml";
import { gunzipSync, inflateSync } from "node:zlib";
import { found, issuesReason, JsonFields } from "./json-reader.ts";
import { MAX_YAML_DEPTH, yamlTooDeepAt } from "./yaml-depth.ts";

export interface Exchange {
  method: string;
  url: string;
  requestBody?: string;
  status: number;
  contentType?: string;
  body: string;
  /** Its place in the cassette (1 for the first), when it came from one. */
  index?: number;
}

/** A header's value (the first of a list), by case-insensitive name. */
function header(headers: JsonFields | undefined, name: string): string | undefined {
  const key = headers?.keys().find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers?.firstText(key);
}

function bodyText(raw: unknown, encoding: string | undefined): string {
  if (raw === undefined || raw === null) return "";
  if (typeof raw === "string") return raw;
  if (raw instanceof Uint8Array) {
    let bytes: Uint8Array = raw;
    const gzipped = raw[0] === 0x1f && raw[1] === 0x8b;
    if (gzipped || encoding === "gzip") bytes = gunzipSync(raw);
    else if (encoding === "deflate") bytes = inflateSync(raw);
    return new TextDecoder("utf-8").decode(bytes);
  }
  // A body recorded as YAML structure; its nesting was bounded before the YAML was parsed.
  return JSON.stringify(raw) ?? "";
}

export function looksLikeCassette(text: string): boolean {
  return /^interactions:\s*$/m.test(text.slice(0, 4096)) || /^interactions:\s*\[/m.test(text.slice(0, 4096));
}

/** One recorded interaction, or why it cannot be read. */
function exchangeOf(value: unknown, index: number): Exchange | { reason: string } {
  const it = JsonFields.part(value);
  if ("reason" in it) return it;
  const req = it.object("request");
  const res = it.object("response");
  const url = req?.text("uri") ?? req?.text("url");
  const method = req?.text("method") ?? "GET";
  const statusRaw = res?.raw("status");
  const status = typeof statusRaw === "number" ? res?.integer("status", 0, 999) : (res?.object("status")?.integer("code", 0, 999) ?? res?.integer("status_code", 0, 999));
  const headers = res?.object("headers");
  const encoding = header(headers, "content-encoding");
  const contentType = header(headers, "content-type");
  const bodyField = res?.raw("body");
  const bodyIsMapping = typeof bodyField === "object" && !Array.isArray(bodyField) && !(bodyField instanceof Uint8Array);
  const rawBody = res?.has("content") ? res.raw("content") : bodyIsMapping ? res?.object("body")?.raw("string") : bodyField;
  const requestBody = req?.raw("body");
  if (it.issues.length > 0) return { reason: issuesReason(it.issues) };
  if (!url) return { reason: `no request URI (${req ? "request.uri" : "request"} is missing)` };
  if (rawBody !== undefined && typeof rawBody !== "string" && !(rawBody instanceof Uint8Array) && typeof rawBody !== "object") {
    return { reason: `the response body is ${found(rawBody)}, not text or bytes` };
  }
  let body = "";
  try {
    body = bodyText(rawBody, encoding);
  } catch {
    // a body that does not decode is kept empty: the exchange still says what was asked
  }
  return Object.assign(
    { method: method.toUpperCase(), url, status: status ?? 0, body, index },
    contentType ? { contentType } : {},
    typeof requestBody === "string" && requestBody ? { requestBody } : {},
  );
}

/** The exchanges of a cassette (an unreadable one reported by its place), or why the text is not one. */
export function parseCassette(text: string): { exchanges: Exchange[]; problems: { at: string; reason: string }[] } | { reason: string } {
  const deepAt = yamlTooDeepAt(text);
  if (deepAt !== undefined) return { reason: `nested more than ${MAX_YAML_DEPTH} levels deep at line ${deepAt}: not read as a recorded-HTTP cassette` };
  let doc: unknown;
  try {
    // prettyErrors off: the library would place every error on its line and column, a scan of
    // the text per error (a damaged file of 100 kB has thousands: seconds). Only the first is told.
    const parsed = parseDocument(text, { schema: "yaml-1.1", prettyErrors: false });
    const first = parsed.errors[0];
    if (first) {
      const line = text.slice(0, first.pos[0]).split("\n").length;
      return { reason: `not valid YAML (${first.message.split("\n")[0]} at line ${line})` };
    }
    doc = parsed.toJS({ maxAliasCount: 1000 });
  } catch (err) {
    return { reason: `not valid YAML (${(err as Error).message.split("\n")[0]})` };
  }
  const root = JsonFields.part(doc);
  const interactions = "reason" in root ? undefined : root.list("interactions");
  if (!interactions) return { reason: "not a recorded-HTTP cassette (no `interactions` list)" };
  const exchanges: Exchange[] = [];
  const problems: { at: string; reason: string }[] = [];
  interactions.forEach(({ value }, i) => {
    const read = exchangeOf(value, i + 1);
    if ("reason" in read) problems.push({ at: `interaction ${i + 1}`, reason: read.reason });
    else exchanges.push(read);
  });
  return { exchanges, problems };
}
