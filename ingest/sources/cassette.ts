/**
 * Recorded HTTP exchanges (vcrpy cassettes, as Python API clients record them in their tests):
 * a YAML list of request/response pairs. Both layouts seen in the wild are read: vcrpy's
 * (`response.body.string`, `response.status.code`) and the httpx recorder's (`response.content`,
 * `response.status_code`); binary bodies (`!!binary`, often gzip) are decoded. Used to import
 * saved API responses and, in tests, to replay them from a local server.
 */
import { parseDocument } from "yaml";
import { gunzipSync, inflateSync } from "node:zlib";

export interface Exchange {
  method: string;
  url: string;
  requestBody?: string;
  status: number;
  contentType?: string;
  body: string;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers | undefined, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers ?? {})) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
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
  return JSON.stringify(raw);
}

interface RawInteraction {
  request?: { method?: string; uri?: string; url?: string; body?: unknown };
  response?: {
    status?: { code?: number } | number;
    status_code?: number;
    headers?: Headers;
    body?: { string?: unknown } | string;
    content?: unknown;
  };
}

export function looksLikeCassette(text: string): boolean {
  return /^interactions:\s*$/m.test(text.slice(0, 4096));
}

/** The exchanges of a cassette, or the reason the text is not one. */
export function parseCassette(text: string): { exchanges: Exchange[] } | { reason: string } {
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
  const interactions = (doc as { interactions?: unknown } | null)?.interactions;
  if (!Array.isArray(interactions)) return { reason: "not a recorded-HTTP cassette (no `interactions` list)" };
  const exchanges: Exchange[] = [];
  for (const it of interactions as RawInteraction[]) {
    const req = it.request ?? {};
    const res = it.response ?? {};
    const url = req.uri ?? req.url;
    if (!url) continue;
    const status = typeof res.status === "number" ? res.status : (res.status?.code ?? res.status_code ?? 0);
    const encoding = header(res.headers, "content-encoding");
    const rawBody = res.content !== undefined ? res.content : typeof res.body === "object" && res.body !== null ? res.body.string : res.body;
    let body = "";
    try {
      body = bodyText(rawBody, encoding);
    } catch {
      // a body that does not decode is kept empty: the exchange still says what was asked
    }
    const contentType = header(res.headers, "content-type");
    const requestBody = typeof req.body === "string" && req.body ? req.body : undefined;
    exchanges.push({
      method: (req.method ?? "GET").toUpperCase(),
      url,
      status,
      ...(contentType ? { contentType } : {}),
      ...(requestBody ? { requestBody } : {}),
      body,
    });
  }
  return { exchanges };
}
