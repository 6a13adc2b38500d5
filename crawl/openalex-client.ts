/**
 * A work from OpenAlex for `lineage expand`, `add` and `watch`: the work (found by
 * openalex-lookup.ts: by W…, by DOI, else by title and year), the works it references (looked up
 * by `ids.openalex`, 50 per request), and the works citing it (`/works?filter=cites:W…`), read
 * with cursor paging (`cursor=*`, then each `next_cursor`, until a page comes back empty): basic
 * paging stops at 10,000 results, a cursor does not. Every result counts against `--max-list`,
 * a null one too, so an endless cursor of nulls ends; so does a cursor handed back unchanged. A
 * list longer than `--max-list` is cut and the cut said, against the count OpenAlex reports; a
 * page that fails after the fetcher's retries ends its list there, said the same way. A work or
 * list entry that cannot be read is left out alone and counted. The budget's end, or a refusal
 * that ends the run (a spent daily budget, a wrong key: api-access.ts), stops the work, to be
 * fetched by the next run.
 *
 * Sources: https://developers.openalex.org/guides/page-through-results (cursor paging, per_page
 * up to 100, "until next_cursor is null and results is empty"),
 * https://docs.openalex.org/how-to-use-the-api/get-lists-of-entities/paging, and
 * https://docs.openalex.org/api-entities/works/filter-works (`cites`, `ids.openalex`, up to 100
 * values OR-ed with `|`).
 */
import { openAlexApiPage } from "../ingest/sources/api-pages.ts";
import { openAlexId, type OpenAlexWork } from "../ingest/sources/openalex.ts";
import { openAlexWorkOf } from "../ingest/sources/openalex-record.ts";
import { cutLine, getJson, type ApiCall, type ListCut, type PaperFetch } from "./api-call.ts";
import { findOpenAlexWork, type TitleHint } from "./openalex-lookup.ts";

/** Fields of a listed work: what a list entry keeps. */
export const OPENALEX_LIST_SELECT = "id,doi,title,display_name,publication_year,publication_date,ids,primary_location,cited_by_count";
/** Results per page (the largest the API's documentation gives today). */
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

/** The work itself, by its ID, or by `hint`'s title and year when no ID finds it. */
export async function fetchOpenAlexRecord(call: ApiCall, id: string, hint?: TitleHint): Promise<{ kind: "work"; work: OpenAlexWork } | Failed | Stopped> {
  const found = await findOpenAlexWork(call, id, hint);
  return found.kind === "work" ? { kind: "work", work: found.work } : found;
}

/** The works of one page of results, each read alone (`at`: the first one's place in the whole list); a bad one is left out and said. */
function readResults(results: readonly unknown[], at: number): { works: OpenAlexWork[]; leftOut: string[] } {
  const works: OpenAlexWork[] = [];
  const leftOut: string[] = [];
  results.forEach((r, i) => {
    if (r === null) return;
    const read = openAlexWorkOf(r);
    if ("work" in read) works.push(read.work);
    else leftOut.push(`result ${(at + i).toLocaleString("en-US")} was left out: ${read.reason}`);
  });
  return { works, leftOut };
}

interface ListRead {
  works: OpenAlexWork[];
  /** The results that could not be read, one line each. */
  leftOut: string[];
  cut?: ListCut;
  stopped?: string;
}

/** Every page of the works citing `workId`, by cursor, within `maxList` results (null ones too). */
export async function fetchOpenAlexCiting(call: ApiCall, workId: string): Promise<ListRead> {
  const read: ListRead = { works: [], leftOut: [] };
  let cursor = "*";
  let reported: number | null = null;
  let seen = 0;
  const cut = (reason: string) => Object.assign(read, { cut: { list: "citations" as const, reported, fetched: read.works.length, reason } });
  for (;;) {
    const room = call.maxList - seen;
    if (room <= 0) return reported !== null && reported <= seen ? read : cut(`cut at --max-list ${call.maxList}`);
    const url = `${call.base}/works?filter=cites:${workId}&select=${OPENALEX_LIST_SELECT}&per-page=${Math.min(OPENALEX_PAGE, room)}&cursor=${encodeURIComponent(cursor)}`;
    const answer = await getJson(call, url);
    if (!answer.ok) {
      if (answer.stopped) return Object.assign(read, { stopped: answer.reason });
      return cut(`a page of citing works could not be fetched (${answer.reason})`);
    }
    const results = resultsOf(answer.body);
    const page = readResults(results, seen);
    seen += results.length;
    read.works.push(...page.works);
    read.leftOut.push(...page.leftOut);
    const meta = metaOf(answer.body);
    reported = meta.count ?? reported;
    // The page after the last is empty: not asked for once the count OpenAlex reports is reached.
    if (!meta.nextCursor || results.length === 0 || (reported !== null && seen >= reported)) return read;
    if (meta.nextCursor === cursor) return cut("OpenAlex gave the same cursor again");
    cursor = meta.nextCursor;
  }
}

/** The works `work` references, looked up by ID, within `maxList`. */
async function fetchReferenced(call: ApiCall, work: OpenAlexWork): Promise<ListRead> {
  const read: ListRead = { works: [], leftOut: [] };
  const ids = [...new Set(work.referenced_works.map(openAlexId).filter((x): x is string => x !== undefined))];
  const asked = ids.slice(0, call.maxList);
  for (let i = 0; i < asked.length; i += LOOKUP_CHUNK) {
    const chunk = asked.slice(i, i + LOOKUP_CHUNK);
    const answer = await getJson(call, `${call.base}/works?filter=ids.openalex:${chunk.join("|")}&select=${OPENALEX_LIST_SELECT}&per-page=${LOOKUP_CHUNK}`);
    if (!answer.ok) {
      if (answer.stopped) return Object.assign(read, { stopped: answer.reason });
      const reason = `the referenced works from the ${(i + 1).toLocaleString("en-US")}th on could not be looked up (${answer.reason})`;
      return Object.assign(read, { cut: { list: "references" as const, reported: ids.length, fetched: read.works.length, reason } });
    }
    const page = readResults(resultsOf(answer.body), i);
    read.works.push(...page.works);
    read.leftOut.push(...page.leftOut);
  }
  if (asked.length < ids.length) read.cut = { list: "references", reported: ids.length, fetched: read.works.length, reason: `cut at --max-list ${call.maxList}` };
  return read;
}

/** The work asked for as `id` (W…, a DOI URL, `ACL:…`; else `hint`'s title), with what it references and what cites it unless `recordOnly`. */
export async function fetchOpenAlexExpansion(call: ApiCall, id: string, recordOnly = false, hint?: TitleHint): Promise<PaperFetch> {
  const record = await fetchOpenAlexRecord(call, id, hint);
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
  for (const [list, leftOut] of [
    ["referenced works", referenced.leftOut],
    ["citing works", citing.leftOut],
  ] as const) {
    const n = leftOut.length;
    if (n > 0) notes.push(`${n.toLocaleString("en-US")} ${list} could not be read and ${n === 1 ? "was" : "were"} left out (${leftOut.slice(0, 3).join("; ")}${n > 3 ? "; …" : ""})`);
  }
  const made = openAlexApiPage(work, referenced.works, citing.works, notes);
  if ("reason" in made) return { kind: "failed", reason: made.reason };
  return { kind: "page", page: made.page, sourceId: made.sourceId, cuts };
}
