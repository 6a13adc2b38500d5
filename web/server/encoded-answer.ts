/**
 * An answer encoded once for every client that asks for it: its JSON text as bytes, and gzipped
 * when it is long enough to be worth it. The query worker encodes long requests' answers so; the
 * main thread encodes paper views so, to keep them in the answer cache (answer-cache.ts).
 */
import { gzipSync } from "node:zlib";

export interface EncodedAnswer {
  status: number;
  json: Buffer;
  gzip: Buffer | null;
}

/** Bodies at least this long are gzipped, once, for every client that accepts gzip. */
export const GZIP_FROM_BYTES = 1024;

export function encodeAnswer(status: number, body: unknown): EncodedAnswer {
  return encodeText(status, JSON.stringify(body));
}

/** An answer whose JSON text is in hand (web/server/closure-text.ts). */
export function encodeText(status: number, text: string): EncodedAnswer {
  const json = Buffer.from(text);
  return { status, json, gzip: json.length >= GZIP_FROM_BYTES ? gzipSync(json, { level: 6 }) : null };
}
