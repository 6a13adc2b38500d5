/**
 * Semantic Scholar API exchanges (a recorded cassette, or what `lineage fetch s2` just received)
 * regrouped into one bundle per paper: its record (`GET /paper/ID`, `POST /paper/batch`, search
 * results) and its `/references` and `/citations` lists reassembled from their pages in `offset`
 * order, with any gap or unrecorded tail reported. Every body is read by type (s2-record.ts): a
 * paper or list page that cannot be read is reported by its exchange, a bad list entry (of
 * another type, or nested too deep or too large on its own) is left out with a warning naming
 * its place in the whole list, and the rest is kept. Pure.
 */
import type { Exchange } from "./cassette.ts";
import { isObject, issuesReason, JsonFields } from "./json-reader.ts";
import { readEntries, s2PaperOf } from "./s2-record.ts";
import type { S2Bundle, S2Edge, S2Paper } from "./s2.ts";

export interface ListPage {
  offset: number;
  next?: number;
  data: S2Edge[];
  /** Items the page held, those left out and nulls included (default: data's length). */
  size?: number;
  /** Each entry's place among them (default: in order, none left out). */
  positions?: number[];
}

interface Parsed {
  records: { id: string; paper: S2Paper; at: string }[];
  lists: Map<string, { id: string; kind: "references" | "citations"; pages: ListPage[]; warnings: string[]; at: string }>;
  searchResults: { paper: S2Paper; at: string }[];
  notes: string[];
  problems: { at: string; reason: string }[];
}

/** The part of the path after `/paper/`, decoded: `10.2139/ssrn.2250500/references`. */
function paperPath(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const at = path.indexOf("/paper/");
  if (at < 0) return undefined;
  try {
    return decodeURIComponent(path.slice(at + "/paper/".length));
  } catch {
    return path.slice(at + "/paper/".length);
  }
}

export function isS2Exchange(e: Exchange): boolean {
  return paperPath(e.url) !== undefined;
}

function parseBody(e: Exchange): unknown {
  try {
    return JSON.parse(e.body);
  } catch {
    return undefined;
  }
}

/** Which exchange this is, for a message: its place in the cassette, else its request. */
function exchangeName(e: Exchange): string {
  return e.index !== undefined ? `interaction ${e.index}` : `${e.method} ${e.url}`;
}

/** The IDs a batch request asked for, in order (the answer's papers come in the same order). */
function batchIds(e: Exchange): unknown[] {
  try {
    const request = JsonFields.record(JSON.parse(e.requestBody ?? "{}"));
    return "reason" in request ? [] : (request.list("ids") ?? []).map((i) => i.value);
  } catch {
    // a batch whose request was not recorded still yields its papers, keyed by paperId
    return [];
  }
}

/**
 * One page of a `/references` or `/citations` list: its envelope read by type (its `data` items
 * left to be read one by one), each entry read alone, the bad ones left out and said.
 */
export function readListPage(body: unknown, kind: "references" | "citations", url: string): { page: ListPage; leftOut: string[] } | { reason: string } {
  const page = JsonFields.envelope(body, "data");
  const items = "reason" in page ? undefined : page.list("data");
  const offset = "reason" in page ? undefined : page.integer("offset");
  const next = "reason" in page ? undefined : page.integer("next");
  if ("reason" in page || !items || page.issues.length > 0) {
    const why = "reason" in page ? page.reason : issuesReason(page.issues) || "no `data` list";
    return { reason: `a ${kind} page that cannot be read: ${why}` };
  }
  let asked = 0;
  try {
    asked = Number(new URL(url).searchParams.get("offset") ?? 0);
  } catch {
    // an exchange without a readable URL starts at 0
  }
  const from = offset ?? asked;
  const start = Number.isSafeInteger(from) && from >= 0 ? from : 0;
  const { entries, leftOut, positions } = readEntries(items, kind, kind === "references" ? "citedPaper" : "citingPaper", start);
  return { page: Object.assign({ offset: start, data: entries, size: items.length, positions }, next !== undefined ? { next } : {}), leftOut };
}

