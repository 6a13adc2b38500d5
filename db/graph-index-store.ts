/**
 * The traversal index (graph/citation-index.ts) stored per graph version, like the layout:
 * `lineage serve` stores it before its read-only server starts, and the server loads it in a few
 * reads instead of turning every edge row into numbers. On the 10^7-citation synthetic graph that
 * is the difference between minutes and seconds of cold start (BENCHMARKS.md, issue 6).
 * Arrays are stored as little-endian uint32 BLOBs; ids as one newline-joined text.
 */
import type { Db } from "./connection.ts";
import { CitationIndex, csrParts, type CsrParts } from "../graph/citation-index.ts";

const ARRAYS = ["buildsOn.offsets", "buildsOn.targets", "builtBy.offsets", "builtBy.targets"] as const;

function graphVersion(db: Db): string | undefined {
  return db.prepare<[], { value: string }>("SELECT value FROM graph_meta WHERE key = 'version'").get()?.value;
}

function hasTable(db: Db): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'graph_index'").get() !== undefined;
}

/** The stored index if it was built from the current graph version, else undefined. */
export function storedGraphIndex(db: Db): CitationIndex | undefined {
  const version = graphVersion(db);
  if (version === undefined || !hasTable(db)) return undefined;
  const rows = db.prepare<[string], { part: string; body: Buffer | string }>("SELECT part, body FROM graph_index WHERE version = ?").all(version);
  const byPart = new Map(rows.map((r) => [r.part, r.body]));
  const idsBody = byPart.get("ids");
  if (idsBody === undefined || ARRAYS.some((a) => !(byPart.get(a) instanceof Buffer))) return undefined;
  const text = typeof idsBody === "string" ? idsBody : idsBody.toString("utf8");
  const ids = text === "" ? [] : text.split("\n");
  const array = (part: (typeof ARRAYS)[number]) => toUint32(byPart.get(part) as Buffer);
  const parts: CsrParts = {
    buildsOnOffsets: array("buildsOn.offsets"),
    buildsOnTargets: array("buildsOn.targets"),
    builtByOffsets: array("builtBy.offsets"),
    builtByTargets: array("builtBy.targets"),
  };
  return new CitationIndex(ids, parts);
}

/** The index built from the papers and edges tables (ids in id order, as PaperQueries lists them). */
export function buildGraphIndex(db: Db): CitationIndex {
  const ids = db.prepare<[], string>("SELECT id FROM papers ORDER BY id").pluck().all() as unknown as string[];
  const indexOf = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) indexOf.set(ids[i] as string, i);
  const m = (db.prepare("SELECT count(*) FROM edges").pluck().get() as number | undefined) ?? 0;
  const citing = new Uint32Array(m);
  const cited = new Uint32Array(m);
  let k = 0;
  let last = "";
  let lastIndex = 0;
  // Raw rows in key order: one array per row, and each citing paper looked up once.
  for (const row of db.prepare("SELECT citing, cited FROM edges ORDER BY citing, cited").raw().iterate() as Iterable<[string, string]>) {
    if (k >= m) break;
    if (row[0] !== last) {
      last = row[0];
      const a = indexOf.get(last);
      if (a === undefined) throw new Error(`citation index: edge ${row[0]} -> ${row[1]} names an unknown paper`);
      lastIndex = a;
    }
    const b = indexOf.get(row[1]);
    if (b === undefined) throw new Error(`citation index: edge ${row[0]} -> ${row[1]} names an unknown paper`);
    citing[k] = lastIndex;
    cited[k++] = b;
  }
  return new CitationIndex(ids, csrParts(ids.length, citing.subarray(0, k), cited.subarray(0, k)));
}

/** Replaces the stored index with `index`, built from graph version `version`. */
export function storeGraphIndex(db: Db, index: CitationIndex, version: string): void {
  const parts = index.parts();
  const insert = db.prepare("INSERT INTO graph_index (part, version, body) VALUES (?, ?, ?)");
  db.transaction(() => {
    db.exec("DELETE FROM graph_index");
    insert.run("ids", version, Buffer.from(index.ids.join("\n"), "utf8"));
    insert.run("buildsOn.offsets", version, toBuffer(parts.buildsOnOffsets));
    insert.run("buildsOn.targets", version, toBuffer(parts.buildsOnTargets));
    insert.run("builtBy.offsets", version, toBuffer(parts.builtByOffsets));
    insert.run("builtBy.targets", version, toBuffer(parts.builtByTargets));
  }).immediate();
}

/** Stores the index of the current graph unless it is stored already. */
export function ensureGraphIndex(db: Db): { computed: boolean; papers: number } {
  const version = graphVersion(db);
  if (version === undefined) return { computed: false, papers: 0 };
  const stored = db.prepare<[], { version: string }>("SELECT version FROM graph_index WHERE part = 'ids'").get();
  if (stored?.version === version) return { computed: false, papers: 0 };
  const index = buildGraphIndex(db);
  storeGraphIndex(db, index, version);
  return { computed: true, papers: index.size };
}

/** Whether the stored index (if any) matches the current graph version. */
export function graphIndexState(db: Db): "current" | "stale" | "absent" {
  if (!hasTable(db)) return "absent";
  const stored = db.prepare<[], { version: string }>("SELECT version FROM graph_index WHERE part = 'ids'").get();
  if (!stored) return "absent";
  return stored.version === graphVersion(db) ? "current" : "stale";
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function toBuffer(a: Uint32Array): Buffer {
  if (!LITTLE_ENDIAN) throw new Error("graph index: stored arrays are little-endian; this machine is not");
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function toUint32(b: Buffer): Uint32Array {
  if (b.byteLength % 4 !== 0) throw new Error("graph index: a stored array is not whole uint32s");
  // A view needs 4-byte alignment; copy when the driver's buffer is not aligned.
  if (b.byteOffset % 4 === 0) return new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  const copy = new Uint32Array(b.byteLength / 4);
  new Uint8Array(copy.buffer).set(b);
  return copy;
}
