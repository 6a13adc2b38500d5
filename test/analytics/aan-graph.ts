/** The AAN citation graph (data/aan/acl.txt) as a citation index, without a database. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAanCitations } from "../../ingest/sources/aan.ts";
import { CitationIndex } from "../../graph/citation-index.ts";
import { ROOT } from "../helpers/cli.ts";

export interface AanGraph {
  index: CitationIndex;
  edges: { citing: string; cited: string }[];
}

let cached: AanGraph | undefined;

export function aanGraph(): AanGraph {
  if (cached) return cached;
  const { edges, problems } = parseAanCitations(readFileSync(join(ROOT, "data/aan/acl.txt"), "utf8"));
  // The release has a few malformed lines (25); the parser reports them and we go on without them.
  if (problems.length > 100) throw new Error(`acl.txt: ${problems.length} bad lines`);
  const unique = [...new Map(edges.map((e) => [`${e.citing} ${e.cited}`, e])).values()];
  const ids = [...new Set(unique.flatMap((e) => [e.citing, e.cited]))].sort();
  cached = { index: new CitationIndex(ids, unique), edges: unique };
  return cached;
}

/** A citation index from "citing cited" pairs, papers named by the ids given (sorted). */
export function indexOf(pairs: readonly (readonly [string, string])[], extra: readonly string[] = []): CitationIndex {
  const ids = [...new Set([...pairs.flat(), ...extra])].sort();
  return new CitationIndex(
    ids,
    pairs.map(([citing, cited]) => ({ citing, cited })),
  );
}
