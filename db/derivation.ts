/**
 * Which code derived the stored graph: a fingerprint of the sources that turn mentions into papers,
 * citations, merge decisions, identity keys and search-index rows (vocabulary/, and the builders in
 * db/), kept in graph_meta 'derivation' by every batch. A batch builds on the stored derived rows
 * of papers it does not reach (db/graph-increment.ts) only when they were derived by the same code;
 * after any change to the rules (a title normalised otherwise, an alias learnt otherwise) the next
 * batch derives the whole graph again, as every batch did before. Undefined when the sources
 * cannot be read: then every batch derives the whole graph.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Db } from "./connection.ts";

/** The modules of db/ that derive rows (with this one and what vocabulary/ holds). */
const BUILDERS = ["derivation.ts", "graph-builder.ts", "paper-facts.ts", "identity-keys.ts", "graph-increment.ts", "search-index.ts", "search-increment.ts"];

let computed: string | undefined | null = null;

export function derivationVersion(): string | undefined {
  if (computed !== null) return computed;
  try {
    const hash = createHash("sha1");
    const vocabulary = readdirSync(fileURLToPath(new URL("../vocabulary/", import.meta.url)))
      .filter((f) => f.endsWith(".ts"))
      .sort();
    for (const file of [...BUILDERS.map((f) => `db/${f}`), ...vocabulary.map((f) => `vocabulary/${f}`)]) {
      hash.update(`${file}\n`).update(readFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url))));
    }
    computed = hash.digest("hex");
  } catch {
    computed = undefined;
  }
  return computed;
}

/**
 * Whether the stored derived rows were written by this code, with the identity keys a batch finds
 * its reach by (a map whose keys were emptied by hand is not): then a batch may build on them.
 */
export function derivedByThisCode(db: Db): boolean {
  const current = derivationVersion();
  const stored = db.prepare<[], string>("SELECT value FROM graph_meta WHERE key = 'derivation'").pluck().get();
  return current !== undefined && stored === current && db.prepare("SELECT EXISTS (SELECT 1 FROM paper_keys)").pluck().get() === 1;
}
