/**
 * Semantic Scholar API exchanges (a recorded cassette, or what `lineage fetch s2` just received)
 * regrouped into one bundle per paper: its record (`GET /paper/ID`, `POST /paper/batch`, search
 * results) and its `/references` and `/citations` lists reassembled from their pages in `offset`
 * order, with any gap or unrecorded tail reported. Pure.
 */
import type { Exchange } from "./cassette.ts";
import { isObject } from "./json-values.ts";
import type { S2Bundle, S2Edge, S2Paper } from "./s2.ts";

interface ListPage {
  offset: number;
  next?: number;
  data: S2Edge[];
}

interface Parsed {
  records: { id: string; paper: S2Paper }[];
  lists: Map<string, { id: string; kind: "references" | "citations"; pages: ListPage[] }>;
  searchResults: S2Paper[];
  notes: string[];
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

function collect(exchanges: readonly Exchange[]): Parsed {
  const parsed: Parsed = { records: [], lists: new Map(), searchResults: [], notes: [] };
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
    const list = /^(.+)\/(references|citations)$/.exec(rest);
    if (rest === "batch") {
      let ids: unknown[] = [];
      try {
        const req = JSON.parse(e.requestBody ?? "{}") as { ids?: unknown[] };
        ids = req.ids ?? [];
      } catch {
        // a batch whose request was not recorded still yields its papers, keyed by paperId
      }
      if (!Array.isArray(body)) continue;
      body.forEach((p, i) => {
        if (!isObject(p)) return;
        const id = typeof ids[i] === "string" ? (ids[i] as string) : String((p as S2Paper).paperId ?? "");
        parsed.records.push({ id, paper: p as S2Paper });
      });
    } else if (rest.startsWith("search")) {
      const data = isObject(body) && Array.isArray(body.data) ? body.data : [];
      for (const p of data) if (isObject(p)) parsed.searchResults.push(p as S2Paper);
    } else if (list?.[1] && list[2]) {
      if (!isObject(body) || !Array.isArray(body.data)) continue;
      const key = `${list[1]}|${list[2]}`;
      const group = parsed.lists.get(key) ?? { id: list[1], kind: list[2] as "references" | "citations", pages: [] };
      const offset = typeof body.offset === "number" ? body.offset : Number(new URL(e.url).searchParams.get("offset") ?? 0);
      group.pages.push({ offset, ...(typeof body.next === "number" ? { next: body.next } : {}), data: body.data as S2Edge[] });
      parsed.lists.set(key, group);
    } else if (isObject(body)) {
      parsed.records.push({ id: rest, paper: body as S2Paper });
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
    data.push(...page.data.slice(Math.max(0, expected - page.offset)));
    expected = Math.max(expected, page.offset + page.data.length);
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
  if (corpus) return String(p.corpusId ?? p.externalIds?.CorpusId ?? "") === corpus;
  const ext = p.externalIds ?? {};
  const doi = /^(?:doi:)?(10\..+)$/.exec(lower)?.[1];
  if (doi) return typeof ext.DOI === "string" && ext.DOI.toLowerCase() === doi;
  const arxiv = /^arxiv:(.+)$/.exec(lower)?.[1];
  if (arxiv) return typeof ext.ArXiv === "string" && ext.ArXiv.toLowerCase() === arxiv;
  const acl = /^acl:(.+)$/.exec(lower)?.[1];
  if (acl) return typeof ext.ACL === "string" && ext.ACL.toLowerCase() === acl;
  return false;
}

/**
 * One bundle per paper: those with lists first (in the order their lists were first seen), then
 * records and search results that no list belongs to. `known` adds paper records from elsewhere
 * (other files of the same import) to match list owners against.
 */
export function s2Bundles(exchanges: readonly Exchange[], known: readonly S2Paper[] = []): { bundles: S2Bundle[]; notes: string[] } {
  const parsed = collect(exchanges);
  const bundles: S2Bundle[] = [];
  const used = new Set<S2Paper>();
  const owners = new Map<string, S2Bundle>();
  const candidates = [...parsed.records.map((r) => r.paper), ...parsed.searchResults, ...known];
  for (const group of parsed.lists.values()) {
    let bundle = owners.get(group.id);
    if (!bundle) {
      const paper = parsed.records.find((r) => r.id === group.id)?.paper ?? candidates.find((p) => matches(group.id, p));
      bundle = { id: group.id, warnings: [], ...(paper ? { paper } : {}) };
      if (paper) used.add(paper);
      owners.set(group.id, bundle);
      bundles.push(bundle);
    }
    const { data, warnings } = assemblePages(group.pages, group.kind);
    bundle[group.kind] = data;
    bundle.warnings.push(...warnings);
  }
  const seenIds = new Set(bundles.map((b) => b.paper?.paperId).filter(Boolean));
  for (const paper of [...parsed.records.map((r) => r.paper), ...parsed.searchResults]) {
    if (used.has(paper) || (paper.paperId && seenIds.has(paper.paperId))) continue;
    if (paper.paperId) seenIds.add(paper.paperId);
    bundles.push({ paper, warnings: [] });
  }
  return { bundles, notes: parsed.notes };
}
