/**
 * The ACL Anthology Network release as pages: one page per metadata record (its paper, what it
 * builds on, and the citing papers that have no record of their own), so that every one of the
 * release's citations is asserted exactly once. Papers with no metadata record become papers by
 * ACL ID (stubs); a citation between two such papers is kept on a small page for the citing paper
 * (`aan:acl.txt#ID`). Self-citations are kept here and dropped, and counted, by the graph builder.
 */
import { emptyFacts, emptyPaper, type PaperPage, type PaperRef } from "../../vocabulary/paper-page.ts";
import { parseAanCitations, parseAanMetadata, type AanPaper } from "./aan.ts";
import { emptyResult, makeRecord, sourceName, type SourceResult } from "./source-record.ts";

export interface AanFile {
  path: string;
  bytes: Uint8Array;
}

/** Which of the release's two files this is, from its first line. */
export function aanFileKind(bytes: Uint8Array): "metadata" | "citations" | undefined {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 2048));
  const first = head.split(/\r?\n/).find((l) => l.trim()) ?? "";
  if (/^\s*id\s*=\s*\{/.test(first)) return "metadata";
  if (/^\s*[A-Z]\d{2}-\d{4}[a-z]?\s*,\s*[A-Z]\d{2}-\d{4}[a-z]?\s*$/.test(first)) return "citations";
  return undefined;
}

const ref = (id: string): PaperRef => ({ ids: { acl: id } });

function pagePaper(p: AanPaper) {
  const paper = emptyPaper();
  paper.ids = { acl: p.id };
  paper.title = p.title;
  paper.authors = p.authors;
  if (p.venue) paper.venue = p.venue;
  if (p.year !== undefined) {
    paper.year = p.year;
    paper.date = String(p.year);
  }
  paper.url = `https://aclanthology.org/${p.id}/`;
  return paper;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

const sorted = (set: Set<string> | undefined): string[] => [...(set ?? [])].sort();

export function aanRecords(files: { metadata?: AanFile; citations?: AanFile }): SourceResult {
  const result = emptyResult();
  const metaPath = files.metadata?.path ?? "acl-metadata.txt";
  const citePath = files.citations?.path ?? "acl.txt";
  const papers = new Map<string, AanPaper>();
  if (files.metadata) {
    const parsed = parseAanMetadata(files.metadata.bytes);
    for (const p of parsed.problems) result.problems.push({ path: metaPath, line: p.line, reason: `line ${p.line}: ${p.reason}` });
    for (const p of parsed.papers) {
      if (papers.has(p.id)) result.warnings.push({ path: metaPath, warning: `line ${p.line}: a second record for ${p.id} was ignored` });
      else papers.set(p.id, p);
    }
  }
  const buildsOn = new Map<string, Set<string>>();
  const builtBy = new Map<string, Set<string>>();
  const orphan = new Map<string, Set<string>>();
  const noMetadata = new Set<string>();
  if (files.citations) {
    const { edges, problems } = parseAanCitations(new TextDecoder("latin1").decode(files.citations.bytes), { letteredIds: true });
    for (const p of problems) result.problems.push({ path: citePath, line: p.line, reason: `line ${p.line}: ${p.reason}` });
    for (const { citing, cited } of edges) {
      if (!papers.has(citing)) noMetadata.add(citing);
      if (!papers.has(cited)) noMetadata.add(cited);
      if (papers.has(citing)) addTo(buildsOn, citing, cited);
      else if (papers.has(cited)) addTo(builtBy, cited, citing);
      else addTo(orphan, citing, cited);
    }
  }
  for (const p of papers.values()) {
    const page: PaperPage = {
      format: "aan",
      paper: pagePaper(p),
      facts: emptyFacts(),
      buildsOn: sorted(buildsOn.get(p.id)).map(ref),
      builtBy: sorted(builtBy.get(p.id)).map(ref),
      related: [],
      warnings: p.encoding === "windows-1252" ? ["decoded as windows-1252"] : [],
    };
    result.records.push(makeRecord(sourceName("aan", metaPath, p.id), page, { byteSize: p.byteSize ?? 0, encoding: p.encoding ?? "utf-8" }));
  }
  for (const id of [...orphan.keys()].sort()) {
    const paper = emptyPaper();
    paper.ids = { acl: id };
    paper.url = `https://aclanthology.org/${id}/`;
    const page: PaperPage = {
      format: "aan",
      paper,
      facts: emptyFacts(),
      buildsOn: sorted(orphan.get(id)).map(ref),
      builtBy: [],
      related: [],
      warnings: [`${id} has no metadata record: it is known by its ACL ID only`],
    };
    result.records.push(makeRecord(sourceName("aan", citePath, id), page, { encoding: "latin1" }));
  }
  if (noMetadata.size > 0) {
    result.warnings.push({
      path: citePath,
      warning: `${noMetadata.size} ACL IDs in the citations have no metadata record: they are papers known by ID only (${orphan.size} of them cite only such papers and carry a page of their own)`,
    });
  }
  return result;
}
