/**
 * The one reader of request bodies: JSON only (`Content-Type: application/json`, else 415), at
 * most the route's `maxBytes` (413, and the connection closed; a body far past it is not read to
 * its end), not empty, valid JSON (400 with the parser's reason). What the JSON must hold is the
 * route's body reader's to say (api/request-bodies.ts).
 */
import type { IncomingHttpHeaders } from "node:http";
import { EndpointError } from "../../api/endpoint-error.ts";

/** What the server needs of a request to read its body (an IncomingMessage is one). */
export interface BodySource extends AsyncIterable<Buffer | string> {
  headers: IncomingHttpHeaders;
  destroy?: (error?: Error) => void;
}

/** A body this many times its limit is no longer drained: the connection is dropped. */
const DRAIN_FACTOR = 16;

export async function readJsonBody(req: BodySource, maxBytes: number): Promise<unknown> {
  const type = String(req.headers["content-type"] ?? "");
  if (!/^application\/json\s*(?:;|$)/i.test(type)) throw new EndpointError(`send the body as Content-Type: application/json (got ${type.slice(0, 60) || "none"})`, 415);
  const tooLarge = () => new EndpointError(`the body is larger than ${maxBytes / 1024} kB`, 413, { connection: "close" });
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > DRAIN_FACTOR * maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size <= maxBytes) chunks.push(buf);
    else if (size > DRAIN_FACTOR * maxBytes) {
      req.destroy?.();
      break;
    }
  }
  if (size > maxBytes || declared > maxBytes) throw tooLarge();
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) throw new EndpointError("the body is empty; send JSON");
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new EndpointError(`the body is not valid JSON (${(err as Error).message.slice(0, 120)})`);
  }
}
