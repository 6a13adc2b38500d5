/**
 * The AAN release (`<sharedData>/aan`: acl.txt and acl-metadata.txt) as the evaluations use it: a
 * CitationIndex built directly from the parsed files (ingest/sources/aan.ts), no database, with
 * each paper's title, year, authors and venue. Every paper named by a citation or a metadata
 * record is in the index; duplicate citation lines and the release's self-citations are dropped
 * (a paper is not its own reference). A paper without a metadata record has no title; its year is read from its
 * ACL Anthology ID (`P02-1040` → 2002), as the release's 2012 papers have no record.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CitationIndex } from "../graph/citation-index.ts";
import { parseAanCitations, parseAanMetadata } from "../ingest/sources/aan.ts";

export interface AanCorpus {
  graph: CitationIndex;
  /** Title per paper index, null for papers without a metadata record. */
  titles: (string | null)[];
  /** Publication year per paper index (metadata, else the ID's two digits), null if neither. */
  years: (number | null)[];
  /** Authors per paper index as the record names them ([] without a record). */
  authors: string[][];
  /** Venue per paper index, null without one. */
  venues: (string | null)[];
  /** Lines of acl.txt the parser could not read, and metadata records it could not read. */
  problems: { citations: number; metadata: number };
}

/** The year an ACL Anthology ID encodes: `P02-1040` is 2002, `J79-1032` is 1979. */
export function yearOfAclId(id: string): number | null {
  const m = /^[A-Z](\d{2})-\d{4}/.exec(id);
  if (!m?.[1]) return null;
  const yy = Number(m[1]);
  return yy >= 60 ? 1900 + yy : 2000 + yy;
}

export function loadAanCorpus(folder: string): AanCorpus {
  const citationsFile = join(folder, "acl.txt");
  const metadataFile = join(folder, "acl-metadata.txt");
  let citationText: string;
  let metadataBytes: Uint8Array;
  try {
    citationText = readFileSync(citationsFile, "utf8");
    metadataBytes = readFileSync(metadataFile);
  } catch (err) {
    throw new Error(`aan: cannot read the release in ${folder} (${(err as NodeJS.ErrnoException).code ?? String(err)}); set LINEAGE_SHARED_DATA`);
  }
  const citations = parseAanCitations(citationText);
  const metadata = parseAanMetadata(metadataBytes);
  const seen = new Set<string>();
  const edges: { citing: string; cited: string }[] = [];
  for (const e of citations.edges) {
    const key = `${e.citing} ${e.cited}`;
    if (e.citing === e.cited || seen.has(key)) continue;
    seen.add(key);
    edges.push(e);
  }
  const meta = new Map(metadata.papers.map((p) => [p.id, p]));
  const ids = [...new Set([...edges.flatMap((e) => [e.citing, e.cited]), ...meta.keys()])].sort();
  const graph = new CitationIndex(ids, edges);
  return {
    graph,
    titles: ids.map((id) => meta.get(id)?.title ?? null),
    years: ids.map((id) => meta.get(id)?.year ?? yearOfAclId(id)),
    authors: ids.map((id) => meta.get(id)?.authors ?? []),
    venues: ids.map((id) => meta.get(id)?.venue ?? null),
    problems: { citations: citations.problems.length, metadata: metadata.problems.length },
  };
}