function collect(exchanges: readonly Exchange[]): Parsed {
  const parsed: Parsed = { records: [], lists: new Map(), searchResults: [], notes: [], problems: [] };
  for (const e of exchanges) {
    const rest = paperPath(e.url);
    if (rest === undefined) continue;
    if (e.status !== 200) {
      parsed.notes.push(`${e.method} ${e.url}: HTTP ${e.status}`);
      continue;
    }
    const body = parseBody(e);
    if (body === undefined) {
      parsed.notes.push(`${e.method} ${e.url}: the response is not JSON`);
      continue;
    }
    const name = exchangeName(e);
    const paperAt = (path: string, value: unknown): S2Paper | undefined => {
      const read = s2PaperOf(value);
      if ("paper" in read) return read.paper;
      parsed.problems.push({ at: path ? `${name}, ${path}` : name, reason: read.reason });
      return undefined;
    };
    const list = /^(.+)\/(references|citations)$/.exec(rest);
    if (rest === "batch") {
      if (!Array.isArray(body)) continue;
      const ids = batchIds(e);
      body.forEach((p, i) => {
        if (p === null) return;
        const paper = paperAt(`$[${i}]`, p);
        if (!paper) return;
        const asked = ids[i];
        parsed.records.push({ id: typeof asked === "string" ? asked : (paper.paperId ?? ""), paper, at: `${name}, $[${i}]` });
      });
    } else if (rest.startsWith("search")) {
      const data = isObject(body) && Array.isArray(body.data) ? body.data : [];
      data.forEach((p, i) => {
        const paper = p === null ? undefined : paperAt(`$.data[${i}]`, p);
        if (paper) parsed.searchResults.push({ paper, at: `${name}, $.data[${i}]` });
      });
    } else if (list?.[1] && list[2]) {
      const kind = list[2] as "references" | "citations";
      const read = readListPage(body, kind, e.url);
      if ("reason" in read) {
        parsed.problems.push({ at: name, reason: read.reason });
        continue;
      }
      const key = `${list[1]}|${kind}`;
      const group = parsed.lists.get(key) ?? { id: list[1], kind, pages: [], warnings: [], at: name };
      group.pages.push(read.page);
      group.warnings.push(...read.leftOut.map((w) => `${name}: ${w}`));
      parsed.lists.set(key, group);
    } else if (isObject(body)) {
      const paper = paperAt("", body);
      if (paper) parsed.records.push({ id: rest, paper, at: name });
    }
  }
  return parsed;
}

/** The pages of one list in order, concatenated, with what is missing said. */
export function assemblePages(pages: ListPage[], name: string): { data: S2Edge[]; warnings: string[] } {
  const sorted = [...pages].sort((a, b) => a.offset - b.offset);
  const data: S2Edge[] = [];
  const warnings: string[] = [];
  let expected = 0;
  const seen = new Set<number>();
  for (const page of sorted) {
    if (seen.has(page.offset)) continue;
    seen.add(page.offset);
    if (page.offset > expected) warnings.push(`${name}: entries ${expected}-${page.offset - 1} were not recorded`);
    // Overlapping pages are trimmed by the items' places, not by what was kept of them.
    const skip = Math.max(0, expected - page.offset);
    data.push(...page.data.filter((_, j) => (page.positions?.[j] ?? j) >= skip));
    expected = Math.max(expected, page.offset + (page.size ?? page.data.length));
  }
  const last = sorted[sorted.length - 1];
  if (last?.next !== undefined && last.next >= expected) warnings.push(`${name}: the list goes on past entry ${expected}, which was not recorded`);
  return { data, warnings };
}

function matches(id: string, p: S2Paper): boolean {
  const s = id.trim();
  const lower = s.toLowerCase();
  if (p.paperId && p.paperId.toLowerCase() === lower) return true;
  const corpus = /^corpusid:(\d+)$/.exec(lower)?.[1];
  const ext = p.externalIds;
  if (corpus) return (p.corpusId ?? ext.CorpusId ?? "") === corpus;
  const doi = /^(?:doi:)?(10\..+)$/.exec(lower)?.[1];
  if (doi) return ext.DOI?.toLowerCase() === doi;
  const arxiv = /^arxiv:(.+)$/.exec(lower)?.[1];
  if (arxiv) return ext.ArXiv?.toLowerCase() === arxiv;
  const acl = /^acl:(.+)$/.exec(lower)?.[1];
  if (acl) return ext.ACL?.toLowerCase() === acl;
  return false;
}

/**
 * One bundle per paper: those with lists first (in the order their lists were first seen), then
 * records and search results that no list belongs to. `known` adds paper records from elsewhere
 * (other files of the same import) to match list owners against.
 */
export function s2Bundles(exchanges: readonly Exchange[], known: readonly S2Paper[] = []): { bundles: S2Bundle[]; notes: string[]; problems: { at: string; reason: string }[] } {
  const parsed = collect(exchanges);
  const bundles: S2Bundle[] = [];
  const used = new Set<S2Paper>();
  const owners = new Map<string, S2Bundle>();
  const found = [...parsed.records, ...parsed.searchResults];
  const candidates = [...found.map((r) => r.paper), ...known];
  for (const group of parsed.lists.values()) {
    let bundle = owners.get(group.id);
    if (!bundle) {
      const record = parsed.records.find((r) => r.id === group.id);
      const paper = record?.paper ?? candidates.find((p) => matches(group.id, p));
      const at = found.find((r) => r.paper === paper)?.at ?? group.at;
      bundle = Object.assign({ id: group.id, warnings: [], at }, paper ? { paper } : {});
      if (paper) used.add(paper);
      owners.set(group.id, bundle);
      bundles.push(bundle);
    }
    const { data, warnings } = assemblePages(group.pages, group.kind);
    bundle[group.kind] = data;
    bundle.warnings.push(...group.warnings, ...warnings);
  }
  const seenIds = new Set(bundles.map((b) => b.paper?.paperId).filter(Boolean));
  for (const { paper, at } of found) {
    if (used.has(paper) || (paper.paperId && seenIds.has(paper.paperId))) continue;
    if (paper.paperId) seenIds.add(paper.paperId);
    bundles.push({ paper, warnings: [], at });
  }
  return { bundles, notes: parsed.notes, problems: parsed.problems };
}
