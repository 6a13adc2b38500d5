/**
 * The keys by which identity resolution's rules (vocabulary/identity.ts) bring mentions together,
 * and the stored table of each paper's keys (`paper_keys`). Every rule compares only mentions that
 * share something: an identifier (rule 1), a normalised title (rules 2 and 4), a name (rule 3's
 * "Name: subtitle" and bare names, rule 5's short names and the aliases of titles), an abstract's
 * opening (rule 6); titles and names
 * are keyed squashed (vocabulary/titles.ts), so that one title's mentions share its key. Two
 * mentions with no key in common, directly or through a chain of mentions that have, are never
 * compared, so the papers a batch can change are those whose keys its mentions reach
 * (db/graph-increment.ts), and the others keep their ids, facts and merge decisions. The keys
 * over-approximate what each rule compares (a name key whatever the rule's length or genericness
 * limits): more keys only make the reach larger, never wrong.
 */
import type { Db } from "./connection.ts";
import { lookUp } from "./lookups.ts";
import type { Mention } from "../vocabulary/identity.ts";
import { ID_SCHEMES } from "../vocabulary/paper-page.ts";
import { squashed } from "../vocabulary/titles.ts";

/** The keys of one mention, as the rules read it (its identifiers, normalised title, title parts and aliases). */
export function identityKeys(m: Mention): string[] {
  const keys: string[] = [];
  for (const scheme of ID_SCHEMES) {
    const value = m.ids[scheme];
    if (value) keys.push(`${scheme}:${value}`);
  }
  // Mentions of one normalised title share its squashed form: one key serves rules 2 to 5.
  if (m.normTitle) keys.push(`name:${squashed(m.normTitle)}`);
  if (m.titleParts) keys.push(`name:${m.titleParts.name}`);
  for (const alias of m.aliases ?? []) keys.push(`name:${alias}`);
  // A mention with neither is a paper of its own (or of an abstract it shares, rule 6), whose id is
  // the hash of its year alone, like every other such paper of that year (vocabulary/identity.ts
  // `paperIdFor`): they are numbered apart ("~2") in order, so they are reached together.
  if (keys.length === 0) keys.push(`untitled:${m.year ?? ""}`);
  // Rule 6 compares abstracts that open alike (vocabulary/identity-passages.ts).
  if (m.passage) keys.push(`passage:${m.passage.opening}`);
  return keys;
}

/**
 * A key as stored: a 53-bit hash of its text (cyrb53, by bryc, public domain), so that a map's keys
 * take a number each in memory and in `paper_keys` rather than a string each (as strings they were
 * 35 MB of a 20,000-record import's heap). Two texts with one hash only make a reach larger.
 */
export function keyHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The stored keys of one mention (`identityKeys`, hashed). */
export function storedKeys(m: Mention): number[] {
  return identityKeys(m).map(keyHash);
}

/** The stored keys: which papers hold some keys, and which keys some papers hold. */
export class PaperKeys {
  private readonly papersWith;
  private readonly keysOf;

  constructor(db: Db) {
    this.papersWith = db.prepare<[string], string>("SELECT DISTINCT paper_id FROM paper_keys WHERE key IN (SELECT value FROM json_each(?))").pluck();
    this.keysOf = db.prepare<[string], [string, number]>("SELECT paper_id, key FROM paper_keys WHERE paper_id IN (SELECT value FROM json_each(?))").raw();
  }

  /** The papers holding any of `keys` (a paper may come twice). */
  papers(keys: readonly number[]): string[] {
    return lookUp(this.papersWith, keys);
  }

  /** The keys of each of `papers` (every paper given, with none when it holds none). */
  keys(papers: readonly string[]): Map<string, number[]> {
    const out = new Map<string, number[]>(papers.map((p) => [p, []]));
    for (const [paper, key] of lookUp(this.keysOf, papers)) out.get(paper)?.push(key);
    return out;
  }
}

/** Every stored (key, paper) pair. */
export function storedKeyPairs(db: Db): Iterable<[number, string]> {
  return db.prepare("SELECT key, paper_id FROM paper_keys").raw().iterate() as Iterable<[number, string]>;
}
