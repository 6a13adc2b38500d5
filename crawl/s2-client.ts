/**
 * A paper from the Semantic Scholar Graph API for `lineage expand`, `add` and `watch`: its record
 * (`GET /paper/{id}`) and every page of its reference and citation lists (`/references`,
 * `/citations`, paged by `offset` and `next`), with each citation's `contexts`, `intents` and
 * `isInfluential`. The API serves at most the first 10,000 entries of a list (offset + limit ≤
 * 10,000: S2_MAX_LIST); a list longer than that, or than `--max-list`, is cut and the cut said,
 * against the count the record reports. A page that fails after the fetcher's retries ends its
 * list there, said the same way. The budget's end stops the paper, to be fetched by the next run.
 */
import type { Exchange } from "../ingest/sources/cassette.ts";
import { s2ApiPage } from "../ingest/sources/api-pages.ts";
import { s2Bundles } from "../ingest/sources/s2-exchanges.ts";
import type { S2Edge } from "../ingest/sources/s2.ts";
import { S2_MAX_LIST, S2_PAPER_FIELDS } from "./api-clients.ts";
import { cutLine, getJson, type ApiCall, type ListCut, type PaperFetch } from "./api-call.ts";
import { idPath } from "./api-refs.ts";

/** Fields of a list entry: the edge's own, then the paper's on the other side. */
export const S2_EDGE_FIELDS = "contexts,intents,isInfluential,paperId,corpusId,externalIds,url,title,year,publicationDate,citationCount";
/** Entries per list page (the API's largest). */
export const S2_LIST_PAGE = 1000;

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

/** Every page of one list, within the API's window and `maxList`. */
async function readList(call: ApiCall, root: string, kind: ListKind): Promise<ListRead> {
  const read: ListRead = { exchanges: [], fetched: 0 };
  const ceiling = Math.min(call.maxList, S2_MAX_LIST);
  let offset = 0;
  for (;;) {
    const limit = Math.min(S2_LIST_PAGE, ceiling - offset);
    const answer = await getJson(call, `${root}/${kind}?fields=${S2_EDGE_FIELDS}&offset=${offset}&limit=${limit}`);
    if (!answer.ok) {
      if (answer.stopped) return Object.assign(read, { stopped: answer.reason });
      return Object.assign(read, { cut: { list: kind, fetched: read.fetched, reason: `the page at offset ${offset} could not be fetched (${answer.reason})` } });
    }
    read.exchanges.push(answer.exchange);
    const data = (answer.body as { data?: unknown } | null)?.data;
    read.fetched += Array.isArray(data) ? data.length : 0;
    const next = countOf(answer.body, "next");
    if (next === null || next <= offset) return read;
    if (next >= ceiling) {
      const reason = ceiling < S2_MAX_LIST ? `cut at --max-list ${call.maxList}` : `Semantic Scholar serves at most the first ${S2_MAX_LIST.toLocaleString("en-US")} entries of a list`;
      return Object.assign(read, { cut: { list: kind, fetched: read.fetched, reason } });
    }
    offset = next;
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
      const list = await readList(call, root, kind);
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

/** The papers citing `id` (each with how it cites: contexts, intents, influence), for `lineage watch`. */
export async function fetchS2Citations(
  call: ApiCall,
  id: string,
): Promise<{ kind: "citations"; citations: S2Edge[]; cut?: ListCut } | { kind: "failed"; reason: string } | { kind: "stopped"; reason: string }> {
  const root = `${call.base}/paper/${idPath(id)}`;
  const list = await readList(call, root, "citations");
  if (list.stopped) return { kind: "stopped", reason: list.stopped };
  if (list.exchanges.length === 0) return { kind: "failed", reason: list.cut?.reason ?? "no answer" };
  const bundle = s2Bundles(list.exchanges).bundles[0];
  return Object.assign({ kind: "citations" as const, citations: bundle?.citations ?? [] }, list.cut ? { cut: Object.assign({ reported: null }, list.cut) } : {});
}
