/**
 * A paper from the Semantic Scholar Graph API for `lineage expand`, `add` and `watch`: its record
 * (`GET /paper/{id}`) and every page of its reference and citation lists (`/references`,
 * `/citations`, paged by `offset` and `next`), with each citation's `contexts`, `intents` and
 * `isInfluential`. Pages stay inside the API's window (s2-paging.ts: offset + limit below 10,000,
 * so at most 9,999 entries of a list); a list longer than that, or than `--max-list`, is cut and
 * the cut said against the count the record reports, and so is a page that comes back empty
 * before the count is reached. A page that fails after the fetcher's retries ends its list there,
 * said the same way. The budget's end, or a refusal that ends the run (api-refusals.ts), stops
 * the paper, to be fetched by the next run.
 */
import type { Exchange } from "../ingest/sources/cassette.ts";
import { s2ApiPage } from "../ingest/sources/api-pages.ts";
import { assemblePages, readListPage, type ListPage } from "../ingest/sources/s2-exchanges.ts";
import type { S2Edge } from "../ingest/sources/s2.ts";
import { S2_PAPER_FIELDS } from "./api-clients.ts";
import { cutLine, getJson, type ApiCall, type ListCut, type PaperFetch } from "./api-call.ts";
import { idPath } from "./api-refs.ts";
import { s2CeilingReason, s2PageLimit } from "./s2-paging.ts";

/** Fields of a list entry: the edge's own, then the paper's on the other side. */
export const S2_EDGE_FIELDS = "contexts,intents,isInfluential,paperId,corpusId,externalIds,url,title,year,publicationDate,citationCount";

type ListKind = "references" | "citations";

interface ListRead {
  exchanges: Exchange[];
  fetched: number;
  cut?: Omit<ListCut, "reported">;
  stopped?: string;
}

function countOf(value: unknown, key: string): number | null {
  if (typeof value !== "object" || value === null) return null;
  const n = (value as Record<string, unknown>)[key];
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * Every page of one list, within the API's window and `maxList`; `reported` is the record's count,
 * when known. A page's `next` leads to the next one; a full page without `next` while the count
 * says more is followed too (one request more, answered empty when the list really ends there).
 */
async function readList(call: ApiCall, root: string, kind: ListKind, reported: number | null = null): Promise<ListRead> {
  const read: ListRead = { exchanges: [], fetched: 0 };
  const n = (x: number) => x.toLocaleString("en-US");
  let offset = 0;
  // Whether the page before said this one holds more (its `next`).
  let promised = false;
  for (;;) {
    const limit = s2PageLimit(offset, call.maxList);
    if (limit === 0) return Object.assign(read, { cut: { list: kind, fetched: read.fetched, reason: s2CeilingReason(call.maxList) } });
    const answer = await getJson(call, `${root}/${kind}?fields=${S2_EDGE_FIELDS}&offset=${offset}&limit=${limit}`);
    if (!answer.ok) {
      if (answer.stopped) return Object.assign(read, { stopped: answer.reason });
      return Object.assign(read, { cut: { list: kind, fetched: read.fetched, reason: `the page at offset ${n(offset)} could not be fetched (${answer.reason})` } });
    }
    read.exchanges.push(answer.exchange);
    const data = (answer.body as { data?: unknown } | null)?.data;
    const got = Array.isArray(data) ? data.length : 0;
    read.fetched += got;
    const more = reported !== null && reported > read.fetched;
    const next = countOf(answer.body, "next");
    if (next !== null && next > offset) {
      offset = next;
      promised = true;
      continue;
    }
    // The API has been seen to answer an empty page, not an error, where it had promised more.
    if (got === 0 && promised && more) {
      return Object.assign(read, { cut: { list: kind, fetched: read.fetched, reason: `Semantic Scholar answered an empty page at offset ${n(offset)}` } });
    }
    if (got < limit || !more) return read;
    offset += got;
    promised = false;
  }
}

/** The paper asked for as `id` (a paperId, `DOI:…`, `ARXIV:…`, `ACL:…`, `CorpusId:…`), with its lists unless `recordOnly`. */
export async function fetchS2Expansion(call: ApiCall, id: string, recordOnly = false): Promise<PaperFetch> {
  const root = `${call.base}/paper/${idPath(id)}`;
  const record = await getJson(call, `${root}?fields=${S2_PAPER_FIELDS}`);
  if (!record.ok) {
    if (record.stopped) return { kind: "stopped", reason: record.reason };
    return { kind: "failed", reason: record.status === 404 ? `${id}: not on Semantic Scholar (HTTP 404)` : `${id}: the record could not be fetched (${record.reason})` };
  }
  const exchanges: Exchange[] = [record.exchange];
  const cuts: ListCut[] = [];
  if (!recordOnly) {
    for (const [kind, count] of [
      ["references", "referenceCount"],
      ["citations", "citationCount"],
    ] as const) {
      const list = await readList(call, root, kind, countOf(record.body, count));
      if (list.stopped) return { kind: "stopped", reason: list.stopped };
      exchanges.push(...list.exchanges);
      if (list.cut) cuts.push(Object.assign({ reported: countOf(record.body, count) }, list.cut));
    }
  }
  const made = s2ApiPage(
    exchanges,
    id,
    cuts.map((c) => cutLine(c, "Semantic Scholar")),
    recordOnly,
  );
  if ("reason" in made) return { kind: "failed", reason: made.reason };
  return { kind: "page", page: made.page, sourceId: made.sourceId, cuts };
}

/** The papers citing `id` (each with how it cites: contexts, intents, influence), for `lineage watch`; entries that cannot be read are left out alone, each said. */
export async function fetchS2Citations(
  call: ApiCall,
  id: string,
): Promise<{ kind: "citations"; citations: S2Edge[]; leftOut: string[]; notes: string[]; cut?: ListCut } | { kind: "failed"; reason: string } | { kind: "stopped"; reason: string }> {
  const root = `${call.base}/paper/${idPath(id)}`;
  const list = await readList(call, root, "citations");
  if (list.stopped) return { kind: "stopped", reason: list.stopped };
  if (list.exchanges.length === 0) return { kind: "failed", reason: list.cut?.reason ?? "no answer" };
  const pages: ListPage[] = [];
  const leftOut: string[] = [];
  const notes: string[] = [];
  for (const e of list.exchanges) {
    const read = readListPage(JSON.parse(e.body) as unknown, "citations", e.url);
    if ("reason" in read) notes.push(`the page at offset ${new URL(e.url).searchParams.get("offset") ?? "0"}: ${read.reason}`);
    else {
      pages.push(read.page);
      leftOut.push(...read.leftOut);
    }
  }
  const { data, warnings } = assemblePages(pages, "citations");
  notes.push(...warnings);
  return Object.assign({ kind: "citations" as const, citations: data, leftOut, notes }, list.cut ? { cut: Object.assign({ reported: null }, list.cut) } : {});
}
