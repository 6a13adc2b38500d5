/**
 * The traversal index's arrays (graph/citation-index.ts), stored per graph version so that a
 * server loads them in a few reads instead of turning every edge row into numbers; and the edge
 * list as index arrays, for building them. Storing and loading only: building the index is
 * library/citation-index-store.ts. Arrays are little-endian uint32 BLOBs; ids one newline-joined text.
 */
import type { Db } from "./connection.ts";

/** Compressed sparse rows of both citation directions over papers numbered by `ids`. */
export interface IndexArrays {
  ids: string[];
  buildsOnOffsets: Uint32Array;
  buildsOnTargets: Uint32Array;
  builtByOffsets: Uint32Array;
  builtByTargets: Uint32Array;
}

/** Every citation as a pair of paper numbers: paper citing[k] builds on paper cited[k]. */
export interface EdgeArrays {
  /** Papers in id order; a paper's number is its place here. */
  ids: string[];
  citing: Uint32Array;
  cited: Uint32Array;
}

const ARRAYS = ["buildsOnOffsets", "buildsOnTargets", "builtByOffsets", "builtByTargets"] as const;
const PART: Record<(typeof ARRAYS)[number], string> = {
  buildsOnOffsets: "buildsOn.offsets",
  buildsOnTargets: "buildsOn.targets",
  builtByOffsets: "builtBy.offsets",
  builtByTargets: "builtBy.targets",
};

export function graphVersion(db: Db): string | undefined {
  return db.prepare<[], { value: string }>("SELECT value FROM graph_meta WHERE key = 'version'").get()?.value;
}

function hasTable(db: Db): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'graph_index'").get() !== undefined;
}

/** The stored arrays if they were built from the current graph version, else undefined. */
export function readIndexArrays(db: Db): IndexArrays | undefined {
  const version = graphVersion(db);
  if (version === undefined || !hasTable(db)) return undefined;
  const rows = db.prepare<[string], { part: string; body: Buffer | string }>("SELECT part, body FROM graph_index WHERE version = ?").all(version);
  const byPart = new Map(rows.map((r) => [r.part, r.body]));
  const idsBody = byPart.get("ids");
  if (idsBody === undefined || ARRAYS.some((a) => !(byPart.get(PART[a]) instanceof Buffer))) return undefined;
  const text = typeof idsBody === "string" ? idsBody : idsBody.toString("utf8");
  const array = (a: (typeof ARRAYS)[number]) => toUint32(byPart.get(PART[a]) as Buffer);
  return {
    ids: text === "" ? [] : text.split("\n"),
    buildsOnOffsets: array("buildsOnOffsets"),
    buildsOnTargets: array("buildsOnTargets"),
    builtByOffsets: array("builtByOffsets"),
    builtByTargets: array("builtByTargets"),
  };
}

/** The papers and edges tables as index arrays (papers numbered in id order). */
export function readEdgeArrays(db: Db): EdgeArrays {
  const ids = db.prepare<[], string>("SELECT id FROM papers ORDER BY id").pluck().all() as unknown as string[];
  const numberOf = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) numberOf.set(ids[i] as string, i);
  const m = (db.prepare("SELECT count(*) FROM edges").pluck().get() as number | undefined) ?? 0;
  const citing = new Uint32Array(m);
  const cited = new Uint32Array(m);
  let k = 0;
  for (const [from, to] of db.prepare("SELECT citing, cited FROM edges ORDER BY citing, cited").raw().iterate() as Iterable<[string, string]>) {
    if (k >= m) break;
    const a = numberOf.get(from);
    const b = numberOf.get(to);
    if (a === undefined || b === undefined) throw new Error(`edges: ${from} -> ${to} names an unknown paper`);
    citing[k] = a;
    cited[k++] = b;
  }
  return { ids, citing: citing.subarray(0, k), cited: cited.subarray(0, k) };
}

/** Replaces the stored arrays with `arrays`, built from graph version `version`. */
export function writeIndexArrays(db: Db, arrays: IndexArrays, version: string): void {
  const insert = db.prepare("INSERT INTO graph_index (part, version, body) VALUES (?, ?, ?)");
  db.transaction(() => {
    db.exec("DELETE FROM graph_index");
    insert.run("ids", version, Buffer.from(arrays.ids.join("\n"), "utf8"));
    for (const a of ARRAYS) insert.run(PART[a], version, toBuffer(arrays[a]));
  }).immediate();
}

/** Whether the stored arrays (if any) match the current graph version. */
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
