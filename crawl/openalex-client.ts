/**
 * A work from OpenAlex for `lineage expand`, `add` and `watch`: the work (`GET /works/{id}`, by
 * W… or DOI URL), the works it references (looked up by ID, 50 per request), and the works citing
 * it (`/works?filter=cites:W…`), read with cursor paging (`cursor=*`, then each `next_cursor`):
 * basic paging stops at 10,000 results, a cursor does not. A list longer than `--max-list` is cut
 * and the cut said, against the count OpenAlex reports; a page that fails after the fetcher's
 * retries ends its list there, said the same way. A work or list entry that cannot be read is
 * left out and counted. The budget's end stops the work, to be fetched by the next run.
 * https://docs.openalex.org/how-to-use-the-api/get-lists-of-entities/paging
 */
import { openAlexApiPage } from "../ingest/sources/api-pages.ts";
import { openAlexId, worksIn, type OpenAlexWork } from "../ingest/sources/openalex.ts";
import { cutLine, getJson, type ApiCall, type ListCut, type PaperFetch } from "./api-call.ts";
import { idPath } from "./api-refs.ts";

/** Fields of a listed work: what a list entry keeps. */
export const OPENALEX_LIST_SELECT = "id,doi,title,display_name,publication_year,publication_date,ids,primary_location,cited_by_count";
/** Results per page (the largest the API gives). */
export const OPENALEX_PAGE = 100;
const LOOKUP_CHUNK = 50;

type Stopped = { kind: "stopped"; reason: string };
type Failed = { kind: "failed"; reason: string };

function resultsOf(body: unknown): unknown[] {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results : [];
}

function metaOf(body: unknown): { count: number | null; nextCursor: string | null } {
  const meta = (body as { meta?: unknown } | null)?.meta;
  const m = typeof meta === "object" && meta !== null ? (meta as Record<string, unknown>) : {};
  const count = typeof m.count === "number" && Number.isSafeInteger(m.count) && m.count >= 0 ? m.count : null;
  const nextCursor = typeof m.next_cursor === "string" && m.next_cursor ? m.next_cursor : null;
  return { count, nextCursor };
}

/** The work itself. */
export async function fetchOpenAlexRecord(call: ApiCall, id: string): Promise<{ kind: "work"; work: OpenAlexWork } | Failed | Stopped> {
  const answer = await getJson(call, `${call.base}/works/${idPath(id)}`);
  if (!answer.ok) {
    if (answer.stopped) return { kind: "stopped", reason: answer.reason };
    return { kind: "failed", reason: answer.status === 404 ? `${id}: not on OpenAlex (HTTP 404)` : `${id}: the work could not be fetched (${answer.reason})` };
  }
  const work = worksIn(answer.body)[0];
  return work ? { kind: "work", work } : { kind: "failed", reason: `${id}: the answer is not an OpenAlex work that can be read` };
}

interface ListRead {
  works: OpenAlexWork[];
  unreadable: number;
  cut?: ListCut;
  stopped?: string;
}

/** Every page of the works citing `workId`, by cursor, within `maxList`. */
export async function fetchOpenAlexCiting(call: ApiCall, workId: string): Promise<ListRead> {
  const read: ListRead = { works: [], unreadable: 0 };
  let cursor = "*";
  let reported: number | null = null;
  for (;;) {
    const room = call.maxList - read.works.length - read.unreadable;
    if (room <= 0) return Object.assign(read, { cut: { list: "citations" as const, reported, fetched: read.works.length, reason: `cut at --max-list ${call.maxList}` } });
    const url = `${call.base}/works?filter=cites:${workId}&select=${OPENALEX_LIST_SELECT}&per-page=${Math.min(OPENALEX_PAGE, room)}&cursor=${encodeURIComponent(cursor)}`;
    const answer = await getJson(call, url);
    if (!answer.ok) {
      if (answer.stopped) return Object.assign(read, { stopped: answer.reason });
      const reason = `a page of citing works could not be fetched (${answer.reason})`;
      return Object.assign(read, { cut: { list: "citations" as const, reported, fetched: read.works.length, reason } });
    }
    const results = resultsOf(answer.body);
    const works = worksIn({ results });
    read.works.push(...works);
    read.unreadable += results.filter((r) => r !== null).length - works.length;
    const meta = metaOf(answer.body);
    reported = meta.count ?? reported;
    if (!meta.nextCursor || results.length === 0) return read;
    cursor = meta.nextCursor;
  }
}

/** The works `work` references, looked up by ID, within `maxList`. */
async function fetchReferenced(call: ApiCall, work: OpenAlexWork): Promise<ListRead> {
  const read: ListRead = { works: [], unreadable: 0 };
  const ids = [...new Set(work.referenced_works.map(openAlexId).filter((x): x is string => x !== undefined))];
  const asked = ids.slice(0, call.maxList);
  for (let i = 0; i < asked.length; i += LOOKUP_CHUNK) {
    const chunk = asked.slice(i, i + LOOKUP_CHUNK);
    const answer = await getJson(call, `${call.base}/works?filter=openalex:${chunk.join("|")}&select=${OPENALEX_LIST_SELECT}&per-page=${LOOKUP_CHUNK}`);
    if (!answer.ok) {
      if (answer.stopped) return Object.assign(read, { stopped: answer.reason });
      const reason = `the referenced works from the ${(i + 1).toLocaleString("en-US")}th on could not be looked up (${answer.reason})`;
      return Object.assign(read, { cut: { list: "references" as const, reported: ids.length, fetched: read.works.length, reason } });
    }
    const results = resultsOf(answer.body);
    const works = worksIn({ results });
    read.works.push(...works);
    read.unreadable += results.filter((r) => r !== null).length - works.length;
  }
  if (asked.length < ids.length) read.cut = { list: "references", reported: ids.length, fetched: read.works.length, reason: `cut at --max-list ${call.maxList}` };
  return read;
}

/** The work asked for as `id` (W… or a DOI URL), with what it references and what cites it unless `recordOnly`. */
export async function fetchOpenAlexExpansion(call: ApiCall, id: string, recordOnly = false): Promise<PaperFetch> {
  const record = await fetchOpenAlexRecord(call, id);
  if (record.kind !== "work") return record;
  const { work } = record;
  if (recordOnly) {
    const made = openAlexApiPage(work, [], [], [], true);
    return "reason" in made ? { kind: "failed", reason: made.reason } : { kind: "page", page: made.page, sourceId: made.sourceId, cuts: [] };
  }
  const workId = openAlexId(work.id) ?? id;
  const referenced = await fetchReferenced(call, work);
  if (referenced.stopped) return { kind: "stopped", reason: referenced.stopped };
  const citing = await fetchOpenAlexCiting(call, workId);
  if (citing.stopped) return { kind: "stopped", reason: citing.stopped };
  const cuts = [referenced.cut, citing.cut].filter((c): c is ListCut => c !== undefined);
  const notes = cuts.map((c) => cutLine(c, "OpenAlex"));
  for (const [list, n] of [
    ["referenced works", referenced.unreadable],
    ["citing works", citing.unreadable],
  ] as const) {
    if (n > 0) notes.push(`${n} ${list} could not be read and were left out`);
  }
  const made = openAlexApiPage(work, referenced.works, citing.works, notes);
  if ("reason" in made) return { kind: "failed", reason: made.reason };
  return { kind: "page", page: made.page, sourceId: made.sourceId, cuts };
}
