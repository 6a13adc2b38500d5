/**
 * The crawler's fetch cache: every response body stored once, content-addressed (`blobs`, keyed by
 * sha256), and one row per URL (`fetches`) saying when it was fetched, what came back, and the
 * validators (ETag, Last-Modified) to revalidate it with. Re-normalising a page never re-fetches it.
 * A response reached through redirects is kept under the URL asked for and under its final URL,
 * so asking for either later is answered from the cache.
 */
import { createHash } from "node:crypto";
import type { Db } from "./connection.ts";

export interface CachedFetch {
  url: string;
  finalUrl: string | null;
  status: number | null;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  bodyHash: string | null;
  fetchedAt: string;
  error: string | null;
}

export interface StoredResponse {
  url: string;
  finalUrl: string;
  status: number;
  contentType?: string;
  etag?: string;
  lastModified?: string;
  body: Uint8Array;
  fetchedAt: string;
}

interface FetchRow {
  url: string;
  final_url: string | null;
  status: number | null;
  content_type: string | null;
  etag: string | null;
  last_modified: string | null;
  body_hash: string | null;
  fetched_at: string;
  error: string | null;
}

export class FetchCache {
  private readonly find;
  private readonly blob;
  private readonly putBlob;
  private readonly upsert;
  private readonly touchRow;
  private readonly noteError;

  constructor(private readonly db: Db) {
    this.find = db.prepare<[string], FetchRow>("SELECT * FROM fetches WHERE url = ?");
    this.blob = db.prepare<[string], { body: Buffer }>("SELECT body FROM blobs WHERE hash = ?");
    this.putBlob = db.prepare("INSERT OR IGNORE INTO blobs (hash, size, body) VALUES (?, ?, ?)");
    this.upsert = db.prepare(
      `INSERT INTO fetches (url, final_url, status, content_type, etag, last_modified, body_hash, fetched_at, error)
       VALUES (@url, @finalUrl, @status, @contentType, @etag, @lastModified, @bodyHash, @fetchedAt, NULL)
       ON CONFLICT(url) DO UPDATE SET final_url = excluded.final_url, status = excluded.status, content_type = excluded.content_type,
         etag = excluded.etag, last_modified = excluded.last_modified, body_hash = excluded.body_hash,
         fetched_at = excluded.fetched_at, error = NULL`,
    );
    this.touchRow = db.prepare("UPDATE fetches SET fetched_at = ?, error = NULL WHERE url = ?");
    // A failure never replaces a good copy: it is noted on a row without a body, or a new row.
    this.noteError = db.prepare(
      `INSERT INTO fetches (url, status, fetched_at, error) VALUES (?, ?, ?, ?)
       ON CONFLICT(url) DO UPDATE SET error = excluded.error, status = excluded.status, fetched_at = excluded.fetched_at
       WHERE fetches.body_hash IS NULL`,
    );
  }

  lookup(url: string): CachedFetch | undefined {
    const r = this.find.get(url);
    if (!r) return undefined;
    return {
      url: r.url,
      finalUrl: r.final_url,
      status: r.status,
      contentType: r.content_type,
      etag: r.etag,
      lastModified: r.last_modified,
      bodyHash: r.body_hash,
      fetchedAt: r.fetched_at,
      error: r.error,
    };
  }

  body(hash: string): Buffer | undefined {
    return this.blob.get(hash)?.body;
  }

  /** Stores a response and its body in one transaction (under its final URL too); returns the body's hash. */
  store(response: StoredResponse): string {
    const hash = createHash("sha256").update(response.body).digest("hex");
    const urls = response.finalUrl === response.url ? [response.url] : [response.url, response.finalUrl];
    this.db
      .transaction(() => {
        this.putBlob.run(hash, response.body.length, Buffer.from(response.body));
        for (const url of urls) {
          this.upsert.run({
            url,
            finalUrl: response.finalUrl,
            status: response.status,
            contentType: response.contentType ?? null,
            etag: response.etag ?? null,
            lastModified: response.lastModified ?? null,
            bodyHash: hash,
            fetchedAt: response.fetchedAt,
          });
        }
      })
      .immediate();
    return hash;
  }

  /** A 304 Not Modified: the stored copy is current as of now. */
  touch(url: string, fetchedAt: string): void {
    this.touchRow.run(fetchedAt, url);
  }

  /** Forgets what was fetched from a URL (a body that came back unreadable), so it is asked for again. */
  forget(url: string): void {
    this.db.prepare("DELETE FROM fetches WHERE url = ?").run(url);
  }

  recordError(url: string, status: number | null, error: string, fetchedAt: string): void {
    this.noteError.run(url, status, fetchedAt, error);
  }

  counts(): { fetches: number; blobs: number; bytes: number } {
    const one = <T>(sql: string) => this.db.prepare<[], T>(sql).get() as T;
    return {
      fetches: one<{ n: number }>("SELECT count(*) AS n FROM fetches").n,
      blobs: one<{ n: number }>("SELECT count(*) AS n FROM blobs").n,
      bytes: one<{ n: number | null }>("SELECT sum(size) AS n FROM blobs").n ?? 0,
    };
  }
}
